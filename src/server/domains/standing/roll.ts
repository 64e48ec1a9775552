import type { DB } from '../../../../db/database';
import { DAY_MS, standingOf, type Standing } from '@shared/standing';
import { defaultCategoryId, rollFacts, standingRules, suspensionIdOf, toFacts, type RollFactRow } from './facts';

/*
 * The standing roll, for leaders: every member's standing, what they owe past its grace and since
 * when, their category; filtered by standing and category; paged by keyset on the membership (in
 * joining order), so page 100 costs what page 1 does. The rule runs on each row in the one place
 * it is written (src/shared/standing.ts); for the standings only a few members have (in arrears,
 * suspended, new) the candidates are narrowed in SQL first.
 */

export type RollRow = {
  userId: string;
  name: string;
  role: string;
  categoryId: number | null;
  standing: Standing;
  arrears: number;
  arrearsSince: string | null;
  newUntil: string | null;
  suspendedUntil: string | null;
  suspensionReason: string | null;
  /** The leaders' suspension in force, which the roll's row lifts. */
  suspensionId: number | null;
};

type RollQuery = { communityId: number; now: number; standing?: Standing; categoryId?: number; cursor?: number; limit: number };

function toRow(r: RollFactRow, rules: ReturnType<typeof standingRules>, now: number, defaultCategory: number | null): RollRow {
  const s = standingOf(toFacts(r), rules, now);
  return {
    userId: r.userId,
    name: `${r.firstName} ${r.lastName}`,
    role: r.role,
    categoryId: r.categoryId ?? defaultCategory,
    standing: s.standing,
    arrears: s.arrears,
    arrearsSince: s.arrearsSince === null ? null : new Date(s.arrearsSince).toISOString(),
    newUntil: s.newUntil === null ? null : new Date(s.newUntil).toISOString(),
    suspendedUntil: s.suspended?.by === 'decision' ? new Date(s.suspended.until).toISOString() : null,
    suspensionReason: s.suspended?.by === 'decision' ? s.suspended.reason : null,
    suspensionId: s.suspended?.by === 'decision' ? suspensionIdOf(r) : null,
  };
}

/** Rows after `cursor` (a membership id) matching the filters, until `limit` are found or the members run out. */
export function rollPage(db: DB, q: RollQuery): { items: RollRow[]; nextCursor: number | null } {
  const rules = standingRules(db, q.communityId);
  const defaultCategory = defaultCategoryId(db, q.communityId);
  const owing = q.standing === 'in_arrears' || q.standing === 'suspended';
  const joinedAfter = q.standing === 'new' ? q.now - rules.waitingDays * DAY_MS : null;
  const batch = q.standing ? Math.max(200, q.limit * 2) : q.limit + 1;
  const items: RollRow[] = [];
  let after = q.cursor ?? 0;
  for (;;) {
    const rows = rollFacts(db, { communityId: q.communityId, now: q.now, after, batch, categoryId: q.categoryId ?? null, defaultCategoryId: defaultCategory, owing, joinedAfter });
    for (const r of rows) {
      const row = toRow(r, rules, q.now, defaultCategory);
      if (q.standing && row.standing !== q.standing) {
        after = r.membershipId;
        continue;
      }
      // One more than asked for: there is a next page, which starts after the last one shown.
      if (items.length === q.limit) return { items, nextCursor: after };
      items.push(row);
      after = r.membershipId;
    }
    if (rows.length < batch) return { items, nextCursor: null };
  }
}

/** Every row of the roll with the filters, in pages (for the CSV and the workbook). */
export function* rollRows(db: DB, q: Omit<RollQuery, 'cursor' | 'limit'>): Generator<RollRow> {
  let cursor: number | undefined;
  for (;;) {
    const page = rollPage(db, { ...q, cursor, limit: 500 });
    yield* page.items;
    if (page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}

/** How many members stand where (the roll's header). */
export function standingCounts(db: DB, p: { communityId: number; now: number }): Record<Standing, number> {
  const counts: Record<Standing, number> = { new: 0, good: 0, in_arrears: 0, suspended: 0 };
  for (const r of rollRows(db, p)) counts[r.standing] += 1;
  return counts;
}
