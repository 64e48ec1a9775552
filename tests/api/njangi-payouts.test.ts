import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { postDueFines } from '../../src/server/services/njangi/fines';
import { makeTestApp, type TestApp } from '../setup/app';
import { buildCircle, circleCommunity, circleSnapshot, circleTable, DAY, NJ, payCash } from '../setup/njangi';
import { transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Payouts: rounds are paid in order, a payout may go before every contribution is in (the
 * shortfall is recorded), fines paid since the last payout join the next pot, the organiser's fee
 * is capped at 5% and rounded down; only the beneficiary confirms receipt or says it did not
 * arrive, which tells the community's leaders; two recordings or confirmations at once never
 * both succeed.
 */

async function running(t: TestApp, p: { members?: number; rules?: Parameters<typeof buildCircle>[1]['rules']; leader?: boolean; organiserFirst?: boolean } = {}) {
  const c = await circleCommunity(t, { members: p.members ?? 3, leader: p.leader });
  const ids = [c.organiser, ...c.members].map((m) => m.user.id);
  // The fixed order: the members in joining order, the organiser last (a payout to the organiser's
  // own hand is a finance officer's to record); or the organiser first.
  const order = p.organiserFirst ? ids : [...ids.slice(1), ids[0]!];
  const circle = buildCircle(t, { community: c.community, organiser: c.organiser.user, members: c.members.map((m) => m.user), rules: { startDate: '2026-03-31', ...p.rules }, order });
  const everyone = [c.organiser, ...c.members];
  const hand = (who: { user: { id: string } }) => circle.handsOf[who.user.id]![0]!;
  /** Cash for the given people's hands in a round, recorded by the organiser (the organiser's own confirmed by the treasurer): setup. */
  const pay = (round: number, who = everyone) =>
    who.forEach((m, i) => payCash(t, { circleId: circle.id, roundId: circle.rounds[round]!, handId: hand(m), organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() + i }));
  /** Who receives round `n` (fixed order: joining order). */
  const beneficiary = (n: number) => everyone.find((m) => hand(m) === circle.handRows.find((h) => h.position === n + 1)!.id)!;
  return { ...c, circle, id: circle.id, everyone, hand, pay, beneficiary };
}

const notices = (t: TestApp, userId: string, title: string) =>
  t.db.$client.prepare('SELECT count(*) FROM notifications WHERE user_id = ? AND title = ?').pluck().get(userId, title) as number;

for (const T of transportsFor(REST)) {
  describe(`${T.name}: recording payouts`, () => {
    it('rounds are paid in order: a later round first is 409 earlierRoundOpen, a paid round again is 409', async () => {
      const t = makeTestApp();
      const w = await running(t);
      w.pay(0);
      w.pay(1);
      const before = circleSnapshot(t);
      const early = await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[1], method: 'cash' });
      expect(early.status).toBe(409);
      expectError(early, 'CONFLICT', 'errors.njangi.earlierRoundOpen');
      expect(circleSnapshot(t)).toBe(before);
      // Only the organiser pays out.
      expect((await T.call(w.members[0]!.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash' })).status).toBe(403);
      const first = await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'mobile_money', reference: 'MOMO-OUT-1' });
      expect(first.status).toBe(T.okStatus(NJ.payout));
      expect(first.data).toMatchObject({ amount: 40_000, collected: 40_000, shortfall: 0, fee: 0, status: 'recorded', beneficiaryId: w.beneficiary(0).user.id, receiptNo: null });
      const twice = await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash' });
      expect(twice.status).toBe(409);
      expectError(twice, 'CONFLICT', 'errors.njangi.roundPaid');
      expect((await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[1], method: 'cash' })).status).toBe(T.okStatus(NJ.payout));
    });

    it('paying before every contribution is in records the shortfall; nothing collected is 409', async () => {
      const t = makeTestApp();
      const w = await running(t);
      const empty = await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash' });
      expect(empty.status).toBe(409);
      expectError(empty, 'CONFLICT', 'errors.njangi.nothingToPay');
      // Three hands paid, one declared but not yet confirmed: it does not count.
      w.pay(0, w.everyone.slice(0, 3));
      const last = w.everyone[3]!;
      const declared = await T.call(last.a, NJ.declare, { id: w.id, roundId: w.circle.rounds[0], handId: w.hand(last), method: 'cash' });
      expect(declared.status).toBe(T.okStatus(NJ.declare));
      const paid = await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash' });
      expect(paid.data).toMatchObject({ collected: 30_000, shortfall: 10_000, amount: 30_000 });
      // The missing hand can still pay: confirmed now, it tops the round's beneficiary up (njangi-topups.test.ts).
      expect((await T.call(w.organiser.a, NJ.confirm, { id: declared.data.id })).status).toBe(200);
      const report = (await T.call(w.organiser.a, NJ.report, { id: w.id })).data;
      expect(report.rounds[0]).toMatchObject({ collected: 40_000, shortfall: 0, payout: 30_000, topUps: 10_000, topUpsOwed: 10_000, status: 'paid' });
    });

    it('fines paid join the next pot once: the payout after they were paid carries them', async () => {
      const t = makeTestApp();
      const w = await running(t, { rules: { fineKind: 'fixed', fineValue: 500 } });
      const [a, b] = w.members;
      // Round 1: everyone but a and b pays by the due date; both are fined, then pay late.
      w.pay(0, [w.organiser, w.members[2]!]);
      // The fine job runs after the due date (the clock of the signed-in sessions stays where it is).
      expect(postDueFines(t.db, Date.parse('2026-04-02T10:00:00Z'))).toBe(2);
      w.pay(0, [a!, b!]);
      const fines = circleTable(t, 'circle_fines', w.id);
      const fineOf = (p: { user: { id: string } }) => fines.find((f) => f.user_id === p.user.id)!.id;
      const markedA = await w.organiser.a.mutate('njangi.markFinePaid', { id: fineOf(a!) });
      expect(markedA.data, JSON.stringify(markedA)).toMatchObject({ status: 'paid' });
      const first = await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash' });
      expect(first.data).toMatchObject({ collected: 40_000, fines: 500, amount: 40_500 });
      // b's fine is paid after that payout: it goes into round 2's pot, a's does not again.
      expect((await w.organiser.a.mutate('njangi.markFinePaid', { id: fineOf(b!) })).status).toBe(200);
      w.pay(1);
      const second = await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[1], method: 'cash' });
      expect(second.data).toMatchObject({ collected: 40_000, fines: 500, amount: 40_500 });
      const pots = Object.fromEntries(circleTable(t, 'circle_fines', w.id).map((f) => [f.user_id, f.pot_round_id]));
      expect(pots).toEqual({ [a!.user.id]: w.circle.rounds[0], [b!.user.id]: w.circle.rounds[1] });
      w.pay(2);
      expect((await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[2], method: 'cash' })).data).toMatchObject({ fines: 0, amount: 40_000 });
    });

    it('the organiser’s fee is at most 5% (501 basis points is 400) and is rounded down', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 2 });
      const input = { communityId: c.community.id, name: 'Fee Njangi', currency: 'XAF', contribution: 10_001, frequency: 'monthly', startDate: '2026-03-31', timeZone: 'Africa/Douala', hands: 3, payoutMethod: 'fixed' };
      const greedy = await T.call(c.organiser.a, NJ.create, { ...input, feeBps: 501 });
      expect(greedy.status).toBe(400);
      expect(greedy.error?.issues?.map((i) => i.path)).toEqual([['feeBps']]);
      expectError(greedy, 'BAD_REQUEST', 'validation.njangi.fee');
      const created = await T.call(c.organiser.a, NJ.create, { ...input, feeBps: 500 });
      expect(created.status).toBe(T.okStatus(NJ.create));
      const id = created.data.id;
      for (const m of c.members) {
        await T.call(m.a, NJ.join, { id });
        await c.organiser.a.mutate('njangi.decideJoin', { id, userId: m.user.id, approve: true });
      }
      // The organiser receives last: a payout to their own hand is the treasurer's to record.
      await T.call(c.organiser.a, NJ.start, { id, order: [...c.members.map((m) => m.user.id), c.organiser.user.id] });
      const detail = (await T.call(c.organiser.a, NJ.get, { id })).data;
      for (const h of detail.hands) payCash(t, { circleId: id, roundId: detail.rounds[0].id, handId: h.id, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
      const paid = await T.call(c.organiser.a, NJ.payout, { id: detail.rounds[0].id, method: 'cash' });
      // 5% of 30,003 is 1,500.15: the fee is 1,500, the beneficiary gets 28,503.
      expect(paid.data).toMatchObject({ collected: 30_003, fee: 1_500, amount: 28_503 });
    });
  });

  describe(`${T.name}: receipt of a payout`, () => {
    it('only the beneficiary confirms receipt (403 for the organiser, members and leaders); the receipt is numbered then', async () => {
      const t = makeTestApp();
      const w = await running(t, { leader: true });
      w.pay(0);
      const payout = (await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash' })).data;
      const beneficiary = w.everyone.find((m) => m.user.id === payout.beneficiaryId)!;
      expect(beneficiary).not.toBe(w.organiser);
      const before = circleSnapshot(t);
      for (const who of [w.organiser, ...w.members.filter((m) => m !== beneficiary), w.leader!]) {
        const r = await T.call(who.a, NJ.receipt, { id: payout.id });
        expect(r.status).toBe(403);
        expectError(r, 'FORBIDDEN', 'errors.njangi.beneficiaryOnly');
        expect((await who.a.mutate('njangi.disputePayout', { id: payout.id, reason: 'Not seen' })).status).toBe(403);
      }
      expect(circleSnapshot(t)).toBe(before);
      const confirmed = await T.call(beneficiary.a, NJ.receipt, { id: payout.id });
      expect(confirmed.data).toMatchObject({ status: 'confirmed', receiptNo: 5 });
      expect((await T.call(beneficiary.a, NJ.receipt, { id: payout.id })).status).toBe(409);
      expect((await beneficiary.a.mutate('njangi.disputePayout', { id: payout.id, reason: 'Changed my mind' })).status).toBe(409);
    });

    it('“not received” disputes the payout and tells the community’s leaders once each; the beneficiary can still confirm it', async () => {
      const t = makeTestApp();
      const w = await running(t, { leader: true });
      w.pay(0);
      const payout = (await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash' })).data;
      const beneficiary = w.everyone.find((m) => m.user.id === payout.beneficiaryId)!;
      expect((await beneficiary.a.mutate('njangi.disputePayout', { id: payout.id })).status).toBe(400);
      const disputed = await beneficiary.a.mutate('njangi.disputePayout', { id: payout.id, reason: 'Nothing arrived on my MoMo' });
      expect(disputed.data).toMatchObject({ status: 'disputed', disputeReason: 'Nothing arrived on my MoMo' });
      const title = 'notifications.circlePayoutDisputed.title';
      // The creator (who organises this circle) and the admin are told, once each; members are not.
      expect(notices(t, w.organiser.user.id, title)).toBe(1);
      expect(notices(t, w.leader!.user.id, title)).toBe(1);
      for (const m of w.members) expect(notices(t, m.user.id, title)).toBe(0);
      // …by the name of who disputed it.
      const params = t.db.$client.prepare('SELECT params FROM notifications WHERE user_id = ? AND title = ?').pluck().get(w.leader!.user.id, title) as string;
      expect(JSON.parse(params).name).toBe(`${beneficiary.user.firstName} ${beneficiary.user.lastName}`);
      expect((await beneficiary.a.mutate('njangi.disputePayout', { id: payout.id, reason: 'Again' })).status).toBe(409);
      // It arrived after all.
      const confirmed = await T.call(beneficiary.a, NJ.receipt, { id: payout.id });
      expect(confirmed.data).toMatchObject({ status: 'confirmed', disputeReason: 'Nothing arrived on my MoMo' });
      expect(verifyAuditChain(t.db)).toBeNull();
    });
  });

  describe(`${T.name}: payouts at the same time`, () => {
    it('two recordings of the same round at once: one is recorded, the other is 409; the hand is paid once', async () => {
      const t = makeTestApp();
      const w = await running(t);
      w.pay(0);
      const both = await Promise.all([1, 2].map((n) => T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash', reference: `OUT-${n}` })));
      expect(both.map((r) => r.status).sort()).toEqual([T.okStatus(NJ.payout), 409].sort());
      expect(circleTable(t, 'circle_payouts', w.id)).toHaveLength(1);
      expect(circleTable(t, 'circle_hands', w.id).filter((h) => h.received)).toHaveLength(1);
      const payout = both.find((r) => r.status === T.okStatus(NJ.payout))!.data;
      const beneficiary = w.everyone.find((m) => m.user.id === payout.beneficiaryId)!;
      const receipts = await Promise.all([T.call(beneficiary.a, NJ.receipt, { id: payout.id }), T.call(beneficiary.a, NJ.receipt, { id: payout.id })]);
      expect(receipts.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(circleTable(t, 'circle_payouts', w.id)[0]).toMatchObject({ status: 'confirmed', receipt_no: 5 });
      // The next receipt number follows without a gap.
      w.pay(1, [w.organiser]);
      expect(circleTable(t, 'circle_contributions', w.id).map((c) => c.receipt_no).at(-1)).toBe(6);
      expect(verifyAuditChain(t.db)).toBeNull();
    });

    it('the last payout completes the circle; a completed circle takes no more payouts or contributions', async () => {
      const t = makeTestApp();
      const w = await running(t, { members: 1 });
      // Round 1 goes to the member, recorded by the organiser; round 2 to the organiser, recorded by the treasurer.
      for (const [n, who, op] of [[0, w.organiser, NJ.payout], [1, w.officer, NJ.officerPayout]] as const) {
        w.pay(n);
        t.clock.advance(DAY);
        expect((await T.call(who.a, op, { id: w.circle.rounds[n], method: 'cash' })).status).toBe(T.okStatus(op));
      }
      const detail = (await T.call(w.members[0]!.a, NJ.get, { id: w.id })).data;
      expect(detail.circle).toMatchObject({ status: 'completed' });
      expect(detail.circle.endedAt).toBe(t.clock.now());
      expect((await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[1], method: 'cash' })).status).toBe(409);
    });
  });
}
