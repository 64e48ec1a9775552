import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { circleConservation, conserved } from '../../src/server/services/njangi/conservation';
import { declareContribution } from '../../src/server/services/njangi/contributions';
import { postDueFines } from '../../src/server/services/njangi/fines';
import { makeTestApp, type TestApp } from '../setup/app';
import { buildCircle, circleCommunity, circleSnapshot, circleTable, NJ, payCash, type Person } from '../setup/njangi';
import { startSmtp } from '../setup/smtp';
import { TRANSPORTS } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Four eyes on a circle's organiser: nobody confirms money they owe or records money paid to
 * themselves. The organiser's own contributions (declared or recorded as cash) and fines are
 * decided by one of the community's finance officers (its treasurer, admins or creator) other than
 * the organiser; a payout or top-up to the organiser's own hand is recorded by such an officer and
 * confirmed by the organiser, its beneficiary. The circle page says who may, and shows each
 * officer what waits for them.
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const OWN_CONTRIBUTION = 'errors.njangi.ownContribution';
const OWN_PAYMENT = 'errors.njangi.ownPayout';
const decode = (raw: string) => Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
const titles = (t: TestApp, userId: string) => t.db.$client.prepare('SELECT title FROM notifications WHERE user_id = ? ORDER BY id').pluck().all(userId) as string[];

/**
 * Three hands of 10,000 (the organiser, a, b), fixed order a, organiser, b; the creator organises,
 * the treasurer (`officer`) and an admin (`leader`) keep the books.
 */
async function world(t: TestApp, rules: Parameters<typeof buildCircle>[1]['rules'] = {}, order?: (w: { organiser: Person; a: Person; b: Person }) => Person[]) {
  const w = await circleCommunity(t, { members: 2, leader: true });
  const [a, b] = w.members as [Person, Person];
  const chosen = (order ?? ((x) => [x.a, x.organiser, x.b]))({ organiser: w.organiser, a, b });
  const circle = buildCircle(t, { community: w.community, organiser: w.organiser.user, members: [a.user, b.user], order: rules.payoutMethod === 'auction' ? undefined : chosen.map((p) => p.user.id), rules: { startDate: '2026-03-31', ...rules } });
  const hand = (p: Person) => circle.handsOf[p.user.id]![0]!;
  const pay = (round: number, who: Person[]) => who.forEach((p) => payCash(t, { circleId: circle.id, roundId: circle.rounds[round]!, handId: hand(p), organiserId: w.organiser.user.id, officerId: w.officer.user.id, now: t.clock.now() }));
  const balanced = () => {
    const check = circleConservation(t.db, circle.id);
    expect(conserved(check), JSON.stringify(check)).toBe(true);
  };
  return { ...w, a, b, circle, id: circle.id, hand, pay, balanced };
}

for (const T of TRANSPORTS) {
  describe(`${T.name}: the organiser's own contributions`, () => {
    it('declared by the organiser: the organiser cannot confirm or reject it; a finance officer does, and the officers were told', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const w = await world(t);
      const declared = await T.call(w.organiser.a, NJ.declare, { id: w.id, roundId: w.circle.rounds[0], handId: w.hand(w.organiser), method: 'mobile_money', reference: 'MOMO-ORG' });
      expect(declared.data).toMatchObject({ status: 'pending', userId: w.organiser.user.id });
      // The treasurer and the admin are told, in the app and by email, naming the organiser and the amount.
      for (const officer of [w.officer, w.leader!]) expect(titles(t, officer.user.id)).toContain('notifications.circleOfficerContribution.title');
      const mail = decode((await smtp.lastTo(w.officer.user.email)).raw).replace(/[\u00a0\u202f]/g, ' ');
      expect(mail).toContain('Ngozi Organiser, who organises Market Women Njangi, paid FCFA 10,000 for round 1.');
      const before = circleSnapshot(t);
      const own = await T.call(w.organiser.a, NJ.confirm, { id: declared.data.id });
      expect(own.status).toBe(403);
      expectError(own, 'FORBIDDEN', OWN_CONTRIBUTION);
      expect((await T.call(w.organiser.a, NJ.reject, { id: declared.data.id, reason: 'Mine' })).status).toBe(403);
      // As a finance officer of the community (its creator) the organiser is refused all the same.
      const asOfficer = await T.call(w.organiser.a, NJ.officerConfirm, { id: declared.data.id });
      expect(asOfficer.status).toBe(403);
      expectError(asOfficer, 'FORBIDDEN', OWN_CONTRIBUTION);
      // A plain member holds no finances.record.
      expect((await T.call(w.a.a, NJ.officerConfirm, { id: declared.data.id })).status).toBe(403);
      expect(circleSnapshot(t)).toBe(before);
      const confirmed = await T.call(w.officer.a, NJ.officerConfirm, { id: declared.data.id });
      expect(confirmed.status).toBe(200);
      expect(confirmed.data).toMatchObject({ status: 'confirmed', receiptNo: 1, decidedBy: w.officer.user.id });
      expect((await T.call(w.leader!.a, NJ.officerConfirm, { id: declared.data.id })).status).toBe(409);
      expect(titles(t, w.organiser.user.id)).toContain('notifications.circleContributionConfirmed.title');
      w.balanced();
    });

    it('cash the organiser records for their own hand waits for a finance officer, exactly like a declared one', async () => {
      const t = makeTestApp();
      const w = await world(t);
      const cash = await w.organiser.a.mutate('njangi.recordContribution', { id: w.id, roundId: w.circle.rounds[0], handId: w.hand(w.organiser), method: 'cash' });
      expect(cash.data).toMatchObject({ status: 'pending', receiptNo: null, recordedBy: w.organiser.user.id, decidedBy: null });
      expect(titles(t, w.officer.user.id)).toContain('notifications.circleOfficerContribution.title');
      expect((await T.call(w.organiser.a, NJ.confirm, { id: cash.data.id })).status).toBe(403);
      // The round counts it only once an officer confirms it.
      expect((await T.call(w.a.a, NJ.get, { id: w.id })).data.rounds[0].confirmed).toBe(0);
      const rejected = await T.call(w.leader!.a, NJ.officerReject, { id: cash.data.id, reason: 'Not in the cash box' });
      expect(rejected.data).toMatchObject({ status: 'rejected', reason: 'Not in the cash box', decidedBy: w.leader!.user.id });
      expect(titles(t, w.organiser.user.id)).toContain('notifications.circleContributionRejected.title');
    });

    it('an officer decides only the organiser’s own: a member’s contribution is the organiser’s to confirm (403)', async () => {
      const t = makeTestApp();
      const w = await world(t);
      const declared = await T.call(w.a.a, NJ.declare, { id: w.id, roundId: w.circle.rounds[0], handId: w.hand(w.a), method: 'cash' });
      const r = await T.call(w.officer.a, NJ.officerConfirm, { id: declared.data.id });
      expect(r.status).toBe(403);
      expectError(r, 'FORBIDDEN', 'errors.njangi.organiserOnly');
      expect((await T.call(w.officer.a, NJ.officerConfirm, { id: 999_999 })).status).toBe(404);
      expect((await T.call(w.organiser.a, NJ.confirm, { id: declared.data.id })).data).toMatchObject({ status: 'confirmed' });
    });
  });

  describe(`${T.name}: payouts and top-ups to the organiser's own hand`, () => {
    it('the organiser cannot record a payout to themselves; a finance officer does, and only the organiser confirms receiving it', async () => {
      const t = makeTestApp();
      const w = await world(t);
      w.pay(0, [w.organiser, w.a, w.b]);
      expect((await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash' })).status).toBe(T.okStatus(NJ.payout));
      w.pay(1, [w.organiser, w.a, w.b]);
      const before = circleSnapshot(t);
      const own = await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[1], method: 'cash' });
      expect(own.status).toBe(403);
      expectError(own, 'FORBIDDEN', OWN_PAYMENT);
      // Nor through the officers' path, though the creator is one of the community's finance officers.
      expect((await T.call(w.organiser.a, NJ.officerPayout, { id: w.circle.rounds[1], method: 'cash' })).status).toBe(403);
      expect((await T.call(w.a.a, NJ.officerPayout, { id: w.circle.rounds[1], method: 'cash' })).status).toBe(403);
      // An officer records only payouts to the organiser: round 3 (b's) is not theirs.
      expect(circleSnapshot(t)).toBe(before);
      const paid = await T.call(w.officer.a, NJ.officerPayout, { id: w.circle.rounds[1], method: 'bank_transfer', reference: 'TRF-ORG' });
      expect(paid.status).toBe(T.okStatus(NJ.officerPayout));
      expect(paid.data).toMatchObject({ beneficiaryId: w.organiser.user.id, recordedBy: w.officer.user.id, amount: 30_000, status: 'recorded' });
      expect((await T.call(w.officer.a, NJ.receipt, { id: paid.data.id })).status).toBe(403);
      expect((await T.call(w.organiser.a, NJ.receipt, { id: paid.data.id })).data).toMatchObject({ status: 'confirmed' });
      w.pay(2, [w.organiser, w.a, w.b]);
      const notTheirs = await T.call(w.officer.a, NJ.officerPayout, { id: w.circle.rounds[2], method: 'cash' });
      expect(notTheirs.status).toBe(403);
      expectError(notTheirs, 'FORBIDDEN', 'errors.njangi.organiserOnly');
      w.balanced();
      expect(verifyAuditChain(t.db)).toBeNull();
    });

    it('an auction won by the organiser’s own bid is recorded by a finance officer', async () => {
      const t = makeTestApp();
      const w = await world(t, { payoutMethod: 'auction' });
      w.pay(0, [w.organiser, w.a, w.b]);
      expect((await T.call(w.organiser.a, NJ.bid, { id: w.circle.rounds[0], handId: w.hand(w.organiser), discount: 3000 })).status).toBe(T.okStatus(NJ.bid));
      expectError(await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash' }), 'FORBIDDEN', OWN_PAYMENT);
      const paid = await T.call(w.officer.a, NJ.officerPayout, { id: w.circle.rounds[0], method: 'cash' });
      expect(paid.data).toMatchObject({ beneficiaryId: w.organiser.user.id, discount: 3000, share: 1500, amount: 27_000 });
      w.balanced();
    });

    it('a top-up owed to the organiser is recorded by a finance officer, never by the organiser', async () => {
      const t = makeTestApp();
      const w = await world(t, {}, (x) => [x.organiser, x.a, x.b]);
      w.pay(0, [w.organiser, w.a]);
      const late = declareContribution(t.db, { circleId: w.id, roundId: w.circle.rounds[0]!, handId: w.hand(w.b), userId: w.b.user.id, details: { method: 'cash' }, now: t.clock.now() });
      await T.call(w.officer.a, NJ.officerPayout, { id: w.circle.rounds[0], method: 'cash' });
      await T.call(w.organiser.a, NJ.confirm, { id: late.id });
      const [topUp] = circleTable<{ id: number; beneficiary_id: string }>(t, 'circle_top_ups', w.id);
      expect(topUp!.beneficiary_id).toBe(w.organiser.user.id);
      // The officers are told it waits for them; the organiser is told it is coming.
      expect(titles(t, w.officer.user.id)).toContain('notifications.circleOfficerTopUp.title');
      expect(titles(t, w.organiser.user.id)).toContain('notifications.circleTopUpComing.title');
      const own = await T.call(w.organiser.a, NJ.recordTopUp, { id: topUp!.id, method: 'cash' });
      expect(own.status).toBe(403);
      expectError(own, 'FORBIDDEN', OWN_PAYMENT);
      expect((await T.call(w.organiser.a, NJ.officerRecordTopUp, { id: topUp!.id, method: 'cash' })).status).toBe(403);
      const recorded = await T.call(w.leader!.a, NJ.officerRecordTopUp, { id: topUp!.id, method: 'cash', reference: 'CASH-TOPUP' });
      expect(recorded.data).toMatchObject({ status: 'recorded', recordedBy: w.leader!.user.id });
      expect((await T.call(w.organiser.a, NJ.confirmTopUp, { id: topUp!.id })).data).toMatchObject({ status: 'confirmed' });
      w.balanced();
    });
  });

  describe(`${T.name}: what the circle page tells`, () => {
    it('every viewer learns who decides the organiser’s own money; a finance officer sees what waits for them, others nothing of it', async () => {
      const t = makeTestApp();
      const w = await world(t, {}, (x) => [x.organiser, x.a, x.b]);
      w.pay(0, [w.a, w.b]);
      const cash = await w.organiser.a.mutate('njangi.recordContribution', { id: w.id, roundId: w.circle.rounds[0], handId: w.hand(w.organiser), method: 'cash' });
      const officers = [
        { userId: w.officer.user.id, role: 'treasurer', name: 'Tess Treasurer' },
        { userId: w.leader!.user.id, role: 'admin', name: 'Ade Leader' },
      ];
      for (const who of [w.organiser, w.a, w.officer]) expect((await T.call(who.a, NJ.get, { id: w.id })).data.officers).toEqual(officers);
      const queue = (await T.call(w.officer.a, NJ.get, { id: w.id })).data.officerQueue;
      expect(queue.contributions.map((c: any) => c.id)).toEqual([cash.data.id]);
      // Round 1 goes to the organiser's hand: what recording it would pay now (a's and b's 20,000; the organiser's own still waits).
      expect(queue.payout).toMatchObject({ roundId: w.circle.rounds[0], number: 1, collected: 20_000, waiting: 1, shortfall: 10_000, amount: 20_000 });
      expect(queue.topUps).toEqual([]);
      for (const who of [w.organiser, w.a]) expect((await T.call(who.a, NJ.get, { id: w.id })).data.officerQueue).toBeNull();
      // The officer sees the organiser's own contribution and fines, nobody else's.
      const seen = (await T.call(w.officer.a, NJ.get, { id: w.id })).data.contributions;
      expect(seen.map((c: any) => c.userId)).toEqual([w.organiser.user.id]);
    });
  });
}

describe("the organiser's own fines", () => {
  it('the organiser neither marks their own fine paid nor waives it; a finance officer does', async () => {
    const t = makeTestApp();
    const w = await world(t, { frequency: 'weekly', startDate: '2026-03-02', fineKind: 'fixed', fineValue: 500 });
    w.pay(0, [w.a]);
    expect(postDueFines(t.db, Date.parse('2026-03-03T10:00:00Z'))).toBe(2);
    const fines = circleTable<{ id: number; user_id: string }>(t, 'circle_fines', w.id);
    const own = fines.find((f) => f.user_id === w.organiser.user.id)!;
    const theirs = fines.find((f) => f.user_id === w.b.user.id)!;
    const before = circleSnapshot(t);
    for (const [path, input] of [['njangi.markFinePaid', { id: own.id }], ['njangi.waiveFine', { id: own.id, reason: 'Was travelling' }], ['njangi.officerWaiveFine', { id: own.id, reason: 'Was travelling' }]] as const) {
      const r = await w.organiser.a.mutate(path, input);
      expect(r.status, path).toBe(403);
      expectError(r, 'FORBIDDEN', 'errors.njangi.ownFine');
    }
    // An officer settles only the organiser's own fines; a plain member none.
    expect((await w.officer.a.mutate('njangi.officerMarkFinePaid', { id: theirs.id })).status).toBe(403);
    expect((await w.a.a.mutate('njangi.officerMarkFinePaid', { id: own.id })).status).toBe(403);
    expect(circleSnapshot(t)).toBe(before);
    const waived = await w.officer.a.mutate('njangi.officerWaiveFine', { id: own.id, reason: 'Was travelling' });
    expect(waived.data).toMatchObject({ status: 'waived', settledBy: w.officer.user.id });
    expect((await w.organiser.a.mutate('njangi.markFinePaid', { id: theirs.id })).data).toMatchObject({ status: 'paid', settledBy: w.organiser.user.id });
  });
});
