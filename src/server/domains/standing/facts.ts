import type { DB } from '../../../../db/database';
import { DEFAULT_STANDING_RULES, type StandingFacts, type StandingRules } from '@shared/standing';
import { prepared } from '../../services/prepared';

/*
 * What the records say of members, for the standing rule (src/shared/standing.ts): when they
 * joined, what they owe past its grace (dues obligations and welfare levies, both kept paid from
 * the ledger, net of reversals), since when, and a suspension in force. Read on every vote, so
 * the statements are prepared once per database and use the partial indexes on unpaid rows.
 *
 * A dues obligation is overdue once past its due date and its plan's grace days; a levy once past
 * its own `overdue_after` (due date plus its fund's grace days). Obligations of a stopped plan are
 * still owed.
 */

const DAY = 86_400_000;

/** Facts columns of the membership `m` (@c: community, @now: the instant). */
const FACT_COLUMNS = `
  m.joined_at AS joinedAt,
  (SELECT coalesce(sum(o.amount - o.paid), 0) FROM dues_obligations o JOIN dues_plans p ON p.id = o.plan_id
    WHERE o.community_id = @c AND o.member_id = m.user_id AND o.paid < o.amount AND o.due_at + p.grace_days * ${DAY} < @now) AS duesArrears,
  (SELECT min(o.due_at + p.grace_days * ${DAY}) FROM dues_obligations o JOIN dues_plans p ON p.id = o.plan_id
    WHERE o.community_id = @c AND o.member_id = m.user_id AND o.paid < o.amount AND o.due_at + p.grace_days * ${DAY} < @now) AS duesSince,
  (SELECT coalesce(sum(l.amount - l.paid), 0) FROM welfare_levies l
    WHERE l.community_id = @c AND l.member_id = m.user_id AND l.paid < l.amount AND l.overdue_after < @now) AS levyArrears,
  (SELECT min(l.overdue_after) FROM welfare_levies l
    WHERE l.community_id = @c AND l.member_id = m.user_id AND l.paid < l.amount AND l.overdue_after < @now) AS levySince,
  (SELECT json_array(s.ends_at, s.reason, s.id) FROM standing_suspensions s
    WHERE s.community_id = @c AND s.member_id = m.user_id AND s.lifted_at IS NULL AND s.starts_at <= @now AND s.ends_at > @now
    ORDER BY s.ends_at DESC LIMIT 1) AS suspension`;

export type FactRow = { joinedAt: number; duesArrears: number; duesSince: number | null; levyArrears: number; levySince: number | null; suspension: string | null };

/** A row's facts in the rule's shape. */
export function toFacts(r: FactRow): StandingFacts {
  const sinces = [r.duesSince, r.levySince].filter((v): v is number => v !== null);
  const suspension = r.suspension ? (JSON.parse(r.suspension) as [number, string, number]) : null;
  return {
    joinedAt: r.joinedAt,
    arrears: r.duesArrears + r.levyArrears,
    arrearsSince: sinces.length ? Math.min(...sinces) : null,
    suspension: suspension ? { until: suspension[0], reason: suspension[1] } : null,
  };
}

/** The leaders' suspension in force named by a row's facts (the roll lifts it by this id), or null. */
export const suspensionIdOf = (r: Pick<FactRow, 'suspension'>): number | null => (r.suspension ? (JSON.parse(r.suspension) as [number, string, number])[2] : null);

/** One member's facts (undefined: not a member). */
export function memberFacts(db: DB, p: { communityId: number; userId: string; now: number }): (FactRow & { categoryId: number | null }) | undefined {
  return prepared(db, 'standing.facts', (d) =>
    d.$client.prepare(`SELECT ${FACT_COLUMNS}, m.category_id AS categoryId FROM memberships m WHERE m.community_id = @c AND m.user_id = @u`),
  ).get({ c: p.communityId, u: p.userId, now: p.now }) as (FactRow & { categoryId: number | null }) | undefined;
}

export type RollFactRow = FactRow & { membershipId: number; userId: string; firstName: string; lastName: string; role: string; categoryId: number | null };

const ROLL_SELECT = `SELECT m.id AS membershipId, m.user_id AS userId, u.first_name AS firstName, u.last_name AS lastName, m.role AS role, m.category_id AS categoryId, ${FACT_COLUMNS}
  FROM memberships m JOIN users u ON u.id = m.user_id`;

/**
 * Members of a community after membership id `after`, in joining order, `batch` at a time, with
 * their facts; only those who may be in arrears or suspended when `owing` (the candidates for
 * those filters: something unpaid already due, or a suspension not yet ended), only those who
 * joined after `joinedAfter` when given (the candidates for 'new'), only one category when given.
 */
export function rollFacts(
  db: DB,
  p: { communityId: number; now: number; after: number; batch: number; categoryId: number | null; defaultCategoryId: number | null; owing: boolean; joinedAfter: number | null },
): RollFactRow[] {
  const key = `standing.roll:${p.categoryId === null ? 'all' : 'category'}:${p.owing ? 'owing' : 'any'}:${p.joinedAfter === null ? 'any' : 'recent'}`;
  const stmt = prepared(db, key, (d) => {
    const where = ['m.community_id = @c', 'm.id > @after'];
    if (p.categoryId !== null) where.push('coalesce(m.category_id, @defaultCategory) = @category');
    if (p.joinedAfter !== null) where.push('m.joined_at > @joinedAfter');
    if (p.owing) {
      // Probed per member in joining order (the unpaid rows' partial indexes), so a page stops after
      // its batch: a set of everyone owing, built again for every page, cost a page 20 ms when all owed.
      where.push(`(EXISTS (SELECT 1 FROM dues_obligations o WHERE o.community_id = @c AND o.member_id = m.user_id AND o.paid < o.amount AND o.due_at < @now)
        OR EXISTS (SELECT 1 FROM welfare_levies l WHERE l.community_id = @c AND l.member_id = m.user_id AND l.paid < l.amount AND l.overdue_after < @now)
        OR EXISTS (SELECT 1 FROM standing_suspensions s WHERE s.community_id = @c AND s.member_id = m.user_id AND s.lifted_at IS NULL AND s.ends_at > @now))`);
    }
    return d.$client.prepare(`${ROLL_SELECT} WHERE ${where.join(' AND ')} ORDER BY m.id LIMIT @batch`);
  });
  return stmt.all({ c: p.communityId, now: p.now, after: p.after, batch: p.batch, category: p.categoryId, defaultCategory: p.defaultCategoryId ?? -1, joinedAfter: p.joinedAfter }) as RollFactRow[];
}

/** The community's standing rules (the defaults without a row). */
export function standingRules(db: DB, communityId: number): StandingRules {
  const row = prepared(db, 'standing.rules', (d) =>
    d.$client.prepare('SELECT waiting_days AS waitingDays, suspend_after_days AS suspendAfterDays FROM standing_settings WHERE community_id = ?'),
  ).get(communityId) as StandingRules | undefined;
  return row ?? DEFAULT_STANDING_RULES;
}

/** The community's default membership category, if it has categories. */
export function defaultCategoryId(db: DB, communityId: number): number | null {
  const row = prepared(db, 'standing.defaultCategory', (d) => d.$client.prepare('SELECT id FROM membership_categories WHERE community_id = ? AND is_default = 1')).get(communityId) as
    | { id: number }
    | undefined;
  return row?.id ?? null;
}
