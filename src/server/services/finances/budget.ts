import { and, eq } from 'drizzle-orm';
import { budgets } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { recordFinanceAction } from './audit';
import { notFound } from '../errors';
import { listCategories } from './books';
import { monthlyTotals } from './ledger';

/** Sets the year's planned amounts per category (a line of 0 removes the category from the plan). */
export function setBudget(db: DB, p: { communityId: number; year: number; lines: { categoryId: number; planned: number }[]; actorId: string; now: number }) {
  return db.transaction((tx) => {
    // Any category of this community, income or expense; another community's is not found.
    const known = new Set(listCategories(tx, p.communityId).map((c) => c.id));
    for (const line of p.lines) {
      if (!known.has(line.categoryId)) throw notFound('errors.finances.categoryNotFound');
      if (line.planned === 0) {
        tx.delete(budgets).where(and(eq(budgets.communityId, p.communityId), eq(budgets.year, p.year), eq(budgets.categoryId, line.categoryId))).run();
      } else {
        tx.insert(budgets)
          .values({ communityId: p.communityId, year: p.year, categoryId: line.categoryId, planned: line.planned })
          .onConflictDoUpdate({ target: [budgets.communityId, budgets.year, budgets.categoryId], set: { planned: line.planned } })
          .run();
      }
    }
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'budget.set', subject: `budget:${p.year}`, details: { lines: p.lines }, now: p.now });
    return budgetVsActual(tx, { communityId: p.communityId, year: p.year });
  });
}

/** Planned against actual for a year: money in for income categories, money out for expense ones. */
export function budgetVsActual(db: DbLike, p: { communityId: number; year: number }) {
  const planned = new Map(
    db
      .select({ categoryId: budgets.categoryId, planned: budgets.planned })
      .from(budgets)
      .where(and(eq(budgets.communityId, p.communityId), eq(budgets.year, p.year)))
      .all()
      .map((b) => [b.categoryId, b.planned]),
  );
  const actual = new Map<number, number>();
  const categories = listCategories(db, p.communityId);
  const kindOf = new Map(categories.map((c) => [c.id, c.kind]));
  for (const m of monthlyTotals(db, p)) {
    const value = kindOf.get(m.categoryId) === 'income' ? m.moneyIn - m.moneyOut : m.moneyOut - m.moneyIn;
    actual.set(m.categoryId, (actual.get(m.categoryId) ?? 0) + value);
  }
  return categories.map((c) => ({ categoryId: c.id, kind: c.kind, builtIn: c.builtIn, name: c.name, planned: planned.get(c.id) ?? 0, actual: actual.get(c.id) ?? 0 }));
}
