import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { duesObligations, duesPlanMembers, duesPlans, ledgerEntries, membershipCategories, membershipCategoryPlans, memberships, financeCategories, users } from '../../../../db/schema';
import type { DuesPeriod } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { notFound } from '../errors';
import { recordFinanceAction } from './audit';

/*
 * Dues: a plan says what members owe and how often; each member gets one obligation per period
 * (generated up to the current period, never twice: a unique index). What a member has paid in
 * confirmed dues (their dues entries in the ledger, reversals included) is spread over their
 * obligations oldest first, so statuses follow every confirmation and correction.
 */

const DAY = 86_400_000;
export type Period = { key: string; dueAt: number };
type PlanShape = { period: DuesPeriod; dueDay: number; startsOn: string };

function parseDay(day: string): { y: number; m: number; d: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m: m - 1, d };
}

/** The period of `plan` that contains the instant `at` (UTC), by its first month. */
function periodStart(plan: PlanShape, y: number, m: number): { y: number; m: number } {
  if (plan.period === 'quarterly') return { y, m: m - (m % 3) };
  if (plan.period === 'yearly') return { y, m: parseDay(plan.startsOn).m };
  return { y, m };
}

function keyOf(plan: PlanShape, y: number, m: number): string {
  if (plan.period === 'monthly') return `${y}-${String(m + 1).padStart(2, '0')}`;
  if (plan.period === 'quarterly') return `${y}-Q${Math.floor(m / 3) + 1}`;
  if (plan.period === 'yearly') return String(y);
  return 'once';
}

/** Every period of the plan from its start up to the one containing `now` (or, for 'once', the single one). */
export function periodsUntil(plan: PlanShape, now: number): Period[] {
  const start = parseDay(plan.startsOn);
  if (plan.period === 'once') return [{ key: 'once', dueAt: Date.UTC(start.y, start.m, start.d) }];
  const step = plan.period === 'monthly' ? 1 : plan.period === 'quarterly' ? 3 : 12;
  const first = plan.period === 'yearly' ? { y: start.y, m: start.m } : periodStart(plan, start.y, start.m);
  const today = new Date(now);
  const out: Period[] = [];
  for (let y = first.y, m = first.m; ; m += step) {
    while (m >= 12) {
      m -= 12;
      y += 1;
    }
    const periodBegin = Date.UTC(y, m, 1);
    if (periodBegin > Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)) break;
    out.push({ key: keyOf(plan, y, m), dueAt: Date.UTC(y, m, plan.dueDay) });
    if (out.length > 1200) break; // a century of months: a plan cannot reach further back
  }
  return out;
}

export type PlanInput = { name: string; amount: number; period: DuesPeriod; dueDay: number; graceDays: number; startsOn: string; memberIds?: string[] };

export function createDuesPlan(db: DB, p: { communityId: number; actorId: string; plan: PlanInput; now: number }) {
  return db.transaction((tx) => {
    const { memberIds, ...fields } = p.plan;
    const row = tx.insert(duesPlans).values({ communityId: p.communityId, ...fields, allMembers: !memberIds?.length, createdAt: p.now }).returning().get();
    for (const userId of memberIds ?? []) tx.insert(duesPlanMembers).values({ planId: row.id, userId }).onConflictDoNothing().run();
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'dues.plan_created', subject: `plan:${row.id}`, details: { ...fields, members: memberIds?.length ?? 'all' }, now: p.now });
    generateObligations(tx, { communityId: p.communityId, now: p.now, planId: row.id });
    return row;
  });
}

export function listDuesPlans(db: DbLike, communityId: number) {
  return db.select().from(duesPlans).where(eq(duesPlans.communityId, communityId)).orderBy(asc(duesPlans.id)).all();
}

/**
 * Members a plan applies to: all current members, or the chosen ones who still are; and when the
 * plan belongs to membership categories (membership_category_plans), only the members of those
 * (a member without a category of their own is in the community's default one).
 */
function planMembers(tx: DbLike, plan: typeof duesPlans.$inferSelect, only?: string): string[] {
  const base = tx
    .select({ userId: memberships.userId, categoryId: memberships.categoryId })
    .from(memberships)
    .where(and(eq(memberships.communityId, plan.communityId), only ? eq(memberships.userId, only) : undefined));
  let all = base.all();
  const categories = new Set(tx.select({ id: membershipCategoryPlans.categoryId }).from(membershipCategoryPlans).where(eq(membershipCategoryPlans.planId, plan.id)).all().map((r) => r.id));
  if (categories.size) {
    const fallback = tx.select({ id: membershipCategories.id }).from(membershipCategories).where(and(eq(membershipCategories.communityId, plan.communityId), eq(membershipCategories.isDefault, true))).get()?.id;
    all = all.filter((m) => categories.has(m.categoryId ?? fallback ?? -1));
  }
  if (plan.allMembers) return all.map((m) => m.userId);
  const chosen = new Set(tx.select({ userId: duesPlanMembers.userId }).from(duesPlanMembers).where(eq(duesPlanMembers.planId, plan.id)).all().map((r) => r.userId));
  return all.filter((m) => chosen.has(m.userId)).map((m) => m.userId);
}

/** Creates the obligations up to now that do not exist yet (idempotent), then spreads each touched member's credit again. */
export function generateObligations(tx: DbLike, p: { communityId: number; now: number; planId?: number; memberId?: string }) {
  const plans = tx
    .select()
    .from(duesPlans)
    .where(and(eq(duesPlans.communityId, p.communityId), eq(duesPlans.active, true), p.planId ? eq(duesPlans.id, p.planId) : undefined))
    .all();
  const touched = new Set<string>();
  for (const plan of plans) {
    const periods = periodsUntil(plan, p.now);
    for (const memberId of planMembers(tx, plan, p.memberId)) {
      for (const period of periods) {
        const inserted = tx
          .insert(duesObligations)
          .values({ planId: plan.id, communityId: plan.communityId, memberId, periodKey: period.key, dueAt: period.dueAt, amount: plan.amount })
          .onConflictDoNothing()
          .run();
        if (inserted.changes > 0) touched.add(memberId);
      }
    }
  }
  for (const memberId of touched) spreadDuesCredit(tx, { communityId: p.communityId, memberId });
}

/** The member's confirmed dues (payments less their reversals), spread over their obligations oldest first. */
export function spreadDuesCredit(tx: DbLike, p: { communityId: number; memberId: string }) {
  const credit =
    tx
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .innerJoin(financeCategories, eq(financeCategories.id, ledgerEntries.categoryId))
      .where(and(eq(ledgerEntries.communityId, p.communityId), eq(ledgerEntries.memberId, p.memberId), eq(financeCategories.builtIn, 'dues'), inArray(ledgerEntries.kind, ['payment', 'reversal'])))
      .get()?.total ?? 0;
  const obligations = tx
    .select({ id: duesObligations.id, amount: duesObligations.amount, paid: duesObligations.paid })
    .from(duesObligations)
    .where(and(eq(duesObligations.communityId, p.communityId), eq(duesObligations.memberId, p.memberId)))
    .orderBy(asc(duesObligations.dueAt), asc(duesObligations.id))
    .all();
  const spread = spreadOldestFirst(credit, obligations);
  obligations.forEach((o, i) => {
    if (spread[i] !== o.paid) tx.update(duesObligations).set({ paid: spread[i] }).where(eq(duesObligations.id, o.id)).run();
  });
}

/** What a credit pays of each obligation, in the order given (oldest first): each in full while the credit lasts. */
export function spreadOldestFirst(credit: number, obligations: readonly { amount: number }[]): number[] {
  let left = Math.max(0, credit);
  return obligations.map((o) => {
    const paid = Math.min(o.amount, left);
    left -= paid;
    return paid;
  });
}

export type DuesStatus = 'paid' | 'overdue' | 'due' | 'upcoming';
export type OverallStatus = 'paidUp' | 'due' | 'overdue' | 'none';

export function obligationStatus(o: { amount: number; paid: number; dueAt: number }, graceDays: number, now: number): DuesStatus {
  if (o.paid >= o.amount) return 'paid';
  if (now > o.dueAt + graceDays * DAY) return 'overdue';
  if (now >= o.dueAt) return 'due';
  return 'upcoming';
}

export function overallStatus(statuses: DuesStatus[]): OverallStatus {
  if (statuses.length === 0) return 'none';
  if (statuses.includes('overdue')) return 'overdue';
  if (statuses.includes('due')) return 'due';
  return 'paidUp';
}

/**
 * One member's dues: each obligation with its status, what is owed by now, and the overall status.
 * A read: obligations are made by plan creation and the scheduler's dues job, never here.
 */
export function memberDues(db: DbLike, p: { communityId: number; memberId: string; now: number }) {
  const rows = db
    .select({ o: duesObligations, planName: duesPlans.name, graceDays: duesPlans.graceDays })
    .from(duesObligations)
    .innerJoin(duesPlans, eq(duesPlans.id, duesObligations.planId))
    .where(and(eq(duesObligations.communityId, p.communityId), eq(duesObligations.memberId, p.memberId)))
    .orderBy(asc(duesObligations.dueAt))
    .all();
  const items = rows.map((r) => ({
    id: r.o.id,
    plan: r.planName,
    periodKey: r.o.periodKey,
    dueAt: new Date(r.o.dueAt).toISOString(),
    amount: r.o.amount,
    paid: r.o.paid,
    status: obligationStatus(r.o, r.graceDays, p.now),
  }));
  const dueByNow = items.filter((i) => i.status !== 'upcoming');
  return {
    owed: dueByNow.reduce((s, i) => s + i.amount, 0),
    paid: dueByNow.reduce((s, i) => s + i.paid, 0),
    outstanding: dueByNow.reduce((s, i) => s + (i.amount - i.paid), 0),
    status: overallStatus(items.map((i) => i.status)),
    obligations: items,
  };
}

/** For officers: every member's dues due by now, their payments against them and their status. */
export function duesRoll(db: DbLike, p: { communityId: number; now: number }) {
  const rows = db
    .select({
      memberId: duesObligations.memberId,
      firstName: users.firstName,
      lastName: users.lastName,
      amount: duesObligations.amount,
      paid: duesObligations.paid,
      dueAt: duesObligations.dueAt,
      graceDays: duesPlans.graceDays,
    })
    .from(duesObligations)
    .innerJoin(duesPlans, eq(duesPlans.id, duesObligations.planId))
    .innerJoin(users, eq(users.id, duesObligations.memberId))
    .where(and(eq(duesObligations.communityId, p.communityId), lte(duesObligations.dueAt, p.now)))
    .all();
  const byMember = new Map<string, { memberId: string; name: string; owed: number; paid: number; statuses: DuesStatus[] }>();
  for (const r of rows) {
    const m = byMember.get(r.memberId) ?? { memberId: r.memberId, name: `${r.firstName} ${r.lastName}`, owed: 0, paid: 0, statuses: [] };
    m.owed += r.amount;
    m.paid += r.paid;
    m.statuses.push(obligationStatus(r, r.graceDays, p.now));
    byMember.set(r.memberId, m);
  }
  return [...byMember.values()].map(({ statuses, ...m }) => ({ ...m, outstanding: m.owed - m.paid, status: overallStatus(statuses) })).sort((a, b) => a.name.localeCompare(b.name));
}

export function deactivatePlan(db: DB, p: { communityId: number; planId: number; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const row = tx.update(duesPlans).set({ active: false }).where(and(eq(duesPlans.id, p.planId), eq(duesPlans.communityId, p.communityId))).returning().get();
    if (!row) throw notFound('errors.finances.planNotFound');
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'dues.plan_stopped', subject: `plan:${row.id}`, now: p.now });
    return row;
  });
}
