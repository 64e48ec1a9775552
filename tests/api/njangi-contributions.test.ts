import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { cancelCircle } from '../../src/server/services/njangi/start';
import { makeTestApp, type TestApp } from '../setup/app';
import { buildCircle, circleCommunity, circleSnapshot, circleTable, NJ } from '../setup/njangi';
import { transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Contributions: a member declares for their own hands only, one live contribution per hand and
 * round (a rejected one can be declared again), late after the round's due instant; only the
 * organiser confirms, rejects or records cash (the organiser's own is a finance officer's to
 * confirm: njangi-four-eyes.test.ts), and the circle's receipt numbers run 1, 2, 3… with no gap,
 * even when two confirmations of the same contribution arrive at once.
 */

async function running(t: TestApp, members = 3) {
  const c = await circleCommunity(t, { members: members + 1 });
  const circle = buildCircle(t, { community: c.community, organiser: c.organiser.user, members: c.members.slice(0, members).map((m) => m.user), rules: { startDate: '2026-03-31' } });
  const hand = (p: { user: { id: string } }) => circle.handsOf[p.user.id]![0]!;
  return { ...c, circle, id: circle.id, hand, outsider: c.members[members]! };
}

const receipts = (t: TestApp, circleId: number) =>
  circleTable<{ receipt_no: number | null; status: string }>(t, 'circle_contributions', circleId)
    .map((r) => r.receipt_no)
    .filter((n) => n !== null)
    .sort((a, b) => a! - b!);
const actions = (t: TestApp, action: string) => t.db.$client.prepare('SELECT count(*) FROM finance_audit WHERE action = ?').pluck().get(action) as number;

for (const T of transportsFor(REST)) {
  describe(`${T.name}: declaring contributions`, () => {
    it('a member declares only for their own hand (403 otherwise), in this circle’s rounds and hands (404 otherwise)', async () => {
      const t = makeTestApp();
      const w = await running(t);
      const [a, b] = w.members;
      const round = w.circle.rounds[0]!;
      const theirs = await T.call(a!.a, NJ.declare, { id: w.id, roundId: round, handId: w.hand(b!), method: 'cash' });
      expect(theirs.status).toBe(403);
      expectError(theirs, 'FORBIDDEN', 'errors.njangi.notYourHand');
      // The organiser declaring for someone else's hand is refused too (cash is recorded instead).
      expect((await T.call(w.organiser.a, NJ.declare, { id: w.id, roundId: round, handId: w.hand(b!), method: 'cash' })).status).toBe(403);
      // Someone in the community but not in the circle has no hand at all.
      expect((await T.call(w.outsider.a, NJ.declare, { id: w.id, roundId: round, handId: w.hand(b!), method: 'cash' })).status).toBe(403);
      // A round or a hand of another circle is not found in this one.
      const other = buildCircle(t, { community: w.community, organiser: w.organiser.user, members: [a!.user], rules: { hands: 2 } });
      expect((await T.call(a!.a, NJ.declare, { id: w.id, roundId: other.rounds[0], handId: w.hand(a!), method: 'cash' })).status).toBe(404);
      expect((await T.call(a!.a, NJ.declare, { id: w.id, roundId: round, handId: other.handsOf[a!.user.id]![0], method: 'cash' })).status).toBe(404);
      expect(circleTable(t, 'circle_contributions', w.id)).toEqual([]);
      const mine = await T.call(a!.a, NJ.declare, { id: w.id, roundId: round, handId: w.hand(a!), method: 'mobile_money', reference: 'MOMO-77' });
      expect(mine.status).toBe(T.okStatus(NJ.declare));
      expect(mine.data).toMatchObject({ status: 'pending', amount: 10_000, userId: a!.user.id, late: false, receiptNo: null, reference: 'MOMO-77' });
    });

    it('one live contribution per hand and round: a second is 409; after a rejection it can be declared again', async () => {
      const t = makeTestApp();
      const w = await running(t);
      const a = w.members[0]!;
      const input = { id: w.id, roundId: w.circle.rounds[0], handId: w.hand(a), method: 'bank_transfer', reference: 'TRX-1' };
      const first = await T.call(a.a, NJ.declare, input);
      expect(first.status).toBe(T.okStatus(NJ.declare));
      const again = await T.call(a.a, NJ.declare, { ...input, reference: 'TRX-2' });
      expect(again.status).toBe(409);
      expectError(again, 'CONFLICT', 'errors.njangi.alreadyContributed');
      // The organiser cannot record cash over it either.
      expect((await w.organiser.a.mutate('njangi.recordContribution', { ...input, method: 'cash' })).status).toBe(409);
      // A rejection needs a reason.
      expect((await T.call(w.organiser.a, NJ.reject, { id: first.data.id })).status).toBe(400);
      const rejected = await T.call(w.organiser.a, NJ.reject, { id: first.data.id, reason: 'No such transfer on the statement' });
      expect(rejected.data).toMatchObject({ status: 'rejected', reason: 'No such transfer on the statement' });
      const redeclared = await T.call(a.a, NJ.declare, { ...input, reference: 'TRX-3' });
      expect(redeclared.status).toBe(T.okStatus(NJ.declare));
      expect(redeclared.data.id).not.toBe(first.data.id);
      expect(circleTable(t, 'circle_contributions', w.id).map((r) => [r.reference, r.status])).toEqual([
        ['TRX-1', 'rejected'],
        ['TRX-3', 'pending'],
      ]);
      // Two declarations at once: one is taken.
      const b = w.members[1]!;
      const both = await Promise.all([1, 2].map((n) => T.call(b.a, NJ.declare, { ...input, handId: w.hand(b), reference: `TWICE-${n}` })));
      expect(both.map((r) => r.status).sort()).toEqual([T.okStatus(NJ.declare), 409].sort());
    });

    it('a contribution declared after the round’s due instant is late; up to its last millisecond it is not', async () => {
      const t = makeTestApp();
      const w = await running(t);
      const [a, b] = w.members;
      const dueAt = t.db.$client.prepare('SELECT due_at FROM circle_rounds WHERE id = ?').pluck().get(w.circle.rounds[0]) as number;
      expect(new Date(dueAt).toISOString()).toBe('2026-03-31T22:59:59.999Z');
      t.clock.set(dueAt);
      const onTime = await T.call(a!.a, NJ.declare, { id: w.id, roundId: w.circle.rounds[0], handId: w.hand(a!), method: 'cash' });
      expect(onTime.data.late).toBe(false);
      t.clock.set(dueAt + 1);
      const late = await T.call(b!.a, NJ.declare, { id: w.id, roundId: w.circle.rounds[0], handId: w.hand(b!), method: 'cash' });
      expect(late.data.late).toBe(true);
      // Cash recorded late by the organiser is late too.
      const cash = await w.organiser.a.mutate('njangi.recordContribution', { id: w.id, roundId: w.circle.rounds[0], handId: w.hand(w.members[2]!) });
      expect(cash.data).toMatchObject({ late: true, status: 'confirmed' });
    });

    it('no contribution to a circle that is not running (409)', async () => {
      const t = makeTestApp();
      const w = await running(t);
      const a = w.members[0]!;
      cancelCircle(t.db, { circleId: w.id, organiserId: w.organiser.user.id, reason: 'Moved to another town', now: t.clock.now() });
      const r = await T.call(a.a, NJ.declare, { id: w.id, roundId: w.circle.rounds[0], handId: w.hand(a), method: 'cash' });
      expect(r.status).toBe(409);
    });
  });

  describe(`${T.name}: confirming, rejecting, recording cash`, () => {
    it('only the organiser confirms or rejects, not the contribution’s own member nor a community leader (403)', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 2, leader: true });
      const circle = buildCircle(t, { community: c.community, organiser: c.organiser.user, members: c.members.map((m) => m.user) });
      const a = c.members[0]!;
      const declared = await T.call(a.a, NJ.declare, { id: circle.id, roundId: circle.rounds[0], handId: circle.handsOf[a.user.id]![0], method: 'cash' });
      const before = circleSnapshot(t);
      for (const who of [a, c.members[1]!, c.leader!]) {
        expect((await T.call(who.a, NJ.confirm, { id: declared.data.id })).status).toBe(403);
        expect((await T.call(who.a, NJ.reject, { id: declared.data.id, reason: 'No' })).status).toBe(403);
        expect((await who.a.mutate('njangi.recordContribution', { id: circle.id, roundId: circle.rounds[0], handId: circle.handsOf[c.members[1]!.user.id]![0] })).status).toBe(403);
      }
      expect(circleSnapshot(t)).toBe(before);
      expect((await T.call(c.organiser.a, NJ.confirm, { id: declared.data.id })).data).toMatchObject({ status: 'confirmed', receiptNo: 1, decidedBy: c.organiser.user.id });
      // Decided once: rejecting a confirmed contribution is 409.
      expect((await T.call(c.organiser.a, NJ.reject, { id: declared.data.id, reason: 'Too late' })).status).toBe(409);
    });

    it('the organiser’s cash records and confirmations share one receipt sequence 1, 2, 3… with no gap', async () => {
      const t = makeTestApp();
      const w = await running(t, 4);
      const [a, b, c, d] = w.members;
      const round = w.circle.rounds[0]!;
      const record = (p: { user: { id: string } }) => w.organiser.a.mutate('njangi.recordContribution', { id: w.id, roundId: round, handId: w.hand(p), method: 'cash', reference: 'Meeting' });
      expect((await record(a!)).data).toMatchObject({ receiptNo: 1, status: 'confirmed', method: 'cash', recordedBy: w.organiser.user.id });
      expect((await record(b!)).data).toMatchObject({ receiptNo: 2 });
      // A refused record (already paid) takes no number.
      expect((await record(a!)).status).toBe(409);
      expect((await record(c!)).data).toMatchObject({ receiptNo: 3 });
      const declared = await T.call(d!.a, NJ.declare, { id: w.id, roundId: round, handId: w.hand(d!), method: 'mobile_money' });
      expect((await T.call(w.organiser.a, NJ.confirm, { id: declared.data.id })).data.receiptNo).toBe(4);
      // A refused confirmation takes no number either.
      expect((await T.call(w.organiser.a, NJ.confirm, { id: declared.data.id })).status).toBe(409);
      // The organiser's own cash takes no number until the treasurer confirms it (njangi-four-eyes.test.ts).
      const own = await record(w.organiser);
      expect(own.data).toMatchObject({ receiptNo: null, status: 'pending' });
      expect((await T.call(w.officer.a, NJ.officerConfirm, { id: own.data.id })).data).toMatchObject({ receiptNo: 5, status: 'confirmed', decidedBy: w.officer.user.id });
      expect(receipts(t, w.id)).toEqual([1, 2, 3, 4, 5]);
      // The member is told their contribution was confirmed.
      const told = t.db.$client.prepare("SELECT count(*) FROM notifications WHERE user_id = ? AND title = 'notifications.circleContributionConfirmed.title'");
      expect(told.pluck().get(a!.user.id)).toBe(1);
      expect(verifyAuditChain(t.db)).toBeNull();
    });

    it('two confirmations of one contribution at once: one wins, the other is 409, one receipt number is used', async () => {
      const t = makeTestApp();
      const w = await running(t);
      const [a, b] = w.members;
      const round = w.circle.rounds[0]!;
      const x = await T.call(a!.a, NJ.declare, { id: w.id, roundId: round, handId: w.hand(a!), method: 'cash' });
      const y = await T.call(b!.a, NJ.declare, { id: w.id, roundId: round, handId: w.hand(b!), method: 'cash' });
      const both = await Promise.all([T.call(w.organiser.a, NJ.confirm, { id: x.data.id }), T.call(w.organiser.a, NJ.confirm, { id: x.data.id })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expectError(both.find((r) => r.status === 409)!, 'CONFLICT', 'errors.njangi.contributionDecided');
      expect(actions(t, 'circle.contribution.confirmed')).toBe(1);
      // A confirmation and a rejection at once: one of them decides.
      const race = await Promise.all([T.call(w.organiser.a, NJ.confirm, { id: y.data.id }), T.call(w.organiser.a, NJ.reject, { id: y.data.id, reason: 'Not received' })]);
      expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
      const next = race[0]!.status === 200 ? [1, 2] : [1];
      expect(receipts(t, w.id)).toEqual(next);
      expect(verifyAuditChain(t.db)).toBeNull();
    });
  });
}
