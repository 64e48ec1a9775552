import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { communities } from './communities';
import { uploads } from './documents';
import { users } from './users';

/*
 * Chat: community channels, direct messages and small groups. A public channel is open to every
 * member of its community; a private channel, a direct message and a group are open to the
 * accounts listed in conversation_members (who must share the community). Message ids only grow,
 * across all conversations, so "everything after id N" is how a reconnecting client catches up.
 * A deleted message keeps its row (body emptied, deletedAt set), so a client that missed the
 * deletion learns of it. Instants are epoch milliseconds.
 */

export const CONVERSATION_KINDS = ['channel', 'direct', 'group'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export const conversations = sqliteTable(
  'conversations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: CONVERSATION_KINDS }).notNull(),
    // A channel's community; for a direct message or a group, the community its people share
    // (they must still share it to write).
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    // A channel's name (lower-case, without '#'); a group's optional title; null for a direct message.
    name: text('name'),
    topic: text('topic'),
    // Private channels, direct messages and groups: only conversation_members may read.
    isPrivate: integer('is_private', { mode: 'boolean' }).notNull().default(false),
    // The #general channel every community has; it cannot be deleted or made private.
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    // For a direct message: the two account ids sorted and joined by ':' (one conversation per pair).
    directKey: text('direct_key'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: integer('last_message_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('conversations_channel_name_unique').on(t.communityId, t.name).where(sql`kind = 'channel'`),
    uniqueIndex('conversations_direct_unique').on(t.directKey),
    index('conversations_community_idx').on(t.communityId, t.kind),
  ],
);

/** Who may read a private channel, a direct message or a group. */
export const conversationMembers = sqliteTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: integer('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_members_user_idx').on(t.userId)],
);

/** Per member and conversation: how far they have read, whether they muted its notices, what was emailed. */
export const conversationReads = sqliteTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull().default(0),
    muted: integer('muted', { mode: 'boolean' }).notNull().default(false),
    // The newest message an email digest already told this member about.
    emailedUpToId: integer('emailed_up_to_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_reads_user_idx').on(t.userId)],
);

export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    // 'call': a call's history entry (body ''; the calls row naming it says what happened).
    kind: text('kind', { enum: ['text', 'call'] }).notNull().default('text'),
    // The safe Markdown subset, at most 4,000 characters; '' once deleted.
    body: text('body').notNull(),
    replyToId: integer('reply_to_id').references((): AnySQLiteColumn => messages.id, { onDelete: 'set null' }),
    // An attached image or file (an uploads row of purpose 'chat').
    attachmentName: text('attachment_name').references(() => uploads.name),
    editedAt: integer('edited_at'),
    deletedAt: integer('deleted_at'),
    deletedBy: text('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('messages_conversation_id_idx').on(t.conversationId, t.id)],
);

export const messageReactions = sqliteTable(
  'message_reactions',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })],
);

export const messageReports = sqliteTable(
  'message_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    resolvedAt: integer('resolved_at'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('message_reports_message_reporter_unique').on(t.messageId, t.reporterId), index('message_reports_open_idx').on(t.resolvedAt)],
);

/** A member a leader silenced in a channel until a given instant. */
export const channelMutes = sqliteTable(
  'channel_mutes',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    until: integer('until').notNull(),
    mutedBy: text('muted_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
