import { and, eq, inArray } from 'drizzle-orm';
import { savingsGroupMembers } from '../../../../db/schema';
import type { DB } from '../../../../db/database';
import { isOfficer, type GroupRole } from '@shared/savings/rules';
import { conflict, invalid, notFound } from '../../services/errors';
import { audit, groupOf, inCommunity, placeIn, requireMember, requireOfficer } from './groups';

/*
 * Who is in a group. Members of the community ask to join and an officer decides, as for circles;
 * an officer may also add a member directly. The community's leaders name the officers
 * (savings.organise): a group's officers decide on everyone's money, so who they are is the
 * community's choice, not theirs.
 */

/** Asks to join (again, after a refusal or leaving): an officer decides. */
export function askToJoin(db: DB, p: { communityId: number; groupId: number; userId: string; now: number }) {
  return db.transaction((tx) => {
    const group = groupOf(tx, p.communityId, p.groupId);
    if (group.status !== 'active') throw conflict('errors.savings.groupClosed');
    const place = placeIn(tx, group.id, p.userId);
    if (place?.status === 'active') throw conflict('errors.savings.alreadyMember');
    if (place?.status === 'pending') throw conflict('errors.savings.alreadyAsked');
    if (place) {
      tx.update(savingsGroupMembers)
        .set({ status: 'pending', role: 'member', createdAt: p.now, decidedBy: null, decidedAt: null })
        .where(and(eq(savingsGroupMembers.groupId, group.id), eq(savingsGroupMembers.userId, p.userId)))
        .run();
    } else {
      tx.insert(savingsGroupMembers).values({ groupId: group.id, userId: p.userId, role: 'member', status: 'pending', createdAt: p.now }).run();
    }
    return { status: 'pending' as const };
  });
}

/** An officer decides a request: one conditional UPDATE from pending, so two officers deciding at once count once. */
export function decideJoin(db: DB, p: { communityId: number; groupId: number; actorId: string; userId: string; approve: boolean; now: number }) {
  return db.transaction((tx) => {
    const group = groupOf(tx, p.communityId, p.groupId);
    requireOfficer(tx, group.id, p.actorId);
    const status = p.approve ? 'active' : 'rejected';
    const row = tx
      .update(savingsGroupMembers)
      .set({ status, decidedBy: p.actorId, decidedAt: p.now })
      .where(and(eq(savingsGroupMembers.groupId, group.id), eq(savingsGroupMembers.userId, p.userId), eq(savingsGroupMembers.status, 'pending')))
      .returning()
      .get();
    if (!row) throw notFound('errors.savings.noRequest');
    // Someone who left the community since asking is not taken in.
    if (p.approve && !inCommunity(tx, group.communityId, p.userId)) throw invalid('errors.savings.notInCommunity');
    audit(tx, group, p.actorId, p.approve ? 'memberApproved' : 'memberDeclined', { userId: p.userId }, p.now);
    return { userId: p.userId, status };
  });
}

/** An officer adds a member of the community directly. */
export function addMember(db: DB, p: { communityId: number; groupId: number; actorId: string; userId: string; now: number }) {
  return db.transaction((tx) => {
    const group = groupOf(tx, p.communityId, p.groupId);
    requireOfficer(tx, group.id, p.actorId);
    if (group.status !== 'active') throw conflict('errors.savings.groupClosed');
    if (!inCommunity(tx, group.communityId, p.userId)) throw invalid('errors.savings.notInCommunity');
    const place = placeIn(tx, group.id, p.userId);
    if (place?.status === 'active') throw conflict('errors.savings.alreadyMember');
    if (place) {
      tx.update(savingsGroupMembers)
        .set({ status: 'active', role: 'member', decidedBy: p.actorId, decidedAt: p.now })
        .where(and(eq(savingsGroupMembers.groupId, group.id), eq(savingsGroupMembers.userId, p.userId)))
        .run();
    } else {
      tx.insert(savingsGroupMembers).values({ groupId: group.id, userId: p.userId, role: 'member', status: 'active', createdAt: p.now, decidedBy: p.actorId, decidedAt: p.now }).run();
    }
    audit(tx, group, p.actorId, 'memberAdded', { userId: p.userId }, p.now);
    return { userId: p.userId, status: 'active' as const };
  });
}

/**
 * Names a member to an office (or back to a plain member). Each office has one holder: whoever
 * held it becomes a plain member in the same transaction (the partial unique index says so too).
 */
export function setRole(db: DB, p: { communityId: number; groupId: number; actorId: string; userId: string; role: GroupRole; now: number }) {
  return db.transaction((tx) => {
    const group = groupOf(tx, p.communityId, p.groupId);
    const place = requireMember(tx, group.id, p.userId, 'errors.savings.notAMember');
    if (place.role === p.role) return { userId: p.userId, role: p.role };
    if (isOfficer(p.role)) {
      tx.update(savingsGroupMembers)
        .set({ role: 'member' })
        .where(and(eq(savingsGroupMembers.groupId, group.id), eq(savingsGroupMembers.role, p.role), inArray(savingsGroupMembers.status, ['active'])))
        .run();
    }
    tx.update(savingsGroupMembers)
      .set({ role: p.role })
      .where(and(eq(savingsGroupMembers.groupId, group.id), eq(savingsGroupMembers.userId, p.userId)))
      .run();
    audit(tx, group, p.actorId, 'roleSet', { userId: p.userId, role: p.role, before: place.role }, p.now);
    return { userId: p.userId, role: p.role };
  });
}
