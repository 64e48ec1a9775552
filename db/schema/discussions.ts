import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { FOLLOW_MODES } from '../../src/shared/discussions/rules';
import { communities } from './communities';
import { users } from './users';

/*
 * Discussions: topics in a community and their replies. Replies are flat, in the order posted;
 * a reply may quote another reply of the same topic (quotedId). Bodies are the safe Markdown
 * subset of announcements (src/shared/markdown.ts), stored as written; @mentions are
 * `@[Name](userId)` tokens inside them. Moderators hide (kept, shown to members as hidden) or
 * delete (gone) any post; each action and its reason goes to the audit trail. A full-text index
 * (FTS5 trigram, hand-written at the end of the migration) covers topics' title and body and
 * replies' body. Instants are epoch milliseconds.
 */

export const topics = sqliteTable(
  'topics',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    // A free short label; null: uncategorised.
    category: text('category'),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    isPinned: integer('is_pinned', { mode: 'boolean' }).notNull().default(false),
    // A locked topic takes no new replies.
    isLocked: integer('is_locked', { mode: 'boolean' }).notNull().default(false),
    hiddenAt: integer('hidden_at'),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hideReason: text('hide_reason'),
    // Replies members can read (not hidden), kept with every reply written, hidden or deleted.
    replyCount: integer('reply_count').notNull().default(0),
    // The topic's creation or its latest reply: the list's order and the unread marker.
    lastActivityAt: integer('last_activity_at').notNull(),
    lastReplyBy: text('last_reply_by').references(() => users.id, { onDelete: 'set null' }),
    editedAt: integer('edited_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('topics_community_activity_idx').on(t.communityId, t.isPinned, t.lastActivityAt, t.id)],
);

export const topicReplies = sqliteTable(
  'topic_replies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    // The reply this one quotes (same topic); deleting it leaves the quote pointing nowhere.
    quotedId: integer('quoted_id').references((): AnySQLiteColumn => topicReplies.id, { onDelete: 'set null' }),
    hiddenAt: integer('hidden_at'),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hideReason: text('hide_reason'),
    editedAt: integer('edited_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('topic_replies_topic_idx').on(t.topicId, t.id), index('topic_replies_quoted_idx').on(t.quotedId).where(sql`${t.quotedId} IS NOT NULL`)],
);

/** One member's state for one topic: when they last opened it, and whether they follow or muted it. */
export const topicMembers = sqliteTable(
  'topic_members',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: integer('last_read_at'),
    follow: text('follow', { enum: FOLLOW_MODES }).notNull().default('none'),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] }), index('topic_members_user_idx').on(t.userId)],
);

export type TopicRow = typeof topics.$inferSelect;
export type TopicReplyRow = typeof topicReplies.$inferSelect;
