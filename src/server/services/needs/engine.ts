import type Database from 'better-sqlite3';
import type { DB } from '../../../../db/database';
import { can, canIn, COMMUNITY_ROLES, type CommunityRole } from '@shared/permissions';
import type { NeedCounts, NeedItem } from '@shared/needs';
import { NEED_SOURCES } from '../../domains';
import { invalid } from '../errors';
import { prepared } from '../prepared';
import { keptCounts } from './count-cache';
import type { ItemContext, NeedRow, NeedSource } from './types';

/*
 * "Needs you", computed from the records each time it is asked (services/needs/types.ts): the
 * viewer's memberships say in which communities each kind can fall to them; each kind's relation
 * says which items do. A page is the first items of every kind merged in one order: work with a
 * deadline first (soonest first), then work waiting since a time (oldest first), by kind and id
 * among equals. The cursor is that order's last position.
 */

type Membership = { communityId: number; name: string; role: CommunityRole; membersOrganiseCircles: number; membersInvite: number };
type Position = { group: number; key: number; kind: number; id: number };

const MEMBERSHIPS_SQL = `SELECT m.community_id AS communityId, c.name, m.role, c.members_organise_circles AS membersOrganiseCircles, c.members_invite AS membersInvite
  FROM memberships m JOIN communities c ON c.id = m.community_id WHERE m.user_id = ?`;

const statement = <R>(db: DB, key: string, sql: string) => prepared(db, `needs:${key}`, (d) => d.$client.prepare(sql)) as Database.Statement<unknown[], R>;

const listSql = (s: NeedSource, byCommunity: boolean) =>
  `SELECT * FROM (${s.relation}) w WHERE w.actor = @viewer AND ${byCommunity ? 'w.community_id = @community' : '(@community IS NULL OR w.community_id = @community)'}
   AND (w.key > @afterKey OR (w.key = @afterKey AND w.id > @afterId))
   AND (w.key < @capKey OR (w.key = @capKey AND w.id <= @capId)) ORDER BY w.key, w.id LIMIT @limit`;
const countSql = (s: NeedSource, where = '') =>
  s.count && !where ? s.count : `SELECT w.community_id AS communityId, count(*) AS n FROM (${s.relation}) w WHERE w.actor = @viewer ${where} GROUP BY w.community_id`;
/** The rows a kind's `filter` must judge (its `filteredWhen`), all of the viewer's. */
const filteredSql = (s: NeedSource) => `SELECT w.* FROM (${s.relation}) w WHERE w.actor = @viewer AND (${s.filteredWhen})`;
const actorsSql = (s: NeedSource) => `SELECT w.* FROM (${s.relation}) w WHERE w.id = @id`;

/** Where each kind stands in the order (its index in the domains' list). */
const kindIndex = (s: NeedSource) => NEED_SOURCES.indexOf(s);

function memberships(db: DB, viewerId: string): Membership[] {
  return statement<Membership>(db, 'memberships', MEMBERSHIPS_SQL).all(viewerId);
}

/** The communities where the viewer's role can make `s` theirs; null: the kind is addressed to the person. */
function scopeOf(s: NeedSource, mine: Membership[]): Membership[] | null {
  const capability = s.capability;
  if (!capability) return null;
  return mine.filter((m) => canIn(m.role, m, capability));
}

export const encodeCursor = (p: Position) => `${p.group}.${p.key}.${p.kind}.${p.id}`;
export function decodeCursor(cursor: string | undefined): Position | null {
  if (!cursor) return null;
  const parts = cursor.split('.').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isSafeInteger(n))) throw invalid('validation.needs.cursor', [{ path: ['cursor'], message: 'validation.needs.cursor' }]);
  const [group, key, kind, id] = parts as [number, number, number, number];
  return { group, key, kind, id };
}

const compare = (a: Position, b: Position) => a.group - b.group || a.key - b.key || a.kind - b.kind || a.id - b.id;

/** The rows of `s` after the cursor: all of them when its group or kind comes later, none when earlier. */
function afterBounds(s: NeedSource, after: Position | null): { afterKey: number; afterId: number } | null {
  const min = { afterKey: Number.MIN_SAFE_INTEGER, afterId: Number.MIN_SAFE_INTEGER };
  if (!after) return min;
  if (s.group !== after.group) return s.group > after.group ? min : null;
  const kind = kindIndex(s);
  // Same key: a later kind's rows all come after, an earlier kind's none.
  if (kind > after.kind) return { afterKey: after.key, afterId: Number.MIN_SAFE_INTEGER };
  if (kind < after.kind) return { afterKey: after.key, afterId: Number.MAX_SAFE_INTEGER };
  return { afterKey: after.key, afterId: after.id };
}

type Bounds = { afterKey: number; afterId: number };
type Cap = { capKey: number; capId: number };
const NO_CAP: Cap = { capKey: Number.MAX_SAFE_INTEGER, capId: Number.MAX_SAFE_INTEGER };

/**
 * The rows of `s` for the viewer (one community at a time where its capability falls to them).
 * `cap` is asked before each query: rows after it cannot make the page, so they are not read
 * (null: none can). `onRows` hears each query's rows as they come, so the cap tightens.
 */
function rowsOf(
  db: DB,
  s: NeedSource,
  p: { viewerId: string; scope: Membership[] | null; communityId?: number; bounds: Bounds; limit: number; now: number; cap?: () => Cap | null; onRows?: (rows: NeedRow[]) => void },
): NeedRow[] {
  const base = { viewer: p.viewerId, now: p.now, limit: p.limit, community: p.communityId ?? null, ...p.bounds };
  const read = (statementKey: string, sql: string, community: number | null) => {
    const cap = p.cap ? p.cap() : NO_CAP;
    if (!cap) return null;
    const rows = statement<NeedRow>(db, statementKey, sql).all({ ...base, ...cap, community });
    const kept = s.filter ? rows.filter((r) => s.filter!(db, r, p.now)) : rows;
    if (kept.length) p.onRows?.(kept);
    return kept;
  };
  if (p.scope === null) return read(`${s.kind}:list`, listSql(s, false), base.community) ?? [];
  const rows: NeedRow[] = [];
  for (const m of p.scope) {
    const found = read(`${s.kind}:list-community`, listSql(s, true), m.communityId);
    if (!found) break;
    rows.push(...found);
  }
  return rows;
}

function itemContext(db: DB, viewerId: string, now: number): ItemContext {
  const accounts = new Map<number, { id: number; name: string }[]>();
  const read = statement<{ id: number; name: string }>(db, 'accounts', 'SELECT id, name FROM finance_accounts WHERE community_id = ? ORDER BY id');
  return {
    db,
    viewerId,
    now,
    accounts: (communityId) => {
      let list = accounts.get(communityId);
      if (!list) accounts.set(communityId, (list = read.all(communityId)));
      return list;
    },
  };
}

const everyRole = (capability: NonNullable<NeedSource['capability']>) => COMMUNITY_ROLES.every((r) => can(r, capability));

/** The kinds with a deadline first: once a page is full of them, no kind waiting since a time is read at all. */
const BY_GROUP = () => [...NEED_SOURCES].sort((a, b) => a.group - b.group);
type Found = { pos: Position; row: NeedRow; source: NeedSource };

/** A page of the work waiting on the viewer, across their communities (or in one of them). */
export function listNeeds(db: DB, p: { viewerId: string; cursor?: string; limit: number; communityId?: number; now: number }): { items: NeedItem[]; nextCursor: string | null } {
  const after = decodeCursor(p.cursor);
  const mine = memberships(db, p.viewerId).filter((m) => p.communityId === undefined || m.communityId === p.communityId);
  // The best limit + 1 positions so far, in order (one more than the page, to know whether another follows).
  const best: Found[] = [];
  const add = (s: NeedSource, rows: NeedRow[]) => {
    const kind = kindIndex(s);
    for (const row of rows) best.push({ pos: { group: s.group, key: row.key, kind, id: row.id }, row, source: s });
    best.sort((a, b) => compare(a.pos, b.pos));
    if (best.length > p.limit + 1) best.length = p.limit + 1;
  };
  // Once `best` is full, its last position bounds what is still worth reading.
  const capFor = (s: NeedSource) => (): Cap | null => {
    if (best.length < p.limit + 1) return NO_CAP;
    const worst = best[best.length - 1]!.pos;
    if (s.group !== worst.group) return s.group < worst.group ? NO_CAP : null;
    const kind = kindIndex(s);
    // Same key: an earlier kind's rows come before the worst, a later kind's after it.
    return { capKey: worst.key, capId: kind < worst.kind ? Number.MAX_SAFE_INTEGER : kind > worst.kind ? Number.MIN_SAFE_INTEGER : worst.id };
  };
  for (const s of BY_GROUP()) {
    const bounds = afterBounds(s, after);
    if (!bounds) continue;
    // A capability every role holds (an event to answer, a poll to vote in) asks nothing of the
    // viewer's role: its relation's membership join is the whole rule, read in one query (its rows
    // are few, bounded by their deadline window) rather than one per community.
    const scope = s.capability && everyRole(s.capability) ? null : scopeOf(s, mine);
    if (scope && !scope.length) continue;
    rowsOf(db, s, { viewerId: p.viewerId, scope, communityId: p.communityId, bounds, limit: p.limit + 1, now: p.now, cap: capFor(s), onRows: (rows) => add(s, rows) });
  }
  const page = best.slice(0, p.limit);
  const ctx = itemContext(db, p.viewerId, p.now);
  return { items: page.map((f) => f.source.toItem(f.row, ctx)), nextCursor: best.length > p.limit ? encodeCursor(page.at(-1)!.pos) : null };
}

/** How much waits on the viewer: in all, per community and per community tab (kept between asks while nothing changed: count-cache.ts). */
export function countNeeds(db: DB, p: { viewerId: string; now: number }): NeedCounts {
  return keptCounts(db, p.viewerId, p.now, () => countAfresh(db, p));
}

function countAfresh(db: DB, p: { viewerId: string; now: number }): NeedCounts {
  const mine = memberships(db, p.viewerId);
  const byCommunity = new Map<number, { communityId: number; count: number; tabs: Record<string, number> }>();
  let count = 0;
  const add = (s: NeedSource, communityId: number | null, n: number) => {
    count += n;
    if (communityId === null || !s.tab || !n) return;
    let c = byCommunity.get(communityId);
    if (!c) byCommunity.set(communityId, (c = { communityId, count: 0, tabs: {} }));
    c.count += n;
    c.tabs[s.tab] = (c.tabs[s.tab] ?? 0) + n;
  };
  for (const s of NEED_SOURCES) {
    const scope = scopeOf(s, mine);
    if (scope && !scope.length) continue;
    const allowed = scope ? new Set(scope.map((m) => m.communityId)) : null;
    if (s.filter && !s.filteredWhen) {
      // A rule outside SQL: the rows themselves are counted (such kinds hold few, by their nature).
      const rows = rowsOf(db, s, { viewerId: p.viewerId, scope, bounds: afterBounds(s, null)!, limit: 10_000, now: p.now });
      for (const r of rows) add(s, r.community_id, 1);
      continue;
    }
    if (s.filter) {
      // Only the rows the rule may refuse are read and judged; the rest are counted below.
      for (const r of statement<NeedRow>(db, `${s.kind}:filtered`, filteredSql(s)).all({ viewer: p.viewerId, now: p.now })) {
        if ((!allowed || (r.community_id !== null && allowed.has(r.community_id))) && s.filter(db, r, p.now)) add(s, r.community_id, 1);
      }
    }
    const where = s.filter ? `AND NOT (${s.filteredWhen})` : '';
    for (const r of statement<{ communityId: number | null; n: number }>(db, `${s.kind}:count`, countSql(s, where)).all({ viewer: p.viewerId, now: p.now })) {
      // A kind that falls to a capability counts where the viewer's role still has it.
      if (allowed && (r.communityId === null || !allowed.has(r.communityId))) continue;
      add(s, r.communityId, r.n);
    }
  }
  return { count, communities: [...byCommunity.values()] };
}

/**
 * Everyone who may act now on item `id` of `kind`: whom its notices go to. Called inside the
 * transaction of the change that made the item wait, on that transaction's database (one
 * connection: it reads the change itself).
 */
export function actorsOf(db: DB, kind: NeedItem['kind'], id: number, now: number): string[] {
  const s = NEED_SOURCES.find((x) => x.kind === kind);
  if (!s) throw new Error(`No "needs" kind ${kind}`);
  const rows = statement<NeedRow>(db, `${s.kind}:actors`, actorsSql(s)).all({ id, now });
  return [...new Set(rows.filter((r) => !s.filter || s.filter(db, r, now)).map((r) => r.actor))];
}
