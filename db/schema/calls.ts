import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { conversations, messages } from './chat';
import { users } from './users';

/*
 * Voice and video calls, a part of chat (docs/decisions/027-calls.md). A call belongs to one
 * conversation, which has at most one call ringing or going at a time (the partial unique index);
 * the media travel between the browsers (WebRTC), never through the app. Each call has one
 * history message (messages.kind = 'call') whose text the client writes in the reader's language
 * from the call's row: who started it, with whom, how long, or that it was missed or declined.
 * Instants are epoch milliseconds.
 */

export const CALL_MEDIA = ['audio', 'video'] as const;
export type CallMedia = (typeof CALL_MEDIA)[number];
/** ringing: only its starter is in it; active: someone answered; then ended, missed (nobody answered in time) or declined. */
export const CALL_STATUSES = ['ringing', 'active', 'ended', 'missed', 'declined'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
/** invited: rung, not answered yet; joined: in the call now; left; declined; missed: rung and never answered. */
export const CALL_PARTICIPANT_STATES = ['invited', 'joined', 'left', 'declined', 'missed'] as const;
export type CallParticipantState = (typeof CALL_PARTICIPANT_STATES)[number];

export const calls = sqliteTable(
  'calls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    startedBy: text('started_by').references(() => users.id, { onDelete: 'set null' }),
    media: text('media', { enum: CALL_MEDIA }).notNull(),
    status: text('status', { enum: CALL_STATUSES }).notNull(),
    // The history message, written when the call starts and updated when it ends.
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    startedAt: integer('started_at').notNull(),
    // When a second person joined (the duration counts from here); null while ringing or if nobody answered.
    answeredAt: integer('answered_at'),
    endedAt: integer('ended_at'),
  },
  (t) => [
    uniqueIndex('calls_one_live_per_conversation').on(t.conversationId).where(sql`status IN ('ringing', 'active')`),
    index('calls_message_idx').on(t.messageId),
  ],
);

export const callParticipants = sqliteTable(
  'call_participants',
  {
    callId: integer('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: CALL_PARTICIPANT_STATES }).notNull(),
    joinedAt: integer('joined_at'),
    leftAt: integer('left_at'),
  },
  (t) => [primaryKey({ columns: [t.callId, t.userId] }), index('call_participants_user_idx').on(t.userId, t.state)],
);

export type CallRow = typeof calls.$inferSelect;
export type CallParticipantRow = typeof callParticipants.$inferSelect;
