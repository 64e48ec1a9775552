import { and, eq, inArray } from 'drizzle-orm';
import { circleHands, circleRounds, circleSwaps, circles } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { conflict, forbidden, invalid, notFound } from '../errors';
import { notifyUser } from '../notifications';
import { handled, itemKey } from '../needs/notices';
import { audit, circleOf } from './circles';
import { personName } from './notices';

/*
 * Two hands trade payout positions: one member asks, the other accepts, the organiser approves.
 * Only between hands that have not received, in rounds not yet paid out; auction circles have no
 * positions to trade.
 */

export const swapCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: circles.communityId }).from(circleSwaps).innerJoin(circles, eq(circles.id, circleSwaps.circleId)).where(eq(circleSwaps.id, id)).get()?.communityId;

/** Both hands, checked still tradeable: neither has received, both rounds still open. */
function tradeable(tx: DbLike, circleId: number, fromHandId: number, toHandId: number) {
  const hands = tx.select().from(circleHands).where(and(eq(circleHands.circleId, circleId), inArray(circleHands.id, [fromHandId, toHandId]))).all();
  const from = hands.find((h) => h.id === fromHandId);
  const to = hands.find((h) => h.id === toHandId);
  if (!from || !to) throw notFound('errors.njangi.handNotFound');
  if (from.received || to.received || from.position === null || to.position === null) throw conflict('errors.njangi.swapNotPossible');
  const rounds = tx.select().from(circleRounds).where(and(eq(circleRounds.circleId, circleId), inArray(circleRounds.number, [from.position, to.position]))).all();
  if (rounds.length !== 2 || rounds.some((r) => r.status !== 'open')) throw conflict('errors.njangi.swapNotPossible');
  return { from, to, rounds };
}

export function requestSwap(db: DB, p: { circleId: number; fromHandId: number; toHandId: number; userId: string; now: number }) {
  return db.transaction((tx) => {
    const circle = circleOf(tx, p.circleId);
    if (circle.status !== 'active') throw conflict('errors.njangi.notActive');
    if (circle.payoutMethod === 'auction') throw conflict('errors.njangi.swapNotPossible');
    const { from, to } = tradeable(tx, circle.id, p.fromHandId, p.toHandId);
    if (from.userId !== p.userId) throw forbidden('errors.njangi.notYourHand');
    if (to.userId === p.userId) throw invalid('errors.njangi.swapOwnHand', [{ path: ['toHandId'], message: 'errors.njangi.swapOwnHand' }]);
    const row = tx.insert(circleSwaps).values({ circleId: circle.id, fromHandId: from.id, toHandId: to.id, requestedBy: p.userId, createdAt: p.now }).returning().get();
    audit(tx, circle, p.userId, 'swap.requested', { swapId: row.id, from: from.position, to: to.position }, p.now);
    notifyUser(tx, { userId: to.userId, type: 'info', title: 'notifications.circleSwapRequested.title', message: 'notifications.circleSwapRequested.message', params: { circle: circle.name, name: personName(tx, p.userId), from: from.position!, to: to.position! }, link: `/njangi/${circle.id}`, item: itemKey('swapAccept', row.id), now: p.now });
    return row;
  });
}

function swapOf(tx: DbLike, id: number) {
  const swap = tx.select().from(circleSwaps).where(eq(circleSwaps.id, id)).get();
  if (!swap) throw notFound('errors.njangi.swapNotFound');
  return { swap, circle: circleOf(tx, swap.circleId) };
}

function move(tx: DbLike, id: number, from: 'requested' | 'accepted', to: 'accepted' | 'approved' | 'declined', now: number) {
  const row = tx.update(circleSwaps).set({ status: to, decidedAt: now }).where(and(eq(circleSwaps.id, id), eq(circleSwaps.status, from))).returning().get();
  if (!row) throw conflict('errors.njangi.swapDecided');
  return row;
}

/** The other hand's member accepts; the organiser is asked next. */
export function acceptSwap(db: DB, p: { id: number; userId: string; now: number }) {
  return db.transaction((tx) => {
    const { swap, circle } = swapOf(tx, p.id);
    const { from, to } = tradeable(tx, circle.id, swap.fromHandId, swap.toHandId);
    if (to.userId !== p.userId) throw forbidden('errors.njangi.swapNotYours');
    const row = move(tx, swap.id, 'requested', 'accepted', p.now);
    audit(tx, circle, p.userId, 'swap.accepted', { swapId: swap.id }, p.now);
    handled(tx, 'swapAccept', swap.id, p.userId, p.now);
    notifyUser(tx, { userId: circle.organiserId, type: 'info', title: 'notifications.circleSwapAccepted.title', message: 'notifications.circleSwapAccepted.message', params: { circle: circle.name, from: personName(tx, from.userId), to: personName(tx, to.userId) }, link: `/njangi/${circle.id}`, item: itemKey('swapApprove', swap.id), now: p.now });
    return row;
  });
}

/** The organiser approves: the two hands trade positions and their rounds' beneficiaries. */
export function approveSwap(db: DB, p: { id: number; userId: string; now: number }) {
  return db.transaction((tx) => {
    const { swap, circle } = swapOf(tx, p.id);
    if (circle.organiserId !== p.userId) throw forbidden('errors.njangi.organiserOnly');
    const { from, to, rounds } = tradeable(tx, circle.id, swap.fromHandId, swap.toHandId);
    const row = move(tx, swap.id, 'accepted', 'approved', p.now);
    // Through a free position: the unique (circle, position) index never sees two hands on one.
    tx.update(circleHands).set({ position: null }).where(eq(circleHands.id, from.id)).run();
    tx.update(circleHands).set({ position: from.position }).where(eq(circleHands.id, to.id)).run();
    tx.update(circleHands).set({ position: to.position }).where(eq(circleHands.id, from.id)).run();
    for (const r of rounds) tx.update(circleRounds).set({ beneficiaryHandId: r.number === from.position ? to.id : from.id }).where(eq(circleRounds.id, r.id)).run();
    handled(tx, 'swapApprove', swap.id, p.userId, p.now);
    audit(tx, circle, p.userId, 'swap.approved', { swapId: swap.id, fromHand: from.handNo, toHand: to.handNo, fromPosition: from.position, toPosition: to.position }, p.now);
    for (const userId of new Set([from.userId, to.userId])) {
      notifyUser(tx, { userId, type: 'success', title: 'notifications.circleSwapApproved.title', message: 'notifications.circleSwapApproved.message', params: { circle: circle.name }, link: `/njangi/${circle.id}`, now: p.now });
    }
    return row;
  });
}

/** Either the asked member (before accepting) or the organiser (before approving) declines. */
export function declineSwap(db: DB, p: { id: number; userId: string; now: number }) {
  return db.transaction((tx) => {
    const { swap, circle } = swapOf(tx, p.id);
    const to = tx.select().from(circleHands).where(eq(circleHands.id, swap.toHandId)).get()!;
    const from = swap.status === 'requested' && (to.userId === p.userId || circle.organiserId === p.userId) ? 'requested' : swap.status === 'accepted' && circle.organiserId === p.userId ? 'accepted' : null;
    if (!from) throw swap.status === 'requested' || swap.status === 'accepted' ? forbidden('errors.njangi.swapNotYours') : conflict('errors.njangi.swapDecided');
    const row = move(tx, swap.id, from, 'declined', p.now);
    audit(tx, circle, p.userId, 'swap.declined', { swapId: swap.id }, p.now);
    handled(tx, from === 'requested' ? 'swapAccept' : 'swapApprove', swap.id, p.userId, p.now);
    notifyUser(tx, { userId: swap.requestedBy, type: 'info', title: 'notifications.circleSwapDeclined.title', message: 'notifications.circleSwapDeclined.message', params: { circle: circle.name }, link: `/njangi/${circle.id}`, now: p.now });
    return row;
  });
}
