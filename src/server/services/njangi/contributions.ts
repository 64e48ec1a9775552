import { and, eq, sql } from 'drizzle-orm';
import { circleContributions, circleHands, circleRounds, circles, users } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { conflict, forbidden, notFound } from '../errors';
import { notifyUser } from '../notifications';
import { handled, tellWhoMayAct } from '../needs/notices';
import { moneyText } from '../needs/sql';
import { audit, circleOf, organisedBy, type CircleRow } from './circles';
import { attachUpload } from '../../uploads/registry';

export type ContributionDetails = { method: 'cash' | 'mobile_money' | 'bank_transfer' | 'other'; reference?: string | null; proofUrl?: string | null };
export type ContributionRow = typeof circleContributions.$inferSelect;

/** The community a contribution's circle belongs to (for the guard), or undefined. */
export const contributionCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: circles.communityId }).from(circleContributions).innerJoin(circles, eq(circles.id, circleContributions.circleId)).where(eq(circleContributions.id, id)).get()?.communityId;

/** The circle's next receipt number: 1, 2, 3… with no gap, taken in the confirming transaction. */
export function nextCircleReceiptNo(tx: DbLike, circleId: number): number {
  return tx.update(circles).set({ lastReceiptNo: sql`${circles.lastReceiptNo} + 1` }).where(eq(circles.id, circleId)).returning({ n: circles.lastReceiptNo }).get()!.n;
}

/** A round and a hand of this active circle (the hand the caller's own unless `anyHand`). */
function roundAndHand(tx: DbLike, circle: CircleRow, p: { roundId: number; handId: number; userId: string; anyHand: boolean }) {
  if (circle.status !== 'active') throw conflict('errors.njangi.notActive');
  const round = tx.select().from(circleRounds).where(and(eq(circleRounds.id, p.roundId), eq(circleRounds.circleId, circle.id))).get();
  if (!round) throw notFound('errors.njangi.roundNotFound');
  const hand = tx.select().from(circleHands).where(and(eq(circleHands.id, p.handId), eq(circleHands.circleId, circle.id))).get();
  if (!hand) throw notFound('errors.njangi.handNotFound');
  if (!p.anyHand && hand.userId !== p.userId) throw forbidden('errors.njangi.notYourHand');
  return { round, hand };
}

function insertContribution(tx: DbLike, values: typeof circleContributions.$inferInsert) {
  try {
    return tx.insert(circleContributions).values(values).returning().get();
  } catch (e) {
    // The partial unique index holds one live contribution per hand and round, even for two requests at once.
    if (e instanceof Error && /UNIQUE/.test(e.message)) throw conflict('errors.njangi.alreadyContributed');
    throw e;
  }
}

/** "I paid": the contribution waits for the organiser, who is told a proof is waiting. */
export function declareContribution(db: DB, p: { circleId: number; roundId: number; handId: number; userId: string; details: ContributionDetails; now: number }) {
  return db.transaction((tx) => {
    const circle = circleOf(tx, p.circleId);
    const { round, hand } = roundAndHand(tx, circle, { ...p, anyHand: false });
    attachUpload(tx, { url: p.details.proofUrl, ownerId: p.userId, field: 'proofUrl', now: p.now });
    const row = insertContribution(tx, {
      circleId: circle.id,
      roundId: round.id,
      handId: hand.id,
      userId: hand.userId,
      amount: circle.contribution,
      method: p.details.method,
      reference: p.details.reference ?? null,
      proofUrl: p.details.proofUrl ?? null,
      status: 'pending',
      late: p.now > round.dueAt,
      recordedBy: p.userId,
      createdAt: p.now,
    });
    audit(tx, circle, p.userId, 'contribution.declared', { contributionId: row.id, round: round.number, handNo: hand.handNo, amount: row.amount, method: row.method }, p.now);
    // Whoever may confirm it is told who paid how much, each in their language (by email too, as they chose).
    const who = tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, p.userId)).get();
    tellWhoMayAct(db, tx, {
      kind: 'contribution',
      id: row.id,
      by: p.userId,
      key: 'circleContributionWaiting',
      params: (language) => ({ name: who ? `${who.firstName} ${who.lastName}` : '', amount: moneyText(row.amount, circle.currency, language), round: round.number, circle: circle.name }),
      link: `/njangi/${circle.id}`,
      now: p.now,
    });
    return row;
  });
}

/** Cash taken at the meeting, recorded by the organiser for any hand and confirmed at once. */
export function recordContribution(db: DB, p: { circleId: number; roundId: number; handId: number; organiserId: string; details: ContributionDetails; now: number }) {
  return db.transaction((tx) => {
    const circle = organisedBy(tx, p.circleId, p.organiserId);
    const { round, hand } = roundAndHand(tx, circle, { ...p, userId: p.organiserId, anyHand: true });
    attachUpload(tx, { url: p.details.proofUrl, ownerId: p.organiserId, field: 'proofUrl', now: p.now });
    const row = insertContribution(tx, {
      circleId: circle.id,
      roundId: round.id,
      handId: hand.id,
      userId: hand.userId,
      amount: circle.contribution,
      method: p.details.method,
      reference: p.details.reference ?? null,
      proofUrl: p.details.proofUrl ?? null,
      status: 'confirmed',
      late: p.now > round.dueAt,
      receiptNo: nextCircleReceiptNo(tx, circle.id),
      recordedBy: p.organiserId,
      decidedBy: p.organiserId,
      decidedAt: p.now,
      createdAt: p.now,
    });
    audit(tx, circle, p.organiserId, 'contribution.recorded', { contributionId: row.id, round: round.number, handNo: hand.handNo, amount: row.amount, receiptNo: row.receiptNo }, p.now);
    notifyUser(tx, { userId: hand.userId, type: 'success', title: 'notifications.circleContributionConfirmed.title', message: 'notifications.circleContributionConfirmed.message', params: { circle: circle.name, round: round.number }, link: `/njangi/${circle.id}`, now: p.now });
    return row;
  });
}

function pendingContribution(tx: DbLike, id: number, organiserId: string) {
  const row = tx.select().from(circleContributions).where(eq(circleContributions.id, id)).get();
  if (!row) throw notFound('errors.njangi.contributionNotFound');
  const circle = organisedBy(tx, row.circleId, organiserId);
  return { row, circle };
}

/** The organiser confirms: a receipt number, the member told. Of two confirmations at once one wins, the other is told it was decided. */
export function confirmContribution(db: DB, p: { id: number; organiserId: string; now: number }) {
  return db.transaction((tx) => {
    const { circle } = pendingContribution(tx, p.id, p.organiserId);
    const receiptNo = nextCircleReceiptNo(tx, circle.id);
    const row = tx
      .update(circleContributions)
      .set({ status: 'confirmed', receiptNo, decidedBy: p.organiserId, decidedAt: p.now })
      .where(and(eq(circleContributions.id, p.id), eq(circleContributions.status, 'pending')))
      .returning()
      .get();
    if (!row) throw conflict('errors.njangi.contributionDecided');
    handled(tx, 'contribution', row.id, p.organiserId, p.now);
    const round = tx.select({ number: circleRounds.number }).from(circleRounds).where(eq(circleRounds.id, row.roundId)).get()!;
    audit(tx, circle, p.organiserId, 'contribution.confirmed', { contributionId: row.id, round: round.number, amount: row.amount, receiptNo }, p.now);
    notifyUser(tx, { userId: row.userId, type: 'success', title: 'notifications.circleContributionConfirmed.title', message: 'notifications.circleContributionConfirmed.message', params: { circle: circle.name, round: round.number }, link: `/njangi/${circle.id}`, now: p.now });
    return row;
  });
}

export function rejectContribution(db: DB, p: { id: number; organiserId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    const { circle } = pendingContribution(tx, p.id, p.organiserId);
    const row = tx
      .update(circleContributions)
      .set({ status: 'rejected', reason: p.reason, decidedBy: p.organiserId, decidedAt: p.now })
      .where(and(eq(circleContributions.id, p.id), eq(circleContributions.status, 'pending')))
      .returning()
      .get();
    if (!row) throw conflict('errors.njangi.contributionDecided');
    handled(tx, 'contribution', row.id, p.organiserId, p.now);
    audit(tx, circle, p.organiserId, 'contribution.rejected', { contributionId: row.id, reason: p.reason }, p.now);
    notifyUser(tx, { userId: row.userId, type: 'warning', title: 'notifications.circleContributionRejected.title', message: 'notifications.circleContributionRejected.message', params: { circle: circle.name, reason: p.reason }, link: `/njangi/${circle.id}`, now: p.now });
    return row;
  });
}
