import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DB, DbLike } from '../../../db/database';
import { mailOutbox, users } from '../../../db/schema';
import { isLanguage, type Language } from '@shared/i18n/languages';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';
import { MAIL_TEMPLATES, type MailTemplate, type PayloadOf, type OutboxRecipient } from './outbox-templates';

/*
 * The one road for email. A change writes its messages into mail_outbox in its own transaction
 * (queueMail, or notify() for notices), so a message exists exactly when the change committed;
 * one sender mails them afterwards. Each message has a "sent once" key: writing it twice (a job
 * re-run, two servers) keeps one row. A row is claimed by a conditional update before it is sent,
 * so two senders never both send it; a failed delivery is tried again later (1, 2, 4… minutes,
 * six times), and a sender that dies mid-send leaves a claim that runs out. Mail is sent at least
 * once: a crash after the mail server accepted a message and before the row was marked can send
 * it again, which is the lesser evil next to losing it.
 */

const CLAIM_MS = 60_000;
const MAX_ATTEMPTS = 6;
const BATCH = 20;
const RETRY_BASE_MS = 60_000;

export type QueuedRecipient = { userId: string } | { email: string; language: Language; firstName?: string | null };

/** A message to send after the transaction `tx` commits; nothing when a message with the same key was queued before. */
export function queueMail<T extends MailTemplate>(tx: DbLike, p: { template: T; to: QueuedRecipient; payload: PayloadOf<T>; once: string; now: number }): boolean {
  const to = 'userId' in p.to ? { userId: p.to.userId, email: null, language: null } : { userId: null, email: p.to.email, language: p.to.language };
  const payload = 'userId' in p.to ? p.payload : { ...p.payload, firstName: p.to.firstName ?? null };
  const written = tx
    .insert(mailOutbox)
    .values({ onceKey: p.once, template: p.template, ...to, payload: JSON.stringify(payload), nextAttemptAt: p.now, createdAt: p.now })
    .onConflictDoNothing({ target: mailOutbox.onceKey })
    .run();
  return written.changes > 0;
}

type SenderDeps = { db: DB; mailer: Mailer; log: Logger; env: Env; now: () => number };
type Row = typeof mailOutbox.$inferSelect;

/** Claims up to `limit` due messages for this sender (a conditional update: another sender's claim is respected). */
function claim(db: DB, now: number, limit: number): Row[] {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now), or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now))))
    .orderBy(mailOutbox.id)
    .limit(limit)
    .all();
  if (!due.length) return [];
  return db
    .update(mailOutbox)
    .set({ claimedUntil: now + CLAIM_MS, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(
      and(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
        eq(mailOutbox.status, 'pending'),
        or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now)),
      ),
    )
    .returning()
    .all();
}

function recipientOf(db: DB, row: Row): OutboxRecipient | null {
  if (row.userId) {
    const u = db.select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language, deletedAt: users.deletedAt }).from(users).where(eq(users.id, row.userId)).get();
    // A deleted account gets nothing more.
    if (!u || u.deletedAt) return null;
    return { userId: u.id, email: u.email, firstName: u.firstName, language: u.language };
  }
  if (!row.email) return null;
  const payload = row.payload ? (JSON.parse(row.payload) as { firstName?: string | null }) : {};
  return { userId: null, email: row.email, firstName: payload.firstName ?? null, language: isLanguage(row.language) ? row.language : 'en' };
}

const done = (db: DB, id: number, set: Partial<typeof mailOutbox.$inferInsert>) =>
  db
    .update(mailOutbox)
    .set({ ...set, payload: null, claimedUntil: null })
    .where(eq(mailOutbox.id, id))
    .run();

async function deliver(deps: SenderDeps, row: Row): Promise<void> {
  const now = deps.now();
  try {
    const to = recipientOf(deps.db, row);
    const render = MAIL_TEMPLATES[row.template as MailTemplate] as ((d: SenderDeps, to: OutboxRecipient, payload: unknown) => Promise<unknown> | unknown) | undefined;
    const message = to && render ? await render(deps, to, row.payload ? JSON.parse(row.payload) : {}) : null;
    // Nothing to say any more (the account is gone, the record it told of no longer asks for it): done, unsent.
    if (!message) {
      done(deps.db, row.id, { status: 'sent', sentAt: now, lastError: to ? 'nothing to send' : 'no recipient' });
      return;
    }
    await deps.mailer.send(message as Parameters<Mailer['send']>[0]);
    done(deps.db, row.id, { status: 'sent', sentAt: deps.now() });
  } catch (error) {
    const giveUp = row.attempts >= MAX_ATTEMPTS;
    deps.log.error('mail delivery failed', { template: row.template, attempt: row.attempts, giveUp, error: String(error) });
    if (giveUp) done(deps.db, row.id, { status: 'failed', lastError: String(error).slice(0, 500) });
    else
      deps.db
        .update(mailOutbox)
        .set({ claimedUntil: null, lastError: String(error).slice(0, 500), nextAttemptAt: now + RETRY_BASE_MS * 2 ** (row.attempts - 1) })
        .where(eq(mailOutbox.id, row.id))
        .run();
  }
}

export type OutboxSender = {
  /** Looks for due messages now (after a change has committed); resolves when none is left. */
  wake(): Promise<void>;
  /** Resolves once the sender has nothing in hand (tests, shutdown). */
  idle(): Promise<void>;
};

/** The sender of one database's outbox: one drain at a time, another one after it if woken meanwhile. */
export function createOutboxSender(deps: SenderDeps): OutboxSender {
  let running: Promise<void> | null = null;
  let again = false;
  const drain = async () => {
    for (;;) {
      const rows = claim(deps.db, deps.now(), BATCH);
      if (!rows.length) return;
      for (const row of rows) await deliver(deps, row);
    }
  };
  const wake = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again);
      } catch (error) {
        deps.log.error('mail outbox failed', { error: error instanceof Error ? error.stack : String(error) });
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return { wake, idle: () => running ?? Promise.resolve() };
}

/** Wakes the sender once the current synchronous work (the transaction that queued mail) is over. */
export function wakeAfterCommit(sender: OutboxSender | undefined): void {
  if (sender) setImmediate(() => void sender.wake());
}
