import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { circleFines, circlePayouts, circleRounds, circles, circleTopUps, type circleContributions } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { lateTopUp } from '@shared/njangi/money';
import { conflict, forbidden, notFound } from '../errors';
import { attachUpload } from '../../uploads/registry';
import { audit, circleOf, organisedBy, type CircleRow } from './circles';
import { nextCircleReceiptNo, type ContributionDetails } from './receipt-numbers';
import { circleNotice, personName, tellDispute } from './notices';
import { handled, itemKey, tellWhoMayAct } from '../needs/notices';
import { moneyText } from '../needs/sql';

/*
 * Top-ups: money that reached a round after it was paid out, owed on to that round's beneficiary.
 * A top-up is created `owed` in the very transaction that confirms the money, so no confirmed
 * contribution or paid fine is ever left outside a payout. Whoever pays it records it (the
 * organiser; for the organiser's own hand one of the community's finance officers), and only the
 * beneficiary confirms receipt (a numbered receipt) or marks it not received.
 */

export type TopUpRow = typeof circleTopUps.$inferSelect;

/** The community a top-up's circle belongs to (for the guard), or undefined. */
export const topUpCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: circles.communityId }).from(circleTopUps).innerJoin(circles, eq(circles.id, circleTopUps.circleId)).where(eq(circleTopUps.id, id)).get()?.communityId;

/** What a paid-out round still lacks: the shortfall recorded at its payout less the late contributions that topped it up since. */
function remainingShortfall(tx: DbLike, payout: typeof circlePayouts.$inferSelect): number {
  const toppedUp = tx
    .select({ n: sql<number>`COALESCE(SUM(${circleTopUps.amount}), 0)` })
    .from(circleTopUps)
    .where(and(eq(circleTopUps.payoutId, payout.id), isNotNull(circleTopUps.contributionId)))
    .get()!.n;
  return payout.shortfall - toppedUp;
}

/**
 * Tells the beneficiary it is coming, and whoever pays it on that it waits on them: the organiser,
 * or for the organiser's own hand the community's finance officers.
 */
function announce(db: DB, tx: DbLike, circle: CircleRow, p: { topUp: TopUpRow; memberId: string; round: number; now: number }) {
  const member = personName(tx, p.memberId);
  const beneficiary = personName(tx, p.topUp.beneficiaryId);
  const params = { circle: circle.name, member, beneficiary, round: p.round };
  circleNotice(tx, { circle, amount: p.topUp.amount, params, now: p.now, userId: p.topUp.beneficiaryId, key: 'circleTopUpComing', type: 'info' });
  const toOrganiser = p.topUp.beneficiaryId === circle.organiserId;
  tellWhoMayAct(db, tx, {
    kind: toOrganiser ? 'officerTopUp' : 'topUpPay',
    id: p.topUp.id,
    by: p.memberId,
    key: toOrganiser ? 'circleOfficerTopUp' : 'circleTopUpOwed',
    params: (l) => ({ ...params, amount: moneyText(p.topUp.amount, circle.currency, l) }),
    link: `/njangi/${circle.id}`,
    now: p.now,
  });
}

/**
 * Inside the transaction that confirms `contribution`: if its round was already paid out, the
 * money is owed on to that round's beneficiary (lateTopUp: all of it, the shortfall falls by as
 * much). Returns the top-up, or null when the round is still open (its payout will count it).
 */
export function topUpLateContribution(db: DB, tx: DbLike, circle: CircleRow, contribution: typeof circleContributions.$inferSelect, now: number): TopUpRow | null {
  const payout = tx.select().from(circlePayouts).where(eq(circlePayouts.roundId, contribution.roundId)).get();
  if (!payout) return null;
  const { topUp: amount } = lateTopUp({ shortfall: remainingShortfall(tx, payout), amount: contribution.amount });
  const topUp = tx
    .insert(circleTopUps)
    .values({ circleId: circle.id, roundId: payout.roundId, payoutId: payout.id, handId: payout.handId, beneficiaryId: payout.beneficiaryId, contributionId: contribution.id, amount, createdAt: now })
    .returning()
    .get();
  const round = tx.select({ number: circleRounds.number }).from(circleRounds).where(eq(circleRounds.id, payout.roundId)).get()!.number;
  audit(tx, circle, null, 'topup.owed', { topUpId: topUp.id, round, contributionId: contribution.id, beneficiaryId: topUp.beneficiaryId, amount }, now);
  announce(db, tx, circle, { topUp, memberId: contribution.userId, round, now });
  return topUp;
}

/**
 * Inside the transaction that marks `fine` paid: a fine paid after the circle's last payout has
 * no next pot to join, so it joins the last round's (its pot_round_id) and is owed on to that
 * round's beneficiary. Returns the top-up, or null while a round is still open.
 */
export function topUpLateFine(db: DB, tx: DbLike, circle: CircleRow, fine: typeof circleFines.$inferSelect, now: number): TopUpRow | null {
  if (circle.status !== 'completed') return null;
  const last = tx
    .select({ payout: circlePayouts, number: circleRounds.number })
    .from(circlePayouts)
    .innerJoin(circleRounds, eq(circleRounds.id, circlePayouts.roundId))
    .where(and(eq(circlePayouts.circleId, circle.id), eq(circleRounds.number, circle.hands)))
    .get();
  if (!last) return null;
  const joined = tx.update(circleFines).set({ potRoundId: last.payout.roundId }).where(and(eq(circleFines.id, fine.id), isNull(circleFines.potRoundId))).returning().get();
  if (!joined) throw conflict('errors.njangi.fineSettled');
  const p = last.payout;
  const topUp = tx
    .insert(circleTopUps)
    .values({ circleId: circle.id, roundId: p.roundId, payoutId: p.id, handId: p.handId, beneficiaryId: p.beneficiaryId, fineId: fine.id, amount: fine.amount, createdAt: now })
    .returning()
    .get();
  audit(tx, circle, null, 'topup.owed', { topUpId: topUp.id, round: last.number, fineId: fine.id, beneficiaryId: topUp.beneficiaryId, amount: fine.amount }, now);
  announce(db, tx, circle, { topUp, memberId: fine.userId, round: last.number, now });
  return topUp;
}

function topUpOf(tx: DbLike, id: number): TopUpRow {
  const row = tx.select().from(circleTopUps).where(eq(circleTopUps.id, id)).get();
  if (!row) throw notFound('errors.njangi.topUpNotFound');
  return row;
}

/** owed → recorded, by `recorderId`: the one conditional update both the organiser's and an officer's recording go through. */
function markRecorded(tx: DbLike, circle: CircleRow, p: { topUp: TopUpRow; recorderId: string; details: ContributionDetails; now: number }) {
  attachUpload(tx, { url: p.details.proofUrl, ownerId: p.recorderId, field: 'proofUrl', now: p.now });
  const row = tx
    .update(circleTopUps)
    .set({ status: 'recorded', method: p.details.method, reference: p.details.reference ?? null, proofUrl: p.details.proofUrl ?? null, recordedBy: p.recorderId, recordedAt: p.now })
    .where(and(eq(circleTopUps.id, p.topUp.id), eq(circleTopUps.status, 'owed')))
    .returning()
    .get();
  if (!row) throw conflict('errors.njangi.topUpRecorded');
  handled(tx, row.beneficiaryId === circle.organiserId ? 'officerTopUp' : 'topUpPay', row.id, p.recorderId, p.now);
  const round = tx.select({ number: circleRounds.number }).from(circleRounds).where(eq(circleRounds.id, row.roundId)).get()!.number;
  audit(tx, circle, p.recorderId, 'topup.recorded', { topUpId: row.id, round, beneficiaryId: row.beneficiaryId, amount: row.amount, method: row.method }, p.now);
  circleNotice(tx, { circle, userId: row.beneficiaryId, key: 'circleTopUpRecorded', type: 'success', amount: row.amount, params: { circle: circle.name, round }, item: itemKey('topUpConfirm', row.id), now: p.now });
  return row;
}

/** The organiser records paying a top-up on; one owed to the organiser's own hand is for a finance officer to record. */
export function recordTopUp(db: DB, p: { id: number; organiserId: string; details: ContributionDetails; now: number }) {
  return db.transaction((tx) => {
    const topUp = topUpOf(tx, p.id);
    const circle = organisedBy(tx, topUp.circleId, p.organiserId);
    if (topUp.beneficiaryId === p.organiserId) throw forbidden('errors.njangi.ownPayout');
    return markRecorded(tx, circle, { topUp, recorderId: p.organiserId, details: p.details, now: p.now });
  });
}

/** A finance officer (the guard's capability) records paying a top-up to the organiser's own hand: never the organiser. */
export function officerRecordTopUp(db: DB, p: { id: number; officerId: string; details: ContributionDetails; now: number }) {
  return db.transaction((tx) => {
    const topUp = topUpOf(tx, p.id);
    const circle = circleOf(tx, topUp.circleId);
    if (topUp.beneficiaryId !== circle.organiserId) throw forbidden('errors.njangi.organiserOnly');
    if (p.officerId === circle.organiserId) throw forbidden('errors.njangi.ownPayout');
    return markRecorded(tx, circle, { topUp, recorderId: p.officerId, details: p.details, now: p.now });
  });
}

function forBeneficiary(tx: DbLike, id: number, userId: string) {
  const row = topUpOf(tx, id);
  if (row.beneficiaryId !== userId) throw forbidden('errors.njangi.beneficiaryOnly');
  if (row.status === 'owed') throw conflict('errors.njangi.topUpNotPaid');
  return row;
}

/** Only the beneficiary confirms a top-up arrived; the receipt is numbered then. */
export function confirmTopUp(db: DB, p: { id: number; userId: string; now: number }) {
  return db.transaction((tx) => {
    const found = forBeneficiary(tx, p.id, p.userId);
    const receiptNo = nextCircleReceiptNo(tx, found.circleId);
    const row = tx
      .update(circleTopUps)
      .set({ status: 'confirmed', receiptNo, decidedAt: p.now })
      .where(and(eq(circleTopUps.id, p.id), sql`${circleTopUps.status} IN ('recorded', 'disputed')`))
      .returning()
      .get();
    if (!row) throw conflict('errors.njangi.payoutDecided');
    handled(tx, 'topUpConfirm', row.id, p.userId, p.now);
    audit(tx, circleOf(tx, row.circleId), p.userId, 'topup.confirmed', { topUpId: row.id, amount: row.amount, receiptNo }, p.now);
    return row;
  });
}

/** "Not received": as for a payout, the community's leaders and the organiser are told. */
export function disputeTopUp(db: DB, p: { id: number; userId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    forBeneficiary(tx, p.id, p.userId);
    const row = tx
      .update(circleTopUps)
      .set({ status: 'disputed', disputeReason: p.reason, decidedAt: p.now })
      .where(and(eq(circleTopUps.id, p.id), eq(circleTopUps.status, 'recorded')))
      .returning()
      .get();
    if (!row) throw conflict('errors.njangi.payoutDecided');
    handled(tx, 'topUpConfirm', row.id, p.userId, p.now);
    const circle = circleOf(tx, row.circleId);
    audit(tx, circle, p.userId, 'topup.disputed', { topUpId: row.id, reason: p.reason }, p.now);
    tellDispute(tx, circle, { recordedBy: row.recordedBy, disputedBy: p.userId, now: p.now });
    return row;
  });
}
