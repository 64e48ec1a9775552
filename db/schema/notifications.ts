import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { DIGEST_FREQUENCIES, NOTICE_CHANNELS, NOTICE_KINDS } from '../../src/shared/notices';
import { users } from './users';

export const NOTIFICATION_TYPES = ['success', 'info', 'warning'] as const;

/** Per-user notifications, stored on the server (the original kept them in the browser only). */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('info'),
    // Catalogue keys, translated for the reader when listed (older rows hold plain English text).
    title: text('title').notNull(),
    message: text('message').notNull(),
    // The keys' values as JSON, e.g. {"community":"Bamenda Njangi"}.
    params: text('params'),
    link: text('link'),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    // The waiting work this notice asked the reader to do ('payment:12'): once someone has done it,
    // every notice about it reads as handled, by whom and when (services/notifications.ts markHandled).
    itemKey: text('item_key'),
    handledAt: integer('handled_at'),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The unread badge is read on every page: a partial index keeps it a tiny count.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.read} = 0`),
    index('notifications_item_idx').on(t.itemKey).where(sql`${t.itemKey} IS NOT NULL`),
  ],
);

/**
 * A member's choice for one kind of notice (src/shared/notices.ts): a kind without a row has its
 * default. `source` says where it was last set: the profile, or an email's one-click unsubscribe.
 */
export const noticePreferences = sqliteTable(
  'notice_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    channel: text('channel', { enum: NOTICE_CHANNELS }).notNull(),
    source: text('source', { enum: ['profile', 'email'] }).notNull().default('profile'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A member's digest: how often (at 7:00 in their time zone, else their first community's, else
 * UTC) and the local date of the last one, claimed in the transaction that queues it so that a
 * digest goes once per member and day however many servers run the job.
 */
export const noticeSettings = sqliteTable('notice_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  digest: text('digest', { enum: DIGEST_FREQUENCIES }).notNull().default('daily'),
  timeZone: text('time_zone'),
  // YYYY-MM-DD in the member's zone: the day of the last digest the job dealt with (sent or nothing to say).
  digestDoneOn: text('digest_done_on'),
  // Set when the digest was turned off from an email's unsubscribe link.
  digestUnsubscribedAt: integer('digest_unsubscribed_at'),
  updatedAt: integer('updated_at').notNull(),
});

/** Keys the server made for itself (the signature of one-click unsubscribe links), one row per name. */
export const serverKeys = sqliteTable('server_keys', {
  name: text('name').primaryKey(),
  key: text('key').notNull(),
  createdAt: integer('created_at').notNull(),
});
