import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CASE_STATUSES, DEPENDANT_RELATIONSHIPS, FINANCING, FUND_KINDS, RELATIONSHIPS } from '../../src/shared/welfare/rules';
import { communities } from './communities';
import { financeAccounts, financeCategories } from './finances';
import { users } from './users';

/*
 * The welfare fund (bereavement, medical, repatriation): funds with versioned rules, the dependants
 * members register, cases, the levies they raise and the benefit they pay. Money moves through the
 * community's books (levy payments are `payments` with purpose 'levy'; the benefit is a ledger
 * entry out of the fund's expense category), so the ledger stays the record of money; these tables
 * say what the money was for. Instants are epoch milliseconds; amounts integers in the minor unit
 * of the books' currency.
 */

export const welfareFunds = sqliteTable(
  'welfare_funds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: FUND_KINDS }).notNull(),
    financing: text('financing', { enum: FINANCING }).notNull(),
    // The fund's own categories in the books: levies and contributions in, benefits out.
    incomeCategoryId: integer('income_category_id')
      .notNull()
      .references(() => financeCategories.id, { onDelete: 'cascade' }),
    expenseCategoryId: integer('expense_category_id')
      .notNull()
      .references(() => financeCategories.id, { onDelete: 'cascade' }),
    // The rules in force (the newest of welfare_fund_versions); a case keeps the version it opened under.
    version: integer('version').notNull().default(1),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('welfare_funds_name_unique').on(t.communityId, sql`lower(${t.name})`)],
);

/** Every version of a fund's rules, never changed once written (JSON of shared/schemas/welfare.ts FundRules). */
export const welfareFundVersions = sqliteTable(
  'welfare_fund_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    fundId: integer('fund_id')
      .notNull()
      .references(() => welfareFunds.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    rules: text('rules').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('welfare_fund_versions_unique').on(t.fundId, t.version)],
);

/** The people a member registers as covered: spouse, children, parents, parents-in-law, siblings. */
export const welfareDependants = sqliteTable(
  'welfare_dependants',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relationship: text('relationship', { enum: DEPENDANT_RELATIONSHIPS }).notNull(),
    // Cover starts once the fund's waiting period has run from here.
    addedAt: integer('added_at').notNull(),
    removedAt: integer('removed_at'),
  },
  (t) => [index('welfare_dependants_member_idx').on(t.communityId, t.memberId, t.relationship, t.addedAt)],
);

export const welfareCases = sqliteTable(
  'welfare_cases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    fundId: integer('fund_id')
      .notNull()
      .references(() => welfareFunds.id, { onDelete: 'cascade' }),
    // The rules in force when the case opened.
    fundVersion: integer('fund_version').notNull(),
    // The covered member, and the dependant the case is for (null: the member themself).
    memberId: text('member_id')
      .notNull()
      .references(() => users.id),
    dependantId: integer('dependant_id').references(() => welfareDependants.id),
    relationship: text('relationship', { enum: RELATIONSHIPS }).notNull(),
    subjectName: text('subject_name').notNull(),
    description: text('description').notNull().default(''),
    // Who receives the benefit and confirms it: a member of the community.
    beneficiaryId: text('beneficiary_id')
      .notNull()
      .references(() => users.id),
    benefitAmount: integer('benefit_amount').notNull(),
    // Who opened it: the member, a family member who is also a member, or an officer.
    openedBy: text('opened_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('open'),
    verifiedBy: text('verified_by').references(() => users.id),
    approvedBy: text('approved_by').references(() => users.id),
    rejectedBy: text('rejected_by').references(() => users.id),
    rejectReason: text('reject_reason'),
    // The levy, once issued: each eligible member's amount, when it falls due, how many were levied.
    levyAmount: integer('levy_amount'),
    levyDueAt: integer('levy_due_at'),
    levyIssuedAt: integer('levy_issued_at'),
    levyIssuedBy: text('levy_issued_by').references(() => users.id),
    levyCount: integer('levy_count'),
    // The benefit's payment: the ledger entry (money out of the fund or the general books) and its paper.
    benefitEntryId: integer('benefit_entry_id'),
    benefitAccountId: integer('benefit_account_id').references(() => financeAccounts.id),
    benefitMethod: text('benefit_method'),
    benefitReference: text('benefit_reference'),
    benefitProofUrl: text('benefit_proof_url'),
    benefitPaidBy: text('benefit_paid_by').references(() => users.id),
    benefitPaidAt: integer('benefit_paid_at'),
    benefitConfirmedAt: integer('benefit_confirmed_at'),
    // A condolence announcement, posted only with the family's consent noted.
    condolenceConsent: text('condolence_consent'),
    condolenceAnnouncementId: integer('condolence_announcement_id'),
    closedBy: text('closed_by').references(() => users.id),
    closedAt: integer('closed_at'),
    closeNote: text('close_note'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('welfare_cases_community_idx').on(t.communityId, t.id),
    // The cases waiting in a community by status (a status filter on the list, "Needs you" per community).
    index('welfare_cases_status_idx').on(t.communityId, t.status),
    index('welfare_cases_fund_idx').on(t.fundId, t.status),
    index('welfare_cases_proof_idx').on(t.benefitProofUrl),
  ],
);

/** The supporting papers of a case (a death certificate, a hospital letter): private proofs. */
export const welfareCaseDocuments = sqliteTable(
  'welfare_case_documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    caseId: integer('case_id')
      .notNull()
      .references(() => welfareCases.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    label: text('label').notNull().default(''),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('welfare_case_documents_case_idx').on(t.caseId), index('welfare_case_documents_url_idx').on(t.url)],
);

/**
 * What a member owes the fund: a case's levy (case_id) or a month's contribution (period_key).
 * `paid` is the member's confirmed payments for it, net of reversals (from the ledger, recomputed
 * whenever one is confirmed or reversed). Unpaid past `overdue_after` it counts as arrears.
 * A member is levied once per case and charged once per month: unique indexes.
 */
export const welfareLevies = sqliteTable(
  'welfare_levies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    fundId: integer('fund_id')
      .notNull()
      .references(() => welfareFunds.id, { onDelete: 'cascade' }),
    caseId: integer('case_id').references(() => welfareCases.id, { onDelete: 'cascade' }),
    periodKey: text('period_key'),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    paid: integer('paid').notNull().default(0),
    dueAt: integer('due_at').notNull(),
    // The due date plus the fund's grace days: unpaid after this, it is arrears.
    overdueAfter: integer('overdue_after').notNull(),
    // Progress of its notices (the welfare job): told when issued, reminded before and after the due date.
    toldAt: integer('told_at'),
    remindedBefore: integer('reminded_before'),
    remindedOverdue: integer('reminded_overdue'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('welfare_levies_case_member_unique').on(t.caseId, t.memberId).where(sql`${t.caseId} IS NOT NULL`),
    uniqueIndex('welfare_levies_period_member_unique').on(t.fundId, t.periodKey, t.memberId).where(sql`${t.periodKey} IS NOT NULL`),
    // Standing reads a member's unpaid levies on every vote.
    index('welfare_levies_unpaid_idx').on(t.communityId, t.memberId, t.overdueAfter).where(sql`${t.paid} < ${t.amount}`),
    index('welfare_levies_member_idx').on(t.communityId, t.memberId, t.id),
    index('welfare_levies_case_idx').on(t.caseId),
    index('welfare_levies_untold_idx').on(t.id).where(sql`${t.toldAt} IS NULL`),
  ],
);

export type WelfareFundRow = typeof welfareFunds.$inferSelect;
export type WelfareCaseRow = typeof welfareCases.$inferSelect;
export type WelfareLevyRow = typeof welfareLevies.$inferSelect;
