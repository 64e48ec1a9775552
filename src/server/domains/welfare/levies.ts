import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { payments, users, welfareCases, welfareFunds, welfareLevies, type WelfareCaseRow, type WelfareLevyRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { conflict, notFound } from '../../services/errors';
import { recordFinanceAction } from '../../services/finances/audit';
import { declareObligationPayment, recordObligationCash } from '../../services/finances/obligation-payments';
import { likePattern } from '../../services/community-search';
import { prepared } from '../../services/prepared';
import { rollRows } from '../standing/roll';
import { assertMove, caseOf, moveCase, partiesOf } from './cases';
import { fundOf, rulesOf } from './funds';

/*
 * Levies: what a case asks of every member in good standing (the covered member and the
 * beneficiary excepted), and a monthly fund's contributions. Issuing a case's levy is one
 * conditional UPDATE of the case (approved → collecting) and one row per member under a unique
 * (case, member) index, so two requests racing issue it once: the loser gets 409 and writes
 * nothing. The members are told by the welfare job, in batches, after the answer.
 *
 * A levy is paid like dues: the member declares a payment (with a proof) or an officer records
 * cash, and another officer confirms it (finances.confirmPayment: the same four eyes, receipts and
 * ledger). Its entry lands in the fund's own category; `paid` is recomputed from the ledger,
 * net of reversals, whenever an entry of it is confirmed or reversed.
 */

const DAY = 86_400_000;
export const LEVY_NOT_FOUND = 'errors.welfare.levyNotFound';

/** The community a levy belongs to (for the guard), or undefined. */
export const levyCommunity = (db: DbLike, id: number) => db.select({ communityId: welfareLevies.communityId }).from(welfareLevies).where(eq(welfareLevies.id, id)).get()?.communityId;

/**
 * Issues the case's levy to every member in good standing now (the case's parties excepted): the
 * rules' amount each, due after the rules' days, overdue after the grace days.
 */
export function issueLevy(db: DB, p: { communityId: number; caseId: number; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const c = caseOf(tx, p.communityId, p.caseId);
    const fund = fundOf(tx, p.communityId, c.fundId);
    assertMove(c, 'issueLevy', p.actorId, fund.financing);
    const rules = rulesOf(tx, fund.id, c.fundVersion);
    const amount = rules.levyAmount!;
    const dueAt = p.now + rules.levyDueDays * DAY;
    const overdueAfter = dueAt + rules.graceDays * DAY;
    // The arbiter of a race: only one request moves the case out of 'approved'.
    const moved = moveCase(tx, c, 'collecting', { levyAmount: amount, levyDueAt: dueAt, levyIssuedAt: p.now, levyIssuedBy: p.actorId }, p.now);
    const skip = new Set(partiesOf(c));
    const insert = prepared(db, 'welfare.levy.insert', (d) =>
      d.$client.prepare(
        `INSERT INTO welfare_levies (community_id, fund_id, case_id, member_id, amount, paid, due_at, overdue_after, created_at)
         VALUES (@communityId, @fundId, @caseId, @memberId, @amount, 0, @dueAt, @overdueAfter, @now) ON CONFLICT DO NOTHING`,
      ),
    );
    let levied = 0;
    for (const m of rollRows(db, { communityId: p.communityId, now: p.now, standing: 'good' })) {
      if (skip.has(m.userId)) continue;
      levied += insert.run({ communityId: p.communityId, fundId: fund.id, caseId: c.id, memberId: m.userId, amount, dueAt, overdueAfter, now: p.now }).changes;
    }
    const done = tx.update(welfareCases).set({ levyCount: levied }).where(eq(welfareCases.id, c.id)).returning().get()!;
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'welfare.levy_issued', subject: `case:${c.id}`, details: { amount, dueAt, members: levied }, now: p.now });
    return { ...done, status: moved.status };
  });
}

/** A case's collection as totals: expected, collected, how many have paid in full, of how many levied. Never who has not paid. */
export function collection(db: DB, caseId: number) {
  const row = prepared(db, 'welfare.collection', (d) =>
    d.$client.prepare(`SELECT coalesce(sum(amount), 0) AS expected, coalesce(sum(min(paid, amount)), 0) AS collected, coalesce(sum(paid >= amount), 0) AS paidCount, count(*) AS levied
      FROM welfare_levies WHERE case_id = ?`),
  ).get(caseId) as { expected: number; collected: number; paidCount: number; levied: number };
  return row;
}

/**
 * A case's levies for its officers, who record cash taken at a meeting: each member's levy with
 * what is paid and what waits for confirmation, in levy order, keyset paged; by name, and the
 * unpaid ones only when asked. Officers only (the operation's guard): members see totals.
 */
export function caseLevies(db: DbLike, p: { caseId: number; search?: string; unpaid: boolean; cursor?: number; limit: number; now: number }) {
  const like = p.search ? likePattern(p.search) : null;
  const rows = db
    .select({ levy: welfareLevies, firstName: users.firstName, lastName: users.lastName })
    .from(welfareLevies)
    .innerJoin(users, eq(users.id, welfareLevies.memberId))
    .where(
      and(
        eq(welfareLevies.caseId, p.caseId),
        p.cursor ? gt(welfareLevies.id, p.cursor) : undefined,
        p.unpaid ? lt(welfareLevies.paid, welfareLevies.amount) : undefined,
        like ? sql`(${users.firstName} || ' ' || ${users.lastName}) LIKE ${like} ESCAPE '\\'` : undefined,
      ),
    )
    .orderBy(asc(welfareLevies.id))
    .limit(p.limit + 1)
    .all();
  const page = rows.slice(0, p.limit);
  const pending = pendingOnLevies(db, page.map((r) => r.levy.id));
  return {
    items: page.map((r) => ({ ...toLevyDto(r.levy, pending.get(r.levy.id) ?? 0, p.now), memberId: r.levy.memberId, member: `${r.firstName} ${r.lastName}` })),
    nextCursor: rows.length > p.limit ? page[page.length - 1]!.levy.id : null,
  };
}

/** What waits for an officer on each of these levies (declared or recorded payments), by levy id. */
function pendingOnLevies(db: DbLike, ids: number[]): Map<number, number> {
  if (!ids.length) return new Map();
  const rows = db
    .select({ levyId: payments.levyId, n: sql<number>`sum(${payments.amount})` })
    .from(payments)
    .where(and(inArray(payments.levyId, ids), eq(payments.status, 'pending')))
    .groupBy(payments.levyId)
    .all();
  return new Map(rows.map((r) => [r.levyId!, r.n]));
}

/** Payments waiting for an officer on a levy (declared or recorded, not yet in the books). */
function pendingOn(db: DbLike, levyId: number): number {
  return db.get<{ n: number }>(sql`SELECT coalesce(sum(amount), 0) AS n FROM payments WHERE levy_id = ${levyId} AND status = 'pending'`).n;
}

export function levyOf(db: DbLike, communityId: number, id: number): WelfareLevyRow {
  const row = db.select().from(welfareLevies).where(and(eq(welfareLevies.id, id), eq(welfareLevies.communityId, communityId))).get();
  if (!row) throw notFound(LEVY_NOT_FOUND);
  return row;
}

/** What can still be paid on a levy: its amount less what is paid and what waits for confirmation. */
function assertRoom(db: DbLike, levy: WelfareLevyRow, amount: number) {
  const room = levy.amount - levy.paid - pendingOn(db, levy.id);
  if (room <= 0) throw conflict('errors.welfare.levySettled');
  if (amount > room) throw conflict('errors.welfare.levyOverpaid');
}

/** The levy a payment is for, and the check that an amount fits in what is left of it. */
const levyFor = (communityId: number, levyId: number) => (tx: DbLike) => {
  const levy = levyOf(tx, communityId, levyId);
  return { memberId: levy.memberId, owed: { purpose: 'levy' as const, levyId: levy.id }, checkRoom: (amount: number) => assertRoom(tx, levy, amount) };
};

/** A member declares a payment of their own levy: it waits, pending, for an officer (four eyes). */
export function declareLevyPayment(
  db: DB,
  p: { communityId: number; levyId: number; memberId: string; amount: number; currency?: string; method: 'cash' | 'mobile_money' | 'bank_transfer' | 'other'; provider?: string | null; reference?: string | null; proofUrl?: string | null; now: number },
) {
  return declareObligationPayment(db, { ...p, find: levyFor(p.communityId, p.levyId), notYours: 'errors.welfare.notYourLevy' });
}

/** Cash an officer took for a member's levy: recorded, and another officer confirms it. */
export function recordLevyCash(db: DB, p: { communityId: number; levyId: number; actorId: string; accountId: number; amount: number; currency?: string; reference?: string | null; now: number }) {
  return recordObligationCash(db, { ...p, find: levyFor(p.communityId, p.levyId) });
}

/**
 * A levy's paid amount from the ledger: its payments' entries, net of their reversals. Called in
 * the transaction of every confirmation and reversal of such an entry (services/finances).
 */
export function settleLevy(tx: DbLike, levyId: number) {
  const paid = tx.get<{ n: number }>(sql`SELECT coalesce(sum(e.amount), 0) AS n FROM ledger_entries e JOIN payments x ON x.id = e.payment_id
    WHERE x.levy_id = ${levyId} AND e.kind IN ('payment', 'reversal')`).n;
  tx.update(welfareLevies).set({ paid: Math.max(0, paid) }).where(eq(welfareLevies.id, levyId)).run();
}

/** The fund category a levy payment's entry lands in. */
export function levyCategory(tx: DbLike, levyId: number): number {
  const row = tx
    .select({ categoryId: welfareFunds.incomeCategoryId })
    .from(welfareLevies)
    .innerJoin(welfareFunds, eq(welfareFunds.id, welfareLevies.fundId))
    .where(eq(welfareLevies.id, levyId))
    .get();
  if (!row) throw notFound(LEVY_NOT_FOUND);
  return row.categoryId;
}

/** The caller's own levies and contributions in a community, newest first, with what waits for confirmation. */
export function myLevies(db: DbLike, p: { communityId: number; memberId: string; now: number }) {
  const rows = db
    .select({ levy: welfareLevies, fund: welfareFunds.name, caseRelationship: welfareCases.relationship, caseStatus: welfareCases.status })
    .from(welfareLevies)
    .innerJoin(welfareFunds, eq(welfareFunds.id, welfareLevies.fundId))
    .leftJoin(welfareCases, eq(welfareCases.id, welfareLevies.caseId))
    .where(and(eq(welfareLevies.communityId, p.communityId), eq(welfareLevies.memberId, p.memberId)))
    .orderBy(desc(welfareLevies.id))
    .limit(100)
    .all();
  const pending = pendingOnLevies(db, rows.map((r) => r.levy.id));
  return rows.map((r) => toLevyDto(r.levy, pending.get(r.levy.id) ?? 0, p.now, { fund: r.fund, relationship: r.caseRelationship }));
}

export function toLevyDto(l: WelfareLevyRow, pending: number, now: number, extra: { fund?: string; relationship?: string | null } = {}) {
  const status = l.paid >= l.amount ? 'paid' : now > l.overdueAfter ? 'overdue' : 'due';
  return {
    id: l.id,
    fundId: l.fundId,
    caseId: l.caseId,
    periodKey: l.periodKey,
    amount: l.amount,
    paid: Math.min(l.paid, l.amount),
    pending,
    outstanding: Math.max(0, l.amount - l.paid),
    dueAt: new Date(l.dueAt).toISOString(),
    overdueAfter: new Date(l.overdueAfter).toISOString(),
    status: status as 'paid' | 'overdue' | 'due',
    fund: extra.fund ?? null,
    relationship: extra.relationship ?? null,
  };
}

/** The caller's levy on one case, if they were levied. */
export function myCaseLevy(db: DbLike, c: WelfareCaseRow, memberId: string, now: number) {
  const l = db.select().from(welfareLevies).where(and(eq(welfareLevies.caseId, c.id), eq(welfareLevies.memberId, memberId))).get();
  return l ? toLevyDto(l, pendingOn(db, l.id), now) : null;
}

/** A monthly fund's contribution for the month of `now`, for every member (idempotent: one per fund, month and member). */
export function chargeMonthlyContributions(db: DB, p: { now: number }): number {
  const funds = db.select().from(welfareFunds).where(and(eq(welfareFunds.financing, 'monthly'), eq(welfareFunds.active, true))).orderBy(asc(welfareFunds.id)).all();
  const d = new Date(p.now);
  const periodKey = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  let charged = 0;
  for (const fund of funds) {
    const rules = rulesOf(db, fund.id, fund.version);
    const dueAt = monthStart + rules.levyDueDays * DAY;
    charged += db.transaction(
      () =>
        db.$client
          .prepare(
            `INSERT INTO welfare_levies (community_id, fund_id, period_key, member_id, amount, paid, due_at, overdue_after, created_at)
             SELECT ?, ?, ?, m.user_id, ?, 0, ?, ?, ? FROM memberships m WHERE m.community_id = ? ON CONFLICT DO NOTHING`,
          )
          .run(fund.communityId, fund.id, periodKey, rules.monthlyAmount!, dueAt, dueAt + rules.graceDays * DAY, p.now, fund.communityId).changes,
    );
  }
  return charged;
}
