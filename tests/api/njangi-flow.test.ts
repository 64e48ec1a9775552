import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { verifyDraw } from '../../src/shared/njangi/draw-browser';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp } from '../setup/app';
import { as } from '../setup/communities';
import { op, transportsFor, REST } from '../setup/transport';

/*
 * A savings circle from creation to its last payout, over both transports: a monthly circle of
 * four hands with a random draw, every contribution declared and confirmed (the organiser's own by
 * the community's treasurer), every payout recorded (the organiser's by the treasurer) and
 * confirmed by its beneficiary; the seed revealed at the end recomputes the recorded order.
 */

const C = {
  create: op('POST', '/api/communities/:id/circles', 'njangi.create', 'mutation', { params: { id: 'communityId' }, created: true }),
  list: op('GET', '/api/communities/:id/circles', 'njangi.list', 'query', { params: { id: 'communityId' }, page: true }),
  get: op('GET', '/api/circles/:id', 'njangi.get', 'query', { params: { id: 'id' } }),
  join: op('POST', '/api/circles/:id/join', 'njangi.join', 'mutation', { params: { id: 'id' } }),
  start: op('POST', '/api/circles/:id/start', 'njangi.start', 'mutation', { params: { id: 'id' } }),
  contribute: op('POST', '/api/circles/:id/contributions', 'njangi.declareContribution', 'mutation', { params: { id: 'id' }, created: true }),
  confirm: op('POST', '/api/contributions/:id/confirm', 'njangi.confirmContribution', 'mutation', { params: { id: 'id' } }),
  officerConfirm: op('POST', '/api/contributions/:id/officer-confirm', 'njangi.officerConfirmContribution', 'mutation', { params: { id: 'id' } }),
  payout: op('POST', '/api/rounds/:id/payout', 'njangi.recordPayout', 'mutation', { params: { id: 'id' }, created: true }),
  officerPayout: op('POST', '/api/rounds/:id/officer-payout', 'njangi.officerRecordPayout', 'mutation', { params: { id: 'id' }, created: true }),
  receipt: op('POST', '/api/payouts/:id/confirm-receipt', 'njangi.confirmReceipt', 'mutation', { params: { id: 'id' } }),
  report: op('GET', '/api/circles/:id/report', 'njangi.report', 'query', { params: { id: 'id' } }),
};

for (const T of transportsFor(REST)) {
  describe(`${T.name}: a savings circle's whole cycle`, () => {
    it('four hands, random draw: every hand receives once, money adds up, the draw verifies', async () => {
      const t = makeTestApp();
      const organiser = await makeUser(t.db, { firstName: 'Ngozi' });
      const others = [await makeUser(t.db, { firstName: 'Tabe' }), await makeUser(t.db, { firstName: 'Awa' }), await makeUser(t.db, { firstName: 'Musa' })];
      const community = makeCommunity(t.db, { creator: organiser, name: 'Bamenda Njangi House' });
      for (const u of others) addMember(t.db, { communityId: community.id, user: u });
      const treasurer = await makeUser(t.db, { firstName: 'Tess' });
      addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer' });
      const tess = await as(t, treasurer);
      const org = await as(t, organiser);
      const agents = [org, ...(await Promise.all(others.map((u) => as(t, u))))];

      const created = await T.call(org, C.create, {
        communityId: community.id,
        name: 'Monthly 4',
        currency: 'XAF',
        contribution: 25000,
        frequency: 'monthly',
        startDate: '2026-03-31',
        timeZone: 'Africa/Douala',
        hands: 4,
        payoutMethod: 'random',
      });
      expect(created.status, JSON.stringify(created.raw)).toBe(T.okStatus(C.create));
      const id = created.data.id;
      expect(created.data).toMatchObject({ status: 'recruiting', seed: null, seedHash: null });

      for (const a of agents.slice(1)) expect((await T.call(a, C.join, { id, hands: 1 })).status).toBe(200);
      // A member cannot decide requests; the organiser can.
      const decide = (a: (typeof agents)[number], userId: string) => a.rest('POST', '/trpc/njangi.decideJoin', { id, userId, approve: true });
      expect((await decide(agents[1]!, others[1]!.id)).status).toBe(403);
      for (const u of others) expect((await decide(org, u.id)).status).toBe(200);

      // A member cannot start it.
      expect((await T.call(agents[1]!, C.start, { id })).status).toBe(403);
      const started = await T.call(org, C.start, { id });
      expect(started.status, JSON.stringify(started.raw)).toBe(200);
      expect(started.data.seedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(started.data.seed).toBeNull();

      let detail = (await T.call(org, C.get, { id })).data;
      expect(detail.rounds.map((r: any) => r.dueDate)).toEqual(['2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']);
      const drawn = detail.rounds.map((r: any) => r.beneficiary.handId);
      expect(new Set(drawn).size).toBe(4);

      // Each member's list shows the first contribution due and the round they receive in.
      for (const [i, u] of [organiser, ...others].entries()) {
        const mine = (await agents[i]!.rest('GET', '/trpc/njangi.mine')).body.result.data;
        const round = detail.rounds.find((r: any) => r.beneficiary.userId === u.id);
        expect(mine).toEqual([
          expect.objectContaining({ id, communityName: 'Bamenda Njangi House', myHands: 1, nextDue: expect.objectContaining({ number: 1, dueDate: '2026-03-31', amount: 25000 }), myPayoutRound: { number: round.number, dueDate: round.dueDate } }),
        ]);
      }

      for (const round of detail.rounds) {
        for (const [i, a] of agents.entries()) {
          const mine = (await T.call(a, C.get, { id })).data;
          const handId = mine.viewer.handIds[0];
          const declared = await T.call(a, C.contribute, { id, roundId: round.id, handId, method: 'mobile_money', reference: `MOMO-${round.number}-${i}` });
          expect(declared.status, JSON.stringify(declared.raw)).toBe(T.okStatus(C.contribute));
          // Declaring twice for the same hand and round is refused.
          if (i === 1 && round.number === 1) expect((await T.call(a, C.contribute, { id, roundId: round.id, handId, method: 'cash' })).status).toBe(409);
          // The organiser's own contribution is the treasurer's to confirm.
          const own = a === org;
          if (own) expect((await T.call(org, C.confirm, { id: declared.data.id })).status).toBe(403);
          const confirmed = await T.call(own ? tess : org, own ? C.officerConfirm : C.confirm, { id: declared.data.id });
          expect(confirmed.data).toMatchObject({ status: 'confirmed' });
          expect((await T.call(org, C.confirm, { id: declared.data.id })).status).toBe(own ? 403 : 409);
        }
        // The round whose pot goes to the organiser is the treasurer's to record.
        const toOrganiser = round.beneficiary.userId === organiser.id;
        if (toOrganiser) expect((await T.call(org, C.payout, { id: round.id, method: 'cash' })).status).toBe(403);
        const paid = await T.call(toOrganiser ? tess : org, toOrganiser ? C.officerPayout : C.payout, { id: round.id, method: 'cash' });
        expect(paid.status, JSON.stringify(paid.raw)).toBe(T.okStatus(C.payout));
        expect(paid.data).toMatchObject({ amount: 100000, collected: 100000, shortfall: 0, status: 'recorded' });
        const beneficiary = agents[[organiser, ...others].findIndex((u) => u.id === paid.data.beneficiaryId)]!;
        // Only the beneficiary confirms receipt.
        const someoneElse = agents.find((a) => a !== beneficiary)!;
        expect((await T.call(someoneElse, C.receipt, { id: paid.data.id })).status).toBe(403);
        expect((await T.call(beneficiary, C.receipt, { id: paid.data.id })).data).toMatchObject({ status: 'confirmed' });
      }

      detail = (await T.call(agents[2]!, C.get, { id })).data;
      expect(detail.circle.status).toBe('completed');
      expect(detail.hands.every((h: any) => h.received)).toBe(true);
      const seed = detail.circle.seed;
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      const handIds = detail.hands.map((h: any) => h.id);
      const verified = await verifyDraw(seed, detail.circle.seedHash, handIds, drawn);
      expect(verified).toMatchObject({ commitmentMatches: true, orderMatches: true });

      const report = (await T.call(org, C.report, { id })).data;
      expect(report.totals).toMatchObject({ collected: 400000, paidOut: 400000, fees: 0, shortfall: 0 });
      expect(report.members).toHaveLength(4);
      // Members see only their own line.
      expect((await T.call(agents[3]!, C.report, { id })).data.members).toHaveLength(1);
      expect(verifyAuditChain(t.db)).toBeNull();
    });
  });
}
