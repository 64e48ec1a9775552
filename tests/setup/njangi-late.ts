import type { CommunityRow, UserRow } from '../../db/schema';
import { confirmContribution, declareContribution, recordContribution } from '../../src/server/services/njangi/contributions';
import { officerRecordPayout, recordPayout } from '../../src/server/services/njangi/payouts';
import { recordTopUp } from '../../src/server/services/njangi/topups';
import type { TestApp } from './app';
import { buildCircle, circleTable, payCash, type CircleCast } from './njangi';

/*
 * The savings-circle fixture's 'late' circle (seedCircle): money that came in after its rounds
 * were paid out, and what waits for a finance officer.
 */

/**
 * A fixed monthly circle (rounds due on the 5th from January 2026, a 500 fine) where money came
 * in after its rounds were paid, and where the organiser holds two hands, paid in rounds 2 and 3:
 * - round 1 went to `beneficiary` short of `acceptor`'s and `swapper`'s contributions, confirmed
 *   afterwards: two top-ups owed to `beneficiary`, one recorded as paid by the organiser
 *   (`recordedTopUp`), one still owed (`owedTopUp`);
 * - round 2 went to the organiser's first hand, recorded by the officer, short of `acceptor`'s
 *   contribution, confirmed afterwards: a top-up owed to the organiser (`organiserTopUp`); the
 *   organiser's second hand paid nothing for round 2 and is fined (`organiserFine`, once the fine
 *   job has run on 10 February);
 * - round 3 (due 5 March, the next to pay) goes to the organiser's second hand (`organiserRound`):
 *   every hand but the organiser's paid; the organiser's first hand recorded cash that waits for
 *   a finance officer (`organiserPending`).
 */
export function lateCircle(t: TestApp, p: { community: CommunityRow; cast: CircleCast; members: UserRow[] }) {
  const { organiser, beneficiary, acceptor, swapper } = p.cast;
  const officer = p.cast.officer.id;
  const at = (iso: string) => Date.parse(iso);
  const rest = p.members.filter((m) => m.id !== beneficiary.id).map((m) => m.id);
  const c = buildCircle(t, {
    community: p.community,
    organiser,
    organiserHands: 2,
    members: p.members,
    rules: { name: 'Late Njangi', startDate: '2026-01-05', fineKind: 'fixed', fineValue: 500 },
    order: [beneficiary.id, organiser.id, organiser.id, ...rest],
    now: at('2025-12-20T09:00:00Z'),
  });
  const handAt = (position: number) => c.handRows.find((h) => h.position === position)!;
  const pay = (round: number, hands: typeof c.handRows, now: number) =>
    hands.forEach((h, i) => payCash(t, { circleId: c.id, roundId: c.rounds[round]!, handId: h.id, organiserId: organiser.id, officerId: officer, now: now + i }));
  const late = (round: number, who: UserRow, now: number) => {
    const hand = c.handRows.find((h) => h.userId === who.id)!;
    const declared = declareContribution(t.db, { circleId: c.id, roundId: c.rounds[round]!, handId: hand.id, userId: who.id, details: { method: 'mobile_money', reference: `LATE-${round + 1}` }, now });
    return confirmContribution(t.db, { id: declared.id, organiserId: organiser.id, now: now + 1 });
  };
  // Round 1: paid short of two hands, which pay afterwards.
  pay(0, c.handRows.filter((h) => h.userId !== acceptor.id && h.userId !== swapper.id), at('2026-01-04T10:00:00Z'));
  recordPayout(t.db, { roundId: c.rounds[0]!, organiserId: organiser.id, details: { method: 'cash' }, now: at('2026-01-06T10:00:00Z') });
  late(0, acceptor, at('2026-01-20T10:00:00Z'));
  late(0, swapper, at('2026-01-21T10:00:00Z'));
  const [first, second] = circleTable<{ id: number }>(t, 'circle_top_ups', c.id);
  recordTopUp(t.db, { id: first!.id, organiserId: organiser.id, details: { method: 'mobile_money', reference: 'TOPUP-1' }, now: at('2026-01-22T10:00:00Z') });
  // Round 2: to the organiser's first hand, by the officer; short of the acceptor and the organiser's second hand.
  pay(1, c.handRows.filter((h) => h.userId !== acceptor.id && h.id !== handAt(3).id), at('2026-02-01T10:00:00Z'));
  officerRecordPayout(t.db, { roundId: c.rounds[1]!, officerId: officer, details: { method: 'cash' }, now: at('2026-02-06T10:00:00Z') });
  // Round 3: everyone but the organiser pays; the organiser's first hand records cash, waiting for an officer.
  pay(2, c.handRows.filter((h) => h.userId !== organiser.id), at('2026-02-25T10:00:00Z'));
  const organiserPending = recordContribution(t.db, { circleId: c.id, roundId: c.rounds[2]!, handId: handAt(2).id, organiserId: organiser.id, details: { method: 'cash' }, now: at('2026-02-26T10:00:00Z') }).id;
  return {
    id: c.id,
    /** Call once the fine job has run for 10 February: the acceptor's late round 2 and the organiser's fine. */
    afterFines() {
      late(1, acceptor, at('2026-02-20T10:00:00Z'));
      const topUps = circleTable<{ id: number; beneficiary_id: string; status: string }>(t, 'circle_top_ups', c.id);
      const organiserFine = t.db.$client.prepare('SELECT id FROM circle_fines WHERE circle_id = ? AND hand_id = ?').pluck().get(c.id, handAt(3).id) as number;
      return {
        id: c.id,
        recordedTopUp: first!.id,
        owedTopUp: second!.id,
        organiserTopUp: topUps.find((x) => x.beneficiary_id === organiser.id)!.id,
        organiserFine,
        organiserRound: c.rounds[2]!,
        organiserPending,
        rounds: c.rounds,
      };
    },
  };
}
