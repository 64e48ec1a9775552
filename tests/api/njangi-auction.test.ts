import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { makeTestApp, type TestApp } from '../setup/app';
import { buildCircle, circleCommunity, circleSnapshot, circleTable, DAY, NJ, payCash, type Person } from '../setup/njangi';
import { type Transport, transportsFor, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Auction circles: each round goes to the hand that accepts the largest discount. Bids are taken
 * for the next round to be paid only, with one's own hand, once per hand, never from a hand that
 * has received or is behind, never beyond the pot less the fee. A tie goes to the earliest bid;
 * no bid gives the round to the first eligible hand at no discount. The discount (with the carry)
 * is shared among the other hands, the remainder carried, and the last round takes what is left,
 * so over the cycle: Σcollected + Σfines − Σfees = Σpayouts + Σshare × (hands − 1).
 */

const HOUR = 3_600_000;

/** A weekly auction circle of four hands (the organiser's first), 10,000 each, a 1% fee, starting today (2026-03-02). */
async function auction(t: TestApp) {
  const c = await circleCommunity(t, { members: 3 });
  const circle = buildCircle(t, {
    community: c.community,
    organiser: c.organiser.user,
    members: c.members.map((m) => m.user),
    rules: { payoutMethod: 'auction', frequency: 'weekly', startDate: '2026-03-02', contribution: 10_000, feeBps: 100 },
  });
  const everyone = [c.organiser, ...c.members];
  const hand = (p: Person) => circle.handsOf[p.user.id]![0]!;
  const pay = (round: number, who = everyone) =>
    who.forEach((m) => payCash(t, { circleId: circle.id, roundId: circle.rounds[round]!, handId: hand(m), organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() }));
  return { ...c, circle, id: circle.id, everyone, hand, pay };
}

const bid = (T: Transport, who: Person, roundId: number, handId: number, discount: number) => T.call(who.a, NJ.bid, { id: roundId, handId, discount });

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: bidding`, () => {
    it('bids are for the next round only (409), with one’s own hand (403), once per hand (409), at most the pot less the fee (400)', async () => {
      const t = makeTestApp();
      const w = await auction(t);
      const [a, b] = w.members;
      const [r1, r2] = w.circle.rounds;
      const before = circleSnapshot(t);
      const later = await bid(T, a!, r2!, w.hand(a!), 1000);
      expect(later.status).toBe(409);
      expectError(later, 'CONFLICT', 'errors.njangi.biddingClosed');
      expect((await bid(T, a!, r1!, w.hand(b!), 1000)).status).toBe(403);
      // Pot 40,000, fee 1% = 400: at most 39,600.
      const greedy = await bid(T, a!, r1!, w.hand(a!), 39_601);
      expect(greedy.status).toBe(400);
      expect(greedy.error?.issues?.map((i) => i.path)).toEqual([['discount']]);
      expect((await bid(T, a!, r1!, w.hand(a!), 0)).status).toBe(400);
      expect(circleSnapshot(t)).toBe(before);
      const ok = await bid(T, a!, r1!, w.hand(a!), 39_600);
      expect(ok.status).toBe(T.okStatus(NJ.bid));
      expect(ok.data).toMatchObject({ roundId: r1, handId: w.hand(a!), userId: a!.user.id, discount: 39_600 });
      const again = await bid(T, a!, r1!, w.hand(a!), 500);
      expect(again.status).toBe(409);
      expectError(again, 'CONFLICT', 'errors.njangi.alreadyBid');
      // Not an auction circle: 409.
      const fixed = buildCircle(t, { community: w.community, organiser: w.organiser.user, members: [a!.user], rules: { hands: 2 } });
      expect((await bid(T, a!, fixed.rounds[0]!, fixed.handsOf[a!.user.id]![0]!, 100)).status).toBe(409);
    });

    it('a hand that has received, or is behind with a past round, cannot bid (409)', async () => {
      const t = makeTestApp();
      const w = await auction(t);
      const [a, b, c] = w.members;
      w.pay(0);
      expect((await bid(T, a!, w.circle.rounds[0]!, w.hand(a!), 2000)).status).toBe(T.okStatus(NJ.bid));
      expect((await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash' })).data).toMatchObject({ beneficiaryId: a!.user.id, discount: 2000 });
      const received = await bid(T, a!, w.circle.rounds[1]!, w.hand(a!), 1000);
      expect(received.status).toBe(409);
      expectError(received, 'CONFLICT', 'errors.njangi.handReceived');
      // Round 2 falls due (end of 9 March in Douala); b has not paid it, c has.
      w.pay(1, [c!]);
      t.clock.set(Date.parse('2026-03-10T08:00:00Z'));
      const behind = await bid(T, b!, w.circle.rounds[1]!, w.hand(b!), 1000);
      expect(behind.status).toBe(409);
      expectError(behind, 'CONFLICT', 'errors.njangi.behind');
      expect((await bid(T, c!, w.circle.rounds[1]!, w.hand(c!), 1000)).status).toBe(T.okStatus(NJ.bid));
    });

    it('the highest discount wins; a tie goes to the earliest bid', async () => {
      const t = makeTestApp();
      const w = await auction(t);
      const [a, b, c] = w.members;
      const r1 = w.circle.rounds[0]!;
      w.pay(0);
      await bid(T, a!, r1, w.hand(a!), 1000);
      t.clock.advance(HOUR);
      await bid(T, c!, r1, w.hand(c!), 3001);
      t.clock.advance(HOUR);
      await bid(T, b!, r1, w.hand(b!), 3001);
      // Members see their own bid only; the organiser sees them all.
      expect((await T.call(b!.a, NJ.get, { id: w.id })).data.bids.map((x: any) => x.userId)).toEqual([b!.user.id]);
      expect((await T.call(w.organiser.a, NJ.get, { id: w.id })).data.bids).toHaveLength(3);
      const paid = await T.call(w.organiser.a, NJ.payout, { id: r1, method: 'cash' });
      expect(paid.data).toMatchObject({ beneficiaryId: c!.user.id, handId: w.hand(c!), discount: 3001 });
    });

    it('with no bid the round goes to the first hand not behind, at no discount', async () => {
      const t = makeTestApp();
      const w = await auction(t);
      // Round 1 is due and the organiser's hand (hand 1) has not paid: it is behind.
      w.pay(0, w.members);
      t.clock.set(Date.parse('2026-03-03T08:00:00Z'));
      const paid = await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash' });
      expect(paid.data).toMatchObject({ beneficiaryId: w.members[0]!.user.id, handId: w.hand(w.members[0]!), discount: 0, share: 0, collected: 30_000, shortfall: 10_000, fee: 400, amount: 29_600 });
    });
  });

  describe(`${T.name}: sharing the discount over a whole cycle`, () => {
    it('each round’s discount is shared by the other hands, the remainder carried; the last round takes the carry and the totals balance', async () => {
      const t = makeTestApp();
      const w = await auction(t);
      const [a, b, c] = w.members;
      const o = w.organiser;
      const rounds = w.circle.rounds;
      // [bids, expected payout row]
      const plan: [[Person, number][], Record<string, number | string>][] = [
        // 3,001 shared by 3: 1,000 each, 1 carried.
        [[[a!, 1000], [b!, 3001], [c!, 2500]], { beneficiaryId: b!.user.id, discount: 3001, carryIn: 0, share: 1000, carryOut: 1, fee: 400, amount: 36_599 }],
        // 2,000 + 1 carried = 2,001: 667 each, nothing carried.
        [[[a!, 2000], [c!, 500]], { beneficiaryId: a!.user.id, discount: 2000, carryIn: 1, share: 667, carryOut: 0, fee: 400, amount: 37_600 }],
        // 1,000: 333 each, 1 carried.
        [[[c!, 1000]], { beneficiaryId: c!.user.id, discount: 1000, carryIn: 0, share: 333, carryOut: 1, fee: 400, amount: 38_600 }],
        // No bid: the organiser's hand, the last, takes the pot and the carried 1.
        [[], { beneficiaryId: o.user.id, discount: 0, carryIn: 1, share: 0, carryOut: 0, fee: 400, amount: 39_601 }],
      ];
      for (const [i, [bids, want]] of plan.entries()) {
        w.pay(i);
        for (const [who, discount] of bids) {
          const r = await bid(T, who, rounds[i]!, w.hand(who), discount);
          expect(r.status, JSON.stringify(r.raw)).toBe(T.okStatus(NJ.bid));
          t.clock.advance(HOUR);
        }
        // The last pot goes to the organiser's own hand: the community's treasurer records it.
        const [who, op] = want.beneficiaryId === o.user.id ? [w.officer, NJ.officerPayout] : [o, NJ.payout];
        const paid = await T.call(who.a, op, { id: rounds[i], method: 'cash' });
        expect(paid.status, JSON.stringify(paid.raw)).toBe(T.okStatus(op));
        expect(paid.data).toMatchObject({ collected: 40_000, shortfall: 0, fines: 0, ...want });
        t.clock.advance(DAY);
      }
      const payouts = circleTable(t, 'circle_payouts', w.id);
      const sum = (k: string) => payouts.reduce((s, p) => s + p[k], 0);
      const hands = 4;
      expect(sum('collected') + sum('fines') - sum('fee')).toBe(sum('amount') + payouts.reduce((s, p) => s + p.share * (hands - 1), 0));
      expect(t.db.$client.prepare('SELECT status, carry FROM circles WHERE id = ?').get(w.id)).toEqual({ status: 'completed', carry: 0 });

      // The report says the same, per member too: what everyone got back equals what was paid in less the fees.
      const report = (await T.call(o.a, NJ.report, { id: w.id })).data;
      expect(report.totals).toMatchObject({ collected: 160_000, fines: 0, fees: 1600, discounts: 6001, shared: 6000, paidOut: 152_400, shortfall: 0, carry: 0 });
      const byUser = Object.fromEntries(report.members.map((m: any) => [m.userId, m]));
      expect(byUser[b!.user.id]).toMatchObject({ paidIn: 40_000, received: 36_599, shares: 667 + 333 });
      expect(byUser[o.user.id]).toMatchObject({ paidIn: 40_000, received: 39_601, shares: 1000 + 667 + 333 });
      expect(report.members.reduce((s: number, m: any) => s + m.net, 0)).toBe(-1600);
      expect(verifyAuditChain(t.db)).toBeNull();
    });
  });
}
