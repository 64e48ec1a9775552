import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { circleBids, circleFines, circleHands, circlePayouts, circleRounds, circles } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { settleRound, winningBid } from '@shared/njangi/money';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '../errors';
import { notifyUser } from '../notifications';
import { audit, circleOf, organisedBy, type CircleRow } from './circles';
import { tellDispute } from './notices';
import { nextCircleReceiptNo, type ContributionDetails } from './receipt-numbers';
import { attachUpload } from '../../uploads/registry';
import { handled, itemKey } from '../needs/notices';

/** The community a round's (or payout's) circle belongs to (for the guard), or undefined. */
export const roundCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: circles.communityId }).from(circleRounds).innerJoin(circles, eq(circles.id, circleRounds.circleId)).where(eq(circleRounds.id, id)).get()?.communityId;
export const payoutCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: circles.communityId }).from(circlePayouts).innerJoin(circles, eq(circles.id, circlePayouts.circleId)).where(eq(circlePayouts.id, id)).get()?.communityId;

/**
 * Hands that are behind: a round already due with no contribution declared or recorded for them,
 * or a late fine still owed. They cannot win an auction, and the organiser sees it before paying them.
 */
export function behindHands(db: DbLike, circleId: number, now: number): Set<number> {
  const rows = db.all<{ id: number }>(sql`
    SELECT h.id FROM circle_hands h WHERE h.circle_id = ${circleId} AND (
      EXISTS (SELECT 1 FROM circle_rounds r WHERE r.circle_id = h.circle_id AND r.due_at < ${now}
        AND NOT EXISTS (SELECT 1 FROM circle_contributions c WHERE c.round_id = r.id AND c.hand_id = h.id AND c.status <> 'rejected'))
      OR EXISTS (SELECT 1 FROM circle_fines f WHERE f.hand_id = h.id AND f.status = 'owed'))`);
  return new Set(rows.map((r) => r.id));
}

function roundOf(tx: DbLike, roundId: number) {
  const round = tx.select().from(circleRounds).where(eq(circleRounds.id, roundId)).get();
  if (!round) throw notFound('errors.njangi.roundNotFound');
  return round;
}

/** The open round that comes next (lowest number), or undefined when every round is paid. */
export const nextOpenRound = (db: DbLike, circleId: number) =>
  db.select().from(circleRounds).where(and(eq(circleRounds.circleId, circleId), eq(circleRounds.status, 'open'))).orderBy(asc(circleRounds.number)).limit(1).get();

/** An auction bid for the next round: the discount the hand accepts. Only hands not yet paid and not behind. */
export function placeBid(db: DB, p: { roundId: number; handId: number; userId: string; discount: number; now: number }) {
  return db.transaction((tx) => {
    const round = roundOf(tx, p.roundId);
    const circle = circleOf(tx, round.circleId);
    if (circle.payoutMethod !== 'auction') throw conflict('errors.njangi.notAuction');
    if (circle.status !== 'active') throw conflict('errors.njangi.notActive');
    if (round.status !== 'open' || nextOpenRound(tx, circle.id)?.id !== round.id) throw conflict('errors.njangi.biddingClosed');
    const hand = tx.select().from(circleHands).where(and(eq(circleHands.id, p.handId), eq(circleHands.circleId, circle.id))).get();
    if (!hand) throw notFound('errors.njangi.handNotFound');
    if (hand.userId !== p.userId) throw forbidden('errors.njangi.notYourHand');
    if (hand.received) throw conflict('errors.njangi.handReceived');
    if (behindHands(tx, circle.id, p.now).has(hand.id)) throw conflict('errors.njangi.behind');
    const pot = circle.hands * circle.contribution;
    const fee = settleRound({ hands: circle.hands, contribution: circle.contribution, feeBps: circle.feeBps, fines: 0, discount: 0, carryIn: 0, lastRound: false }).fee;
    if (p.discount > pot - fee) throw invalid('errors.njangi.discountTooLarge', [{ path: ['discount'], message: 'errors.njangi.discountTooLarge' }]);
    try {
      const row = tx.insert(circleBids).values({ circleId: circle.id, roundId: round.id, handId: hand.id, userId: p.userId, discount: p.discount, createdAt: p.now }).returning().get();
      audit(tx, circle, p.userId, 'bid.placed', { round: round.number, handNo: hand.handNo, discount: p.discount }, p.now);
      return row;
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('errors.njangi.alreadyBid');
      throw e;
    }
  });
}

/** Who receives this round: the hand the order gave it, or for an auction the winning bid (no bid: the first eligible hand, discount 0). */
function beneficiaryOf(tx: DbLike, circle: CircleRow, round: typeof circleRounds.$inferSelect, now: number) {
  if (circle.payoutMethod !== 'auction') return { handId: round.beneficiaryHandId!, discount: 0 };
  const waiting = tx.select().from(circleHands).where(and(eq(circleHands.circleId, circle.id), eq(circleHands.received, false))).orderBy(asc(circleHands.handNo)).all();
  const behind = behindHands(tx, circle.id, now);
  const eligible = new Set(waiting.filter((h) => !behind.has(h.id)).map((h) => h.id));
  const bid = winningBid(tx.select().from(circleBids).where(eq(circleBids.roundId, round.id)).all(), eligible);
  if (bid) return { handId: bid.handId, discount: bid.discount };
  // Nobody bid: the first hand in order that is not behind, else the first still waiting.
  const first = waiting.find((h) => eligible.has(h.id)) ?? waiting[0];
  if (!first) throw conflict('errors.njangi.roundPaid');
  return { handId: first.id, discount: 0 };
}

/**
 * What paying `round` now would record, from the records: who receives (the order's hand, or the
 * auction's winner), the confirmed contributions, the fines paid since the last pot, the fee and
 * discount on the whole pot (settleRound) and the shortfall still out; `amount` is what the
 * beneficiary gets now. recordPayout writes exactly this; the officers' screen shows it first.
 */
export function roundSettlement(tx: DbLike, circle: CircleRow, round: typeof circleRounds.$inferSelect, now: number) {
  const { handId, discount } = beneficiaryOf(tx, circle, round, now);
  const hand = tx.select().from(circleHands).where(eq(circleHands.id, handId)).get()!;
  const sums = tx.get<{ collected: number; waiting: number; fines: number }>(sql`
    SELECT
      (SELECT COALESCE(SUM(amount), 0) FROM circle_contributions WHERE round_id = ${round.id} AND status = 'confirmed') AS collected,
      (SELECT COUNT(*) FROM circle_contributions WHERE round_id = ${round.id} AND status = 'pending') AS waiting,
      (SELECT COALESCE(SUM(amount), 0) FROM circle_fines WHERE circle_id = ${circle.id} AND status = 'paid' AND pot_round_id IS NULL) AS fines`)!;
  const lastRound = round.number === circle.hands;
  const settled = settleRound({ hands: circle.hands, contribution: circle.contribution, feeBps: circle.feeBps, fines: sums.fines, discount, carryIn: circle.carry, lastRound });
  const shortfall = settled.pot - sums.collected;
  return { hand, discount, lastRound, settled, collected: sums.collected, waiting: sums.waiting, fines: sums.fines, shortfall, amount: settled.payout - shortfall };
}

/**
 * The pot handed over, recorded by `recorderId` (the organiser; for the organiser's own hand a
 * finance officer). Rounds are paid in order; a payout may go before every contribution is in,
 * the shortfall recorded (contributions confirmed later top the beneficiary up). Fines paid since
 * the last payout join this pot. The last payout completes the circle and reveals its seed.
 */
function payRound(tx: DbLike, circle: CircleRow, round: typeof circleRounds.$inferSelect, p: { recorderId: string; officer: boolean; details: ContributionDetails; now: number }) {
  if (circle.status !== 'active') throw conflict('errors.njangi.notActive');
  if (round.status !== 'open') throw conflict('errors.njangi.roundPaid');
  if (nextOpenRound(tx, circle.id)?.id !== round.id) throw conflict('errors.njangi.earlierRoundOpen');

  const s = roundSettlement(tx, circle, round, p.now);
  const { hand, discount, lastRound, settled, collected, shortfall, amount } = s;
  // Four eyes: a payout to the organiser's own hand is recorded by a finance officer, never by the organiser.
  const toOrganiser = hand.userId === circle.organiserId;
  if (toOrganiser && p.recorderId === circle.organiserId) throw forbidden('errors.njangi.ownPayout');
  if (p.officer && !toOrganiser) throw forbidden('errors.njangi.organiserOnly');
  if (amount <= 0) throw conflict('errors.njangi.nothingToPay');
  const fines = tx
    .update(circleFines)
    .set({ potRoundId: round.id })
    .where(and(eq(circleFines.circleId, circle.id), eq(circleFines.status, 'paid'), isNull(circleFines.potRoundId)))
    .returning({ amount: circleFines.amount })
    .all()
    .reduce((sum, f) => sum + f.amount, 0);

  attachUpload(tx, { url: p.details.proofUrl, ownerId: p.recorderId, field: 'proofUrl', now: p.now });
  let payout;
  try {
    payout = tx
      .insert(circlePayouts)
      .values({
        circleId: circle.id,
        roundId: round.id,
        handId: hand.id,
        beneficiaryId: hand.userId,
        collected,
        shortfall,
        fines,
        fee: settled.fee,
        discount,
        share: settled.share,
        carryIn: circle.carry,
        carryOut: settled.carryOut,
        amount,
        method: p.details.method,
        reference: p.details.reference ?? null,
        proofUrl: p.details.proofUrl ?? null,
        recordedBy: p.recorderId,
        createdAt: p.now,
      })
      .returning()
      .get();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('errors.njangi.roundPaid');
    throw e;
  }
  if (!tx.update(circleRounds).set({ status: 'paid', beneficiaryHandId: hand.id }).where(and(eq(circleRounds.id, round.id), eq(circleRounds.status, 'open'))).returning().get()) throw conflict('errors.njangi.roundPaid');
  // Each hand receives exactly once: the conditional update refuses a hand that already has.
  const marked = tx.update(circleHands).set({ received: true, position: round.number }).where(and(eq(circleHands.id, hand.id), eq(circleHands.received, false))).returning().get();
  if (!marked) throw conflict('errors.njangi.handReceived');
  const ending = lastRound ? { status: 'completed' as const, endedAt: p.now } : {};
  tx.update(circles).set({ carry: settled.carryOut, ...ending }).where(eq(circles.id, circle.id)).run();
  audit(
    tx,
    circle,
    p.recorderId,
    'payout.recorded',
    { payoutId: payout.id, round: round.number, handNo: hand.handNo, beneficiaryId: hand.userId, collected, shortfall, fines, fee: settled.fee, discount, share: settled.share, carryOut: settled.carryOut, amount, ...(lastRound ? { seed: circle.seed } : {}) },
    p.now,
  );
  // The round's work is done, whoever it waited on (the organiser, or the officers for the organiser's own pot); the beneficiary's (confirming receipt) begins.
  handled(tx, 'roundReady', round.id, p.recorderId, p.now);
  handled(tx, 'officerPayout', round.id, p.recorderId, p.now);
  notifyUser(tx, { userId: hand.userId, type: 'success', title: 'notifications.circlePayoutRecorded.title', message: 'notifications.circlePayoutRecorded.message', params: { circle: circle.name, round: round.number }, link: `/njangi/${circle.id}`, item: itemKey('payoutReceipt', payout.id), now: p.now });
  return payout;
}

/** The organiser pays the round out (a round whose pot goes to the organiser's own hand is a finance officer's to record). */
export function recordPayout(db: DB, p: { roundId: number; organiserId: string; details: ContributionDetails; now: number }) {
  return db.transaction((tx) => {
    const round = roundOf(tx, p.roundId);
    const circle = organisedBy(tx, round.circleId, p.organiserId);
    return payRound(tx, circle, round, { recorderId: p.organiserId, officer: false, details: p.details, now: p.now });
  });
}

/** A finance officer (the guard's capability) records the payout of a round whose pot goes to the organiser's own hand. */
export function officerRecordPayout(db: DB, p: { roundId: number; officerId: string; details: ContributionDetails; now: number }) {
  return db.transaction((tx) => {
    const round = roundOf(tx, p.roundId);
    const circle = circleOf(tx, round.circleId);
    return payRound(tx, circle, round, { recorderId: p.officerId, officer: true, details: p.details, now: p.now });
  });
}

function payoutForBeneficiary(tx: DbLike, id: number, userId: string) {
  const row = tx.select().from(circlePayouts).where(eq(circlePayouts.id, id)).get();
  if (!row) throw notFound('errors.njangi.payoutNotFound');
  if (row.beneficiaryId !== userId) throw forbidden('errors.njangi.beneficiaryOnly');
  return row;
}

/** Only the beneficiary confirms they received the pot; the receipt is numbered then. */
export function confirmReceipt(db: DB, p: { id: number; userId: string; now: number }) {
  return db.transaction((tx) => {
    const found = payoutForBeneficiary(tx, p.id, p.userId);
    const receiptNo = nextCircleReceiptNo(tx, found.circleId);
    const row = tx
      .update(circlePayouts)
      .set({ status: 'confirmed', receiptNo, decidedAt: p.now })
      .where(and(eq(circlePayouts.id, p.id), sql`${circlePayouts.status} IN ('recorded', 'disputed')`))
      .returning()
      .get();
    if (!row) throw conflict('errors.njangi.payoutDecided');
    handled(tx, 'payoutReceipt', row.id, p.userId, p.now);
    audit(tx, circleOf(tx, row.circleId), p.userId, 'payout.confirmed', { payoutId: row.id, amount: row.amount, receiptNo }, p.now);
    return row;
  });
}

/** "Not received": the payout is disputed and the community's leaders are told. */
export function disputePayout(db: DB, p: { id: number; userId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    payoutForBeneficiary(tx, p.id, p.userId);
    const row = tx
      .update(circlePayouts)
      .set({ status: 'disputed', disputeReason: p.reason, decidedAt: p.now })
      .where(and(eq(circlePayouts.id, p.id), eq(circlePayouts.status, 'recorded')))
      .returning()
      .get();
    if (!row) throw conflict('errors.njangi.payoutDecided');
    handled(tx, 'payoutReceipt', row.id, p.userId, p.now);
    const circle = circleOf(tx, row.circleId);
    audit(tx, circle, p.userId, 'payout.disputed', { payoutId: row.id, reason: p.reason }, p.now);
    tellDispute(tx, circle, { recordedBy: row.recordedBy, disputedBy: p.userId, now: p.now });
    return row;
  });
}
