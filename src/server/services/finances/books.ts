import { and, asc, count, eq, sql } from 'drizzle-orm';
import { financeAccounts, financeCategories, financeSettings, ledgerEntries, payments, expenses } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { Currency } from '@shared/money';
import { conflict, fieldError, notFound } from '../errors';
import { recordFinanceAction } from './audit';
import { isDatabase, prepared } from '../prepared';

/** Built-in categories every community's books start with (their names are translated on screen). */
export const BUILT_IN_CATEGORIES = {
  income: ['dues', 'donation', 'eventIncome', 'otherIncome'],
  expense: ['events', 'venue', 'welfare', 'projects', 'administration', 'otherExpense'],
} as const;
export type BuiltInCategory = (typeof BUILT_IN_CATEGORIES)[keyof typeof BUILT_IN_CATEGORIES][number];

export type Books = typeof financeSettings.$inferSelect & { currency: Currency };

export function findBooks(db: DbLike, communityId: number): Books | undefined {
  // Every finance request asks: prepared when given the database (prepared.ts).
  if (isDatabase(db)) {
    return prepared(db, 'finances.books', (d) => d.select().from(financeSettings).where(eq(financeSettings.communityId, sql.placeholder('communityId'))).prepare()).get({ communityId }) as
      | Books
      | undefined;
  }
  return db.select().from(financeSettings).where(eq(financeSettings.communityId, communityId)).get() as Books | undefined;
}

/** The community's books, or a refusal when it has not opened them. */
export function requireBooks(db: DbLike, communityId: number): Books {
  const books = findBooks(db, communityId);
  if (!books) throw conflict('errors.finances.notOpened');
  return books;
}

/**
 * Amounts are integers in the books' currency: one sent saying another currency is refused (400
 * naming the books' currency) rather than booked as if it were theirs. Saying none means theirs.
 */
export function assertBooksCurrency(books: Books, currency: string | undefined) {
  if (currency !== undefined && currency !== books.currency) throw fieldError('invalid', 'currency', 'errors.finances.currencyMismatch', { currency: books.currency });
}

type SettingsChange = { currency?: Currency; transparency?: Books['transparency']; secondApprovalAbove?: number | null };

/**
 * Opens the books (currency, built-in categories, a cash box held by whoever opened them) or
 * changes their settings. The currency changes only while nothing has been recorded in it.
 */
export function saveFinanceSettings(
  db: DB,
  p: { communityId: number; actorId: string; changes: SettingsChange; cashBoxName: string; now: number },
): Books {
  return db.transaction((tx) => {
    const books = findBooks(tx, p.communityId);
    if (!books) {
      tx.insert(financeSettings)
        .values({
          communityId: p.communityId,
          currency: p.changes.currency ?? 'XAF',
          transparency: p.changes.transparency ?? 'summary',
          secondApprovalAbove: p.changes.secondApprovalAbove ?? null,
          createdAt: p.now,
        })
        .run();
      for (const [kind, keys] of Object.entries(BUILT_IN_CATEGORIES) as [keyof typeof BUILT_IN_CATEGORIES, readonly string[]][]) {
        for (const key of keys) tx.insert(financeCategories).values({ communityId: p.communityId, kind, builtIn: key, createdAt: p.now }).run();
      }
      tx.insert(financeAccounts).values({ communityId: p.communityId, name: p.cashBoxName, kind: 'cash', holderId: p.actorId, createdAt: p.now }).run();
      recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'books.opened', subject: `community:${p.communityId}`, details: { ...p.changes }, now: p.now });
      return findBooks(tx, p.communityId)!;
    }
    if (p.changes.currency && p.changes.currency !== books.currency && hasRecords(tx, p.communityId)) throw conflict('errors.finances.currencyLocked');
    const changes = {
      ...(p.changes.currency ? { currency: p.changes.currency } : {}),
      ...(p.changes.transparency ? { transparency: p.changes.transparency } : {}),
      ...(p.changes.secondApprovalAbove !== undefined ? { secondApprovalAbove: p.changes.secondApprovalAbove } : {}),
    };
    // Nothing to change: the books as they are, and no audit record of a change that did not happen
    // (an empty SET is not SQL: drizzle throws, which answered 500).
    if (Object.keys(changes).length === 0) return books;
    tx.update(financeSettings).set(changes).where(eq(financeSettings.communityId, p.communityId)).run();
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'settings.changed', subject: `community:${p.communityId}`, details: { ...p.changes }, now: p.now });
    return findBooks(tx, p.communityId)!;
  });
}

/** Whether anything is recorded in the books' currency (a payment of any state, an expense, an entry): then it can no longer change. */
export function hasRecords(tx: DbLike, communityId: number): boolean {
  const n = (table: typeof ledgerEntries | typeof payments | typeof expenses) =>
    tx.select({ n: count() }).from(table).where(eq(table.communityId, communityId)).get()!.n;
  return n(ledgerEntries) + n(payments) + n(expenses) > 0;
}

export function listAccounts(db: DbLike, communityId: number) {
  return db
    .select({ id: financeAccounts.id, name: financeAccounts.name, kind: financeAccounts.kind, holderId: financeAccounts.holderId, balance: financeAccounts.balance })
    .from(financeAccounts)
    .where(eq(financeAccounts.communityId, communityId))
    .orderBy(asc(financeAccounts.id))
    .all();
}

export function createAccount(db: DB, p: { communityId: number; actorId: string; name: string; kind: 'cash' | 'mobile' | 'bank'; holderId: string | null; now: number }) {
  return db.transaction((tx) => {
    const clash = tx.select({ id: financeAccounts.id }).from(financeAccounts).where(and(eq(financeAccounts.communityId, p.communityId), sql`lower(${financeAccounts.name}) = lower(${p.name})`)).get();
    if (clash) throw conflict('errors.finances.accountTaken');
    const row = tx.insert(financeAccounts).values({ communityId: p.communityId, name: p.name, kind: p.kind, holderId: p.holderId, createdAt: p.now }).returning().get();
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'account.created', subject: `account:${row.id}`, details: { name: p.name, kind: p.kind }, now: p.now });
    return row;
  });
}

/** An account of this community (scoped in the query), or 404. */
export function accountOf(db: DbLike, communityId: number, accountId: number) {
  const row = db.select().from(financeAccounts).where(and(eq(financeAccounts.id, accountId), eq(financeAccounts.communityId, communityId))).get();
  if (!row) throw notFound('errors.finances.accountNotFound');
  return row;
}

export function listCategories(db: DbLike, communityId: number) {
  return db
    .select({ id: financeCategories.id, kind: financeCategories.kind, builtIn: financeCategories.builtIn, name: financeCategories.name })
    .from(financeCategories)
    .where(eq(financeCategories.communityId, communityId))
    .orderBy(asc(financeCategories.id))
    .all();
}

export function createCategory(db: DB, p: { communityId: number; actorId: string; kind: 'income' | 'expense'; name: string; now: number }) {
  return db.transaction((tx) => {
    const row = tx.insert(financeCategories).values({ communityId: p.communityId, kind: p.kind, name: p.name, createdAt: p.now }).returning().get();
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'category.created', subject: `category:${row.id}`, details: { name: p.name, kind: p.kind }, now: p.now });
    return { id: row.id, kind: row.kind, builtIn: row.builtIn, name: row.name };
  });
}

/** A category of this community and of the wanted kind, or a refusal. */
export function categoryOf(db: DbLike, communityId: number, categoryId: number, kind: 'income' | 'expense') {
  const row = db.select().from(financeCategories).where(and(eq(financeCategories.id, categoryId), eq(financeCategories.communityId, communityId))).get();
  if (!row) throw notFound('errors.finances.categoryNotFound');
  if (row.kind !== kind) throw conflict(kind === 'income' ? 'errors.finances.incomeCategory' : 'errors.finances.expenseCategory');
  return row;
}

/** The id of a built-in category (created when the books were opened). */
export function builtInCategoryId(db: DbLike, communityId: number, key: BuiltInCategory): number {
  return db
    .select({ id: financeCategories.id })
    .from(financeCategories)
    .where(and(eq(financeCategories.communityId, communityId), eq(financeCategories.builtIn, key)))
    .get()!.id;
}
