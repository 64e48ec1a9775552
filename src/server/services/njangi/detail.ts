import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { circleBids, circleContributions, circleFines, circleHands, circleMembers, circlePayouts, circlePicks, circleRounds, circleSwaps, users } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { circleOf, toCircleDto } from './circles';
import { behindHands, nextOpenRound } from './payouts';
import { memberRecord } from './record';

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/**
 * A circle as the caller may see it. Everyone in the community sees the rules, the members, the
 * payout order and each round's progress as a count; the caller sees their own contributions,
 * fines, bids and swaps. Only the organiser sees who has paid what, who is behind, the waiting
 * requests with each applicant's record, every contribution and fine: nobody's arrears reach
 * another member.
 */
export function circleDetail(db: DbLike, p: { circleId: number; viewerId: string; now: number }) {
  const circle = circleOf(db, p.circleId);
  const organiser = circle.organiserId === p.viewerId;
  const people = db
    .select({ userId: circleMembers.userId, hands: circleMembers.hands, status: circleMembers.status, createdAt: circleMembers.createdAt, name: fullName, avatar: users.profileImageUrl })
    .from(circleMembers)
    .innerJoin(users, eq(users.id, circleMembers.userId))
    .where(eq(circleMembers.circleId, circle.id))
    .orderBy(asc(circleMembers.createdAt), asc(circleMembers.id))
    .all();
  const me = people.find((m) => m.userId === p.viewerId);
  const members = people.filter((m) => m.status === 'approved').map(({ userId, hands, name, avatar }) => ({ userId, hands, name, avatar }));
  const requests = organiser
    ? people.filter((m) => m.status === 'pending').map(({ userId, hands, name, avatar, createdAt }) => ({ userId, hands, name, avatar, createdAt, record: memberRecord(db, { userId, now: p.now }) }))
    : [];

  // Positions picked while recruiting (fixed circles whose members choose): the order is public to the circle.
  const picks =
    circle.status === 'recruiting' && circle.orderBy === 'members'
      ? db.select({ position: circlePicks.position, userId: circlePicks.userId, name: fullName }).from(circlePicks).innerJoin(users, eq(users.id, circlePicks.userId)).where(eq(circlePicks.circleId, circle.id)).orderBy(asc(circlePicks.position)).all()
      : [];
  const hands = db
    .select({ id: circleHands.id, userId: circleHands.userId, handNo: circleHands.handNo, position: circleHands.position, drawnPosition: circleHands.drawnPosition, received: circleHands.received, name: fullName })
    .from(circleHands)
    .innerJoin(users, eq(users.id, circleHands.userId))
    .where(eq(circleHands.circleId, circle.id))
    .orderBy(asc(circleHands.handNo))
    .all();
  const myHandIds = hands.filter((h) => h.userId === p.viewerId).map((h) => h.id);
  const behind = circle.status === 'active' ? behindHands(db, circle.id, p.now) : new Set<number>();

  const rounds = db.select().from(circleRounds).where(eq(circleRounds.circleId, circle.id)).orderBy(asc(circleRounds.number)).all();
  const contributions = db
    .select()
    .from(circleContributions)
    .where(and(eq(circleContributions.circleId, circle.id), organiser ? undefined : myHandIds.length ? inArray(circleContributions.handId, myHandIds) : sql`0`))
    .orderBy(asc(circleContributions.id))
    .all();
  const confirmedCounts = new Map(
    db
      .select({ roundId: circleContributions.roundId, n: sql<number>`COUNT(*)` })
      .from(circleContributions)
      .where(and(eq(circleContributions.circleId, circle.id), eq(circleContributions.status, 'confirmed')))
      .groupBy(circleContributions.roundId)
      .all()
      .map((r) => [r.roundId, r.n]),
  );
  const payouts = new Map(db.select().from(circlePayouts).where(eq(circlePayouts.circleId, circle.id)).all().map((po) => [po.roundId, po]));
  const handById = new Map(hands.map((h) => [h.id, h]));
  const next = circle.status === 'active' ? nextOpenRound(db, circle.id) : undefined;

  const fines = db
    .select()
    .from(circleFines)
    .where(and(eq(circleFines.circleId, circle.id), organiser ? undefined : eq(circleFines.userId, p.viewerId)))
    .orderBy(desc(circleFines.id))
    .all();
  const bids =
    circle.payoutMethod === 'auction' && next
      ? db
          .select()
          .from(circleBids)
          .where(and(eq(circleBids.roundId, next.id), organiser ? undefined : eq(circleBids.userId, p.viewerId)))
          .orderBy(desc(circleBids.discount), asc(circleBids.createdAt))
          .all()
      : [];
  const swaps = db
    .select()
    .from(circleSwaps)
    .where(
      and(
        eq(circleSwaps.circleId, circle.id),
        organiser ? undefined : myHandIds.length ? or(inArray(circleSwaps.fromHandId, myHandIds), inArray(circleSwaps.toHandId, myHandIds)) : sql`0`,
      ),
    )
    .orderBy(desc(circleSwaps.id))
    .all();

  return {
    circle: { ...toCircleDto(circle), organiserName: people.find((m) => m.userId === circle.organiserId)?.name ?? '' },
    viewer: { isOrganiser: organiser, status: me?.status ?? null, requestedHands: me?.hands ?? 0, handIds: myHandIds },
    members,
    requests,
    filledHands: members.reduce((s, m) => s + m.hands, 0),
    picks,
    hands: hands.map((h) => ({ ...h, behind: organiser || h.userId === p.viewerId ? behind.has(h.id) : undefined })),
    nextRoundId: next?.id ?? null,
    rounds: rounds.map((r) => {
      const beneficiary = r.beneficiaryHandId ? handById.get(r.beneficiaryHandId) : undefined;
      const payout = payouts.get(r.id);
      return {
        id: r.id,
        number: r.number,
        dueDate: r.dueDate,
        dueAt: r.dueAt,
        status: r.status,
        confirmed: confirmedCounts.get(r.id) ?? 0,
        beneficiary: beneficiary ? { handId: beneficiary.id, handNo: beneficiary.handNo, userId: beneficiary.userId, name: beneficiary.name } : null,
        // Shown to the organiser before paying: the beneficiary still owes something.
        beneficiaryBehind: organiser && beneficiary ? behind.has(beneficiary.id) : undefined,
        payout: payout ?? null,
      };
    }),
    contributions,
    fines,
    bids,
    swaps,
  };
}
