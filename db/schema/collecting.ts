import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { communities } from './communities';
import { financeAccounts, payments } from './finances';
import { users } from './users';

/*
 * Collecting money the way members pay: what an account of the books tells members who pay into
 * it, each member's payment reference, and the statements a treasurer brings in to match against
 * the declared payments. Money itself stays in payments and the ledger (finances.ts).
 */

/** How to pay into one account of the books: shown to members with a copy button, a USSD string to dial, an app link. */
export const paymentInstructions = sqliteTable('payment_instructions', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => financeAccounts.id, { onDelete: 'cascade' }),
  communityId: integer('community_id')
    .notNull()
    .references(() => communities.id, { onDelete: 'cascade' }),
  // e.g. MTN MoMo, Orange Money, M-Pesa, Wave, a bank's name.
  provider: text('provider'),
  // The wallet number or merchant / till / paybill code members send to.
  number: text('number'),
  accountName: text('account_name'),
  // Free text for a bank: account number, IBAN, routing or sort code, SWIFT.
  bankDetails: text('bank_details'),
  // A USSD string the phone dials (tel:), and a link the provider documents for its app.
  ussd: text('ussd'),
  appLink: text('app_link'),
  note: text('note'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: integer('updated_at').notNull(),
});

/** A member's short, stable payment reference in one community (HB-4K7Q), asked for in the transfer's note. */
export const paymentReferences = sqliteTable(
  'payment_references',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] }), uniqueIndex('payment_references_unique').on(t.communityId, t.reference)],
);

/** How an account's statements name their columns (date, amount, reference, counterparty, transaction id), remembered for the next upload. */
export const statementMappings = sqliteTable('statement_mappings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => financeAccounts.id, { onDelete: 'cascade' }),
  // JSON: { date, amount, reference?, counterparty?, transactionId?, credit?, debit? } → the file's column headers.
  columns: text('columns').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: integer('updated_at').notNull(),
});

/** One statement file brought in. */
export const statementImports = sqliteTable(
  'statement_imports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => financeAccounts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    lines: integer('lines').notNull(),
    // Lines already brought in by an earlier upload, recognised and skipped.
    skipped: integer('skipped').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('statement_imports_community_idx').on(t.communityId, t.id)],
);

export const STATEMENT_LINE_STATUSES = ['open', 'matched', 'recorded', 'ignored'] as const;

/**
 * One line of a statement. Its fingerprint (the day, amount, reference, counterparty, transaction
 * id and how many identical lines came before it in the file) is unique per account, so the same
 * statement uploaded twice adds nothing. 'matched': a declared payment was confirmed from it;
 * 'recorded': a new payment was recorded from it; 'ignored' with a reason.
 */
export const statementLines = sqliteTable(
  'statement_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    importId: integer('import_id')
      .notNull()
      .references(() => statementImports.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => financeAccounts.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    // The line's number in its file (1 is the first line after the header), for messages.
    lineNo: integer('line_no').notNull(),
    bookedOn: text('booked_on').notNull(),
    // Minor units of the books' currency; money in is positive.
    amount: integer('amount').notNull(),
    reference: text('reference'),
    counterparty: text('counterparty'),
    transactionId: text('transaction_id'),
    status: text('status', { enum: STATEMENT_LINE_STATUSES }).notNull().default('open'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    reason: text('reason'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at'),
  },
  (t) => [
    uniqueIndex('statement_lines_fingerprint_unique').on(t.accountId, t.fingerprint),
    index('statement_lines_open_idx').on(t.communityId, t.id).where(sql`${t.status} = 'open'`),
    index('statement_lines_import_idx').on(t.importId, t.id),
  ],
);
