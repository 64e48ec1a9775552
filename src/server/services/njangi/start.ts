import { and, asc, eq, sql } from 'drizzle-orm';
import { circleHands, circleImports, circleMembers, circlePicks, circleRounds, circles } from '../../../../db/schema';
import type { DB } from '../../../../db/database';
import { addDays, dateInZone, dueDates, endOfDateInZone } from '@shared/njangi/schedule';
import { conflict, invalid } from '../errors';
import { notifyUser } from '../notifications';
import { handled } from '../needs/notices';
import { audit, organisedBy, toCircleDto } from './circles';
import { drawOrderFromSeed, newSeed, seedCommitment } from './draw-seed';
import { approvedHands } from './membership';

/**
 * Starting freezes the membership and generates the rounds. Hands are numbered in joining order
 * (a member's hands together). The payout order: fixed circles take the organiser's order (by
 * default the joining order); random circles draw it from a fresh secret seed whose SHA-256 is
 * published now and the seed itself at the end; auction circles decide each round by bids.
 */
export function startCircle(db: DB, p: { circleId: number; organiserId: string; order?: string[]; now: number }) {
  return db.transaction((tx) => {
    const circle = organisedBy(tx, p.circleId, p.organiserId);
    if (circle.status !== 'recruiting') throw conflict('errors.njangi.notRecruiting');
    // A running circle's sheet waiting for an officer would start it otherwise: one way at a time.
    if (tx.select({ id: circleImports.id }).from(circleImports).where(and(eq(circleImports.circleId, circle.id), eq(circleImports.status, 'pending'))).get()) throw conflict('errors.njangi.importWaiting');
    const filled = approvedHands(tx, circle.id);
    if (filled !== circle.hands) throw conflict('errors.njangi.handsNotFilled');
    if (circle.startDate < dateInZone(p.now, circle.timeZone)) throw conflict('errors.njangi.startInPast');

    const members = tx
      .select()
      .from(circleMembers)
      .where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.status, 'approved')))
      .orderBy(asc(circleMembers.createdAt), asc(circleMembers.id))
      .all();
    const owners = members.flatMap((m) => Array.from({ length: m.hands }, () => m.userId));
    const hands = owners.map((userId, i) => tx.insert(circleHands).values({ circleId: circle.id, userId, handNo: i + 1 }).returning().get());

    // positions[r - 1] = the hand that receives in round r (auction: none yet).
    let positions: number[] | null = null;
    let seed: string | null = null;
    if (circle.payoutMethod === 'fixed' && circle.orderBy === 'members') {
      // Picked positions hold (a member's first hands first, a picker who left loses theirs); the
      // free positions go to the remaining hands in joining order.
      const picks = tx.select().from(circlePicks).where(eq(circlePicks.circleId, circle.id)).orderBy(asc(circlePicks.position)).all();
      const byPosition = new Map<number, number>();
      const taken = new Set<number>();
      for (const pick of picks) {
        const hand = hands.find((h) => h.userId === pick.userId && !taken.has(h.id));
        if (!hand) continue;
        byPosition.set(pick.position, hand.id);
        taken.add(hand.id);
      }
      const rest = hands.filter((h) => !taken.has(h.id));
      positions = hands.map((_, i) => byPosition.get(i + 1) ?? rest.shift()!.id);
    } else if (circle.payoutMethod === 'fixed') {
      if (p.order) {
        const free = new Map<string, number[]>();
        for (const h of hands) free.set(h.userId, [...(free.get(h.userId) ?? []), h.id]);
        if (p.order.length !== hands.length) throw invalid('errors.njangi.orderMismatch', [{ path: ['order'], message: 'errors.njangi.orderMismatch' }]);
        positions = p.order.map((userId) => {
          const next = free.get(userId)?.shift();
          if (next === undefined) throw invalid('errors.njangi.orderMismatch', [{ path: ['order'], message: 'errors.njangi.orderMismatch' }]);
          return next;
        });
      } else positions = hands.map((h) => h.id);
    } else if (circle.payoutMethod === 'random') {
      seed = newSeed();
      positions = drawOrderFromSeed(
        hands.map((h) => h.id),
        seed,
      );
    }
    if (positions) {
      positions.forEach((handId, i) =>
        tx
          .update(circleHands)
          .set({ position: i + 1, drawnPosition: circle.payoutMethod === 'random' ? i + 1 : null })
          .where(eq(circleHands.id, handId))
          .run(),
      );
    }

    const dates = dueDates(circle.startDate, circle.frequency, circle.hands);
    dates.forEach((dueDate, i) =>
      tx
        .insert(circleRounds)
        .values({
          circleId: circle.id,
          number: i + 1,
          dueDate,
          dueAt: endOfDateInZone(dueDate, circle.timeZone),
          fineAt: endOfDateInZone(addDays(dueDate, circle.graceDays), circle.timeZone),
          beneficiaryHandId: positions ? positions[i] : null,
        })
        .run(),
    );

    const started = tx
      .update(circles)
      .set({ status: 'active', startedAt: p.now, seed, seedHash: seed ? seedCommitment(seed) : null })
      .where(and(eq(circles.id, circle.id), eq(circles.status, 'recruiting')))
      .returning()
      .get();
    if (!started) throw conflict('errors.njangi.notRecruiting');
    // Requests still waiting when the circle starts are declined: the membership is now frozen.
    tx.update(circleMembers).set({ status: 'declined', decidedAt: p.now, decidedBy: p.organiserId }).where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.status, 'pending'))).run();
    audit(
      tx,
      circle,
      p.organiserId,
      'started',
      { hands: hands.map((h) => ({ id: h.id, userId: h.userId, handNo: h.handNo })), order: positions, seedHash: started.seedHash, firstDue: dates[0], lastDue: dates.at(-1) },
      p.now,
    );
    for (const userId of new Set(owners)) {
      if (userId === p.organiserId) continue;
      notifyUser(tx, { userId, type: 'info', title: 'notifications.circleStarted.title', message: 'notifications.circleStarted.message', params: { circle: circle.name }, link: `/njangi/${circle.id}`, now: p.now });
    }
    return toCircleDto(started);
  });
}

/** The organiser ends a circle before its last payout; the settlement report says who is owed what. */
export function cancelCircle(db: DB, p: { circleId: number; organiserId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    const circle = organisedBy(tx, p.circleId, p.organiserId);
    const row = tx
      .update(circles)
      .set({ status: 'cancelled', cancelReason: p.reason, endedAt: p.now })
      .where(and(eq(circles.id, circle.id), eq(circles.status, circle.status === 'active' ? 'active' : 'recruiting')))
      .returning()
      .get();
    if (!row || (circle.status !== 'active' && circle.status !== 'recruiting')) throw conflict('errors.njangi.circleEnded');
    audit(tx, circle, p.organiserId, 'cancelled', { reason: p.reason, seed: row.seed }, p.now);
    // A running circle's sheet still waiting for a finance officer has nothing left to start: it is
    // closed with the cancellation's reason, and leaves the officers' lists.
    const closed = tx
      .update(circleImports)
      .set({ status: 'rejected', decidedBy: p.organiserId, decidedAt: p.now, reason: p.reason })
      .where(and(eq(circleImports.circleId, circle.id), eq(circleImports.status, 'pending')))
      .returning({ id: circleImports.id })
      .all();
    for (const { id } of closed) {
      handled(tx, 'circleImport', id, p.organiserId, p.now);
      audit(tx, circle, p.organiserId, 'import.withdrawn', { importId: id, reason: p.reason }, p.now);
    }
    const members = tx.select({ userId: circleMembers.userId }).from(circleMembers).where(and(eq(circleMembers.circleId, circle.id), sql`${circleMembers.status} IN ('approved', 'pending')`)).all();
    for (const { userId } of members) {
      if (userId === p.organiserId) continue;
      notifyUser(tx, { userId, type: 'warning', title: 'notifications.circleCancelled.title', message: 'notifications.circleCancelled.message', params: { circle: circle.name, reason: p.reason }, link: `/njangi/${circle.id}`, now: p.now });
    }
    return toCircleDto(row);
  });
}
