import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { circleBids, circleContributions, circleFines, circleHands, circleMembers, circlePayouts, circlePicks, circleRounds, circleSwaps, circleTopUps, users } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { circleOf, toCircleDto, type CircleRow } from './circles';
import { circleOfficers } from './notices';
import { behindHands, nextOpenRound, roundSettlement } from './payouts';
import { memberRecord } from './record';

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

type PayoutRow = typeof circlePayouts.$inferSelect;
type TopUpRow = typeof circleTopUps.$inferSelect;

/** A payment's proof, reference and dispute reason are for the circle's own people and the finance officers, not the whole community. */
const withoutPaperwork = <T extends PayoutRow | TopUpRow>(row: T): T => ({ ...row, proofUrl: null, reference: null, disputeReason: null });

/**
 * What waits for a finance officer of the community (not the organiser): the organiser's own
 * contributions and fines, the payout of the next round when its pot goes to the organiser's own
 * hand (with what recording it would pay), and top-ups owed to the organiser.
 */
function officerQueue(db: DbLike, circle: CircleRow, p: { contributions: (typeof circleContributions.$inferSelect)[]; fines: (typeof circleFines.$inferSelect)[]; topUps: TopUpRow[]; now: number }) {
  const next = circle.status === 'active' ? nextOpenRound(db, circle.id) : undefined;
  let payout = null;
  if (next) {
    try {
      const s = roundSettlement(db, circle, next, p.now);
      if (s.hand.userId === circle.organiserId) {
        payout = { roundId: next.id, number: next.number, handNo: s.hand.handNo, collected: s.collected, waiting: s.waiting, shortfall: s.shortfall, fines: s.fines, fee: s.settled.fee, discount: s.discount, amount: s.amount };
      }
    } catch {
      // A round no hand can receive yet (an auction's hands all behind): nothing to record now.
    }
  }
  return {
    contributions: p.contributions.filter((c) => c.userId === circle.organiserId && c.status === 'pending'),
    fines: p.fines.filter((f) => f.userId === circle.organiserId && f.status === 'owed'),
    payout,
    topUps: p.topUps.filter((t) => t.beneficiaryId === circle.organiserId && t.status === 'owed'),
  };
}

/**
 * A circle as the caller may see it. Everyone in the community sees the rules, the members, the
 * payout order and each round's progress as a count, payouts and top-ups as amounts and states;
 * the caller sees their own contributions, fines, bids and swaps. Only the organiser sees who
 * has paid what, who is behind, the waiting requests with each applicant's record, every
 * contribution and fine: nobody's arrears reach another member. A payment's proof, reference and
 * dispute reason go to the circle's members, its organiser and the community's finance officers
 * (`officer`: the caller's role has finances.record), who also get the organiser's own
 * contributions and fines, which they decide on, and what waits for them.
 */
export function circleDetail(db: DbLike, p: { circleId: number; viewerId: string; officer: boolean; now: number }) {
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
    .where(
      and(
        eq(circleContributions.circleId, circle.id),
        organiser ? undefined : or(myHandIds.length ? inArray(circleContributions.handId, myHandIds) : sql`0`, p.officer ? eq(circleContributions.userId, circle.organiserId) : undefined),
      ),
    )
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
  const paperwork = organiser || p.officer || me?.status === 'approved';
  const payouts = new Map(
    db
      .select()
      .from(circlePayouts)
      .where(eq(circlePayouts.circleId, circle.id))
      .all()
      .map((po) => [po.roundId, paperwork ? po : withoutPaperwork(po)]),
  );
  const allTopUps = db.select().from(circleTopUps).where(eq(circleTopUps.circleId, circle.id)).orderBy(asc(circleTopUps.id)).all();
  const topUpsOf = new Map<number, TopUpRow[]>();
  for (const t of allTopUps) topUpsOf.set(t.roundId, [...(topUpsOf.get(t.roundId) ?? []), paperwork ? t : withoutPaperwork(t)]);
  const handById = new Map(hands.map((h) => [h.id, h]));
  const next = circle.status === 'active' ? nextOpenRound(db, circle.id) : undefined;

  const fines = db
    .select()
    .from(circleFines)
    .where(and(eq(circleFines.circleId, circle.id), organiser ? undefined : or(eq(circleFines.userId, p.viewerId), p.officer ? eq(circleFines.userId, circle.organiserId) : undefined)))
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
        topUps: topUpsOf.get(r.id) ?? [],
      };
    }),
    contributions,
    fines,
    bids,
    swaps,
    /** Who confirms the organiser's own contributions and fines and records what is paid to the organiser's hands. */
    officers: circle.status === 'recruiting' ? [] : circleOfficers(db, circle),
    /** What waits for the caller as a finance officer (never the organiser's to act on); null for anyone else. */
    officerQueue: p.officer && !organiser && circle.status !== 'recruiting' ? officerQueue(db, circle, { contributions, fines, topUps: allTopUps, now: p.now }) : null,
  };
}
