import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { savingsEntries, savingsGroups, savingsLoanGuarantors, savingsLoans, type SavingsGroupRow, type SavingsLoanRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { dateInZone, dueDates } from '@shared/njangi/schedule';
import { borrowingLimit, guarantorHolds, repaymentSchedule } from '@shared/savings/loans';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '../../services/errors';
import { handled, tellWhoMayAct } from '../../services/needs/notices';
import { moneyText } from '../../services/needs/sql';
import { notify } from '../../services/notify';
import { personName } from '../../services/njangi/notices';
import { attachUpload } from '../../uploads/registry';
import { groupLink, type Payment } from './entries';
import { moveCash } from './funds';
import { openCycleOf } from './cycles';
import { freeOf, freeSavings, heldFor, savingsOf } from './holds';
import { audit, groupOf, isActiveOfficer, placeIn, requireMember, requireOfficer } from './groups';

/*
 * Loans from the loan fund, on the arithmetic of src/shared/savings/loans.ts: a member asks for an
 * amount within their borrowing limit (their savings × the cycle's multiple), for one of the
 * cycle's terms, at its rate and method; the part above their own free savings is guaranteed by
 * members who accept, and once two officers other than the borrower (and no guarantor) approve,
 * their savings hold it pro rata (guarantorHolds). An officer records the money handed over; the
 * borrower alone confirms receiving it, and only then does it leave the fund and the schedule start.
 * Each move is one conditional UPDATE on the state it expects: two approvals by the same officer,
 * two disbursements, two confirmations at once count once.
 */

export const LOAN_NOT_FOUND = 'errors.savings.loanNotFound';

export const loanCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: savingsGroups.communityId }).from(savingsLoans).innerJoin(savingsGroups, eq(savingsGroups.id, savingsLoans.groupId)).where(eq(savingsLoans.id, id)).get()?.communityId;

export function loanOf(tx: DbLike, communityId: number, id: number) {
  const row = tx
    .select({ loan: savingsLoans, group: savingsGroups })
    .from(savingsLoans)
    .innerJoin(savingsGroups, eq(savingsGroups.id, savingsLoans.groupId))
    .where(and(eq(savingsLoans.id, id), eq(savingsGroups.communityId, communityId)))
    .get();
  if (!row) throw notFound(LOAN_NOT_FOUND);
  return row;
}

type LoanKind = 'savingsGuarantee' | 'savingsLoanApproval' | 'savingsLoanDisbursement' | 'savingsLoanReceipt';
type LoanNotice = 'savingsGuarantorAsked' | 'savingsLoanToApprove' | 'savingsLoanToDisburse' | 'savingsLoanDisbursed';

/** The loan now waits on people: told through "Needs you"'s own relation, so exactly those who may act are. */
function tell(db: DB, tx: DbLike, p: { group: SavingsGroupRow; loan: SavingsLoanRow; kind: LoanKind; key: LoanNotice; by: string; name: string; now: number }) {
  const { group, loan } = p;
  tellWhoMayAct(db, tx, { kind: p.kind, id: loan.id, by: p.by, key: p.key, params: (l) => ({ name: p.name, group: group.name, amount: moneyText(loan.principal, group.currency, l) }), link: groupLink(group), now: p.now });
}

/** A member asks for a loan, naming guarantors for what their own free savings do not cover. */
export function requestLoan(db: DB, p: { communityId: number; groupId: number; userId: string; principal: number; periods: number; purpose: string; guarantors: string[]; now: number }) {
  try {
    return db.transaction((tx) => {
      const group = groupOf(tx, p.communityId, p.groupId);
      requireMember(tx, group.id, p.userId);
      const cycle = openCycleOf(tx, group.id);
      const terms = JSON.parse(cycle.loanTerms) as number[];
      if (!terms.includes(p.periods)) throw invalid('errors.savings.termNotAllowed', [{ path: ['periods'], message: 'errors.savings.termNotAllowed' }], { terms: terms.join(', ') });
      const saved = savingsOf(tx, cycle.id, p.userId);
      const limit = borrowingLimit(saved, cycle.loanMultipleTenths);
      if (p.principal > limit) throw invalid('errors.savings.overLimit', [{ path: ['principal'], message: 'errors.savings.overLimit' }], { multiple: cycle.loanMultipleTenths / 10 });
      // Checked now, so an impossible loan is refused before anyone is asked to stand behind it.
      repaymentSchedule({ principal: p.principal, periods: p.periods, rateBps: cycle.rateBps, method: cycle.interestMethod });
      const guaranteed = Math.max(0, p.principal - freeOf(saved, heldFor(tx, group.id, p.userId)));
      if (guaranteed > 0 && !p.guarantors.length) throw invalid('errors.savings.guarantorsNeeded');
      for (const g of p.guarantors) {
        if (g === p.userId) throw invalid('errors.savings.guarantorSelf');
        requireMember(tx, group.id, g, 'errors.savings.notAMember');
      }
      const loan = tx
        .insert(savingsLoans)
        .values({ groupId: group.id, cycleId: cycle.id, borrowerId: p.userId, principal: p.principal, periods: p.periods, rateBps: cycle.rateBps, interestMethod: cycle.interestMethod, purpose: p.purpose, guaranteed, status: 'requested', createdAt: p.now, updatedAt: p.now })
        .returning()
        .get();
      if (p.guarantors.length) tx.insert(savingsLoanGuarantors).values(p.guarantors.map((userId) => ({ loanId: loan.id, userId }))).run();
      audit(tx, group, p.userId, 'loanRequested', { loan: loan.id, principal: loan.principal, periods: loan.periods, rateBps: loan.rateBps, method: loan.interestMethod, guaranteed, guarantors: p.guarantors }, p.now);
      const name = personName(tx, p.userId);
      // Guarantors answer first; a loan with none goes to the officers at once.
      if (p.guarantors.length) tell(db, tx, { group, loan, kind: 'savingsGuarantee', key: 'savingsGuarantorAsked', by: p.userId, name, now: p.now });
      else tell(db, tx, { group, loan, kind: 'savingsLoanApproval', key: 'savingsLoanToApprove', by: p.userId, name, now: p.now });
      return loanDto(tx, loan);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('errors.savings.oneLoan');
    throw e;
  }
}

/** A guarantor accepts or declines; declining refuses the loan (the borrower asks again with someone else). */
export function answerGuarantee(db: DB, p: { communityId: number; loanId: number; userId: string; accept: boolean; now: number }) {
  return db.transaction((tx) => {
    const { loan, group } = loanOf(tx, p.communityId, p.loanId);
    const mine = tx.select().from(savingsLoanGuarantors).where(and(eq(savingsLoanGuarantors.loanId, loan.id), eq(savingsLoanGuarantors.userId, p.userId))).get();
    if (!mine) throw forbidden('errors.savings.notGuarantor');
    if (loan.status !== 'requested') throw conflict('errors.savings.loanState');
    const done = tx
      .update(savingsLoanGuarantors)
      .set({ status: p.accept ? 'accepted' : 'declined', decidedAt: p.now })
      .where(and(eq(savingsLoanGuarantors.loanId, loan.id), eq(savingsLoanGuarantors.userId, p.userId), eq(savingsLoanGuarantors.status, 'pending')))
      .run().changes;
    if (!done) throw conflict('errors.savings.answered');
    if (!p.accept) {
      move(tx, loan.id, ['requested'], { status: 'rejected', decidedBy: p.userId, reasonCode: 'guarantorDeclined', updatedAt: p.now });
      handled(tx, 'savingsGuarantee', loan.id, p.userId, p.now);
    } else {
      handled(tx, 'savingsGuarantee', loan.id, p.userId, p.now, p.userId);
      const waiting = tx.select({ u: savingsLoanGuarantors.userId }).from(savingsLoanGuarantors).where(and(eq(savingsLoanGuarantors.loanId, loan.id), sql`${savingsLoanGuarantors.status} <> 'accepted'`)).get();
      if (!waiting) tell(db, tx, { group, loan, kind: 'savingsLoanApproval', key: 'savingsLoanToApprove', by: loan.borrowerId, name: personName(tx, loan.borrowerId), now: p.now });
    }
    audit(tx, group, p.userId, p.accept ? 'guaranteeAccepted' : 'guaranteeDeclined', { loan: loan.id }, p.now);
    return loanDto(tx, p.accept ? loan : { ...loan, status: 'rejected', reasonCode: 'guarantorDeclined' });
  });
}

/** One conditional UPDATE from the states expected: of two racing moves one wins, the other gets 409. */
function move(tx: DbLike, id: number, from: readonly SavingsLoanRow['status'][], set: Partial<SavingsLoanRow>): SavingsLoanRow {
  const row = tx
    .update(savingsLoans)
    .set(set)
    .where(and(eq(savingsLoans.id, id), inArray(savingsLoans.status, [...from])))
    .returning()
    .get();
  if (!row) throw conflict('errors.savings.loanState');
  return row;
}

/** Officers deciding on a loan: never its borrower nor one of its guarantors. */
export function decider(tx: DbLike, loan: SavingsLoanRow, actorId: string) {
  requireOfficer(tx, loan.groupId, actorId);
  if (loan.borrowerId === actorId) throw forbidden('errors.savings.ownLoan');
  const guarantor = tx.select({ u: savingsLoanGuarantors.userId }).from(savingsLoanGuarantors).where(and(eq(savingsLoanGuarantors.loanId, loan.id), eq(savingsLoanGuarantors.userId, actorId))).get();
  if (guarantor) throw forbidden('errors.savings.guarantorDecides');
}

/**
 * Two officers approve: the first approval is kept, the second (another officer) approves the loan
 * and sets the guarantors' holds. Each step is a conditional UPDATE, so the same officer twice, or a
 * third approval, gets 409.
 */
export function approveLoan(db: DB, p: { communityId: number; loanId: number; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const { loan, group } = loanOf(tx, p.communityId, p.loanId);
    decider(tx, loan, p.actorId);
    if (loan.status !== 'requested') throw conflict('errors.savings.loanState');
    const guarantors = tx.select().from(savingsLoanGuarantors).where(eq(savingsLoanGuarantors.loanId, loan.id)).orderBy(asc(savingsLoanGuarantors.userId)).all();
    if (guarantors.some((g) => g.status !== 'accepted')) throw conflict('errors.savings.guarantorsPending');
    const first = tx
      .update(savingsLoans)
      .set({ approvedBy: p.actorId, updatedAt: p.now })
      .where(and(eq(savingsLoans.id, loan.id), eq(savingsLoans.status, 'requested'), sql`${savingsLoans.approvedBy} IS NULL`))
      .returning()
      .get();
    if (first) {
      // Done for this officer; still waiting on the others for the second approval.
      handled(tx, 'savingsLoanApproval', loan.id, p.actorId, p.now, p.actorId);
      audit(tx, group, p.actorId, 'loanApproved', { loan: loan.id, approval: 1 }, p.now);
      return loanDto(tx, first);
    }
    const second = tx
      .update(savingsLoans)
      .set({ secondApprovedBy: p.actorId, status: 'approved', updatedAt: p.now })
      .where(and(eq(savingsLoans.id, loan.id), eq(savingsLoans.status, 'requested'), sql`${savingsLoans.approvedBy} IS NOT NULL AND ${savingsLoans.approvedBy} <> ${p.actorId}`))
      .returning()
      .get();
    if (!second) throw conflict(loan.approvedBy === p.actorId ? 'errors.savings.alreadyApproved' : 'errors.savings.loanState');
    // Savings may have moved since the request: the borrower's own free savings back what they can,
    // the guarantors what is left, and never more than they agreed to stand behind.
    const ownHold = Math.min(second.principal, freeSavings(tx, group.id, loan.cycleId, loan.borrowerId));
    const guaranteed = second.principal - ownHold;
    if (guaranteed > second.guaranteed) throw conflict('errors.savings.notCovered');
    if (guaranteed > 0) {
      let holds: { id: string; hold: number }[];
      try {
        holds = guarantorHolds(guaranteed, guarantors.map((g) => ({ id: g.userId, free: freeSavings(tx, group.id, loan.cycleId, g.userId) })));
      } catch (e) {
        // guarantorHolds refuses (RangeError) when the guarantors no longer have that much free.
        if (e instanceof RangeError) throw conflict('errors.savings.guarantorsShort');
        throw e;
      }
      for (const h of holds) tx.update(savingsLoanGuarantors).set({ hold: h.hold }).where(and(eq(savingsLoanGuarantors.loanId, loan.id), eq(savingsLoanGuarantors.userId, h.id))).run();
    }
    const held = tx.update(savingsLoans).set({ ownHold, guaranteed }).where(eq(savingsLoans.id, loan.id)).returning().get()!;
    audit(tx, group, p.actorId, 'loanApproved', { loan: loan.id, approval: 2, ownHold, guaranteed }, p.now);
    handled(tx, 'savingsLoanApproval', loan.id, p.actorId, p.now);
    tell(db, tx, { group, loan: held, kind: 'savingsLoanDisbursement', key: 'savingsLoanToDisburse', by: p.actorId, name: personName(tx, loan.borrowerId), now: p.now });
    return loanDto(tx, held);
  });
}

/** An officer (not the borrower nor a guarantor) refuses a loan before it is disbursed. */
export function rejectLoan(db: DB, p: { communityId: number; loanId: number; actorId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    const { loan, group } = loanOf(tx, p.communityId, p.loanId);
    decider(tx, loan, p.actorId);
    const row = move(tx, loan.id, ['requested', 'approved'], { status: 'rejected', decidedBy: p.actorId, reason: p.reason, updatedAt: p.now });
    audit(tx, group, p.actorId, 'loanRejected', { loan: loan.id, reason: p.reason }, p.now);
    for (const kind of ['savingsGuarantee', 'savingsLoanApproval', 'savingsLoanDisbursement'] as const) handled(tx, kind, loan.id, p.actorId, p.now);
    return loanDto(tx, row);
  });
}

/** An officer records handing the money over (with its proof); it leaves the fund once the borrower confirms. */
export function disburseLoan(db: DB, p: { communityId: number; loanId: number; actorId: string; payment: Payment; now: number }) {
  return db.transaction((tx) => {
    const { loan, group } = loanOf(tx, p.communityId, p.loanId);
    decider(tx, loan, p.actorId);
    // The cash leaves when the borrower confirms, so what other handed-over loans still wait to take
    // is spoken for: two disbursements together never promise more than the fund holds.
    if (group.loanFundCash - handedOver(tx, group.id) < loan.principal) throw conflict('errors.savings.cashShort');
    const row = move(tx, loan.id, ['approved'], { status: 'disbursing', updatedAt: p.now });
    attachUpload(tx, { url: p.payment.proofUrl, ownerId: p.actorId, field: 'proofUrl', now: p.now });
    tx.insert(savingsEntries)
      .values({ groupId: group.id, cycleId: loan.cycleId, memberId: loan.borrowerId, kind: 'loan_disbursed', amount: loan.principal, method: p.payment.method, reference: p.payment.reference ?? null, proofUrl: p.payment.proofUrl ?? null, status: 'pending', recordedBy: p.actorId, loanId: loan.id, createdAt: p.now })
      .run();
    audit(tx, group, p.actorId, 'loanDisbursed', { loan: loan.id, principal: loan.principal, method: p.payment.method }, p.now);
    handled(tx, 'savingsLoanDisbursement', loan.id, p.actorId, p.now);
    tell(db, tx, { group, loan: row, kind: 'savingsLoanReceipt', key: 'savingsLoanDisbursed', by: p.actorId, name: personName(tx, p.actorId), now: p.now });
    return loanDto(tx, row);
  });
}

/** What the loan fund has handed over that its borrowers have not yet confirmed receiving. */
const handedOver = (tx: DbLike, groupId: number) =>
  tx.get<{ v: number }>(sql`SELECT COALESCE(SUM(amount), 0) AS v FROM savings_entries WHERE group_id = ${groupId} AND kind = 'loan_disbursed' AND status = 'pending'`)?.v ?? 0;

/**
 * A disbursement that did not happen (the borrower never got it, the cash was not there) is
 * withdrawn by the borrower or an officer who is no party to the loan: its entry is rejected with
 * the reason and the loan is approved again, to be handed over anew. One conditional UPDATE each.
 */
export function cancelDisbursement(db: DB, p: { communityId: number; loanId: number; actorId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    const { loan, group } = loanOf(tx, p.communityId, p.loanId);
    if (loan.borrowerId !== p.actorId) decider(tx, loan, p.actorId);
    const row = move(tx, loan.id, ['disbursing'], { status: 'approved', updatedAt: p.now });
    const entry = tx
      .update(savingsEntries)
      .set({ status: 'rejected', confirmedBy: p.actorId, decidedAt: p.now, reason: p.reason })
      .where(and(eq(savingsEntries.loanId, loan.id), eq(savingsEntries.kind, 'loan_disbursed'), eq(savingsEntries.status, 'pending')))
      .returning()
      .get();
    if (!entry) throw conflict('errors.savings.loanState');
    audit(tx, group, p.actorId, 'disbursementCancelled', { loan: loan.id, entry: entry.id, principal: entry.amount, reason: p.reason }, p.now);
    // The other side of the hand-over (the borrower, the officer who recorded it) learns who withdrew it and why.
    const name = personName(tx, p.actorId);
    notify(tx, {
      to: [loan.borrowerId, entry.recordedBy].filter((u) => u !== p.actorId),
      key: 'savingsDisbursementCancelled',
      type: 'warning',
      params: (l) => ({ name, group: group.name, amount: moneyText(entry.amount, group.currency, l), reason: p.reason }),
      link: groupLink(group),
      now: p.now,
    });
    handled(tx, 'savingsLoanReceipt', loan.id, p.actorId, p.now);
    tell(db, tx, { group, loan: row, kind: 'savingsLoanDisbursement', key: 'savingsLoanToDisburse', by: p.actorId, name: personName(tx, loan.borrowerId), now: p.now });
    return loanDto(tx, row);
  });
}

/** The borrower alone confirms receiving the money: it leaves the loan fund and the schedule starts today. */
export function confirmLoanReceipt(db: DB, p: { communityId: number; loanId: number; userId: string; now: number }) {
  return db.transaction((tx) => {
    const { loan, group } = loanOf(tx, p.communityId, p.loanId);
    if (loan.borrowerId !== p.userId) throw forbidden('errors.savings.borrowerOnly');
    const entry = tx
      .update(savingsEntries)
      .set({ status: 'confirmed', confirmedBy: p.userId, decidedAt: p.now })
      .where(and(eq(savingsEntries.loanId, loan.id), eq(savingsEntries.kind, 'loan_disbursed'), eq(savingsEntries.status, 'pending')))
      .returning()
      .get();
    if (!entry) throw conflict('errors.savings.loanState');
    moveCash(tx, group.id, 'loan_disbursed', entry.amount);
    const row = move(tx, loan.id, ['disbursing'], { status: 'active', disbursedOn: dateInZone(p.now, group.timeZone), updatedAt: p.now });
    audit(tx, group, p.userId, 'loanReceived', { loan: loan.id, entry: entry.id, principal: entry.amount }, p.now);
    handled(tx, 'savingsLoanReceipt', loan.id, p.userId, p.now);
    return loanDto(tx, row);
  });
}

/** The installments' due dates: monthly from the day the borrower received the money. */
export const installmentDates = (disbursedOn: string, periods: number) => dueDates(disbursedOn, 'monthly', periods + 1).slice(1);

/** What of a loan is repaid, from its confirmed entries: interest, principal and late penalties. */
export function loanPaid(tx: DbLike, loanId: number) {
  const r = tx.get<{ interest: number; principal: number; penalty: number }>(sql`SELECT
      COALESCE(SUM(CASE WHEN kind = 'repayment_interest' THEN amount END), 0) AS interest,
      COALESCE(SUM(CASE WHEN kind = 'repayment_principal' THEN amount END), 0) AS principal,
      COALESCE(SUM(CASE WHEN kind = 'penalty' THEN amount END), 0) AS penalty
    FROM savings_entries WHERE loan_id = ${loanId} AND status IN ('confirmed', 'reversed')`);
  return r ?? { interest: 0, principal: 0, penalty: 0 };
}

/** A loan with its guarantors, its schedule (once disbursed) and what is repaid. */
export function loanDto(tx: DbLike, loan: SavingsLoanRow) {
  const guarantors = tx.select({ userId: savingsLoanGuarantors.userId, status: savingsLoanGuarantors.status, hold: savingsLoanGuarantors.hold }).from(savingsLoanGuarantors).where(eq(savingsLoanGuarantors.loanId, loan.id)).orderBy(asc(savingsLoanGuarantors.userId)).all();
  return { ...loan, guarantors, paid: loanPaid(tx, loan.id) };
}

/** Whether a person may read a loan: its borrower, its guarantors and the group's officers (anyone else is told it does not exist). */
export function readsLoan(tx: DbLike, loan: SavingsLoanRow, viewerId: string) {
  if (loan.borrowerId === viewerId) return true;
  if (isActiveOfficer(placeIn(tx, loan.groupId, viewerId))) return true;
  return !!tx.select({ u: savingsLoanGuarantors.userId }).from(savingsLoanGuarantors).where(and(eq(savingsLoanGuarantors.loanId, loan.id), eq(savingsLoanGuarantors.userId, viewerId))).get();
}
