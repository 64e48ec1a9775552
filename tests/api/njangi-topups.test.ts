import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { circleConservation, conserved } from '../../src/server/services/njangi/conservation';
import { declareContribution } from '../../src/server/services/njangi/contributions';
import { postDueFines } from '../../src/server/services/njangi/fines';
import { makeTestApp, type TestApp } from '../setup/app';
import { buildCircle, circleCommunity, circleSnapshot, circleTable, NJ, payCash, payOut, type Person } from '../setup/njangi';
import { startSmtp } from '../setup/smtp';
import { TRANSPORTS } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Money that reaches a round after it was paid out: a contribution confirmed (or recorded as cash)
 * late tops that round's beneficiary up by exactly its amount, in the same transaction, as a
 * top-up owed to them; the organiser records paying it on and only the beneficiary confirms it
 * (a numbered receipt) or says it did not arrive. A fine paid after the last payout tops the last
 * round up the same way. At every step the circle's money is conserved.
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const decode = (raw: string) => Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const notes = (t: TestApp, userId: string) =>
  t.db.$client.prepare('SELECT title, message, params FROM notifications WHERE user_id = ? ORDER BY id').all(userId) as { title: string; message: string; params: string | null }[];

/**
 * Four hands of 10,000 XAF, the members first and the organiser last: round 1 goes to `a`, paid
 * out while `c`'s contribution is only declared (a shortfall of 10,000). `b` reads French.
 */
async function shortRound(t: TestApp) {
  const w = await circleCommunity(t, { members: 3, leader: true });
  const [a, b, c] = w.members as [Person, Person, Person];
  t.db.$client.prepare("UPDATE users SET language = 'fr' WHERE id = ?").run(a.user.id);
  const circle = buildCircle(t, { community: w.community, organiser: w.organiser.user, members: [a, b, c].map((m) => m.user), order: [a, b, c, w.organiser].map((m) => m.user.id), rules: { startDate: '2026-03-31' } });
  const hand = (p: Person) => circle.handsOf[p.user.id]![0]!;
  for (const p of [w.organiser, a, b]) payCash(t, { circleId: circle.id, roundId: circle.rounds[0]!, handId: hand(p), organiserId: w.organiser.user.id, officerId: w.officer.user.id, now: t.clock.now() });
  const declared = declareContribution(t.db, { circleId: circle.id, roundId: circle.rounds[0]!, handId: hand(c), userId: c.user.id, details: { method: 'mobile_money', reference: 'MOMO-C' }, now: t.clock.now() });
  const payout = payOut(t, { roundId: circle.rounds[0]!, organiserId: w.organiser.user.id, officerId: w.officer.user.id, now: t.clock.now() });
  expect(payout).toMatchObject({ beneficiaryId: a.user.id, collected: 30_000, shortfall: 10_000, amount: 30_000 });
  const balanced = () => {
    const check = circleConservation(t.db, circle.id);
    expect(conserved(check), JSON.stringify(check)).toBe(true);
    return check;
  };
  balanced();
  return { ...w, a, b, c, circle, id: circle.id, hand, declared, payout, balanced };
}

for (const T of TRANSPORTS) {
  describe(`${T.name}: a contribution confirmed after its round was paid out`, () => {
    it('tops the round’s beneficiary up by exactly its amount, in the same transaction, and the money stays conserved', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const w = await shortRound(t);
      const confirmed = await T.call(w.organiser.a, NJ.confirm, { id: w.declared.id });
      expect(confirmed.status).toBe(200);
      expect(confirmed.data).toMatchObject({ status: 'confirmed', receiptNo: 4 });
      const [topUp, ...more] = circleTable(t, 'circle_top_ups', w.id);
      expect(more).toEqual([]);
      expect(topUp).toMatchObject({ round_id: w.circle.rounds[0], payout_id: w.payout.id, beneficiary_id: w.a.user.id, contribution_id: w.declared.id, fine_id: null, amount: 10_000, status: 'owed', receipt_no: null });
      // Conserved: 40,000 in = 30,000 paid out + 10,000 owed as a top-up.
      expect(w.balanced()).toMatchObject({ contributions: 40_000, payouts: 30_000, topUps: 10_000, openRounds: 0 });
      // The round's figures come from the records: everything collected, nothing short, the top-up owed.
      const report = (await T.call(w.organiser.a, NJ.report, { id: w.id })).data;
      expect(report.rounds[0]).toMatchObject({ collected: 40_000, shortfall: 0, payout: 30_000, topUps: 10_000, topUpsOwed: 10_000 });
      // Everyone sees the top-up on the round; the audit trail has it.
      const seen = (await T.call(w.b.a, NJ.get, { id: w.id })).data.rounds[0].topUps;
      expect(seen).toEqual([expect.objectContaining({ id: topUp!.id, amount: 10_000, status: 'owed' })]);
      expect(t.db.$client.prepare("SELECT count(*) FROM finance_audit WHERE action = 'circle.topup.owed'").pluck().get()).toBe(1);
      expect(verifyAuditChain(t.db)).toBeNull();

      // The organiser (to pay it on) and the beneficiary (in French) are told who paid what, in the app and by email.
      const cName = `${w.c.user.firstName} ${w.c.user.lastName}`;
      const owed = notes(t, w.organiser.user.id).find((n) => n.title === 'notifications.circleTopUpOwed.title')!;
      expect(JSON.parse(owed.params!)).toMatchObject({ member: cName, round: 1, beneficiary: `${w.a.user.firstName} ${w.a.user.lastName}` });
      expect(plain(JSON.parse(owed.params!).amount)).toBe('FCFA 10,000');
      const coming = notes(t, w.a.user.id).find((n) => n.title === 'notifications.circleTopUpComing.title')!;
      expect(plain(JSON.parse(coming.params!).amount)).toBe('10 000 FCFA');
      const toA = decode((await smtp.lastTo(w.a.user.email)).raw);
      expect(plain(toA)).toContain(`${cName} a versé 10 000 FCFA pour le tour 1 de Market Women Njangi après son versement`);
      const toOrganiser = decode((await smtp.lastTo(w.organiser.user.email)).raw);
      expect(plain(toOrganiser)).toContain(`${cName} paid FCFA 10,000 into round 1 of Market Women Njangi after it was paid out`);
    });

    it('cash recorded by the organiser for a round already paid tops it up too', async () => {
      const t = makeTestApp();
      const w = await shortRound(t);
      await T.call(w.organiser.a, NJ.reject, { id: w.declared.id, reason: 'Not on the statement' });
      w.balanced();
      const cash = await w.organiser.a.mutate('njangi.recordContribution', { id: w.id, roundId: w.circle.rounds[0], handId: w.hand(w.c), method: 'cash' });
      expect(cash.data).toMatchObject({ status: 'confirmed', late: false });
      expect(circleTable(t, 'circle_top_ups', w.id)).toEqual([expect.objectContaining({ contribution_id: cash.data.id, amount: 10_000, beneficiary_id: w.a.user.id })]);
      w.balanced();
    });

    it('two confirmations at once make one top-up; a round is never topped up beyond its shortfall', async () => {
      const t = makeTestApp();
      const w = await shortRound(t);
      const both = await Promise.all([T.call(w.organiser.a, NJ.confirm, { id: w.declared.id }), T.call(w.organiser.a, NJ.confirm, { id: w.declared.id })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(circleTable(t, 'circle_top_ups', w.id)).toHaveLength(1);
      w.balanced();
    });
  });

  describe(`${T.name}: paying a top-up on`, () => {
    it('the organiser records it (method, reference); only its beneficiary confirms it, with the next receipt number, or disputes it', async () => {
      const t = makeTestApp();
      const w = await shortRound(t);
      await T.call(w.organiser.a, NJ.confirm, { id: w.declared.id });
      const [{ id }] = circleTable<{ id: number }>(t, 'circle_top_ups', w.id) as [{ id: number }];
      // Not paid yet: the beneficiary cannot confirm it.
      const early = await T.call(w.a.a, NJ.confirmTopUp, { id });
      expect(early.status).toBe(409);
      expectError(early, 'CONFLICT', 'errors.njangi.topUpNotPaid');
      // Only the organiser records it; nothing changes on a refusal.
      const before = circleSnapshot(t);
      for (const who of [w.a, w.b, w.leader!, w.officer]) expect((await T.call(who.a, NJ.recordTopUp, { id, method: 'cash' })).status).toBe(403);
      expect((await T.call(w.organiser.a, NJ.recordTopUp, { id })).status).toBe(400);
      expect((await T.call(w.organiser.a, NJ.recordTopUp, { id: 999_999, method: 'cash' })).status).toBe(404);
      expect(circleSnapshot(t)).toBe(before);
      const recorded = await T.call(w.organiser.a, NJ.recordTopUp, { id, method: 'mobile_money', reference: 'MOMO-TOPUP' });
      expect(recorded.status).toBe(200);
      expect(recorded.data).toMatchObject({ status: 'recorded', method: 'mobile_money', reference: 'MOMO-TOPUP', recordedBy: w.organiser.user.id, receiptNo: null });
      expect((await T.call(w.organiser.a, NJ.recordTopUp, { id, method: 'cash' })).status).toBe(409);
      // Recorded and still owed count alike in the conservation; the beneficiary's line counts it once handed over.
      w.balanced();
      expect((await T.call(w.organiser.a, NJ.report, { id: w.id })).data.members.find((m: any) => m.userId === w.a.user.id)).toMatchObject({ received: 40_000 });
      // Only the beneficiary confirms: not the organiser who paid it, nor anyone else.
      for (const who of [w.organiser, w.b, w.leader!]) {
        expect((await T.call(who.a, NJ.confirmTopUp, { id })).status).toBe(403);
        expect((await who.a.mutate('njangi.disputeTopUp', { id, reason: 'Not seen' })).status).toBe(403);
      }
      const disputed = await w.a.a.mutate('njangi.disputeTopUp', { id, reason: 'Nothing on my MoMo' });
      expect(disputed.data).toMatchObject({ status: 'disputed', disputeReason: 'Nothing on my MoMo' });
      // The community's leaders are told, as for a payout.
      expect(notes(t, w.leader!.user.id).map((n) => n.title)).toContain('notifications.circlePayoutDisputed.title');
      const confirmed = await T.call(w.a.a, NJ.confirmTopUp, { id });
      expect(confirmed.data).toMatchObject({ status: 'confirmed', receiptNo: 5 });
      expect((await T.call(w.a.a, NJ.confirmTopUp, { id })).status).toBe(409);
      w.balanced();
      // Its receipt: for the beneficiary and the organiser.
      const receipt = await w.a.a.rest('GET', `/api/circles/top-ups/${id}/receipt.pdf`);
      expect(receipt.status).toBe(200);
      const pdf = await t.app.request(`/api/circles/top-ups/${id}/receipt.pdf`, { headers: { cookie: w.a.a.cookie!, 'accept-language': 'fr' } });
      expect((await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()))).getTitle()).toBe('Reçu de complément n°\u00a05');
      expect((await w.organiser.a.rest('GET', `/api/circles/top-ups/${id}/receipt.pdf`)).status).toBe(200);
      expect((await w.b.a.rest('GET', `/api/circles/top-ups/${id}/receipt.pdf`)).status).toBe(403);
      expect(verifyAuditChain(t.db)).toBeNull();
    });

    it('two recordings at once: one is recorded, the other is 409', async () => {
      const t = makeTestApp();
      const w = await shortRound(t);
      await T.call(w.organiser.a, NJ.confirm, { id: w.declared.id });
      const [{ id }] = circleTable<{ id: number }>(t, 'circle_top_ups', w.id) as [{ id: number }];
      const both = await Promise.all(['A', 'B'].map((ref) => T.call(w.organiser.a, NJ.recordTopUp, { id, method: 'cash', reference: ref })));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(t.db.$client.prepare("SELECT count(*) FROM finance_audit WHERE action = 'circle.topup.recorded'").pluck().get()).toBe(1);
    });
  });
}

describe('a fine paid after the last payout', () => {
  it('joins the last round’s pot as a top-up owed to its beneficiary instead of vanishing', async () => {
    const t = makeTestApp();
    const w = await circleCommunity(t, { members: 1 });
    const [a] = w.members as [Person];
    // Two weekly hands from today, a 500 fine; a receives round 1, the organiser round 2 (recorded by the treasurer).
    const circle = buildCircle(t, { community: w.community, organiser: w.organiser.user, members: [a.user], order: [a.user.id, w.organiser.user.id], rules: { frequency: 'weekly', startDate: '2026-03-02', fineKind: 'fixed', fineValue: 500 } });
    const pay = (round: number, who: Person) => payCash(t, { circleId: circle.id, roundId: circle.rounds[round]!, handId: circle.handsOf[who.user.id]![0]!, organiserId: w.organiser.user.id, officerId: w.officer.user.id, now: t.clock.now() });
    pay(0, w.organiser);
    // a pays round 1 only after its fine was posted.
    expect(postDueFines(t.db, Date.parse('2026-03-03T10:00:00Z'))).toBe(1);
    pay(0, a);
    payOut(t, { roundId: circle.rounds[0]!, organiserId: w.organiser.user.id, officerId: w.officer.user.id, now: t.clock.now() });
    pay(1, w.organiser);
    pay(1, a);
    payOut(t, { roundId: circle.rounds[1]!, organiserId: w.organiser.user.id, officerId: w.officer.user.id, now: t.clock.now() });
    const status = t.db.$client.prepare('SELECT status FROM circles WHERE id = ?').pluck().get(circle.id);
    expect(status).toBe('completed');
    const [fine] = circleTable<{ id: number }>(t, 'circle_fines', circle.id);
    const paid = await w.organiser.a.mutate('njangi.markFinePaid', { id: fine!.id });
    expect(paid.data).toMatchObject({ status: 'paid', potRoundId: circle.rounds[1] });
    // The last round's beneficiary, the organiser, is owed it: a finance officer records paying it on.
    expect(circleTable(t, 'circle_top_ups', circle.id)).toEqual([expect.objectContaining({ fine_id: fine!.id, contribution_id: null, amount: 500, beneficiary_id: w.organiser.user.id, round_id: circle.rounds[1], status: 'owed' })]);
    const check = circleConservation(t.db, circle.id);
    expect(conserved(check), JSON.stringify(check)).toBe(true);
    expect(check).toMatchObject({ finesPaid: 500, topUps: 500, finesWaiting: 0 });
    const report = (await w.organiser.a.query('njangi.report', { id: circle.id })).data;
    expect(report.rounds[1]).toMatchObject({ fines: 500, topUps: 500, topUpsOwed: 500 });
    expect(report.totals).toMatchObject({ finesPaid: 500, held: 0 });
  });
});
