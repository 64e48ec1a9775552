import { and, asc, eq, inArray } from 'drizzle-orm';
import { savingsEntries, savingsGroupMembers, savingsGroups, savingsLoanGuarantors, savingsLoanPenalties, savingsLoanRepayments, savingsLoans } from '../../../../db/schema';
import type { DB } from '../../../../db/database';
import { defineDomain } from '../domain';
import { liveGuaranteeGroups, liveLoanGroups } from './blockers';
import { entryDto } from './entries';
import { SAVINGS_NEEDS } from './need-sources';
import { savings } from './operations';
import { runSavingsJob } from './penalty-job';
import { savingsRoutes } from './rest';

/** A member's loans with the repayments and late penalties on each: three queries, whatever the number of loans. */
function loansWithRepayments(db: DB, userId: string) {
  const loans = db.select().from(savingsLoans).where(eq(savingsLoans.borrowerId, userId)).orderBy(asc(savingsLoans.id)).all();
  const repayments = db
    .select({ repayment: savingsLoanRepayments })
    .from(savingsLoanRepayments)
    .innerJoin(savingsLoans, eq(savingsLoans.id, savingsLoanRepayments.loanId))
    .where(eq(savingsLoans.borrowerId, userId))
    .orderBy(asc(savingsLoanRepayments.id))
    .all()
    .map((r) => r.repayment);
  const penalties = db
    .select({ penalty: savingsLoanPenalties })
    .from(savingsLoanPenalties)
    .innerJoin(savingsLoans, eq(savingsLoans.id, savingsLoanPenalties.loanId))
    .where(eq(savingsLoans.borrowerId, userId))
    .orderBy(asc(savingsLoanPenalties.loanId), asc(savingsLoanPenalties.installment))
    .all()
    .map((r) => r.penalty);
  return loans.map((l) => ({ ...l, repayments: repayments.filter((r) => r.loanId === l.id), penalties: penalties.filter((p) => p.loanId === l.id) }));
}

const MONEY_KEPT = { kept: 'a group’s money records must still add up (they name a former member)' } as const;

/** Savings-and-loans groups (table banking, ASCA, VSLA): groups, officers, cycles, meetings and their money. */
export const savingsDomain = defineDomain({
  name: 'savings',
  operations: { savings },
  rest: savingsRoutes,
  // Late penalties on loans' installments unpaid after the cycle's grace days, each posted and told once.
  jobs: { savings: (deps) => runSavingsJob(deps) },
  // Money waiting for a second officer is work; what happened to one's own money is money news.
  needs: SAVINGS_NEEDS,
  noticeKinds: {
    'notifications.savingsRecorded': 'needs',
    'notifications.savingsDeclared': 'needs',
    'notifications.savingsConfirmed': 'money',
    'notifications.savingsRejected': 'money',
    'notifications.savingsReversed': 'money',
    'notifications.savingsGuarantorAsked': 'needs',
    'notifications.savingsLoanDisbursed': 'needs',
    'notifications.savingsLoanToApprove': 'needs',
    'notifications.savingsGrantProposed': 'needs',
    'notifications.savingsWriteOffProposed': 'needs',
    'notifications.savingsLoanToDisburse': 'needs',
    'notifications.savingsRepaymentRecorded': 'needs',
    'notifications.savingsShareOutProposed': 'needs',
    'notifications.savingsShareOutPaid': 'money',
    'notifications.savingsShareOutRejected': 'money',
    'notifications.savingsReversalProposed': 'needs',
    'notifications.savingsGrantApproved': 'needs',
    'notifications.savingsGrantRejected': 'money',
    'notifications.savingsGrantReversed': 'money',
    'notifications.savingsLatePenalty': 'money',
    'notifications.savingsDisbursementCancelled': 'money',
  },
  // Someone who owes a group for a loan, or whose savings stand behind someone's loan, stays until it ends.
  deletionBlockers: {
    savingsLoans: { names: (db, userId) => liveLoanGroups(db, userId), message: 'errors.account.savingsLoansFirst' },
    savingsGuarantees: { names: (db, userId) => liveGuaranteeGroups(db, userId), message: 'errors.account.savingsGuaranteesFirst' },
  },
  // The member's groups and their own money in them; nobody else's.
  exportData: (db, user) => ({
    savingsGroups: db
      .select({ groupId: savingsGroups.id, name: savingsGroups.name, communityId: savingsGroups.communityId, currency: savingsGroups.currency, role: savingsGroupMembers.role, status: savingsGroupMembers.status, since: savingsGroupMembers.createdAt })
      .from(savingsGroupMembers)
      .innerJoin(savingsGroups, eq(savingsGroups.id, savingsGroupMembers.groupId))
      .where(eq(savingsGroupMembers.userId, user.id))
      .orderBy(asc(savingsGroups.id))
      .all(),
    savingsEntries: db.select().from(savingsEntries).where(eq(savingsEntries.memberId, user.id)).orderBy(asc(savingsEntries.id)).all().map(entryDto),
    // Their own loans with the repayments on them, and the loans they stand behind (what of their savings each holds).
    savingsLoans: loansWithRepayments(db, user.id),
    savingsGuarantees: db.select().from(savingsLoanGuarantors).where(eq(savingsLoanGuarantors.userId, user.id)).orderBy(asc(savingsLoanGuarantors.loanId)).all(),
  }),
  // Someone who goes leaves their groups (and any office in them); their money stays in the records.
  erase: (tx, { user }) => ({
    savingsGroupsLeft: tx
      .update(savingsGroupMembers)
      .set({ status: 'left', role: 'member' })
      .where(and(eq(savingsGroupMembers.userId, user.id), inArray(savingsGroupMembers.status, ['active', 'pending'])))
      .run().changes,
  }),
  personalData: {
    savings_groups: { export: { not: 'the community’s groups; the member’s place in them is exported under savingsGroups' }, erase: { kept: 'the group is the community’s; its creator is forgotten (set null)' } },
    savings_group_members: { export: { key: 'savingsGroups' }, erase: { kept: 'marked left, so the group’s records still name who paid' } },
    savings_cycles: { export: { not: 'the group’s cycles and their rules' }, erase: MONEY_KEPT },
    savings_entries: { export: { key: 'savingsEntries' }, erase: MONEY_KEPT },
    savings_loans: { export: { key: 'savingsLoans' }, erase: MONEY_KEPT },
    savings_loan_repayments: { export: { key: 'savingsLoans' }, erase: MONEY_KEPT },
    savings_loan_penalties: { export: { key: 'savingsLoans' }, erase: MONEY_KEPT },
    savings_loan_guarantors: { export: { key: 'savingsGuarantees' }, erase: { kept: 'a guarantee holds savings against a loan until it is repaid' } },
    savings_share_outs: { export: { not: 'the group’s decision to close a cycle, naming the officers who proposed and decided it; each member’s share-out is an entry, exported under savingsEntries' }, erase: MONEY_KEPT },
  },
});
