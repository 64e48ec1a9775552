import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { savingsCycles, savingsEntries, savingsLoanRepayments, savingsLoans, users, type SavingsCycleRow, type SavingsGroupRow } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { borrowingLimit } from '@shared/savings/loans';
import { FOUR_EYES_KINDS } from '@shared/savings/rules';
import { forbidden, notFound } from '../../services/errors';
import { groupConservation } from './conservation';
import { entryDto } from './entries';
import { currentCycle, cycleDto, groupOf, placeIn, requireOfficer } from './groups';

/*
 * What people read of a group's money. A member reads their own statement and nobody else's; the
 * group's officers read every member's totals and what waits for them. Which rows are counted is
 * said once (COUNTED): confirmed entries, and reversed ones with their reversing entries, whose
 * negated amounts cancel them.
 */

const COUNTED = sql.raw(`e.status IN ('confirmed', 'reversed')`);

/** Sums of entries `e` by kind, counted and pending, as SQL columns. */
const SUMS = sql`
  COALESCE(SUM(CASE WHEN ${COUNTED} AND e.kind = 'shares' THEN e.shares END), 0) AS shares,
  COALESCE(SUM(CASE WHEN ${COUNTED} AND e.kind = 'shares' THEN e.amount END), 0) AS savings,
  COALESCE(SUM(CASE WHEN ${COUNTED} AND e.kind = 'social_fund' THEN e.amount END), 0) AS socialFund,
  COALESCE(SUM(CASE WHEN ${COUNTED} AND e.kind = 'fine' THEN e.amount END), 0) AS fines,
  COALESCE(SUM(CASE WHEN ${COUNTED} AND e.kind = 'grant' THEN e.amount END), 0) AS grants,
  COALESCE(SUM(CASE WHEN e.status = 'pending' THEN e.amount END), 0) AS pending,
  COUNT(CASE WHEN e.status = 'pending' THEN 1 END) AS pendingCount`;

export type Totals = { shares: number; savings: number; socialFund: number; fines: number; grants: number; pending: number; pendingCount: number };

function cycleOf(db: DbLike, group: SavingsGroupRow, cycleId: number | undefined): SavingsCycleRow | undefined {
  if (cycleId === undefined) return currentCycle(db, group.id);
  const row = db
    .select()
    .from(savingsCycles)
    .where(and(eq(savingsCycles.id, cycleId), eq(savingsCycles.groupId, group.id)))
    .get();
  if (!row) throw notFound('errors.savings.cycleNotFound');
  return row;
}

/** Loans of a group (one borrower's, or all), newest first, with what their confirmed entries have repaid. */
function loansOf(db: DbLike, groupId: number, borrowerId?: string) {
  return db.all<{ id: number; borrowerId: string; borrowerName: string; principal: number; periods: number; status: string; disbursedOn: string | null; createdAt: number; principalRepaid: number; interestPaid: number }>(sql`
    SELECT l.id, l.borrower_id AS borrowerId, u.first_name || ' ' || u.last_name AS borrowerName, l.principal, l.periods, l.status, l.disbursed_on AS disbursedOn, l.created_at AS createdAt,
      COALESCE((SELECT SUM(e.amount) FROM savings_entries e WHERE e.loan_id = l.id AND e.kind = 'repayment_principal' AND ${COUNTED}), 0) AS principalRepaid,
      COALESCE((SELECT SUM(e.amount) FROM savings_entries e WHERE e.loan_id = l.id AND e.kind = 'repayment_interest' AND ${COUNTED}), 0) AS interestPaid
    FROM savings_loans l JOIN users u ON u.id = l.borrower_id
    WHERE l.group_id = ${groupId} ${borrowerId ? sql`AND l.borrower_id = ${borrowerId}` : sql``}
    ORDER BY l.id DESC LIMIT 200`);
}

const ZERO: Totals = { shares: 0, savings: 0, socialFund: 0, fines: 0, grants: 0, pending: 0, pendingCount: 0 };

/** The caller's own statement for a cycle (the current one by default): their totals, entries and loans, never anyone else's. */
export function myStatement(db: DbLike, p: { communityId: number; groupId: number; userId: string; cycleId?: number }) {
  const group = groupOf(db, p.communityId, p.groupId);
  const place = placeIn(db, group.id, p.userId);
  // Someone who left still reads what was theirs; someone never admitted has no statement.
  if (!place || (place.status !== 'active' && place.status !== 'left')) throw forbidden('errors.savings.membersOnly');
  const cycle = cycleOf(db, group, p.cycleId);
  const base = { group: { id: group.id, name: group.name, currency: group.currency }, cycle: cycle ? cycleDto(cycle) : null };
  if (!cycle) return { ...base, totals: ZERO, borrowingLimit: 0, entries: [], loans: [] };
  const totals = db.get<Totals>(sql`SELECT ${SUMS} FROM savings_entries e WHERE e.group_id = ${group.id} AND e.cycle_id = ${cycle.id} AND e.member_id = ${p.userId}`) ?? ZERO;
  const entries = db
    .select()
    .from(savingsEntries)
    .where(and(eq(savingsEntries.groupId, group.id), eq(savingsEntries.cycleId, cycle.id), eq(savingsEntries.memberId, p.userId)))
    .orderBy(desc(savingsEntries.id))
    .limit(500)
    .all()
    .map(entryDto);
  return { ...base, totals, borrowingLimit: borrowingLimit(totals.savings, cycle.loanMultipleTenths), entries, loans: loansOf(db, group.id, p.userId) };
}

/**
 * The officers' view of a cycle: every member's totals, the entries, reversals and repayments waiting for a
 * second officer (with whether the caller may decide each, by the four-eyes rule), the confirmed
 * entries an officer may propose to reverse (those with no reversal waiting), every loan, the
 * funds' cash and, when asked (`verify`), whether the group's money adds up.
 */
export function groupLedger(db: DbLike, p: { communityId: number; groupId: number; actorId: string; cycleId?: number; verify?: boolean }) {
  const group = groupOf(db, p.communityId, p.groupId);
  requireOfficer(db, group.id, p.actorId);
  const cycle = cycleOf(db, group, p.cycleId);
  const members = cycle
    ? db.all<Totals & { userId: string; name: string; role: string; status: string }>(sql`
        SELECT m.user_id AS userId, u.first_name || ' ' || u.last_name AS name, m.role, m.status, ${SUMS}
        FROM savings_group_members m
        JOIN users u ON u.id = m.user_id
        LEFT JOIN savings_entries e ON e.group_id = m.group_id AND e.member_id = m.user_id AND e.cycle_id = ${cycle.id}
        WHERE m.group_id = ${group.id} AND m.status IN ('active', 'left')
        GROUP BY m.user_id ORDER BY u.first_name, u.last_name`)
    : [];
  const pending = db
    .select({ entry: savingsEntries, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(savingsEntries)
    .innerJoin(users, eq(users.id, savingsEntries.memberId))
    // Only what a second officer decides as an entry, as "Needs you" asks (savingsEntryNeeds): a
    // loan's hand-over waits on its borrower, and confirming it here could only end in 409 loanMoney.
    .where(and(eq(savingsEntries.groupId, group.id), eq(savingsEntries.status, 'pending'), inArray(savingsEntries.kind, [...FOUR_EYES_KINDS])))
    .orderBy(savingsEntries.createdAt, savingsEntries.id)
    .limit(500)
    .all()
    .map((r) => ({ ...entryDto(r.entry), memberName: r.name, mayDecide: r.entry.recordedBy !== p.actorId && r.entry.memberId !== p.actorId }));
  // Reversals one officer proposed, for a second to make (or either to withdraw or decline).
  const reversals = db
    .select({ entry: savingsEntries, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(savingsEntries)
    .innerJoin(users, eq(users.id, savingsEntries.memberId))
    .where(and(eq(savingsEntries.groupId, group.id), eq(savingsEntries.status, 'confirmed'), isNotNull(savingsEntries.reversalProposedBy)))
    .orderBy(savingsEntries.reversalProposedAt, savingsEntries.id)
    .limit(500)
    .all()
    .map((r) => ({ ...entryDto(r.entry), memberName: r.name, mayDecide: r.entry.reversalProposedBy !== p.actorId && r.entry.memberId !== p.actorId, mayWithdraw: r.entry.reversalProposedBy === p.actorId }));
  const repayments = db
    .select({
      repayment: savingsLoanRepayments,
      borrowerId: savingsLoans.borrowerId,
      // A guarantor of the loan is a party to it and never decides on its money (repaymentFor).
      guarantor: sql<number>`EXISTS (SELECT 1 FROM savings_loan_guarantors lg WHERE lg.loan_id = ${savingsLoans.id} AND lg.user_id = ${p.actorId})`,
    })
    .from(savingsLoanRepayments)
    .innerJoin(savingsLoans, eq(savingsLoans.id, savingsLoanRepayments.loanId))
    .where(and(eq(savingsLoans.groupId, group.id), eq(savingsLoanRepayments.status, 'pending')))
    .orderBy(savingsLoanRepayments.id)
    .limit(500)
    .all()
    .map((r) => ({ ...r.repayment, borrowerId: r.borrowerId, mayDecide: r.repayment.recordedBy !== p.actorId && r.borrowerId !== p.actorId && !r.guarantor }));
  // Confirmed meeting money and grants of the cycle, newest first, with no reversal proposed yet (those
  // are in pendingReversals): what an officer may propose to reverse (never their own money).
  const confirmed = cycle
    ? db
        .select({ entry: savingsEntries, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
        .from(savingsEntries)
        .innerJoin(users, eq(users.id, savingsEntries.memberId))
        .where(
          and(
            eq(savingsEntries.cycleId, cycle.id),
            eq(savingsEntries.status, 'confirmed'),
            isNull(savingsEntries.reversesId),
            isNull(savingsEntries.reversalProposedBy),
            inArray(savingsEntries.kind, [...FOUR_EYES_KINDS]),
          ),
        )
        .orderBy(desc(savingsEntries.id))
        .limit(200)
        .all()
        .map((r) => ({ ...entryDto(r.entry), memberName: r.name, mayReverse: r.entry.memberId !== p.actorId }))
    : [];
  return {
    group: { id: group.id, name: group.name, currency: group.currency },
    cycle: cycle ? cycleDto(cycle) : null,
    members,
    pending,
    confirmed,
    pendingReversals: reversals,
    loans: loansOf(db, group.id),
    pendingRepayments: repayments,
    funds: { loanFund: group.loanFundCash, socialFund: group.socialFundCash },
    // The whole check reads every entry of the group: run when asked for, not on every read.
    conserved: p.verify ? groupConservation(db, group.id).conserved : null,
  };
}
