import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { invitations } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { forbidden, tooMany } from '../errors';
import { DAY_MS, INV_MSG, RECIPIENT_REST_MS, RECIPIENT_WEEKLY_LIMIT, REPORTED_REST_MS, SENDER_DAILY_LIMIT, WEEK_MS } from './tokens';

/*
 * What keeps invitation emails from being a relay for unwanted mail, beyond each community's
 * daily allowance (send.ts): one sender's emails in a day, whatever the communities, and each
 * address's in a week, whoever sends them; an address whose owner declined, ignored (let expire)
 * or reported an invitation is left alone for a while. All counted from the invitations' rows,
 * erring towards refusing (a resend counts its earlier sends again while they stay in the window).
 */

/**
 * Invitation emails go out only under a proven address (403): a throwaway account is no relay for
 * mail to strangers. Checked by the operations that mail invitations (send, resend, a members import).
 */
export function assertVerifiedSender(sender: { isEmailVerified: boolean }) {
  if (!sender.isEmailVerified) throw forbidden(INV_MSG.verifyToInvite);
}

/** 429 when `wanted` more emails would take this sender past their daily limit. */
export function assertSenderWithinLimit(db: DbLike, senderId: string, wanted: number, now: number) {
  const row = db
    .select({ n: sql<number>`coalesce(sum(${invitations.sendCount}), 0)`, oldest: sql<number | null>`min(${invitations.lastSentAt})` })
    .from(invitations)
    .where(and(eq(invitations.invitedBy, senderId), gt(invitations.lastSentAt, now - DAY_MS)))
    .get()!;
  const count = Number(row.n);
  if (count + wanted <= SENDER_DAILY_LIMIT) return;
  const retryAfter = Math.max(60, Math.ceil(((row.oldest ?? now) + DAY_MS - now) / 1000));
  throw tooMany(INV_MSG.senderLimit, retryAfter, { limit: SENDER_DAILY_LIMIT, remaining: Math.max(0, SENDER_DAILY_LIMIT - count) });
}

/**
 * The addresses not to mail now: those that had RECIPIENT_WEEKLY_LIMIT invitation emails in the
 * last 7 days, that declined one or let one expire unanswered in the last 30 days, or that
 * reported one in the last year. Sending a pending invitation again counts like a new one.
 */
export function restingAddresses(db: DbLike, emails: string[], now: number): Set<string> {
  if (!emails.length) return new Set();
  const rows = db
    .select({
      email: invitations.email,
      sent: sql<number>`coalesce(sum(CASE WHEN ${invitations.lastSentAt} > ${now - WEEK_MS} THEN ${invitations.sendCount} ELSE 0 END), 0)`,
      refused: sql<number>`max(CASE
        WHEN ${invitations.reportedAt} > ${now - REPORTED_REST_MS} THEN 1
        WHEN ${invitations.status} = 'declined' AND ${invitations.respondedAt} > ${now - RECIPIENT_REST_MS} THEN 1
        WHEN ${invitations.status} = 'pending' AND ${invitations.expiresAt} <= ${now} AND ${invitations.expiresAt} > ${now - RECIPIENT_REST_MS} THEN 1
        ELSE 0 END)`,
    })
    .from(invitations)
    .where(inArray(invitations.email, emails))
    .groupBy(invitations.email)
    .all();
  return new Set(rows.filter((r) => Number(r.sent) >= RECIPIENT_WEEKLY_LIMIT || Number(r.refused) === 1).map((r) => r.email));
}
