import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { communities } from './communities';
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
