import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { communities } from './communities';
import { circles } from './njangi';
import { users } from './users';

/*
 * The books' history brought in from a community's old spreadsheet (opening balances, past
 * payments and expenses). Money is never written by the person who brings it in alone: the
 * import waits here, its rows read and checked, until another finance officer confirms it
 * (its entries are then appended, marked imported, in one transaction) or it is rejected.
 */
export const LEDGER_IMPORT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type LedgerImportStatus = (typeof LEDGER_IMPORT_STATUSES)[number];

export const ledgerImports = sqliteTable(
  'ledger_imports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    status: text('status', { enum: LEDGER_IMPORT_STATUSES }).notNull().default('pending'),
    fileName: text('file_name').notNull(),
    // The checked rows as JSON (LedgerImportRow[]): what confirming appends, exactly as previewed.
    rows: text('rows').notNull(),
    rowCount: integer('row_count').notNull(),
    // Totals in minor units, for the list and the confirmation's notice.
    totalIn: integer('total_in').notNull(),
    totalOut: integer('total_out').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at'),
    reason: text('reason'),
  },
  (t) => [index('ledger_imports_community_idx').on(t.communityId, t.status, t.id)],
);

/*
 * A savings circle already running, brought in from its organiser's spreadsheet: its hands in
 * payout order, the rounds each has paid and the rounds already paid out. Like the books'
 * history it is money, so it waits here until one of the community's finance officers other
 * than the organiser confirms it; confirming starts the circle, dated from its real first due
 * date, and writes its past contributions and payouts in one transaction.
 */
export const circleImports = sqliteTable(
  'circle_imports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: LEDGER_IMPORT_STATUSES }).notNull().default('pending'),
    fileName: text('file_name').notNull(),
    // The circle's real first due date (YYYY-MM-DD in its zone): its rounds are dated from it.
    firstDueDate: text('first_due_date').notNull(),
    // The checked rows as JSON (CircleImportRow[]): what confirming writes, exactly as previewed.
    rows: text('rows').notNull(),
    rowCount: integer('row_count').notNull(),
    // How many contributions and payouts confirming writes, and the money they bring in (minor units).
    contributions: integer('contributions').notNull(),
    payouts: integer('payouts').notNull(),
    total: integer('total').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at'),
    reason: text('reason'),
  },
  (t) => [
    index('circle_imports_community_idx').on(t.communityId, t.status, t.id),
    // One import waits per circle at a time: a second would start the same circle twice.
    uniqueIndex('circle_imports_pending_unique')
      .on(t.circleId)
      .where(sql`status = 'pending'`),
  ],
);
