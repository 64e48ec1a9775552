import { and, eq, sql } from 'drizzle-orm';
import { circleMembers, circlePicks, memberships } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { conflict, forbidden, invalid, notFound } from '../errors';
import { notifyUser } from '../notifications';
import { handled, tellWhoMayAct } from '../needs/notices';
import { audit, circleOf, organisedBy } from './circles';
import { personName } from './notices';

/** Hands already granted in a circle. */
export function approvedHands(db: DbLike, circleId: number): number {
  return db.select({ n: sql<number>`COALESCE(SUM(${circleMembers.hands}), 0)` }).from(circleMembers).where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.status, 'approved'))).get()!.n;
}

const link = (circleId: number) => `/njangi/${circleId}`;

/**
 * A member asks for a place (and how many hands) while the circle recruits. Asking again changes
 * the number of hands of a request still waiting; the organiser changes their own hands at once.
 */
export function joinCircle(db: DB, p: { circleId: number; userId: string; hands: number; now: number }) {
  return db.transaction((tx) => {
    const circle = circleOf(tx, p.circleId);
    if (circle.status !== 'recruiting') throw conflict('errors.njangi.notRecruiting');
    if (p.hands > circle.maxHandsPerMember) throw invalid('errors.njangi.tooManyHands', [{ path: ['hands'], message: 'errors.njangi.tooManyHands' }], { max: circle.maxHandsPerMember });
    const mine = tx.select().from(circleMembers).where(and(eq(circleMembers.circleId, p.circleId), eq(circleMembers.userId, p.userId))).get();
    const organiser = circle.organiserId === p.userId;
    if (organiser) {
      if (approvedHands(tx, p.circleId) - (mine?.hands ?? 0) + p.hands > circle.hands) throw conflict('errors.njangi.circleFull');
      tx.update(circleMembers).set({ hands: p.hands }).where(eq(circleMembers.id, mine!.id)).run();
      audit(tx, circle, p.userId, 'hands.changed', { userId: p.userId, hands: p.hands }, p.now);
      return { status: 'approved' as const, hands: p.hands };
    }
    if (mine?.status === 'approved') throw conflict('errors.njangi.alreadyInCircle');
    if (mine) tx.update(circleMembers).set({ hands: p.hands, status: 'pending', createdAt: p.now, decidedAt: null, decidedBy: null }).where(eq(circleMembers.id, mine.id)).run();
    const requestId = mine?.id ?? tx.insert(circleMembers).values({ circleId: p.circleId, userId: p.userId, hands: p.hands, status: 'pending', createdAt: p.now }).returning({ id: circleMembers.id }).get().id;
    audit(tx, circle, p.userId, 'join.requested', { hands: p.hands }, p.now);
    if (mine?.status !== 'pending') {
      tellWhoMayAct(db, tx, { kind: 'circleJoin', id: requestId, by: p.userId, key: 'circleJoinWaiting', params: { name: personName(tx, p.userId), hands: p.hands, circle: circle.name }, link: link(circle.id), now: p.now });
    }
    return { status: 'pending' as const, hands: p.hands };
  });
}

/** The organiser approves or declines a waiting request; approving never overfills the circle. */
export function decideJoin(db: DB, p: { circleId: number; organiserId: string; userId: string; approve: boolean; now: number }) {
  return db.transaction((tx) => {
    const circle = organisedBy(tx, p.circleId, p.organiserId);
    if (circle.status !== 'recruiting') throw conflict('errors.njangi.notRecruiting');
    const request = tx.select().from(circleMembers).where(and(eq(circleMembers.circleId, p.circleId), eq(circleMembers.userId, p.userId))).get();
    if (!request) throw notFound('errors.njangi.requestNotFound');
    // Someone who has left the community since asking cannot be let in (declining stays possible).
    if (p.approve && !tx.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.communityId, circle.communityId), eq(memberships.userId, p.userId))).get()) {
      throw notFound('errors.community.notAMember');
    }
    if (p.approve && approvedHands(tx, p.circleId) + request.hands > circle.hands) throw conflict('errors.njangi.circleFull');
    const status = p.approve ? ('approved' as const) : ('declined' as const);
    const moved = tx
      .update(circleMembers)
      .set({ status, decidedAt: p.now, decidedBy: p.organiserId })
      .where(and(eq(circleMembers.id, request.id), eq(circleMembers.status, 'pending')))
      .returning()
      .get();
    if (!moved) throw conflict('errors.njangi.requestDecided');
    handled(tx, 'circleJoin', moved.id, p.organiserId, p.now);
    audit(tx, circle, p.organiserId, p.approve ? 'join.approved' : 'join.declined', { userId: p.userId, hands: request.hands }, p.now);
    notifyUser(tx, {
      userId: p.userId,
      type: p.approve ? 'success' : 'info',
      title: p.approve ? 'notifications.circleJoinApproved.title' : 'notifications.circleJoinDeclined.title',
      message: p.approve ? 'notifications.circleJoinApproved.message' : 'notifications.circleJoinDeclined.message',
      params: { circle: circle.name },
      link: link(circle.id),
      now: p.now,
    });
    return { userId: p.userId, status, hands: request.hands };
  });
}

/** A member leaves a circle that has not started (the organiser cancels it instead). */
export function leaveCircle(db: DB, p: { circleId: number; userId: string; now: number }) {
  return db.transaction((tx) => {
    const circle = circleOf(tx, p.circleId);
    if (circle.organiserId === p.userId) throw forbidden('errors.njangi.organiserCannotLeave');
    if (circle.status !== 'recruiting') throw conflict('errors.njangi.notRecruiting');
    const moved = tx
      .update(circleMembers)
      .set({ status: 'withdrawn', decidedAt: p.now })
      .where(and(eq(circleMembers.circleId, p.circleId), eq(circleMembers.userId, p.userId), sql`${circleMembers.status} IN ('pending', 'approved')`))
      .returning()
      .get();
    if (!moved) throw notFound('errors.njangi.requestNotFound');
    // A request still waiting is withdrawn: the organiser's notice of it reads as handled.
    handled(tx, 'circleJoin', moved.id, p.userId, p.now);
    // The positions they picked are free again for the members who stay.
    tx.delete(circlePicks).where(and(eq(circlePicks.circleId, p.circleId), eq(circlePicks.userId, p.userId))).run();
    audit(tx, circle, p.userId, 'left', {}, p.now);
    return { left: true };
  });
}

/**
 * A member picks a free payout position while a fixed circle whose members choose the order
 * recruits: first come, first served (the primary key on circle and position decides a race),
 * one position per hand. Releasing one frees it for others.
 */
export function pickPosition(db: DB, p: { circleId: number; userId: string; position: number; now: number }) {
  return db.transaction((tx) => {
    const circle = circleOf(tx, p.circleId);
    if (circle.status !== 'recruiting') throw conflict('errors.njangi.notRecruiting');
    if (circle.payoutMethod !== 'fixed' || circle.orderBy !== 'members') throw conflict('errors.njangi.picksNotAllowed');
    if (p.position > circle.hands) throw invalid('validation.njangi.position', [{ path: ['position'], message: 'validation.njangi.position' }]);
    const me = tx.select().from(circleMembers).where(and(eq(circleMembers.circleId, p.circleId), eq(circleMembers.userId, p.userId))).get();
    if (me?.status !== 'approved') throw forbidden('errors.njangi.notApproved');
    const mine = tx.select({ n: sql<number>`COUNT(*)` }).from(circlePicks).where(and(eq(circlePicks.circleId, p.circleId), eq(circlePicks.userId, p.userId))).get()!.n;
    if (mine >= me.hands) throw conflict('errors.njangi.noPicksLeft');
    const row = tx.insert(circlePicks).values({ circleId: p.circleId, position: p.position, userId: p.userId, createdAt: p.now }).onConflictDoNothing().returning().get();
    if (!row) throw conflict('errors.njangi.positionTaken');
    audit(tx, circle, p.userId, 'position.picked', { position: p.position }, p.now);
    return row;
  });
}

export function releasePosition(db: DB, p: { circleId: number; userId: string; position: number; now: number }) {
  return db.transaction((tx) => {
    const circle = circleOf(tx, p.circleId);
    if (circle.status !== 'recruiting') throw conflict('errors.njangi.notRecruiting');
    const gone = tx.delete(circlePicks).where(and(eq(circlePicks.circleId, p.circleId), eq(circlePicks.position, p.position), eq(circlePicks.userId, p.userId))).returning().get();
    if (!gone) throw notFound('validation.njangi.position');
    audit(tx, circle, p.userId, 'position.released', { position: p.position }, p.now);
    return { released: true };
  });
}
