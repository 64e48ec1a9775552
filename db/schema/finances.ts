import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CURRENCY_CODES } from '../../src/shared/money';
import { communities } from './communities';
import { users } from './users';

/*
 * A community's books. Amounts are integers in the minor unit of the community's currency.
 * ledger_entries and finance_audit are append-only: triggers in the migration refuse UPDATE and
 * DELETE, so a correction is a reversing entry and history cannot be rewritten through the app.
 */

/*
 * What plain members see beyond their own statement: totals ('summary'), every entry with other
 * members' payments anonymised ('ledger'), every entry with names ('named_ledger', the explicit
 * choice to show members each other's payments), or nothing more ('own').
 */
export const TRANSPARENCY = ['summary', 'ledger', 'named_ledger', 'own'] as const;
export type Transparency = (typeof TRANSPARENCY)[number];

/** One row per community that has opened its books. */
export const financeSettings = sqliteTable('finance_settings', {
  communityId: integer('community_id')
    .primaryKey()
    .references(() => communities.id, { onDelete: 'cascade' }),
  currency: text('currency', { enum: CURRENCY_CODES as [string, ...string[]] }).notNull(),
  // What members (without the capability to see everything) see beyond their own statement.
  transparency: text('transparency', { enum: TRANSPARENCY }).notNull().default('summary'),
  // Expenses above this amount need two different approvers; null: one is enough.
  secondApprovalAbove: integer('second_approval_above'),
  // The last receipt number given in this community (receipts are numbered 1, 2, 3… per community).
  lastReceiptNo: integer('last_receipt_no').notNull().default(0),
  createdAt: integer('created_at').notNull(),
});

export const ACCOUNT_KINDS = ['cash', 'mobile', 'bank'] as const;

/** Where money sits: a cash box held by a named treasurer, a mobile-money wallet, a bank account. */
export const financeAccounts = sqliteTable(
  'finance_accounts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    holderId: text('holder_id').references(() => users.id, { onDelete: 'set null' }),
    // Kept in the same transaction as every entry; `npm run finances:verify` checks it against them.
    balance: integer('balance').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('finance_accounts_name_unique').on(t.communityId, t.name)],
);

export const CATEGORY_KINDS = ['income', 'expense'] as const;

/** What money was for: built-in categories (key set, translated) and a community's own (name set). */
export const financeCategories = sqliteTable(
  'finance_categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CATEGORY_KINDS }).notNull(),
    // A built-in category's key ('dues', 'venue', …); null for one a community named itself.
    builtIn: text('built_in'),
    name: text('name'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('finance_categories_community_idx').on(t.communityId, t.kind)],
);

export const ENTRY_KINDS = ['payment', 'expense', 'reversal'] as const;

/** The ledger: one row per movement of money, never changed once written. */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => financeAccounts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => financeCategories.id, { onDelete: 'cascade' }),
    // Positive: money in; negative: money out.
    amount: integer('amount').notNull(),
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    paymentId: integer('payment_id'),
    expenseId: integer('expense_id'),
    // A reversal names the entry it corrects (and an entry is reversed at most once).
    reversesId: integer('reverses_id'),
    memberId: text('member_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    // Brought in from the community's old spreadsheet (an opening balance or a past payment): dated
    // on the day it happened, with no payment record and no receipt of ours.
    imported: integer('imported', { mode: 'boolean' }).notNull().default(false),
    // An imported row's fingerprint (its day, account, amount, kind, member, reference and text):
    // the same row imported again is recognised and not written twice.
    importKey: text('import_key'),
  },
  (t) => [
    index('ledger_entries_community_idx').on(t.communityId, t.id),
    uniqueIndex('ledger_entries_reverses_unique').on(t.reversesId),
    // A member's own figures (statement, dues, overview) sum their entries.
    index('ledger_entries_member_idx').on(t.communityId, t.memberId, t.createdAt),
    uniqueIndex('ledger_entries_import_key_unique').on(t.communityId, t.importKey),
  ],
);

/**
 * Money in and out per community, month (UTC, 'YYYY-MM') and category, maintained with every
 * entry, so summaries and charts never sum the whole ledger.
 */
export const financeMonthly = sqliteTable(
  'finance_monthly',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => financeCategories.id, { onDelete: 'cascade' }),
    moneyIn: integer('money_in').notNull().default(0),
    moneyOut: integer('money_out').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.month, t.categoryId] })],
);

/*
 * pending → confirmed (an officer who neither made nor is the payment) or rejected; confirmed →
 * reversed, in the transaction that appends the reversing entry, so what people read follows the
 * ledger. The ledger stays the record of money: totals sum entries, never this status.
 */
export const PAYMENT_STATUSES = ['pending', 'confirmed', 'rejected', 'reversed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ['cash', 'mobile_money', 'bank_transfer', 'other'] as const;
// 'levy': a member's payment of a welfare levy or contribution (payments.levy_id names it).
// 'fine': a member's payment of a meeting's late or absence fine (payments.fine_id names it).
export const PAYMENT_PURPOSES = ['dues', 'donation', 'levy', 'fine'] as const;

/** Money a member says they paid (pending) until a treasurer confirms or rejects it. */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    // e.g. MTN MoMo, Orange Money, M-Pesa, Wave.
    provider: text('provider'),
    reference: text('reference'),
    proofUrl: text('proof_url'),
    note: text('note'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    // Why it was rejected, or why it was reversed.
    reason: text('reason'),
    accountId: integer('account_id').references(() => financeAccounts.id, { onDelete: 'cascade' }),
    receiptNo: integer('receipt_no'),
    // A levy payment: the welfare levy it pays (db/schema/welfare.ts), whose fund's category it lands in.
    levyId: integer('levy_id'),
    // A fine payment: the meeting fine it pays (db/schema/meetings.ts).
    fineId: integer('fine_id'),
    // The provider's transaction id (read from the pasted confirmation text or typed): one payment
    // per transfer in a community, so the same transfer cannot be claimed twice.
    transactionId: text('transaction_id'),
    // The confirmation text the member pasted, kept for the treasurer.
    smsText: text('sms_text'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    decidedAt: integer('decided_at'),
    // A past payment brought in from the old spreadsheet with the books' history: no receipt of ours.
    imported: integer('imported', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    index('payments_community_idx').on(t.communityId, t.status, t.id),
    index('payments_member_idx').on(t.communityId, t.memberId, t.id),
    // The authorised proof route finds the payment that names a file (who may read it).
    index('payments_proof_idx').on(t.proofUrl),
    uniqueIndex('payments_receipt_unique').on(t.communityId, t.receiptNo),
    index('payments_levy_idx').on(t.levyId).where(sql`${t.levyId} IS NOT NULL`),
    // A rejected payment frees its transaction id: the member may declare the transfer again, corrected.
    uniqueIndex('payments_transaction_unique').on(t.communityId, t.transactionId).where(sql`${t.transactionId} IS NOT NULL AND ${t.status} <> 'rejected'`),
    // "Needs you": a community's pending payments oldest first, with the columns that say who may not
    // confirm them (their authors), so the list and its count read the index alone.
    index('payments_waiting_idx').on(t.communityId, t.createdAt, t.id, t.memberId, t.recordedBy).where(sql`status = 'pending'`),
  ],
);

export const EXPENSE_STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

/** Money a community means to spend: approved by leaders other than its author, then paid from an account. */
export const expenses = sqliteTable(
  'expenses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => financeCategories.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    // Receipt files (upload URLs) as a JSON array.
    receipts: text('receipts').notNull().default('[]'),
    status: text('status', { enum: EXPENSE_STATUSES }).notNull().default('pending'),
    // How many approvals it needs (1, or 2 above the community's threshold), fixed when submitted or changed.
    approvalsNeeded: integer('approvals_needed').notNull().default(1),
    reason: text('reason'),
    paidFrom: integer('paid_from').references(() => financeAccounts.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('expenses_community_idx').on(t.communityId, t.status, t.id)],
);

/**
 * Everyone who put figures into an expense: whoever submitted it and whoever changed its amount,
 * description or category since. None of them approves, rejects or pays it (four eyes).
 */
export const expenseAuthors = sqliteTable(
  'expense_authors',
  {
    expenseId: integer('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.expenseId, t.userId] })],
);

/** One row per leader who approved an expense (a leader approves an expense once). */
export const expenseApprovals = sqliteTable(
  'expense_approvals',
  {
    expenseId: integer('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    approverId: text('approver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('expense_approvals_unique').on(t.expenseId, t.approverId)],
);

/**
 * Every finance action, hash-chained: each row's hash covers its own fields and the previous
 * row's hash, so editing, inserting or deleting a row in the file breaks the chain from there on.
 */
export const financeAudit = sqliteTable(
  'finance_audit',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id').notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    details: text('details').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('finance_audit_community_idx').on(t.communityId, t.id)],
);

export const DUES_PERIODS = ['monthly', 'quarterly', 'yearly', 'once'] as const;
export type DuesPeriod = (typeof DUES_PERIODS)[number];

/** What members owe, how often: each member's obligations are generated per period from it. */
export const duesPlans = sqliteTable(
  'dues_plans',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    amount: integer('amount').notNull(),
    period: text('period', { enum: DUES_PERIODS }).notNull(),
    // Day of the period's first month on which it is due (1–28, so every month has it).
    dueDay: integer('due_day').notNull(),
    graceDays: integer('grace_days').notNull().default(0),
    // The first period (YYYY-MM-DD within it); obligations start there.
    startsOn: text('starts_on').notNull(),
    // Everyone who is a member, or only the members chosen in dues_plan_members.
    allMembers: integer('all_members', { mode: 'boolean' }).notNull().default(true),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('dues_plans_community_idx').on(t.communityId)],
);

export const duesPlanMembers = sqliteTable(
  'dues_plan_members',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => duesPlans.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.userId] })],
);

/**
 * One member's dues for one period of one plan. `paid` is how much of it the member's confirmed
 * dues payments cover: their total is spread over the obligations oldest first, and spread again
 * whenever it changes (a confirmation, a reversal, a new obligation).
 */
export const duesObligations = sqliteTable(
  'dues_obligations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    planId: integer('plan_id')
      .notNull()
      .references(() => duesPlans.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // '2026-06', '2026-Q2', '2026' or 'once'.
    periodKey: text('period_key').notNull(),
    dueAt: integer('due_at').notNull(),
    amount: integer('amount').notNull(),
    paid: integer('paid').notNull().default(0),
  },
  (t) => [
    uniqueIndex('dues_obligations_unique').on(t.planId, t.memberId, t.periodKey),
    index('dues_obligations_member_idx').on(t.communityId, t.memberId, t.dueAt),
    index('dues_obligations_due_idx').on(t.dueAt),
    // Standing reads a member's unpaid obligations on every vote.
    index('dues_obligations_unpaid_idx').on(t.communityId, t.memberId, t.dueAt).where(sql`${t.paid} < ${t.amount}`),
  ],
);

/** Reminders already sent, so each obligation (or a plan's period, for the treasurer) is reminded at most once per kind. */
export const duesReminders = sqliteTable(
  'dues_reminders',
  {
    // 'obligation:<id>' or 'period:<planId>:<periodKey>'.
    subject: text('subject').notNull(),
    kind: text('kind', { enum: ['before', 'overdue', 'treasurer'] }).notNull(),
    sentAt: integer('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.kind] })],
);

/** What a community plans to take in or spend per category and year. */
export const budgets = sqliteTable(
  'budgets',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => financeCategories.id, { onDelete: 'cascade' }),
    planned: integer('planned').notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.year, t.categoryId] })],
);
