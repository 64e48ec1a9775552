import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The unread badge is read on every page: a partial index keeps it a tiny count.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.read} = 0`),
  ],
);
