import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * Email waiting to leave (src/server/mail/outbox.ts): written in the transaction of the change it
 * reports, mailed by one sender after the commit. `once_key` makes each message exist once however
 * often its writer runs (a job re-run, a retried request); a row is claimed by a conditional update
 * before it is sent, so two servers never both send it; the payload is wiped once it is done.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    onceKey: text('once_key').notNull().unique(),
    /** What the message is (a notice, a receipt, a verification link…): the renderer that writes it (mail/outbox-templates.ts). */
    template: text('template').notNull(),
    /** The recipient's account, when they have one: their address, name and language are read when it is sent. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address when there is no account (an invitation to a newcomer), and the language to write in then. */
    email: text('email'),
    language: text('language'),
    /** The template's values as JSON; null once sent or given up. */
    payload: text('payload'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    /** A sender's claim: until then nobody else sends the row (a crashed sender's claim runs out). */
    claimedUntil: integer('claimed_until'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_user_idx').on(t.userId),
  ],
);
