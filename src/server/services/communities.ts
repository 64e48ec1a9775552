import type Database from 'better-sqlite3';
import type { DB } from '../../../db/database';
import {
  COMMUNITY_COLUMNS,
  VIEWER_COLUMNS,
  VIEWER_JOINS,
  toCommunityDto,
  type CommunityRecord,
} from './community-dto';
import { planSearch } from './community-search';
import { toPage } from './paging';

/*
 * Read paths for communities run on every page view, so they are hand-written SQL prepared once
 * per connection and cached by shape (measured: a drizzle query built per request cost about 5x
 * a prepared statement). Every list pages by keyset on id, never OFFSET, and reads the maintained
 * member_count.
 */
const cache = new WeakMap<DB, Map<string, Database.Statement>>();
function statement(db: DB, key: string, sql: () => string): Database.Statement {
  let stmts = cache.get(db);
  if (!stmts) cache.set(db, (stmts = new Map()));
  let s = stmts.get(key);
  if (!s) stmts.set(key, (s = db.$client.prepare(sql())));
  return s;
}

const NO_CURSOR = Number.MAX_SAFE_INTEGER;

export function listCommunities(
  db: DB,
  p: { viewerId: string | null; publicOnly: boolean; search?: string; location?: string; cursor?: number; limit: number },
) {
  const plan = planSearch(p.search, p.location);
  // An outsider never sees a private community's location, so it must not be found by it either.
  const byLocation = !!p.location?.trim();
  const key = `list:${p.publicOnly}:${!!plan.match}:${!!plan.likeText}:${!!plan.likeLocation}:${byLocation}`;
  const stmt = statement(db, key, () => {
    // Communities hidden by staff leave discovery and search (members still reach them).
    const where = ['c.id < @cursor', 'c.is_hidden = 0'];
    if (p.publicOnly) where.push('c.is_public = 1');
    else if (byLocation) where.push('(c.is_public = 1 OR vm.role IS NOT NULL)');
    if (plan.likeText) where.push(`(c.name LIKE @likeText ESCAPE '\\' OR c.description LIKE @likeText ESCAPE '\\')`);
    if (plan.likeLocation) where.push(`c.location LIKE @likeLocation ESCAPE '\\'`);
    // With a MATCH, FTS yields candidates newest first (by rowid), so LIMIT stops early; no ranking of all matches.
    // CROSS JOIN pins FTS as the outer loop. With a plain JOIN, extra filters on c (is_hidden) make
    // SQLite walk communities by index and run the MATCH once per row: 16-30 s per search at 100k.
    const from = plan.match
      ? `communities_fts f CROSS JOIN communities c ON c.id = f.rowid`
      : `communities c`;
    if (plan.match) where.push('communities_fts MATCH @match');
    const order = plan.match ? 'f.rowid DESC' : 'c.id DESC';
    return `SELECT ${COMMUNITY_COLUMNS}, ${VIEWER_COLUMNS} FROM ${from} ${VIEWER_JOINS}
      WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT @take`;
  });
  // Assigned, not spread in: this runs on every list and search (spreads take V8's slow path).
  const params: Record<string, string | number> = { viewer: p.viewerId ?? '', cursor: p.cursor ?? NO_CURSOR, take: p.limit + 1 };
  if (plan.match) params.match = plan.match;
  if (plan.likeText) params.likeText = plan.likeText;
  if (plan.likeLocation) params.likeLocation = plan.likeLocation;
  const rows = stmt.all(params) as CommunityRecord[];
  return toPage(rows, p.limit, (r) => r.id, toCommunityDto);
}

/** Communities the user belongs to (any role), most recently joined first. */
export function listJoined(db: DB, p: { userId: string; cursor?: number; limit: number }) {
  const rows = statement(
    db,
    'joined',
    () => `SELECT ${COMMUNITY_COLUMNS}, ${VIEWER_COLUMNS}, vm.id AS membershipId FROM memberships vm
      JOIN communities c ON c.id = vm.community_id
      LEFT JOIN join_requests vr ON vr.community_id = c.id AND vr.user_id = @viewer
      WHERE vm.user_id = @viewer AND vm.id < @cursor ORDER BY vm.id DESC LIMIT @take`,
  ).all({ viewer: p.userId, cursor: p.cursor ?? NO_CURSOR, take: p.limit + 1 }) as (CommunityRecord & { membershipId: number })[];
  return toPage(rows, p.limit, (r) => r.membershipId, toCommunityDto);
}

/** Communities the user created, newest first. */
export function listCreated(db: DB, p: { userId: string; cursor?: number; limit: number }) {
  const rows = statement(
    db,
    'created',
    () => `SELECT ${COMMUNITY_COLUMNS}, ${VIEWER_COLUMNS} FROM communities c ${VIEWER_JOINS}
      WHERE c.creator_id = @viewer AND c.id < @cursor ORDER BY c.id DESC LIMIT @take`,
  ).all({ viewer: p.userId, cursor: p.cursor ?? NO_CURSOR, take: p.limit + 1 }) as CommunityRecord[];
  return toPage(rows, p.limit, (r) => r.id, toCommunityDto);
}

export function findCommunity(db: DB, p: { id: number; viewerId: string | null }): CommunityRecord | undefined {
  return statement(
    db,
    'one',
    () => `SELECT ${COMMUNITY_COLUMNS}, ${VIEWER_COLUMNS} FROM communities c ${VIEWER_JOINS} WHERE c.id = @id`,
  ).get({ id: p.id, viewer: p.viewerId ?? '' }) as CommunityRecord | undefined;
}

type MemberRecord = {
  id: number;
  userId: string;
  role: string;
  joinedAt: number;
  firstName: string;
  lastName: string;
  username: string | null;
  email: string;
  phoneNumber: string | null;
  profileImageUrl: string | null;
  contactVisibility: string;
};

/**
 * The member directory, oldest member first. Only members call this (the procedure checks). Each
 * member's email and phone are shown as they chose: to the community's leaders (those who manage
 * members) only, or to every member; always to themselves.
 */
export function listMembers(db: DB, p: { communityId: number; viewerId: string; viewerIsLeader: boolean; cursor?: number; limit: number }) {
  const rows = statement(
    db,
    'members',
    () => `SELECT m.id, m.user_id AS userId, m.role, m.joined_at AS joinedAt, u.first_name AS firstName, u.last_name AS lastName,
      u.username, u.email, u.phone_number AS phoneNumber, u.profile_image_url AS profileImageUrl, u.contact_visibility AS contactVisibility
      FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.community_id = @communityId AND m.id > @cursor ORDER BY m.id ASC LIMIT @take`,
  ).all({ communityId: p.communityId, cursor: p.cursor ?? 0, take: p.limit + 1 }) as MemberRecord[];
  return toPage(rows, p.limit, (r) => r.id, (r) => {
    const contact = p.viewerIsLeader || r.contactVisibility === 'members' || r.userId === p.viewerId;
    return {
      id: r.id,
      userId: r.userId,
      role: r.role,
      joinedAt: new Date(r.joinedAt).toISOString(),
      user: {
        firstName: r.firstName,
        lastName: r.lastName,
        username: r.username,
        email: contact ? r.email : null,
        phoneNumber: contact ? r.phoneNumber : null,
        profileImageUrl: r.profileImageUrl,
      },
    };
  });
}

/** Pending requests to join, oldest first, with what a leader needs to decide (join_requests_pending_idx). */
export function listJoinRequests(db: DB, p: { communityId: number; cursor?: number; limit: number }) {
  const rows = statement(
    db,
    'requests',
    () => `SELECT r.id, r.user_id AS userId, r.created_at AS createdAt, u.first_name AS firstName, u.last_name AS lastName,
      u.username, u.location, u.profile_image_url AS profileImageUrl
      FROM join_requests r JOIN users u ON u.id = r.user_id
      WHERE r.community_id = @communityId AND r.status = 'pending' AND r.id > @cursor ORDER BY r.id ASC LIMIT @take`,
  ).all({ communityId: p.communityId, cursor: p.cursor ?? 0, take: p.limit + 1 }) as {
    id: number;
    userId: string;
    createdAt: number;
    firstName: string;
    lastName: string;
    username: string | null;
    location: string | null;
    profileImageUrl: string | null;
  }[];
  return toPage(rows, p.limit, (r) => r.id, (r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}

/** How many communities the user belongs to and created (indexed counts, for dashboards). */
export function countMine(db: DB, p: { userId: string }) {
  const joined = statement(db, 'count-joined', () => 'SELECT count(*) AS n FROM memberships WHERE user_id = ?').get(p.userId) as { n: number };
  const created = statement(db, 'count-created', () => 'SELECT count(*) AS n FROM communities WHERE creator_id = ?').get(p.userId) as { n: number };
  return { joined: joined.n, created: created.n };
}
