import { describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../setup/app';
import { buildCircle, circleCommunity, circleSnapshot, NJ, payCash, payOut, type Person } from '../setup/njangi';
import { transportsFor, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Swaps: a member asks to trade payout positions with another hand, the asked member accepts, the
 * organiser approves, and the two hands trade positions and rounds. Only between hands that have
 * not received, in rounds not yet paid; not in auction circles. The asked member (before
 * accepting) or the organiser declines.
 */

/** A fixed circle of four hands in joining order: organiser (1), a (2), b (3), c (4). */
async function fixed(t: TestApp, over: Parameters<typeof buildCircle>[1]['rules'] = {}) {
  const c = await circleCommunity(t, { members: 3, leader: true });
  const circle = buildCircle(t, { community: c.community, organiser: c.organiser.user, members: c.members.map((m) => m.user), rules: over });
  const hand = (p: Person) => circle.handsOf[p.user.id]![0]!;
  /** Round `n` (0-based) paid in full and paid out (setup). */
  const payRound = (n: number) => {
    for (const p of [c.organiser, ...c.members]) {
      payCash(t, { circleId: circle.id, roundId: circle.rounds[n]!, handId: hand(p), organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
    }
    payOut(t, { roundId: circle.rounds[n]!, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
  };
  const [a, b, cc] = c.members;
  return { ...c, a: a!, b: b!, c: cc!, circle, id: circle.id, hand, payRound };
}

const order = (detail: any) => detail.rounds.map((r: any) => r.beneficiary?.userId);

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: swapping payout positions`, () => {
    it('asked, accepted by the asked member, approved by the organiser: the hands trade positions and rounds', async () => {
      const t = makeTestApp();
      const w = await fixed(t);
      const asked = await T.call(w.a.a, NJ.requestSwap, { id: w.id, fromHandId: w.hand(w.a), toHandId: w.hand(w.c) });
      expect(asked.status).toBe(T.okStatus(NJ.requestSwap));
      expect(asked.data).toMatchObject({ status: 'requested', fromHandId: w.hand(w.a), toHandId: w.hand(w.c), requestedBy: w.a.user.id });
      const swap = asked.data.id;
      const before = circleSnapshot(t);
      // Only the asked member accepts: not the asker, another member, the organiser or a leader.
      for (const who of [w.a, w.b, w.organiser, w.leader!]) {
        const r = await T.call(who.a, NJ.acceptSwap, { id: swap });
        expect(r.status).toBe(403);
        expectError(r, 'FORBIDDEN', 'errors.njangi.swapNotYours');
      }
      // The organiser cannot approve before the asked member has accepted.
      expect((await T.call(w.organiser.a, NJ.approveSwap, { id: swap })).status).toBe(409);
      expect(circleSnapshot(t)).toBe(before);
      expect((await T.call(w.c.a, NJ.acceptSwap, { id: swap })).data).toMatchObject({ status: 'accepted' });
      expect((await T.call(w.c.a, NJ.acceptSwap, { id: swap })).status).toBe(409);
      // The organiser's notice names the two members, not "two members".
      const told = t.db.$client.prepare("SELECT params FROM notifications WHERE user_id = ? AND title = 'notifications.circleSwapAccepted.title'").pluck().get(w.organiser.user.id) as string;
      const name = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;
      expect(JSON.parse(told)).toMatchObject({ from: name(w.a.user), to: name(w.c.user) });
      // Only the organiser approves.
      for (const who of [w.a, w.c, w.b, w.leader!]) expect((await T.call(who.a, NJ.approveSwap, { id: swap })).status).toBe(403);
      const approved = await T.call(w.organiser.a, NJ.approveSwap, { id: swap });
      expect(approved.data).toMatchObject({ status: 'approved' });
      const detail = (await T.call(w.b.a, NJ.get, { id: w.id })).data;
      expect(order(detail)).toEqual([w.organiser.user.id, w.c.user.id, w.b.user.id, w.a.user.id]);
      expect(Object.fromEntries(detail.hands.map((h: any) => [h.userId, h.position]))).toEqual({ [w.organiser.user.id]: 1, [w.c.user.id]: 2, [w.b.user.id]: 3, [w.a.user.id]: 4 });
      expect((await T.call(w.organiser.a, NJ.approveSwap, { id: swap })).status).toBe(409);
      // Round 2 now pays c.
      w.payRound(0);
      for (const p of [w.organiser, w.a, w.b, w.c]) payCash(t, { circleId: w.id, roundId: w.circle.rounds[1]!, handId: w.hand(p), organiserId: w.organiser.user.id, officerId: w.officer.user.id, now: t.clock.now() });
      expect((await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[1], method: 'cash' })).data).toMatchObject({ beneficiaryId: w.c.user.id });
    });

    it('not with a hand that has received or a round already paid (409), nor with one’s own hand (400)', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 2 });
      const circle = buildCircle(t, { community: c.community, organiser: c.organiser.user, members: [{ user: c.members[0]!.user, hands: 2 }, c.members[1]!.user] });
      const [a, b] = c.members;
      const [a1, a2] = circle.handsOf[a!.user.id]!;
      const own = await T.call(a!.a, NJ.requestSwap, { id: circle.id, fromHandId: a1, toHandId: a2 });
      expect(own.status).toBe(400);
      expect(own.error?.issues?.map((i) => i.path)).toEqual([['toHandId']]);
      // Someone else's hand as the "from" hand: 403.
      expect((await T.call(a!.a, NJ.requestSwap, { id: circle.id, fromHandId: circle.handsOf[b!.user.id]![0], toHandId: a1 })).status).toBe(403);
      // b and a's first hand agree a swap; then round 1 (the organiser's) and round 2 (a's first hand) are paid.
      const swap = (await T.call(b!.a, NJ.requestSwap, { id: circle.id, fromHandId: circle.handsOf[b!.user.id]![0], toHandId: a1 })).data.id;
      expect((await T.call(a!.a, NJ.acceptSwap, { id: swap })).status).toBe(200);
      for (const n of [0, 1]) {
        for (const h of circle.handRows) payCash(t, { circleId: circle.id, roundId: circle.rounds[n]!, handId: h.id, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
        payOut(t, { roundId: circle.rounds[n]!, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
      }
      const before = circleSnapshot(t);
      const late = await T.call(c.organiser.a, NJ.approveSwap, { id: swap });
      expect(late.status).toBe(409);
      expectError(late, 'CONFLICT', 'errors.njangi.swapNotPossible');
      expect(circleSnapshot(t)).toBe(before);
      // The organiser's hand has received: it cannot ask or be asked.
      const orgHand = circle.handsOf[c.organiser.user.id]![0];
      expect((await T.call(c.organiser.a, NJ.requestSwap, { id: circle.id, fromHandId: orgHand, toHandId: a2 })).status).toBe(409);
      expect((await T.call(a!.a, NJ.requestSwap, { id: circle.id, fromHandId: a2, toHandId: orgHand })).status).toBe(409);
      expect((await T.call(a!.a, NJ.requestSwap, { id: circle.id, fromHandId: a2, toHandId: circle.handsOf[b!.user.id]![0] })).status).toBe(T.okStatus(NJ.requestSwap));
    });

    it('auction circles have no positions to trade (409)', async () => {
      const t = makeTestApp();
      const w = await fixed(t, { payoutMethod: 'auction' });
      const r = await T.call(w.a.a, NJ.requestSwap, { id: w.id, fromHandId: w.hand(w.a), toHandId: w.hand(w.b) });
      expect(r.status).toBe(409);
      expectError(r, 'CONFLICT', 'errors.njangi.swapNotPossible');
    });

    it('the asked member or the organiser declines a request; after acceptance only the organiser; the asker cannot (403)', async () => {
      const t = makeTestApp();
      const w = await fixed(t);
      const ask = async (from: Person, to: Person) => (await T.call(from.a, NJ.requestSwap, { id: w.id, fromHandId: w.hand(from), toHandId: w.hand(to) })).data.id as number;
      const decline = (who: Person, id: number) => who.a.mutate('njangi.declineSwap', { id });
      const first = await ask(w.a, w.b);
      expect((await decline(w.a, first)).status).toBe(403);
      expect((await decline(w.c, first)).status).toBe(403);
      expect((await decline(w.leader!, first)).status).toBe(403);
      expect((await decline(w.b, first)).data).toMatchObject({ status: 'declined' });
      expect((await decline(w.b, first)).status).toBe(409);
      expect((await T.call(w.b.a, NJ.acceptSwap, { id: first })).status).toBe(409);
      const second = await ask(w.a, w.c);
      expect((await decline(w.organiser, second)).data).toMatchObject({ status: 'declined' });
      const third = await ask(w.b, w.c);
      expect((await T.call(w.c.a, NJ.acceptSwap, { id: third })).status).toBe(200);
      expect((await decline(w.c, third)).status).toBe(403);
      expect((await decline(w.organiser, third)).data).toMatchObject({ status: 'declined' });
      // The asker is told each time.
      const told = t.db.$client.prepare("SELECT user_id FROM notifications WHERE title = 'notifications.circleSwapDeclined.title' ORDER BY id").pluck().all();
      expect(told).toEqual([w.a.user.id, w.a.user.id, w.b.user.id]);
      // Nothing moved.
      expect(order((await T.call(w.organiser.a, NJ.get, { id: w.id })).data)).toEqual([w.organiser, w.a, w.b, w.c].map((p) => p.user.id));
    });
  });
}
