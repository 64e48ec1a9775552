import { and, eq } from 'drizzle-orm';
import { circleContributions, circleHands, circleRounds, circles } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { conflict, forbidden, isUniqueViolation, notFound } from '../errors';
import { notifyUser } from '../notifications';
import { audit, circleOf, organisedBy, type CircleRow } from './circles';
import { handled, tellWhoMayAct } from '../needs/notices';
import { moneyText } from '../needs/sql';
import { personName } from './notices';
import { nextCircleReceiptNo, type ContributionDetails } from './receipt-numbers';
import { topUpLateContribution } from './topups';
import { attachUpload } from '../../uploads/registry';

export { nextCircleReceiptNo, type ContributionDetails } from './receipt-numbers';
export type ContributionRow = typeof circleContributions.$inferSelect;

/** The community a contribution's circle belongs to (for the guard), or undefined. */
export const contributionCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: circles.communityId }).from(circleContributions).innerJoin(circles, eq(circles.id, circleContributions.circleId)).where(eq(circleContributions.id, id)).get()?.communityId;

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
    if (isUniqueViolation(e)) throw conflict('errors.njangi.alreadyContributed');
    throw e;
  }
}

/**
 * Whoever may now confirm the contribution is told who paid how much, each in their language (by
 * email too, as they chose), in its own transaction: the organiser for a member's; for the
 * organiser's own, the community's finance officers (nobody confirms money they owe themselves).
 */
function tellDecider(db: DB, tx: DbLike, circle: CircleRow, row: ContributionRow, round: number, by: string, now: number) {
  const link = `/njangi/${circle.id}`;
  if (row.userId === circle.organiserId) {
    const organiser = personName(tx, circle.organiserId);
    tellWhoMayAct(db, tx, { kind: 'officerContribution', id: row.id, by, key: 'circleOfficerContribution', params: (l) => ({ circle: circle.name, organiser, round, amount: moneyText(row.amount, circle.currency, l) }), link, now });
    return;
  }
  const name = personName(tx, by);
  tellWhoMayAct(db, tx, { kind: 'contribution', id: row.id, by, key: 'circleContributionWaiting', params: (l) => ({ name, amount: moneyText(row.amount, circle.currency, l), round, circle: circle.name }), link, now });
}

/** Its waiting work is done: the notices about it read as handled. */
const decided = (tx: DbLike, circle: CircleRow, row: ContributionRow, by: string, now: number) => handled(tx, row.userId === circle.organiserId ? 'officerContribution' : 'contribution', row.id, by, now);

/** "I paid": the contribution waits for the organiser (or, for the organiser's own hand, a finance officer), who is told a proof is waiting. */
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
    tellDecider(db, tx, circle, row, round.number, p.userId, p.now);
    return row;
  });
}

/**
 * Cash taken at the meeting, recorded by the organiser for any hand and confirmed at once (the
 * member is told); cash for the organiser's own hand waits for a finance officer like a declared
 * contribution. Confirmed for a round already paid out, it tops that round's beneficiary up.
 */
export function recordContribution(db: DB, p: { circleId: number; roundId: number; handId: number; organiserId: string; details: ContributionDetails; now: number }) {
  return db.transaction((tx) => {
    const circle = organisedBy(tx, p.circleId, p.organiserId);
    const { round, hand } = roundAndHand(tx, circle, { ...p, userId: p.organiserId, anyHand: true });
    attachUpload(tx, { url: p.details.proofUrl, ownerId: p.organiserId, field: 'proofUrl', now: p.now });
    const own = hand.userId === p.organiserId;
    const row = insertContribution(tx, {
      circleId: circle.id,
      roundId: round.id,
      handId: hand.id,
      userId: hand.userId,
      amount: circle.contribution,
      method: p.details.method,
      reference: p.details.reference ?? null,
      proofUrl: p.details.proofUrl ?? null,
      late: p.now > round.dueAt,
      recordedBy: p.organiserId,
      createdAt: p.now,
      ...(own ? { status: 'pending' as const } : { status: 'confirmed' as const, receiptNo: nextCircleReceiptNo(tx, circle.id), decidedBy: p.organiserId, decidedAt: p.now }),
    });
    audit(tx, circle, p.organiserId, 'contribution.recorded', { contributionId: row.id, round: round.number, handNo: hand.handNo, amount: row.amount, receiptNo: row.receiptNo, status: row.status }, p.now);
    if (own) {
      tellDecider(db, tx, circle, row, round.number, p.organiserId, p.now);
      return row;
    }
    notifyUser(tx, { userId: hand.userId, type: 'success', title: 'notifications.circleContributionConfirmed.title', message: 'notifications.circleContributionConfirmed.message', params: { circle: circle.name, round: round.number }, link: `/njangi/${circle.id}`, now: p.now });
    topUpLateContribution(db, tx, circle, row, p.now);
    return row;
  });
}

const contributionOf = (tx: DbLike, id: number) => {
  const row = tx.select().from(circleContributions).where(eq(circleContributions.id, id)).get();
  if (!row) throw notFound('errors.njangi.contributionNotFound');
  return row;
};

/**
 * Who decides a waiting contribution: the circle's organiser, except on the organiser's own
 * (declared or recorded), which one of the community's finance officers decides (`officer`: the
 * operation's guard holds the capability). Nobody decides money they owe or recorded.
 */
function decidable(tx: DbLike, p: { id: number; deciderId: string; officer: boolean }) {
  const row = contributionOf(tx, p.id);
  const circle = p.officer ? circleOf(tx, row.circleId) : organisedBy(tx, row.circleId, p.deciderId);
  const organisersOwn = row.userId === circle.organiserId;
  if (p.deciderId === row.userId || p.deciderId === row.recordedBy) throw forbidden(organisersOwn ? 'errors.njangi.ownContribution' : 'errors.njangi.organiserOnly');
  if (p.officer && !organisersOwn) throw forbidden('errors.njangi.organiserOnly');
  if (!p.officer && organisersOwn) throw forbidden('errors.njangi.ownContribution');
  return { row, circle };
}

/**
 * Confirms a waiting contribution: a receipt number, the member told; for a round already paid
 * out, a top-up owed to its beneficiary in the same transaction. Of two confirmations at once one
 * wins, the other is told it was decided.
 */
function confirm(db: DB, p: { id: number; deciderId: string; officer: boolean; now: number }) {
  return db.transaction((tx) => {
    const { circle } = decidable(tx, p);
    const receiptNo = nextCircleReceiptNo(tx, circle.id);
    const row = tx
      .update(circleContributions)
      .set({ status: 'confirmed', receiptNo, decidedBy: p.deciderId, decidedAt: p.now })
      .where(and(eq(circleContributions.id, p.id), eq(circleContributions.status, 'pending')))
      .returning()
      .get();
    if (!row) throw conflict('errors.njangi.contributionDecided');
    decided(tx, circle, row, p.deciderId, p.now);
    const round = tx.select({ number: circleRounds.number }).from(circleRounds).where(eq(circleRounds.id, row.roundId)).get()!;
    audit(tx, circle, p.deciderId, 'contribution.confirmed', { contributionId: row.id, round: round.number, amount: row.amount, receiptNo }, p.now);
    notifyUser(tx, { userId: row.userId, type: 'success', title: 'notifications.circleContributionConfirmed.title', message: 'notifications.circleContributionConfirmed.message', params: { circle: circle.name, round: round.number }, link: `/njangi/${circle.id}`, now: p.now });
    topUpLateContribution(db, tx, circle, row, p.now);
    return row;
  });
}

function reject(db: DB, p: { id: number; deciderId: string; officer: boolean; reason: string; now: number }) {
  return db.transaction((tx) => {
    const { circle } = decidable(tx, p);
    const row = tx
      .update(circleContributions)
      .set({ status: 'rejected', reason: p.reason, decidedBy: p.deciderId, decidedAt: p.now })
      .where(and(eq(circleContributions.id, p.id), eq(circleContributions.status, 'pending')))
      .returning()
      .get();
    if (!row) throw conflict('errors.njangi.contributionDecided');
    decided(tx, circle, row, p.deciderId, p.now);
    audit(tx, circle, p.deciderId, 'contribution.rejected', { contributionId: row.id, reason: p.reason }, p.now);
    notifyUser(tx, { userId: row.userId, type: 'warning', title: 'notifications.circleContributionRejected.title', message: 'notifications.circleContributionRejected.message', params: { circle: circle.name, reason: p.reason }, link: `/njangi/${circle.id}`, now: p.now });
    return row;
  });
}

/** The organiser confirms a member's contribution (never their own). */
export const confirmContribution = (db: DB, p: { id: number; organiserId: string; now: number }) => confirm(db, { ...p, deciderId: p.organiserId, officer: false });
export const rejectContribution = (db: DB, p: { id: number; organiserId: string; reason: string; now: number }) => reject(db, { ...p, deciderId: p.organiserId, officer: false });
/** A finance officer confirms the organiser's own contribution. */
export const officerConfirmContribution = (db: DB, p: { id: number; officerId: string; now: number }) => confirm(db, { ...p, deciderId: p.officerId, officer: true });
export const officerRejectContribution = (db: DB, p: { id: number; officerId: string; reason: string; now: number }) => reject(db, { ...p, deciderId: p.officerId, officer: true });
