import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { createCircle } from '../../src/server/services/njangi/circles';
import { confirmContribution, declareContribution } from '../../src/server/services/njangi/contributions';
import { postDueFines } from '../../src/server/services/njangi/fines';
import { joinCircle } from '../../src/server/services/njangi/membership';
import { confirmReceipt, disputePayout } from '../../src/server/services/njangi/payouts';
import { makeTestApp, type TestApp } from '../setup/app';
import { buildCircle, circleCommunity, circleSnapshot, NJ, payCash, payOut, REPORT_CSV_PATH, rules, type Person } from '../setup/njangi';
import { transportsFor, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Cancelling a circle (organiser only, with a reason, once), its report (the organiser sees every
 * member's line, anyone else only their own) and its CSV export (text/csv, amounts as decimals of
 * the currency, names that look like formulas defused), and a member's own record across circles
 * (contributions on time, late and missed).
 */

const at = (iso: string) => Date.parse(iso);

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: cancelling a circle`, () => {
    it('only the organiser cancels, with a reason, once; a cancelled random circle reveals its seed and takes nothing more', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 2, leader: true });
      const circle = buildCircle(t, { community: c.community, organiser: c.organiser.user, members: c.members.map((m) => m.user), rules: { payoutMethod: 'random', hands: 3 } });
      const before = circleSnapshot(t);
      for (const who of [c.members[0]!, c.leader!]) expect((await who.a.mutate('njangi.cancel', { id: circle.id, reason: 'Not enough money' })).status).toBe(403);
      expect((await c.organiser.a.mutate('njangi.cancel', { id: circle.id })).status).toBe(400);
      expect((await c.organiser.a.mutate('njangi.cancel', { id: circle.id, reason: '' })).status).toBe(400);
      expect(circleSnapshot(t)).toBe(before);
      expect((await T.call(c.members[0]!.a, NJ.get, { id: circle.id })).data.circle.seed).toBeNull();
      const cancelled = await c.organiser.a.mutate('njangi.cancel', { id: circle.id, reason: 'Two members moved abroad' });
      expect(cancelled.data).toMatchObject({ status: 'cancelled', cancelReason: 'Two members moved abroad', endedAt: t.clock.now() });
      expect(cancelled.data.seed).toMatch(/^[0-9a-f]{64}$/);
      const again = await c.organiser.a.mutate('njangi.cancel', { id: circle.id, reason: 'Again' });
      expect(again.status).toBe(409);
      expectError(again, 'CONFLICT', 'errors.njangi.circleEnded');
      const [a] = c.members;
      expect((await T.call(a!.a, NJ.declare, { id: circle.id, roundId: circle.rounds[0], handId: circle.handsOf[a!.user.id]![0], method: 'cash' })).status).toBe(409);
      expect((await T.call(c.organiser.a, NJ.payout, { id: circle.rounds[0], method: 'cash' })).status).toBe(409);
      const trail = t.db.$client.prepare("SELECT details FROM finance_audit WHERE action = 'circle.cancelled'").pluck().get() as string;
      expect(JSON.parse(trail)).toMatchObject({ reason: 'Two members moved abroad', seed: cancelled.data.seed });
      // A recruiting circle can be cancelled too; a completed one cannot.
      const recruiting = createCircle(t.db, { communityId: c.community.id, organiserId: c.organiser.user.id, circle: rules(), now: t.clock.now() }).id;
      expect((await c.organiser.a.mutate('njangi.cancel', { id: recruiting, reason: 'Nobody joined' })).data).toMatchObject({ status: 'cancelled' });
      const done = buildCircle(t, { community: c.community, organiser: c.organiser.user, members: [a!.user], rules: { hands: 2 } });
      for (const [i, round] of done.rounds.entries()) {
        for (const h of done.handRows) payCash(t, { circleId: done.id, roundId: round, handId: h.id, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() + i });
        payOut(t, { roundId: round, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() + i });
      }
      expect((await c.organiser.a.mutate('njangi.cancel', { id: done.id, reason: 'Too late' })).status).toBe(409);
      expect(verifyAuditChain(t.db)).toBeNull();
    });
  });

  describe(`${T.name}: the circle's report`, () => {
    it('the organiser sees every member’s line; a member only their own; someone outside the circle none', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 3 });
      const [a, b, outside] = c.members;
      const circle = buildCircle(t, { community: c.community, organiser: c.organiser.user, members: [a!.user, b!.user] });
      for (const h of circle.handRows) payCash(t, { circleId: circle.id, roundId: circle.rounds[0]!, handId: h.id, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
      payOut(t, { roundId: circle.rounds[0]!, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
      const mine = (who: Person) => T.call(who.a, NJ.report, { id: circle.id });
      const organiser = (await mine(c.organiser)).data;
      expect(organiser.organiser).toBe(true);
      expect(organiser.members.map((m: any) => m.userId)).toEqual([c.organiser.user.id, a!.user.id, b!.user.id]);
      expect(organiser.members[0]).toMatchObject({ paidIn: 10_000, received: 30_000, net: 20_000 });
      const own = (await mine(a!)).data;
      expect(own.organiser).toBe(false);
      expect(own.members).toEqual([{ userId: a!.user.id, name: `${a!.user.firstName} ${a!.user.lastName}`, hands: 1, paidIn: 10_000, received: 0, shares: 0, finesOwed: 0, finesPaid: 0, net: -10_000 }]);
      // The rounds and totals are the same for everyone.
      expect(own.rounds).toEqual(organiser.rounds);
      expect(own.totals).toEqual(organiser.totals);
      expect((await mine(outside!)).data.members).toEqual([]);
    });
  });

  describe(`${T.name}: the report adds up`, () => {
    /** Every total is its column's sum; the members' lines add up to the rounds; money in = money accounted for. */
    const addsUp = (r: any) => {
      const col = (k: string) => r.rounds.reduce((s: number, x: any) => s + (x[k] ?? 0), 0);
      expect(r.totals).toMatchObject({ collected: col('collected'), shortfall: col('shortfall'), fines: col('fines'), fees: col('fee'), paidOut: col('payout'), topUps: col('topUps'), topUpsOwed: col('topUpsOwed') });
      expect(r.totals.shared).toBe(r.rounds.reduce((s: number, x: any) => s + (x.share ?? 0) * (r.circle.hands - 1), 0));
      const members = (k: string) => r.members.reduce((s: number, m: any) => s + m[k], 0);
      expect(members('paidIn')).toBe(r.totals.collected);
      expect(members('finesPaid')).toBe(r.totals.finesPaid);
      const t = r.totals;
      expect(t.collected + t.finesPaid).toBe(t.paidOut + t.topUps + t.shared + t.fees + t.held);
    };

    it('a round every member paid shows what it collected before it is paid out, and the totals say so', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 3 });
      const circle = buildCircle(t, { community: c.community, organiser: c.organiser.user, members: c.members.map((m) => m.user), order: [...c.members.map((m) => m.user.id), c.organiser.user.id], rules: { currency: 'USD', contribution: 2500, fineKind: 'fixed', fineValue: 300 } });
      for (const h of circle.handRows) payCash(t, { circleId: circle.id, roundId: circle.rounds[0]!, handId: h.id, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
      let report = (await T.call(c.organiser.a, NJ.report, { id: circle.id })).data;
      expect(report.rounds[0]).toMatchObject({ status: 'open', collected: 10_000, shortfall: null, fee: null, payout: null, topUps: null });
      expect(report.totals).toMatchObject({ collected: 10_000, paidOut: 0, held: 10_000 });
      addsUp(report);
      // A member's view has the same rounds and totals, and only their own line.
      const own = (await T.call(c.members[0]!.a, NJ.report, { id: circle.id })).data;
      expect(own.rounds).toEqual(report.rounds);
      expect(own.totals).toEqual(report.totals);

      // Round 1 paid out; round 2 paid out short of one hand, which pays after; a fine paid into round 3's pot.
      payOut(t, { roundId: circle.rounds[0]!, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
      const [a, b, cc] = c.members;
      for (const p of [c.organiser, a!, b!]) payCash(t, { circleId: circle.id, roundId: circle.rounds[1]!, handId: circle.handsOf[p.user.id]![0]!, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
      postDueFines(t.db, Date.parse('2026-05-02T10:00:00Z'));
      payOut(t, { roundId: circle.rounds[1]!, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
      payCash(t, { circleId: circle.id, roundId: circle.rounds[1]!, handId: circle.handsOf[cc!.user.id]![0]!, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
      const fine = t.db.$client.prepare('SELECT id FROM circle_fines WHERE circle_id = ? AND user_id = ?').pluck().get(circle.id, cc!.user.id) as number;
      await c.organiser.a.mutate('njangi.markFinePaid', { id: fine });
      report = (await T.call(c.organiser.a, NJ.report, { id: circle.id })).data;
      expect(report.rounds[1]).toMatchObject({ collected: 10_000, shortfall: 0, payout: 7500, topUps: 2500, topUpsOwed: 2500, fines: 0 });
      // Held: the fine, waiting for round 3's pot.
      expect(report.totals).toMatchObject({ collected: 20_000, paidOut: 17_500, topUps: 2500, finesPaid: 300, held: 300 });
      addsUp(report);
    });
  });

  describe(`${T.name}: a member's own record`, () => {
    it('counts contributions confirmed on time and late, and rounds missed, across circles', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 2 });
      const [a, b] = c.members;
      // Weekly from today: rounds due at the end of 2, 9, 16 March (Douala).
      const circle = buildCircle(t, { community: c.community, organiser: c.organiser.user, members: [a!.user, b!.user], rules: { frequency: 'weekly', startDate: '2026-03-02' } });
      const hand = circle.handsOf[a!.user.id]![0]!;
      const record = (who: Person) => who.a.query('njangi.myRecord');
      expect((await record(a!)).data).toEqual({ onTime: 0, late: 0, missed: 0, circlesCompleted: 0, disputes: 0 });
      const declare = (round: number, now: number) => declareContribution(t.db, { circleId: circle.id, roundId: circle.rounds[round]!, handId: hand, userId: a!.user.id, details: { method: 'cash' }, now });
      const confirm = (id: number) => confirmContribution(t.db, { id, organiserId: c.organiser.user.id, now: t.clock.now() });
      confirm(declare(0, at('2026-03-02T12:00:00Z')).id); // on time
      confirm(declare(1, at('2026-03-10T12:00:00Z')).id); // late
      t.clock.set(at('2026-03-17T09:00:00Z'));
      // Round 3 has passed with nothing declared: missed. A pending declaration counts nowhere yet.
      expect((await record(a!)).data).toEqual({ onTime: 1, late: 1, missed: 1, circlesCompleted: 0, disputes: 0 });
      declare(2, t.clock.now());
      expect((await record(a!)).data).toEqual({ onTime: 1, late: 1, missed: 0, circlesCompleted: 0, disputes: 0 });
      // b missed all three; the record is the caller's own.
      expect((await record(b!)).data).toEqual({ onTime: 0, late: 0, missed: 3, circlesCompleted: 0, disputes: 0 });
      // The organiser sees a member's record beside their request to join another circle.
      const next = createCircle(t.db, { communityId: c.community.id, organiserId: c.organiser.user.id, circle: rules(), now: t.clock.now() }).id;
      joinCircle(t.db, { circleId: next, userId: b!.user.id, hands: 1, now: t.clock.now() });
      const seen = (await T.call(c.organiser.a, NJ.get, { id: next })).data.requests;
      expect(seen).toEqual([expect.objectContaining({ userId: b!.user.id, record: { onTime: 0, late: 0, missed: 3, circlesCompleted: 0, disputes: 0 } })]);
      // Members do not see others' requests.
      expect((await T.call(a!.a, NJ.get, { id: next })).data.requests).toEqual([]);
    });

    it('counts completed circles and disputed payouts', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 1 });
      const [a] = c.members;
      const circle = buildCircle(t, { community: c.community, organiser: c.organiser.user, members: [a!.user], rules: { hands: 2 }, order: [a!.user.id, c.organiser.user.id] });
      for (const [i, round] of circle.rounds.entries()) {
        for (const h of circle.handRows) payCash(t, { circleId: circle.id, roundId: round, handId: h.id, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() + i });
        const payout = payOut(t, { roundId: round, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() + i });
        if (payout.beneficiaryId === a!.user.id) {
          disputePayout(t.db, { id: payout.id, userId: a!.user.id, reason: 'Late', now: t.clock.now() });
          confirmReceipt(t.db, { id: payout.id, userId: a!.user.id, now: t.clock.now() });
        }
      }
      expect((await a!.a.query('njangi.myRecord')).data).toEqual({ onTime: 2, late: 0, missed: 0, circlesCompleted: 1, disputes: 1 });
    });
  });
}

describe('the report as CSV', () => {
  /** A USD circle of three, round 1 paid out to the organiser (recorded by the treasurer), a's round 2 in; two members with formula-looking names. */
  async function world(t: TestApp) {
    const c = await circleCommunity(t, { members: 2, names: ['=HYPERLINK("http://evil.example","win")', '@Kemi'] });
    const [a, b] = c.members;
    const circle = buildCircle(t, { community: c.community, organiser: c.organiser.user, members: [a!.user, b!.user], rules: { currency: 'USD', contribution: 2500 } });
    for (const h of circle.handRows) payCash(t, { circleId: circle.id, roundId: circle.rounds[0]!, handId: h.id, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
    payOut(t, { roundId: circle.rounds[0]!, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
    payCash(t, { circleId: circle.id, roundId: circle.rounds[1]!, handId: circle.handsOf[a!.user.id]![0]!, organiserId: c.organiser.user.id, officerId: c.officer.user.id, now: t.clock.now() });
    return { ...c, circle };
  }

  // Words in the requester's language, the payout's time in the circle's zone (Africa/Douala, UTC+1), amounts as numbers.
  const ORGANISER_CSV = [
    'Round,Due,Status,Collected (USD),Shortfall (USD),Fines (USD),Fee (USD),Discount (USD),Share per hand (USD),Payout (USD),Top-ups (USD),Receipt,Paid out on,At',
    '1,2026-03-31,Paid out,75.00,0.00,0.00,0.00,0.00,0.00,75.00,0.00,Awaiting,2026-03-02,11:00',
    // What a round not paid out yet has collected so far is shown (a's round 2); it has no pot, fee or shortfall yet.
    '2,2026-04-30,Collecting,25.00,,,,,,,,,,',
    '3,2026-05-31,Collecting,0.00,,,,,,,,,,',
    '',
    'Member,Hands,Paid in (USD),Received (USD),Shares (USD),Fines paid (USD),Fines owed (USD),Net (USD)',
    'Ngozi Organiser,1,25.00,75.00,0.00,0.00,0.00,50.00',
    // A formula-looking name starts with an apostrophe (and is quoted for its commas and quotes); amounts stay numbers.
    `"'=HYPERLINK(""http://evil.example"",""win"") Member1",1,50.00,0.00,0.00,0.00,0.00,-50.00`,
    "'@Kemi Member2,1,25.00,0.00,0.00,0.00,0.00,-25.00",
  ];

  it('REST: GET /api/circles/:id/report.csv is text/csv with the rounds, then every member’s line for the organiser', async () => {
    const t = makeTestApp();
    const w = await world(t);
    const r = await w.organiser.a.rest('GET', REPORT_CSV_PATH(w.circle.id));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="circle-${w.circle.id}-report.csv"`);
    expect(r.body).toBe(`${ORGANISER_CSV.join('\r\n')}\r\n`);
  });

  it('REST: a member’s CSV has only their own line; an outsider of a private community gets 404', async () => {
    const t = makeTestApp();
    const w = await world(t);
    const r = await w.members[1]!.a.rest('GET', REPORT_CSV_PATH(w.circle.id));
    expect(r.status).toBe(200);
    expect(r.body).toBe(`${[...ORGANISER_CSV.slice(0, 6), ORGANISER_CSV[8]].join('\r\n')}\r\n`);
    expect((await w.members[1]!.a.rest('GET', REPORT_CSV_PATH(999_999))).status).toBe(404);
  });

  it('tRPC: njangi.reportCsv gives the same text and file name', async () => {
    const t = makeTestApp();
    const w = await world(t);
    const r = await w.organiser.a.query('njangi.reportCsv', { id: w.circle.id });
    expect(r.data).toEqual({ filename: `circle-${w.circle.id}-report.csv`, csv: `${ORGANISER_CSV.join('\r\n')}\r\n` });
  });
});
