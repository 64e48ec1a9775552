import { and, eq, lt, sql } from 'drizzle-orm';
import { circleFines, circleRounds, circles } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { lateFine } from '@shared/njangi/money';
import { conflict, forbidden, notFound } from '../errors';
import { notifyUser } from '../notifications';
import { audit, circleOf, organisedBy, type CircleRow } from './circles';
import { topUpLateFine } from './topups';

export const fineCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: circles.communityId }).from(circleFines).innerJoin(circles, eq(circles.id, circleFines.circleId)).where(eq(circleFines.id, id)).get()?.communityId;

const ruleOf = (c: CircleRow) => (c.fineKind === 'fixed' ? { kind: 'fixed' as const, amount: c.fineValue } : c.fineKind === 'percent' ? { kind: 'percent' as const, bps: c.fineValue } : { kind: 'none' as const });

/**
 * After a round's grace days, a fine for each hand with no contribution declared or recorded by
 * then. Once per round: the conditional update of fines_posted is the guard, so two runners of
 * the job at once post each fine once. Returns how many fines were posted.
 */
export function postDueFines(db: DB, now: number): number {
  const due = db
    .select({ round: circleRounds, circle: circles })
    .from(circleRounds)
    .innerJoin(circles, eq(circles.id, circleRounds.circleId))
    .where(and(eq(circleRounds.finesPosted, false), lt(circleRounds.fineAt, now), eq(circles.status, 'active')))
    .limit(500)
    .all();
  let posted = 0;
  for (const { round, circle } of due) {
    db.transaction((tx) => {
      const claimed = tx.update(circleRounds).set({ finesPosted: true }).where(and(eq(circleRounds.id, round.id), eq(circleRounds.finesPosted, false))).returning().get();
      if (!claimed) return;
      const amount = lateFine(circle.contribution, ruleOf(circle));
      if (amount <= 0) return;
      const late = tx.all<{ id: number; user_id: string; hand_no: number }>(sql`
        SELECT h.id, h.user_id, h.hand_no FROM circle_hands h WHERE h.circle_id = ${circle.id}
          AND NOT EXISTS (SELECT 1 FROM circle_contributions c WHERE c.round_id = ${round.id} AND c.hand_id = h.id
            AND c.status <> 'rejected' AND c.created_at <= ${round.fineAt})`);
      for (const hand of late) {
        tx.insert(circleFines).values({ circleId: circle.id, roundId: round.id, handId: hand.id, userId: hand.user_id, amount, createdAt: now }).onConflictDoNothing().run();
        audit(tx, circle, null, 'fine.posted', { round: round.number, handNo: hand.hand_no, amount }, now);
        notifyUser(tx, { userId: hand.user_id, type: 'warning', title: 'notifications.circleFinePosted.title', message: 'notifications.circleFinePosted.message', params: { circle: circle.name, round: round.number }, link: `/njangi/${circle.id}`, now });
        posted += 1;
      }
    });
  }
  return posted;
}

/**
 * Who settles an owed fine: the circle's organiser, except a fine on the organiser's own hand,
 * which one of the community's finance officers settles (`officer`: the operation's guard holds
 * the capability). Nobody marks their own fine paid or lets themselves off it.
 */
function owedFine(tx: DbLike, p: { id: number; deciderId: string; officer: boolean }) {
  const fine = tx.select().from(circleFines).where(eq(circleFines.id, p.id)).get();
  if (!fine) throw notFound('errors.njangi.fineNotFound');
  const circle = p.officer ? circleOf(tx, fine.circleId) : organisedBy(tx, fine.circleId, p.deciderId);
  const organisersOwn = fine.userId === circle.organiserId;
  if (p.deciderId === fine.userId) throw forbidden(organisersOwn ? 'errors.njangi.ownFine' : 'errors.njangi.organiserOnly');
  if (p.officer !== organisersOwn) throw forbidden(organisersOwn ? 'errors.njangi.ownFine' : 'errors.njangi.organiserOnly');
  return { fine, circle };
}

function settle(db: DB, p: { id: number; deciderId: string; officer: boolean; to: 'paid' | 'waived'; reason?: string; now: number }) {
  return db.transaction((tx) => {
    const { circle } = owedFine(tx, p);
    const row = tx
      .update(circleFines)
      .set({ status: p.to, reason: p.reason ?? null, settledAt: p.now, settledBy: p.deciderId })
      .where(and(eq(circleFines.id, p.id), eq(circleFines.status, 'owed')))
      .returning()
      .get();
    if (!row) throw conflict('errors.njangi.fineSettled');
    audit(tx, circle, p.deciderId, p.to === 'paid' ? 'fine.paid' : 'fine.waived', { fineId: row.id, amount: row.amount, ...(p.reason ? { reason: p.reason } : {}) }, p.now);
    // Paid after the last payout, it has no next pot: it tops up the last round's beneficiary instead of vanishing.
    const topUp = p.to === 'paid' ? topUpLateFine(db, tx, circle, row, p.now) : null;
    return topUp ? { ...row, potRoundId: topUp.roundId } : row;
  });
}

/** The fine was paid to the organiser: it joins the next pot (after the last payout, the last round's, as a top-up). */
export const markFinePaid = (db: DB, p: { id: number; organiserId: string; now: number }) => settle(db, { ...p, deciderId: p.organiserId, officer: false, to: 'paid' });
/** The organiser lets a fine go, saying why (the reason is in the audit trail). */
export const waiveFine = (db: DB, p: { id: number; organiserId: string; reason: string; now: number }) => settle(db, { ...p, deciderId: p.organiserId, officer: false, to: 'waived' });
/** A finance officer settles a fine on the organiser's own hand. */
export const officerMarkFinePaid = (db: DB, p: { id: number; officerId: string; now: number }) => settle(db, { ...p, deciderId: p.officerId, officer: true, to: 'paid' });
export const officerWaiveFine = (db: DB, p: { id: number; officerId: string; reason: string; now: number }) => settle(db, { ...p, deciderId: p.officerId, officer: true, to: 'waived' });
