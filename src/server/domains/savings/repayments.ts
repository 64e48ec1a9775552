import { and, asc, desc, eq } from 'drizzle-orm';
import { savingsEntries, savingsLoanPenalties, savingsLoanRepayments, savingsLoans, type SavingsLoanRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { dateInZone } from '@shared/njangi/schedule';
import { allocateRepayment, loanPosition, repaymentSchedule, type LoanPosition } from '@shared/savings/loans';
import { conflict, forbidden, invalid, notFound } from '../../services/errors';
import { handled, tellWhoMayAct } from '../../services/needs/notices';
import { moneyText } from '../../services/needs/sql';
import { personName } from '../../services/njangi/notices';
import { attachUpload } from '../../uploads/registry';
import { groupLink, type Payment } from './entries';
import { openCycleOf } from './cycles';
import { moveCash } from './funds';
import { penaltiesPosted } from './penalties';
import { nextReceiptNo } from './receipt-numbers';
import { audit, isActiveOfficer, placeIn, requireOfficer } from './groups';
import { decider, installmentDates, LOAN_NOT_FOUND, loanCommunity, loanDto, loanOf, loanPaid, readsLoan } from './loans';

/*
 * Repayments: recorded by an officer or declared by the borrower, confirmed by an officer who is
 * neither (four eyes, as for meeting money). Confirming allocates the amount interest first, then
 * principal (allocateRepayment) against the loan's position at that moment: the installments due by
 * today in the group's calendar, what its confirmed entries have paid. What the loan cannot take is
 * refused rather than kept. Allocating when confirmed, in the confirmation's transaction, means two
 * repayments waiting at once never pay the same interest twice.
 */

const REPAYMENT_NOT_FOUND = 'errors.savings.repaymentNotFound';

export const repaymentCommunity = (db: DbLike, id: number) => {
  const loanId = db.select({ loanId: savingsLoanRepayments.loanId }).from(savingsLoanRepayments).where(eq(savingsLoanRepayments.id, id)).get()?.loanId;
  return loanId === undefined ? undefined : loanCommunity(db, loanId);
};

/** Where an active loan stands today: its schedule, how many installments are due, what is owed (late penalties included). */
export function positionOf(tx: DbLike, loan: SavingsLoanRow, timeZone: string, now: number): { schedule: ReturnType<typeof repaymentSchedule>; dates: string[]; dueCount: number; position: Required<LoanPosition> } {
  const schedule = repaymentSchedule({ principal: loan.principal, periods: loan.periods, rateBps: loan.rateBps, method: loan.interestMethod });
  const dates = loan.disbursedOn ? installmentDates(loan.disbursedOn, loan.periods) : [];
  const today = dateInZone(now, timeZone);
  const dueCount = dates.filter((d) => d <= today).length;
  const paid = loanPaid(tx, loan.id);
  return { schedule, dates, dueCount, position: { ...loanPosition(schedule, dueCount, paid), penaltyDue: Math.max(0, penaltiesPosted(tx, loan.id) - paid.penalty) } };
}

/** An officer records a repayment, or the borrower declares one; it waits for an officer. */
export function recordRepayment(db: DB, p: { communityId: number; loanId: number; actorId: string; amount: number; payment: Payment; now: number }) {
  return db.transaction((tx) => {
    const { loan, group } = loanOf(tx, p.communityId, p.loanId);
    if (loan.borrowerId !== p.actorId) requireOfficer(tx, group.id, p.actorId);
    if (loan.status !== 'active') throw conflict('errors.savings.loanState');
    const { position } = positionOf(tx, loan, group.timeZone, p.now);
    // More than could be owed today (all the principal, the interest due and the penalties posted) is a mistake, refused now.
    if (p.amount > position.interestDue + position.penaltyDue + position.principalOutstanding) throw invalid('errors.savings.repaymentTooLarge', [{ path: ['amount'], message: 'errors.savings.repaymentTooLarge' }]);
    attachUpload(tx, { url: p.payment.proofUrl, ownerId: p.actorId, field: 'proofUrl', now: p.now });
    const row = tx
      .insert(savingsLoanRepayments)
      .values({ loanId: loan.id, amount: p.amount, method: p.payment.method, reference: p.payment.reference ?? null, proofUrl: p.payment.proofUrl ?? null, status: 'pending', recordedBy: p.actorId, createdAt: p.now })
      .returning()
      .get();
    audit(tx, group, p.actorId, 'repaymentRecorded', { loan: loan.id, repayment: row.id, amount: row.amount }, p.now);
    const name = personName(tx, p.actorId);
    tellWhoMayAct(db, tx, { kind: 'savingsRepayment', id: row.id, by: p.actorId, key: 'savingsRepaymentRecorded', params: (l) => ({ name, group: group.name, amount: moneyText(row.amount, group.currency, l) }), link: groupLink(group), now: p.now });
    return row;
  });
}

/**
 * A pending repayment and its loan, for an officer who may decide it: never whoever recorded it,
 * and never a party to the loan (its borrower or a guarantor: decider() in loans.ts).
 */
function repaymentFor(tx: DbLike, communityId: number, id: number, actorId: string) {
  const r = tx.select().from(savingsLoanRepayments).where(eq(savingsLoanRepayments.id, id)).get();
  if (!r) throw notFound(REPAYMENT_NOT_FOUND);
  const { loan, group } = loanOf(tx, communityId, r.loanId);
  requireOfficer(tx, group.id, actorId);
  if (r.status !== 'pending') throw conflict('errors.savings.decided');
  if (r.recordedBy === actorId) throw forbidden('errors.savings.ownRecord');
  decider(tx, loan, actorId);
  return { r, loan, group };
}

/** Moves a pending repayment by one conditional UPDATE: two officers at once, one wins (409 for the other). */
function decide(tx: DbLike, id: number, set: Partial<typeof savingsLoanRepayments.$inferSelect>) {
  const row = tx
    .update(savingsLoanRepayments)
    .set(set)
    .where(and(eq(savingsLoanRepayments.id, id), eq(savingsLoanRepayments.status, 'pending')))
    .returning()
    .get();
  if (!row) throw conflict('errors.savings.decided');
  handled(tx, 'savingsRepayment', row.id, set.confirmedBy ?? null, set.decidedAt ?? row.createdAt);
  return row;
}

/**
 * Another officer confirms: allocated interest first, then late penalties, then principal, written as entries, the fund's cash grows; the last one repays the loan.
 * The entries are money of the group's open cycle, not of the loan's: a carried loan's cycle is closed, and a closed cycle's
 * statement and share-out never change. Between cycles there is none to count it in, so it waits (409 noOpenCycle).
 */
export function confirmRepayment(db: DB, p: { communityId: number; id: number; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const { r, loan, group } = repaymentFor(tx, p.communityId, p.id, p.actorId);
    // A loan written off (or repaid) meanwhile takes no more: what two officers kept as its loss must stay what its entries say.
    if (loan.status !== 'active') throw conflict('errors.savings.loanState');
    const cycle = openCycleOf(tx, group.id);
    const row = decide(tx, r.id, { status: 'confirmed', confirmedBy: p.actorId, decidedAt: p.now, receiptNo: nextReceiptNo(tx, group.id) });
    const { position } = positionOf(tx, loan, group.timeZone, p.now);
    const split = allocateRepayment(row.amount, position);
    if (split.excess > 0) throw conflict('errors.savings.repaymentTooLarge');
    for (const [kind, amount] of [['repayment_interest', split.interest], ['penalty', split.penalty], ['repayment_principal', split.principal]] as const) {
      if (amount === 0) continue;
      tx.insert(savingsEntries)
        .values({ groupId: group.id, cycleId: cycle.id, memberId: loan.borrowerId, kind, amount, method: row.method, reference: row.reference, proofUrl: row.proofUrl, status: 'confirmed', recordedBy: row.recordedBy, confirmedBy: p.actorId, decidedAt: p.now, loanId: loan.id, repaymentId: row.id, createdAt: p.now })
        .run();
      moveCash(tx, group.id, kind, amount);
    }
    const repaid = position.principalOutstanding - split.principal === 0;
    if (repaid) tx.update(savingsLoans).set({ status: 'repaid', updatedAt: p.now }).where(and(eq(savingsLoans.id, loan.id), eq(savingsLoans.status, 'active'))).run();
    audit(tx, group, p.actorId, 'repaymentConfirmed', { loan: loan.id, repayment: row.id, amount: row.amount, interest: split.interest, penalty: split.penalty, principal: split.principal, repaid, receiptNo: row.receiptNo }, p.now);
    return { ...row, interest: split.interest, penalty: split.penalty, principal: split.principal, loanRepaid: repaid };
  });
}

/**
 * Another officer refuses a repayment (never seen, wrong amount): nothing moves, the reason is kept.
 * Whatever the loan's state: one still waiting when its loan was repaid or written off can only be
 * refused, and must be, so it does not wait in anyone's "Needs you" for ever.
 */
export function rejectRepayment(db: DB, p: { communityId: number; id: number; actorId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    const { r, loan, group } = repaymentFor(tx, p.communityId, p.id, p.actorId);
    const row = decide(tx, r.id, { status: 'rejected', confirmedBy: p.actorId, decidedAt: p.now, reason: p.reason });
    audit(tx, group, p.actorId, 'repaymentRejected', { loan: loan.id, repayment: row.id, reason: p.reason }, p.now);
    return row;
  });
}

/**
 * A loan's statement: its terms, guarantors, schedule with due dates, what is repaid and owed
 * today (late penalties included), its repayments and the penalties posted on it. Its borrower, its guarantors and the group's officers read it; to
 * anyone else it does not exist (404), so nobody reads another member's arrears.
 */
export function loanStatement(db: DbLike, p: { communityId: number; loanId: number; viewerId: string; now: number }) {
  const { loan, group } = loanOf(db, p.communityId, p.loanId);
  if (!readsLoan(db, loan, p.viewerId)) throw notFound(LOAN_NOT_FOUND);
  const { schedule, dates, dueCount, position } = positionOf(db, loan, group.timeZone, p.now);
  const repayments = db.select().from(savingsLoanRepayments).where(eq(savingsLoanRepayments.loanId, loan.id)).orderBy(desc(savingsLoanRepayments.id)).all();
  const penalties = db.select().from(savingsLoanPenalties).where(eq(savingsLoanPenalties.loanId, loan.id)).orderBy(asc(savingsLoanPenalties.installment)).all();
  const place = placeIn(db, group.id, p.viewerId);
  return {
    ...loanDto(db, loan),
    currency: group.currency,
    schedule: schedule.map((i, k) => ({ ...i, due: dates[k] ?? null })),
    dueCount,
    position: loan.status === 'active' || loan.status === 'repaid' ? position : null,
    repayments,
    penalties,
    viewerRole: loan.borrowerId === p.viewerId ? 'borrower' : isActiveOfficer(place) ? 'officer' : 'guarantor',
  };
}
