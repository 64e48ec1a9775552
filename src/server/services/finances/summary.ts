import type { DbLike } from '../../../../db/database';
import { requireBooks, listAccounts, listCategories, findBooks, hasRecords } from './books';
import { cashFlowMonths } from '@shared/finances/cash-flow';
import { monthlyTotals } from './ledger';
import { membersSeeLedger } from './entry-privacy';
import { listPayments, memberTotals } from './payments';
import { and, asc, count, eq, sum } from 'drizzle-orm';
import { expenses, financeMonthly, payments } from '../../../../db/schema';

/**
 * What one person sees of the books. Officers (who record) see everything; other members see
 * totals and categories when the community shows them ('summary' or 'ledger'), and always their
 * own statement. Nobody sees another member's payments or arrears here.
 */
export function financeSummary(db: DbLike, p: { communityId: number; viewerId: string; officer: boolean; year: number }) {
  const books = findBooks(db, p.communityId);
  if (!books) return { opened: false as const };
  const own = memberTotals(db, { communityId: p.communityId, memberId: p.viewerId, year: p.year });
  const showTotals = p.officer || books.transparency !== 'own';
  const months = showTotals ? monthlyTotals(db, { communityId: p.communityId, year: p.year }) : null;
  const byCategory = new Map<number, { moneyIn: number; moneyOut: number }>();
  for (const m of months ?? []) {
    const c = byCategory.get(m.categoryId) ?? { moneyIn: 0, moneyOut: 0 };
    c.moneyIn += m.moneyIn;
    c.moneyOut += m.moneyOut;
    byCategory.set(m.categoryId, c);
  }
  const pending = (table: typeof payments | typeof expenses) =>
    db.select({ n: count() }).from(table).where(and(eq(table.communityId, p.communityId), eq(table.status, 'pending'))).get()!.n;
  return {
    opened: true as const,
    currency: books.currency,
    transparency: books.transparency,
    secondApprovalAbove: books.secondApprovalAbove,
    // The settings lock the currency, and say why, once money is recorded (the server refuses the change too).
    currencyLocked: hasRecords(db, p.communityId),
    year: p.year,
    officer: p.officer,
    own,
    ledgerVisible: p.officer || membersSeeLedger(books.transparency),
    accounts: showTotals ? listAccounts(db, p.communityId) : null,
    categories: listCategories(db, p.communityId),
    byCategory: showTotals ? [...byCategory].map(([categoryId, t]) => ({ categoryId, ...t })) : null,
    months,
    pendingPayments: p.officer ? pending(payments) : null,
    pendingExpenses: p.officer ? pending(expenses) : null,
  };
}

/** The caller's own statement: their payments (any status) and totals. */
export function ownStatement(db: DbLike, p: { communityId: number; memberId: string; year: number; cursor?: number; limit: number }) {
  const books = requireBooks(db, p.communityId);
  return {
    currency: books.currency,
    ...memberTotals(db, { communityId: p.communityId, memberId: p.memberId, year: p.year }),
    payments: listPayments(db, { communityId: p.communityId, memberId: p.memberId, cursor: p.cursor, limit: p.limit }),
  };
}

/**
 * Money in and out per month and the balance at each month's end, for the last `months` months:
 * from the ledger's monthly totals (every entry moves them in its own transaction), summed over
 * the categories. `months: null` where the community shows members only their own statement.
 */
export function cashFlow(db: DbLike, p: { communityId: number; officer: boolean; months: number; now: number }) {
  const books = requireBooks(db, p.communityId);
  if (!p.officer && books.transparency === 'own') return { currency: books.currency, months: null };
  const totals = db
    .select({ month: financeMonthly.month, moneyIn: sum(financeMonthly.moneyIn).mapWith(Number), moneyOut: sum(financeMonthly.moneyOut).mapWith(Number) })
    .from(financeMonthly)
    .where(eq(financeMonthly.communityId, p.communityId))
    .groupBy(financeMonthly.month)
    .orderBy(asc(financeMonthly.month))
    .all();
  return { currency: books.currency, months: cashFlowMonths(totals, p.now, p.months) };
}
