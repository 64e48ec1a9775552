import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { duesObligations, financeCategories, ledgerEntries, memberships } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { obligationStatus, periodsUntil, spreadOldestFirst, type PlanInput } from './dues';

/*
 * Before a dues plan is made: how many members it would make overdue at once. A plan that starts
 * in the past owes every period since its start; each member's dues credit (their confirmed dues
 * entries net of reversals) is spread over their obligations oldest first, the new ones among
 * them, exactly as createDuesPlan's spreading will do; a member is counted when one of the new
 * plan's periods would stay unpaid past its grace days.
 */

type Obligation = { amount: number; dueAt: number };
export type MemberDuesState = { credit: number; existing: readonly Obligation[] };

/** Pure: the new plan's periods already past their grace days, and the members those would leave overdue. */
export function overdueAtOnce(members: readonly MemberDuesState[], plan: { amount: number; graceDays: number; periods: readonly { dueAt: number }[] }, now: number) {
  const late = (o: Obligation & { paid: number }) => obligationStatus(o, plan.graceDays, now) === 'overdue';
  const pastGrace = plan.periods.filter((p) => late({ amount: plan.amount, dueAt: p.dueAt, paid: 0 })).length;
  if (pastGrace === 0) return { periods: 0, members: 0 };
  let overdue = 0;
  for (const m of members) {
    // Existing obligations come first on the same day: they have the smaller ids.
    const all = [...m.existing.map((o) => ({ ...o, fresh: false })), ...plan.periods.map((p) => ({ amount: plan.amount, dueAt: p.dueAt, fresh: true }))].sort((a, b) => a.dueAt - b.dueAt);
    const paid = spreadOldestFirst(m.credit, all);
    if (all.some((o, i) => o.fresh && late({ ...o, paid: paid[i]! }))) overdue += 1;
  }
  return { periods: pastGrace, members: overdue };
}

/** The preview of a plan not yet made, read from the community's members, obligations and dues entries. */
export function previewDuesPlan(db: DbLike, p: { communityId: number; plan: PlanInput; now: number }) {
  const chosen = p.plan.memberIds?.length ? new Set(p.plan.memberIds) : null;
  // A new plan belongs to no membership category yet: all members, or the chosen ones who are members.
  const ids = db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.communityId, p.communityId))
    .all()
    .map((m) => m.userId)
    .filter((id) => !chosen || chosen.has(id));
  const periods = periodsUntil(p.plan, p.now);
  if (ids.length === 0) return { members: 0, periods: 0, total: 0 };
  const credits = new Map(
    db
      .select({ memberId: ledgerEntries.memberId, total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .innerJoin(financeCategories, eq(financeCategories.id, ledgerEntries.categoryId))
      .where(and(eq(ledgerEntries.communityId, p.communityId), eq(financeCategories.builtIn, 'dues'), inArray(ledgerEntries.kind, ['payment', 'reversal'])))
      .groupBy(ledgerEntries.memberId)
      .all()
      .map((r) => [r.memberId, r.total]),
  );
  const existing = new Map<string, Obligation[]>();
  for (const o of db
    .select({ memberId: duesObligations.memberId, amount: duesObligations.amount, dueAt: duesObligations.dueAt })
    .from(duesObligations)
    .where(eq(duesObligations.communityId, p.communityId))
    .orderBy(asc(duesObligations.dueAt), asc(duesObligations.id))
    .all()) {
    const list = existing.get(o.memberId) ?? [];
    list.push(o);
    existing.set(o.memberId, list);
  }
  const counted = overdueAtOnce(
    ids.map((id) => ({ credit: credits.get(id) ?? 0, existing: existing.get(id) ?? [] })),
    { amount: p.plan.amount, graceDays: p.plan.graceDays, periods },
    p.now,
  );
  return { ...counted, total: ids.length };
}
