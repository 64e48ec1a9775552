import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { financeCategories, financeMonthly, welfareFundVersions, welfareFunds, type WelfareFundRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { fundRules, rulesProblem, type FundRules } from '@shared/schemas/welfare';
import type { Financing, FundKind } from '@shared/welfare/rules';
import { conflict, DomainError, fieldError, notFound } from '../../services/errors';
import { recordFinanceAction } from '../../services/finances/audit';
import { assertBooksCurrency, requireBooks } from '../../services/finances/books';

/*
 * A community's welfare funds and their rules. A fund has its own two categories in the books
 * (its levies and contributions in, its benefits out), so what it holds is read from the ledger's
 * maintained monthly totals, never kept apart. Rules are versioned: a change writes a new version,
 * and a case keeps the version in force when it opened.
 */

export const FUND_NOT_FOUND = 'errors.welfare.fundNotFound';

/** The community a fund belongs to (for the guard), or undefined. */
export const fundCommunity = (db: DbLike, id: number) => db.select({ communityId: welfareFunds.communityId }).from(welfareFunds).where(eq(welfareFunds.id, id)).get()?.communityId;

export function fundOf(db: DbLike, communityId: number, id: number): WelfareFundRow {
  const row = db.select().from(welfareFunds).where(and(eq(welfareFunds.id, id), eq(welfareFunds.communityId, communityId))).get();
  if (!row) throw notFound(FUND_NOT_FOUND);
  return row;
}

/** The rules of a fund's version (the current one when not given). */
export function rulesOf(db: DbLike, fundId: number, version: number): FundRules {
  const row = db.select({ rules: welfareFundVersions.rules }).from(welfareFundVersions).where(and(eq(welfareFundVersions.fundId, fundId), eq(welfareFundVersions.version, version))).get();
  if (!row) throw notFound(FUND_NOT_FOUND);
  return fundRules.parse(JSON.parse(row.rules));
}

/** What the fund holds: its levies and contributions in, less its benefits out, from the ledger (net of reversals). */
export function fundHeld(db: DbLike, fund: Pick<WelfareFundRow, 'communityId' | 'incomeCategoryId' | 'expenseCategoryId'>): { collected: number; paidOut: number; held: number } {
  const rows = db
    .select({ categoryId: financeMonthly.categoryId, net: sql<number>`coalesce(sum(${financeMonthly.moneyIn} - ${financeMonthly.moneyOut}), 0)` })
    .from(financeMonthly)
    .where(and(eq(financeMonthly.communityId, fund.communityId), inArray(financeMonthly.categoryId, [fund.incomeCategoryId, fund.expenseCategoryId])))
    .groupBy(financeMonthly.categoryId)
    .all();
  const net = (id: number) => rows.find((r) => r.categoryId === id)?.net ?? 0;
  const collected = net(fund.incomeCategoryId);
  const paidOut = -net(fund.expenseCategoryId);
  return { collected, paidOut, held: collected - paidOut };
}

export function createFund(db: DB, p: { communityId: number; actorId: string; name: string; kind: FundKind; financing: Financing; currency?: string; rules: FundRules; now: number }) {
  return db.transaction((tx) => {
    const books = requireBooks(tx, p.communityId);
    assertBooksCurrency(books, p.currency);
    const clash = tx.select({ id: welfareFunds.id }).from(welfareFunds).where(and(eq(welfareFunds.communityId, p.communityId), sql`lower(${welfareFunds.name}) = lower(${p.name})`)).get();
    if (clash) throw fieldError('conflict', 'name', 'errors.welfare.fundTaken');
    // The fund's own lines in the books, named after it (one for money in, one for money out).
    const category = (kind: 'income' | 'expense') => tx.insert(financeCategories).values({ communityId: p.communityId, kind, name: p.name, createdAt: p.now }).returning({ id: financeCategories.id }).get().id;
    const row = tx
      .insert(welfareFunds)
      .values({ communityId: p.communityId, name: p.name, kind: p.kind, financing: p.financing, incomeCategoryId: category('income'), expenseCategoryId: category('expense'), createdBy: p.actorId, createdAt: p.now })
      .returning()
      .get();
    tx.insert(welfareFundVersions).values({ fundId: row.id, version: 1, rules: JSON.stringify(p.rules), createdBy: p.actorId, createdAt: p.now }).run();
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'welfare.fund_created', subject: `fund:${row.id}`, details: { name: p.name, kind: p.kind, financing: p.financing, rules: p.rules }, now: p.now });
    return row;
  });
}

/** New rules: the next version, in force for cases opened from now on. */
export function changeFundRules(db: DB, p: { communityId: number; fundId: number; actorId: string; currency?: string; rules: FundRules; now: number }) {
  return db.transaction((tx) => {
    assertBooksCurrency(requireBooks(tx, p.communityId), p.currency);
    const fund = fundOf(tx, p.communityId, p.fundId);
    const problem = rulesProblem(fund.financing, p.rules);
    if (problem) throw new DomainError('invalid', problem.message, [{ path: problem.path, message: problem.message }]);
    if (JSON.stringify(rulesOf(tx, fund.id, fund.version)) === JSON.stringify(p.rules)) throw conflict('errors.welfare.sameRules');
    const version = fund.version + 1;
    const moved = tx.update(welfareFunds).set({ version }).where(and(eq(welfareFunds.id, fund.id), eq(welfareFunds.version, fund.version))).run();
    if (!moved.changes) throw conflict('errors.welfare.rulesChanged');
    tx.insert(welfareFundVersions).values({ fundId: fund.id, version, rules: JSON.stringify(p.rules), createdBy: p.actorId, createdAt: p.now }).run();
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'welfare.rules_changed', subject: `fund:${fund.id}`, details: { version, rules: p.rules }, now: p.now });
    return fundDto(tx, { ...fund, version });
  });
}

export function fundDto(db: DbLike, f: WelfareFundRow) {
  const versions = db
    .select({ version: welfareFundVersions.version, createdAt: welfareFundVersions.createdAt })
    .from(welfareFundVersions)
    .where(eq(welfareFundVersions.fundId, f.id))
    .orderBy(desc(welfareFundVersions.version))
    .all();
  return {
    id: f.id,
    name: f.name,
    kind: f.kind,
    financing: f.financing,
    version: f.version,
    rules: rulesOf(db, f.id, f.version),
    versions: versions.map((v) => ({ version: v.version, createdAt: new Date(v.createdAt).toISOString() })),
    active: f.active,
    ...fundHeld(db, f),
  };
}

export function listFunds(db: DbLike, communityId: number) {
  return db
    .select()
    .from(welfareFunds)
    .where(eq(welfareFunds.communityId, communityId))
    .orderBy(asc(welfareFunds.id))
    .all()
    .map((f) => fundDto(db, f));
}
