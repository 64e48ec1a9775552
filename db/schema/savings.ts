import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CURRENCY_CODES } from '../../src/shared/money';
import {
  CYCLE_STATUSES,
  ENTRY_KINDS,
  ENTRY_METHODS,
  ENTRY_STATUSES,
  FINE_REASONS,
  GROUP_ROLES,
  GUARANTOR_STATUSES,
  LOAN_REASON_CODES,
  LOAN_STATUSES,
  REPAYMENT_STATUSES,
  SHARE_OUT_STATUSES,
  GROUP_STATUSES,
  INTEREST_METHODS,
  MEETING_FREQUENCIES,
  MEMBER_STATUSES,
  SHARE_OUT_METHODS,
} from '../../src/shared/savings/rules';
import { communities } from './communities';
import { users } from './users';

/*
 * Savings-and-loans groups (table banking, ASCA, VSLA): the second kind of savings group, beside
 * the rotating circle (docs/decisions/024-savings-groups.md). Amounts are integers in the minor
 * unit of the group's currency; rates basis points a period. Money is one append-only table,
 * `savings_entries`: an entry's amount is never changed, a correction is a reversing entry, and
 * the funds' cash is kept on the group row in the transaction of every confirmation and reversal,
 * so `npm run finances:verify` can hold the two to each other.
 */

/**
 * A group's rules, as columns: the group's row carries the rules for its next cycle, each cycle a
 * snapshot taken when it opened, so a change never rewrites a cycle under way.
 */
const ruleColumns = () => ({
  frequency: text('frequency', { enum: MEETING_FREQUENCIES }).notNull(),
  cycleMonths: integer('cycle_months').notNull(),
  sharePrice: integer('share_price').notNull(),
  minShares: integer('min_shares').notNull(),
  maxShares: integer('max_shares').notNull(),
  socialFund: integer('social_fund').notNull().default(0),
  // The most a member may borrow, as a multiple of their savings in tenths (30 = three times).
  loanMultipleTenths: integer('loan_multiple_tenths').notNull(),
  // The terms a loan may have, in periods: a JSON array of whole numbers, ascending.
  loanTerms: text('loan_terms').notNull(),
  interestMethod: text('interest_method', { enum: INTEREST_METHODS }).notNull(),
  rateBps: integer('rate_bps').notNull(),
  graceDays: integer('grace_days').notNull().default(0),
  latePenalty: integer('late_penalty').notNull().default(0),
  fineLate: integer('fine_late').notNull().default(0),
  fineAbsent: integer('fine_absent').notNull().default(0),
  fineMissedShares: integer('fine_missed_shares').notNull().default(0),
  shareOutMethod: text('share_out_method', { enum: SHARE_OUT_METHODS }).notNull().default('proportional'),
});

export const savingsGroups = sqliteTable(
  'savings_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // The community's books' currency when the group was made; never changed after.
    currency: text('currency', { enum: CURRENCY_CODES as [string, ...string[]] }).notNull(),
    timeZone: text('time_zone').notNull(),
    status: text('status', { enum: GROUP_STATUSES }).notNull().default('active'),
    ...ruleColumns(),
    // What each fund holds in cash, kept in the transaction of every confirmation and reversal;
    // the conservation check recomputes both from the entries.
    loanFundCash: integer('loan_fund_cash').notNull().default(0),
    socialFundCash: integer('social_fund_cash').notNull().default(0),
    // The last receipt number given: entries and repayments are numbered 1, 2, 3… per group, with no gap.
    lastReceiptNo: integer('last_receipt_no').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('savings_groups_community_idx').on(t.communityId, t.status, t.id), uniqueIndex('savings_groups_name_unique').on(t.communityId, sql`lower(${t.name})`)],
);

export const savingsGroupMembers = sqliteTable(
  'savings_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => savingsGroups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: GROUP_ROLES }).notNull().default('member'),
    status: text('status', { enum: MEMBER_STATUSES }).notNull(),
    createdAt: integer('created_at').notNull(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // A person's groups (their statement, "Needs you" for the officers).
    index('savings_group_members_user_idx').on(t.userId, t.status),
    // One chair, one treasurer, one secretary among the active members.
    uniqueIndex('savings_group_officer_unique').on(t.groupId, t.role).where(sql`${t.role} <> 'member' AND ${t.status} = 'active'`),
  ],
);

export const savingsCycles = sqliteTable(
  'savings_cycles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    groupId: integer('group_id')
      .notNull()
      .references(() => savingsGroups.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    // Calendar dates (YYYY-MM-DD) in the group's zone.
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    status: text('status', { enum: CYCLE_STATUSES }).notNull().default('open'),
    ...ruleColumns(),
    openedBy: text('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: integer('opened_at').notNull(),
    closedAt: integer('closed_at'),
  },
  (t) => [
    uniqueIndex('savings_cycles_number_unique').on(t.groupId, t.number),
    // One open cycle a group: two officers opening at once, one wins.
    uniqueIndex('savings_cycles_open_unique').on(t.groupId).where(sql`${t.status} = 'open'`),
  ],
);

export const savingsMeetings = sqliteTable(
  'savings_meetings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    groupId: integer('group_id')
      .notNull()
      .references(() => savingsGroups.id, { onDelete: 'cascade' }),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => savingsCycles.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    date: text('date').notNull(),
  },
  (t) => [uniqueIndex('savings_meetings_number_unique').on(t.cycleId, t.number)],
);

/**
 * Every movement of a group's money, appended and never edited in its amount: a member's shares
 * (with their count), social fund, fines, and (later) loans, repayments, grants and the
 * share-out. An entry moves pending → confirmed | rejected by one conditional UPDATE, by someone
 * other than whoever recorded or declared it; a confirmed entry is corrected by a reversing entry
 * (negated amount and shares, `reverses_id` set, confirmed at once) and marked reversed, so the
 * sum of amounts over confirmed and reversed rows is what the group really holds.
 */
export const savingsEntries = sqliteTable(
  'savings_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    groupId: integer('group_id')
      .notNull()
      .references(() => savingsGroups.id, { onDelete: 'cascade' }),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => savingsCycles.id, { onDelete: 'cascade' }),
    meetingId: integer('meeting_id').references(() => savingsMeetings.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    // Shares bought (kind 'shares'; negated on its reversal), else 0.
    shares: integer('shares').notNull().default(0),
    amount: integer('amount').notNull(),
    fineReason: text('fine_reason', { enum: FINE_REASONS }),
    method: text('method', { enum: ENTRY_METHODS }).notNull(),
    reference: text('reference'),
    proofUrl: text('proof_url'),
    status: text('status', { enum: ENTRY_STATUSES }).notNull(),
    // Who recorded it (an officer) or declared it (the member: recorded_by = member_id).
    recordedBy: text('recorded_by')
      .notNull()
      .references(() => users.id),
    confirmedBy: text('confirmed_by').references(() => users.id),
    decidedAt: integer('decided_at'),
    // Why it was rejected, or (on the reversing entry) why it was reversed.
    reason: text('reason'),
    // What a grant from the social fund is for (a member's emergency), in the proposing officer's words.
    purpose: text('purpose'),
    reversesId: integer('reverses_id'),
    // A reversal takes two officers: the first proposes it with a reason (on the confirmed entry),
    // a second, neither the proposer nor the member, writes the reversing entry.
    reversalProposedBy: text('reversal_proposed_by').references(() => users.id),
    reversalReason: text('reversal_reason'),
    reversalProposedAt: integer('reversal_proposed_at'),
    // Given when a second officer confirms it (its receipt's number, per group across entries and repayments).
    receiptNo: integer('receipt_no'),
    // When a grant's beneficiary confirmed receiving it (the officers approved it; they say they have it).
    receivedAt: integer('received_at'),
    // The loan a disbursement or a repayment's interest and principal belong to.
    loanId: integer('loan_id').references(() => savingsLoans.id, { onDelete: 'cascade' }),
    // The confirmed repayment whose interest, penalty or principal this is (its receipt shows the split).
    repaymentId: integer('repayment_id').references(() => savingsLoanRepayments.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    // A loan's money (its statement, its position when a repayment is allocated).
    index('savings_entries_loan_idx').on(t.loanId, t.kind).where(sql`${t.loanId} IS NOT NULL`),
    // A member's own statement, a group's totals by member.
    index('savings_entries_member_idx').on(t.groupId, t.memberId, t.cycleId),
    // What waits for an officer ("Needs you", the treasurer's view).
    index('savings_entries_pending_idx').on(t.groupId, t.createdAt).where(sql`${t.status} = 'pending'`),
    // A meeting's records.
    index('savings_entries_meeting_idx').on(t.meetingId, t.memberId),
    // An entry is reversed at most once: two officers reversing at once, one wins.
    uniqueIndex('savings_entries_reverses_unique').on(t.reversesId),
    uniqueIndex('savings_entries_receipt_unique').on(t.groupId, t.receiptNo),
    // One live purchase of shares and one social fund payment per member and meeting; one fine of each reason.
    uniqueIndex('savings_entries_live_unique')
      .on(t.meetingId, t.memberId, t.kind)
      .where(sql`${t.status} IN ('pending', 'confirmed') AND ${t.reversesId} IS NULL AND ${t.kind} IN ('shares', 'social_fund')`),
    uniqueIndex('savings_entries_live_fine_unique')
      .on(t.meetingId, t.memberId, t.fineReason)
      .where(sql`${t.status} IN ('pending', 'confirmed') AND ${t.reversesId} IS NULL AND ${t.kind} = 'fine'`),
    check('savings_entries_sign', sql`(${t.reversesId} IS NULL AND ${t.amount} > 0) OR (${t.reversesId} IS NOT NULL AND ${t.amount} < 0)`),
  ],
);

/**
 * A loan from the loan fund: its terms copied from the cycle's rules when requested (the rate and
 * method), approved by two officers other than the borrower, and its money in `savings_entries`
 * (the disbursement, each repayment's interest and principal), never on this row.
 */
export const savingsLoans = sqliteTable(
  'savings_loans',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    groupId: integer('group_id')
      .notNull()
      .references(() => savingsGroups.id, { onDelete: 'cascade' }),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => savingsCycles.id, { onDelete: 'cascade' }),
    borrowerId: text('borrower_id')
      .notNull()
      .references(() => users.id),
    principal: integer('principal').notNull(),
    periods: integer('periods').notNull(),
    rateBps: integer('rate_bps').notNull(),
    interestMethod: text('interest_method', { enum: INTEREST_METHODS }).notNull(),
    purpose: text('purpose').notNull(),
    // What the guarantors' savings hold against it: the principal above the borrower's own savings.
    guaranteed: integer('guaranteed').notNull().default(0),
    // What of the borrower's own savings back it, held from the second approval while it is live (the rest is guaranteed).
    ownHold: integer('own_hold').notNull().default(0),
    status: text('status', { enum: LOAN_STATUSES }).notNull(),
    approvedBy: text('approved_by').references(() => users.id),
    secondApprovedBy: text('second_approved_by').references(() => users.id),
    // The day (in the group's zone) the borrower confirmed receiving it: installments fall due monthly from it.
    disbursedOn: text('disbursed_on'),
    decidedBy: text('decided_by').references(() => users.id),
    // Why it was refused, in the officer's words; or a code the screens translate when nobody wrote one.
    reason: text('reason'),
    reasonCode: text('reason_code', { enum: LOAN_REASON_CODES }),
    // Writing off takes two officers: the first proposes with a reason, a second decides it; the
    // principal still owed then is kept, as the fund's loss (conservation.ts).
    writeOffProposedBy: text('write_off_proposed_by').references(() => users.id),
    writeOffReason: text('write_off_reason'),
    writtenOffBy: text('written_off_by').references(() => users.id),
    writtenOff: integer('written_off').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('savings_loans_group_idx').on(t.groupId, t.status),
    // One loan at a time a member: two requests at once, one is taken.
    uniqueIndex('savings_loans_live_unique').on(t.groupId, t.borrowerId).where(sql`${t.status} IN ('requested', 'approved', 'disbursing', 'active')`),
  ],
);

/** Who stands behind a loan, their answer, and what of their savings it holds once approved. */
export const savingsLoanGuarantors = sqliteTable(
  'savings_loan_guarantors',
  {
    loanId: integer('loan_id')
      .notNull()
      .references(() => savingsLoans.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: GUARANTOR_STATUSES }).notNull().default('pending'),
    hold: integer('hold').notNull().default(0),
    decidedAt: integer('decided_at'),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.userId] }), index('savings_loan_guarantors_user_idx').on(t.userId, t.status)],
);

/**
 * A repayment waiting for an officer (recorded by another officer, or declared by the borrower).
 * Confirming it allocates it, interest first, against the loan's position at that moment and writes
 * the interest and principal entries; allocating when confirmed, not when recorded, keeps two
 * repayments waiting at once from both paying the same interest.
 */
export const savingsLoanRepayments = sqliteTable(
  'savings_loan_repayments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    loanId: integer('loan_id')
      .notNull()
      .references(() => savingsLoans.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    method: text('method', { enum: ENTRY_METHODS }).notNull(),
    reference: text('reference'),
    proofUrl: text('proof_url'),
    status: text('status', { enum: REPAYMENT_STATUSES }).notNull().default('pending'),
    recordedBy: text('recorded_by')
      .notNull()
      .references(() => users.id),
    confirmedBy: text('confirmed_by').references(() => users.id),
    decidedAt: integer('decided_at'),
    reason: text('reason'),
    // Given when confirmed, from the group's one sequence (savings_groups.last_receipt_no).
    receiptNo: integer('receipt_no'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('savings_loan_repayments_loan_idx').on(t.loanId, t.status)],
);

/**
 * Closing a cycle with its share-out: one officer proposes it (with the loans the group carries
 * into the next cycle and the fund and shares it was computed on), a second confirms it, which
 * writes one `share_out` entry per member and closes the cycle, or rejects it; the proposer may
 * withdraw it. One proposal waits per cycle and one is confirmed (partial unique indexes), and
 * every move is a conditional UPDATE `WHERE status = 'pending'`.
 */
export const savingsShareOuts = sqliteTable(
  'savings_share_outs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    groupId: integer('group_id')
      .notNull()
      .references(() => savingsGroups.id, { onDelete: 'cascade' }),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => savingsCycles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SHARE_OUT_STATUSES }).notNull().default('pending'),
    proposedBy: text('proposed_by')
      .notNull()
      .references(() => users.id),
    // The active loans the group carries into the next cycle: a JSON array of loan ids, ascending.
    carriedLoanIds: text('carried_loan_ids').notNull().default('[]'),
    // What the proposal was computed on; the confirmation recomputes and refuses (409) if they moved.
    fund: integer('fund').notNull(),
    totalShares: integer('total_shares').notNull(),
    // A SHA-256 of the proposed lines (userId:shares:amount, by member): an equal swap between members
    // keeps the fund and the total shares but not this. Empty for proposals made before it was kept,
    // which are refused as moved: rejected and proposed again.
    linesDigest: text('lines_digest').notNull().default(''),
    // Set when confirmed: what the entries paid out and what rounding left in the fund.
    paidOut: integer('paid_out'),
    carried: integer('carried'),
    decidedBy: text('decided_by').references(() => users.id),
    decidedAt: integer('decided_at'),
    reason: text('reason'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('savings_share_outs_pending_unique').on(t.cycleId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('savings_share_outs_confirmed_unique').on(t.cycleId).where(sql`${t.status} = 'confirmed'`),
    index('savings_share_outs_group_idx').on(t.groupId, t.status),
  ],
);

/**
 * A late penalty posted on a loan: one an installment, claimed by this primary key, so the job
 * running twice (or two runners) posts it once. What it adds is owed, not money: paying it writes a
 * `penalty` entry when a repayment is confirmed.
 */
export const savingsLoanPenalties = sqliteTable(
  'savings_loan_penalties',
  {
    loanId: integer('loan_id')
      .notNull()
      .references(() => savingsLoans.id, { onDelete: 'cascade' }),
    installment: integer('installment').notNull(),
    amount: integer('amount').notNull(),
    // The installment's due date (the group's calendar) and the day it was posted.
    dueDate: text('due_date').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.installment] })],
);

export type SavingsGroupRow = typeof savingsGroups.$inferSelect;
export type SavingsCycleRow = typeof savingsCycles.$inferSelect;
export type SavingsEntryRow = typeof savingsEntries.$inferSelect;
export type SavingsLoanRow = typeof savingsLoans.$inferSelect;
export type SavingsShareOutRow = typeof savingsShareOuts.$inferSelect;
