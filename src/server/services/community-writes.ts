import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import { communities, joinRequests, memberships, users } from '../../../db/schema';
import type { DB, DbLike } from '../../../db/database';
import type { CreateCommunityInput, UpdateCommunityInput } from '@shared/schemas/communities';
import { notifyUser } from './notifications';
import { handled, tellWhoMayAct } from './needs/notices';
import { forbidden, invalid, notFound, tooMany } from './errors';
import { attachUpload, detachUpload } from '../uploads/registry';
import { announceCommunityJoined, announceCommunityLeft, createDefaultChannel } from './chat/conversations';
import { isDatabase, prepared } from './prepared';
import { DAY_MS } from './invitations/tokens';
import { assignReference } from '../domains/collecting/references';

const communityName = (tx: DbLike, id: number) => tx.select({ name: communities.name }).from(communities).where(eq(communities.id, id)).get()?.name ?? 'the community';

/*
 * Every change to membership rows changes communities.member_count in the same transaction,
 * so the count read by every list is always the number of rows.
 */
export function addMember(tx: DbLike, p: { communityId: number; userId: string; role: 'member' | 'creator'; now: number }): boolean {
  // Joining a public community runs this on every join: prepared when given the database (prepared.ts).
  if (isDatabase(tx)) {
    const q = memberQueries(tx);
    const added = q.insert.get({ communityId: p.communityId, userId: p.userId, role: p.role, joinedAt: p.now });
    if (added) {
      q.count.run({ communityId: p.communityId });
      assignReference(tx, p);
    }
    return !!added;
  }
  const inserted = tx
    .insert(memberships)
    .values({ communityId: p.communityId, userId: p.userId, role: p.role, joinedAt: p.now })
    .onConflictDoNothing()
    .returning({ id: memberships.id })
    .get();
  if (inserted) {
    tx.update(communities).set({ memberCount: sql`${communities.memberCount} + 1` }).where(eq(communities.id, p.communityId)).run();
    // Every member has a payment reference from the day they join (collecting money).
    assignReference(tx, p);
  }
  return !!inserted;
}

const memberQueries = (db: DB) =>
  prepared(db, 'communities.addMember', (d) => {
    const ph = sql.placeholder;
    return {
      existing: d.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.communityId, ph('communityId')), eq(memberships.userId, ph('userId')))).prepare(),
      insert: d
        .insert(memberships)
        .values({ communityId: ph('communityId'), userId: ph('userId'), role: ph('role'), joinedAt: ph('joinedAt') })
        .onConflictDoNothing()
        .returning({ id: memberships.id })
        .prepare(),
      count: d.update(communities).set({ memberCount: sql`${communities.memberCount} + 1` }).where(eq(communities.id, ph('communityId'))).prepare(),
    };
  });

export function dropMember(tx: DbLike, p: { communityId: number; userId: string }): boolean {
  // The creator's row is never deleted here: ownership must be handed over first.
  const deleted = tx
    .delete(memberships)
    .where(and(eq(memberships.communityId, p.communityId), eq(memberships.userId, p.userId), ne(memberships.role, 'creator')))
    .returning({ id: memberships.id })
    .get();
  if (deleted) {
    tx.update(communities).set({ memberCount: sql`${communities.memberCount} - 1` }).where(eq(communities.id, p.communityId)).run();
    // Places in the community's savings circles that have not started go with the membership (a
    // running circle keeps its hands: what they owe and are owed does not end with leaving).
    tx.run(sql`UPDATE circle_members SET status = 'withdrawn'
      WHERE user_id = ${p.userId} AND status IN ('pending', 'approved')
        AND circle_id IN (SELECT id FROM circles WHERE community_id = ${p.communityId} AND status = 'recruiting' AND organiser_id <> ${p.userId})`);
    tx.run(sql`DELETE FROM circle_picks WHERE user_id = ${p.userId}
        AND circle_id IN (SELECT id FROM circles WHERE community_id = ${p.communityId} AND status = 'recruiting')`);
  }
  return !!deleted;
}

/** At most `limit` communities by one account in any 24 hours (429 beyond): each one brings its own allowance of invitation emails. */
function assertCommunitiesWithinLimit(tx: DbLike, userId: string, limit: number, now: number) {
  const row = tx
    .select({ n: count(), oldest: sql<number | null>`min(${communities.createdAt})` })
    .from(communities)
    .where(and(eq(communities.creatorId, userId), gt(communities.createdAt, now - DAY_MS)))
    .get()!;
  if (row.n < limit) return;
  throw tooMany('errors.community.dailyLimit', Math.max(60, Math.ceil(((row.oldest ?? now) + DAY_MS - now) / 1000)), { limit });
}

/** `dailyMax`: the most communities the account may create in 24 hours (COMMUNITY_CREATE_DAILY_MAX; 0 or left out: no limit). */
export function createCommunity(db: DB, p: { userId: string; input: CreateCommunityInput; now: number; dailyMax?: number }): number {
  const created = db.transaction((tx) => {
    if (p.dailyMax) assertCommunitiesWithinLimit(tx, p.userId, p.dailyMax, p.now);
    // A banner is a file its creator uploaded (uploads/registry.ts).
    attachUpload(tx, { url: p.input.imageUrl, ownerId: p.userId, field: 'imageUrl', now: p.now });
    const { id } = tx
      .insert(communities)
      .values({ ...p.input, creatorId: p.userId, memberCount: 0, createdAt: p.now, updatedAt: p.now })
      .returning({ id: communities.id })
      .get();
    addMember(tx, { communityId: id, userId: p.userId, role: 'creator', now: p.now });
    createDefaultChannel(tx, { communityId: id, createdBy: p.userId, now: p.now });
    return id;
  });
  announceCommunityJoined(db, created, p.userId);
  return created;
}

/** Public: a member at once. Private: a pending request (re-opened if it was declined). Twice is harmless. */
/** How soon one account may ask the same community again after its last request. */
export const JOIN_AGAIN_AFTER_MS = 10 * 60_000;
/** Leaders hear about the same person's request at most once a day. */
const NOTIFY_AGAIN_AFTER_MS = 24 * 60 * 60_000;

// Its chat announcement comes from the operation, after the group commit (operations/communities.ts).
export function joinCommunity(db: DB, p: { communityId: number; isPublic: boolean; userId: string; now: number }) {
  return db.transaction((tx): { status: 'joined' | 'pending' | 'member' } => {
    // The public case runs prepared statements on `db` inside this transaction (prepared.ts).
    const existing = memberQueries(db).existing.get({ communityId: p.communityId, userId: p.userId });
    if (existing) return { status: 'member' };
    if (p.isPublic) {
      addMember(db, { communityId: p.communityId, userId: p.userId, role: 'member', now: p.now });
      return { status: 'joined' };
    }
    const previous = tx.select().from(joinRequests).where(and(eq(joinRequests.communityId, p.communityId), eq(joinRequests.userId, p.userId))).get();
    if (previous?.status === 'pending') return { status: 'pending' };
    // Asking, withdrawing and asking again in a loop: a new request waits a while after the last one.
    if (previous && p.now - previous.createdAt < JOIN_AGAIN_AFTER_MS) {
      const minutes = Math.ceil((previous.createdAt + JOIN_AGAIN_AFTER_MS - p.now) / 60_000);
      throw tooMany('errors.community.joinAgainLater', minutes * 60, { count: minutes });
    }
    const opened = tx
      .insert(joinRequests)
      .values({ communityId: p.communityId, userId: p.userId, status: 'pending', createdAt: p.now })
      .onConflictDoUpdate({
        target: [joinRequests.communityId, joinRequests.userId],
        set: { status: 'pending', createdAt: p.now, decidedAt: null, decidedBy: null },
        setWhere: sql`${joinRequests.status} <> 'pending'`,
      })
      .returning({ id: joinRequests.id })
      .get();
    // Only a new (or re-opened) request is news to the leaders, and the same person's again within a day is not.
    if (opened && (!previous || p.now - previous.createdAt >= NOTIFY_AGAIN_AFTER_MS)) {
      const who = tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, p.userId)).get()!;
      tellWhoMayAct(db, tx, {
        kind: 'joinRequest',
        id: opened.id,
        by: p.userId,
        key: 'joinRequest',
        params: { name: `${who.firstName} ${who.lastName}`, community: communityName(tx, p.communityId) },
        link: `/community/${p.communityId}/settings?section=requests`,
        now: p.now,
      });
    }
    return { status: 'pending' };
  });
}

export function leaveCommunity(db: DB, p: { communityId: number; userId: string; role: string }) {
  if (p.role === 'creator') {
    throw invalid('errors.community.creatorCannotLeave');
  }
  db.transaction((tx) => {
    dropMember(tx, p);
    // Leaving also withdraws any old request, so a private community can be asked again later.
    tx.delete(joinRequests).where(and(eq(joinRequests.communityId, p.communityId), eq(joinRequests.userId, p.userId))).run();
  });
  announceCommunityLeft(db, p.communityId, p.userId);
}

/** The asker takes back a pending request; a decided one is history and stays. */
export function withdrawJoinRequest(db: DB, p: { communityId: number; userId: string; now: number }) {
  db.transaction((tx) => {
    // Kept as 'withdrawn' rather than deleted: its time is what limits asking again.
    const withdrawn = tx
      .update(joinRequests)
      .set({ status: 'withdrawn' })
      .where(and(eq(joinRequests.communityId, p.communityId), eq(joinRequests.userId, p.userId), eq(joinRequests.status, 'pending')))
      .returning({ id: joinRequests.id })
      .get();
    if (!withdrawn) throw notFound('errors.community.noPendingRequest');
    // The leaders' notices of it read as handled: withdrawn by the asker.
    handled(tx, 'joinRequest', withdrawn.id, p.userId, p.now);
  });
}

export function decideJoinRequest(db: DB, p: { communityId: number; requestId: number; approve: boolean; deciderId: string; now: number }) {
  const decided = db.transaction((tx) => {
    const request = tx
      .update(joinRequests)
      .set({ status: p.approve ? 'approved' : 'declined', decidedAt: p.now, decidedBy: p.deciderId })
      .where(and(eq(joinRequests.id, p.requestId), eq(joinRequests.communityId, p.communityId), eq(joinRequests.status, 'pending')))
      .returning({ userId: joinRequests.userId })
      .get();
    if (!request) throw notFound('errors.community.requestHandled');
    handled(tx, 'joinRequest', p.requestId, p.deciderId, p.now);
    if (p.approve) addMember(tx, { communityId: p.communityId, userId: request.userId, role: 'member', now: p.now });
    const name = communityName(tx, p.communityId);
    notifyUser(tx, {
      userId: request.userId,
      type: p.approve ? 'success' : 'info',
      title: p.approve ? 'notifications.approved.title' : 'notifications.declined.title',
      message: p.approve ? 'notifications.approved.message' : 'notifications.declined.message',
      params: { community: name },
      link: p.approve ? `/community/${p.communityId}` : `/community/${p.communityId}/details`,
      now: p.now,
    });
    return { userId: request.userId, status: p.approve ? ('approved' as const) : ('declined' as const) };
  });
  if (decided.status === 'approved') announceCommunityJoined(db, p.communityId, decided.userId);
  return decided;
}

const notAMember = () => notFound('errors.community.notAMember');
const creatorProtected = () => forbidden('errors.community.creatorProtected');

function targetRole(db: DbLike, communityId: number, userId: string) {
  return db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId)))
    .get()?.role;
}

export function setMemberRole(db: DB, p: { communityId: number; userId: string; role: 'member' | 'admin' | 'treasurer' }) {
  const current = targetRole(db, p.communityId, p.userId);
  if (!current) throw notAMember();
  if (current === 'creator') throw creatorProtected();
  db.update(memberships)
    .set({ role: p.role })
    .where(and(eq(memberships.communityId, p.communityId), eq(memberships.userId, p.userId), ne(memberships.role, 'creator')))
    .run();
}

export function removeMember(db: DB, p: { communityId: number; userId: string }) {
  const current = targetRole(db, p.communityId, p.userId);
  if (!current) throw notAMember();
  if (current === 'creator') throw creatorProtected();
  db.transaction((tx) => {
    dropMember(tx, p);
    tx.delete(joinRequests).where(and(eq(joinRequests.communityId, p.communityId), eq(joinRequests.userId, p.userId))).run();
  });
  announceCommunityLeft(db, p.communityId, p.userId);
}

/** The creator hands the community to another member, and stays on as an admin. */
export function transferOwnership(db: DB, p: { communityId: number; fromUserId: string; toUserId: string; now: number }) {
  if (p.fromUserId === p.toUserId) throw invalid('errors.community.alreadyCreator');
  db.transaction((tx) => {
    if (!targetRole(tx, p.communityId, p.toUserId)) throw notAMember();
    const where = (userId: string) => and(eq(memberships.communityId, p.communityId), eq(memberships.userId, userId));
    tx.update(memberships).set({ role: 'creator' }).where(where(p.toUserId)).run();
    tx.update(memberships).set({ role: 'admin' }).where(where(p.fromUserId)).run();
    tx.update(communities).set({ creatorId: p.toUserId, updatedAt: p.now }).where(eq(communities.id, p.communityId)).run();
  });
}

export function updateCommunity(db: DB, p: { communityId: number; input: UpdateCommunityInput; by: string; now: number }) {
  db.transaction((tx) => {
    if (p.input.imageUrl !== undefined) {
      // The new banner must be the editor's own upload; the one it replaces is left for the sweep.
      const before = tx.select({ imageUrl: communities.imageUrl }).from(communities).where(eq(communities.id, p.communityId)).get()?.imageUrl ?? null;
      attachUpload(tx, { url: p.input.imageUrl, ownerId: p.by, field: 'imageUrl', now: p.now, current: before });
      if (before !== p.input.imageUrl) detachUpload(tx, before);
    }
    tx.update(communities)
      .set({ ...p.input, updatedAt: p.now })
      .where(eq(communities.id, p.communityId))
      .run();
  });
}
