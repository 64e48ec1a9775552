import { describe, expect, it } from 'vitest';
import { fundChecks, fundProblems } from '../../src/server/domains/welfare/conservation';
import { as } from '../setup/communities';
import { REST, TRANSPORTS, transportsFor } from '../setup/transport';
import { BEREAVEMENT, DAY, levyRows, S, W, welfareWorld, type WelfareWorld } from '../setup/welfare';
import { expectError, textOf } from '../setup/errors';

/*
 * The welfare fund's rules, over each transport: two approvals by officers who are no party to the
 * case; a levy issued once when two officers race; the papers and who has not paid kept private;
 * cover (limits per relationship, the dependant's waiting period, one live case per person); an
 * unpaid levy is arrears, and arrears refuse the right to receive welfare with the amount and the
 * way back; a reversed levy payment un-pays the levy and the fund still adds up. Over REST (both
 * transports under test:deep), the refusal over both.
 */

type Agents = Awaited<ReturnType<typeof agentsOf>>;
async function agentsOf(w: WelfareWorld) {
  const [musa, tabe, awa, ngozi, ada, kofi] = await Promise.all([w.musa, w.treasurer, w.admin, w.creator, w.ada, w.kofi].map((u) => as(w.t, u)));
  return { musa: musa!, tabe: tabe!, awa: awa!, ngozi: ngozi!, ada: ada!, kofi: kofi! };
}

/** Musa's case for his mother, verified by Tabe and approved by Awa; its id. */
async function approvedCase(T: (typeof TRANSPORTS)[number], w: WelfareWorld, a: Agents) {
  const opened = await T.call(a.musa, W.openCase, { communityId: w.community.id, fundId: w.fund.id, dependantId: w.mother.id, documents: [{ url: w.proof(w.musa), label: 'Death certificate' }] });
  const id = opened.data.id as number;
  expect((await T.call(a.tabe, W.verify, { id })).status).toBe(200);
  expect((await T.call(a.awa, W.approve, { id })).status).toBe(200);
  return { id, certificate: opened.data.documents[0].url as string };
}

for (const T of transportsFor(REST)) {
  describe(`${T.name}: two officers decide a case, never one of its parties`, () => {
    it('an officer who opens a case for a member neither verifies nor approves it; nor does the verifier approve', async () => {
      const w = await welfareWorld();
      const a = await agentsOf(w);
      // Awa, an officer, opens the case for Musa's mother (Musa receives the benefit).
      const opened = await T.call(a.awa, W.openCase, { communityId: w.community.id, fundId: w.fund.id, memberId: w.musa.id, dependantId: w.mother.id });
      expect(opened.status).toBe(T.okStatus(W.openCase));
      const id = opened.data.id;
      expect(opened.data).toMatchObject({ openedBy: { id: w.admin.id }, beneficiary: { id: w.musa.id }, partyOfficer: true, moves: { verify: false, approve: false } });
      const own = await T.call(a.awa, W.verify, { id });
      expect(own.status).toBe(403);
      expectError(own, 'FORBIDDEN', 'errors.welfare.partyApproves');
      // Plain members have no say.
      expect((await T.call(a.ada, W.verify, { id })).status).toBe(403);
      expect((await T.call(a.ngozi, W.verify, { id })).data).toMatchObject({ status: 'verified' });
      const second = await T.call(a.ngozi, W.approve, { id }, { 'accept-language': 'fr' });
      expect(second.status).toBe(403);
      expect(second.error?.code).toBe('FORBIDDEN');
      expect((await T.call(a.awa, W.approve, { id })).status).toBe(403);
      expect((await T.call(a.musa, W.approve, { id })).status).toBe(403);
      expect((await T.call(a.tabe, W.approve, { id })).data).toMatchObject({ status: 'approved', verifiedBy: w.creator.id, approvedBy: w.treasurer.id });
      // Approving twice: the case has moved on.
      expect((await T.call(a.ngozi, W.approve, { id })).status).toBe(403);
    });

    it('a case for a member themself names another member as beneficiary, who confirms', async () => {
      const w = await welfareWorld();
      const a = await agentsOf(w);
      const noOne = await T.call(a.kofi, W.openCase, { communityId: w.community.id, fundId: w.fund.id });
      expect(noOne.status).toBe(400);
      const opened = await T.call(a.kofi, W.openCase, { communityId: w.community.id, fundId: w.fund.id, beneficiaryId: w.ada.id, description: 'Surgery in Kumasi' });
      expect(opened.data).toMatchObject({ relationship: 'member', benefitAmount: 500_000, beneficiary: { id: w.ada.id } });
      // Ada is a party now: she sees it before approval.
      expect((await T.call(a.ada, W.case, { id: opened.data.id })).status).toBe(200);
      expect((await T.call(a.musa, W.case, { id: opened.data.id })).status).toBe(404);
    });
  });

  describe(`${T.name}: the levy`, () => {
    it('is issued once when two officers ask at the same time: one 200, one 409, one row per member', async () => {
      const w = await welfareWorld({ members: 20 });
      const a = await agentsOf(w);
      const { id } = await approvedCase(T, w, a);
      const answers = await Promise.all([T.call(a.awa, W.issueLevy, { id }), T.call(a.ngozi, W.issueLevy, { id }), T.call(a.tabe, W.issueLevy, { id })]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const rows = levyRows(w.t, id);
      expect(rows).toHaveLength(25);
      expect(new Set(rows.map((r) => r.memberId)).size).toBe(25);
      expect(rows.map((r) => r.memberId)).not.toContain(w.musa.id);
    });

    it('is for members in good standing only, and a fund financed otherwise has none', async () => {
      const w = await welfareWorld({ financing: 'general' });
      const a = await agentsOf(w);
      const { id } = await approvedCase(T, w, a);
      const none = await T.call(a.awa, W.issueLevy, { id });
      expect(none.status).toBe(409);
      expect(levyRows(w.t, id)).toEqual([]);
    });

    it('a payment is the member’s own, never more than is left, and confirmed by someone else', async () => {
      const w = await welfareWorld();
      const a = await agentsOf(w);
      const { id } = await approvedCase(T, w, a);
      await T.call(a.awa, W.issueLevy, { id });
      const adaLevy = (await T.call(a.ada, W.myLevies, { communityId: w.community.id })).data.levies[0];
      expect((await T.call(a.kofi, W.payLevy, { id: adaLevy.id, amount: 5_000, method: 'cash' })).status).toBe(403);
      expect((await T.call(a.ada, W.payLevy, { id: adaLevy.id, amount: 6_000, method: 'cash' })).status).toBe(409);
      const part = await T.call(a.ada, W.payLevy, { id: adaLevy.id, amount: 2_000, method: 'cash' });
      expect(part.status).toBe(T.okStatus(W.payLevy));
      expect((await T.call(a.ada, W.payLevy, { id: adaLevy.id, amount: 3_500, method: 'cash' })).status).toBe(409);
      // Cash recorded by Tabe for Kofi: Tabe cannot confirm it himself.
      const kofiLevy = (await T.call(a.kofi, W.myLevies, { communityId: w.community.id })).data.levies[0];
      const cash = await T.call(a.tabe, W.recordLevyCash, { id: kofiLevy.id, accountId: w.account, amount: 5_000 });
      expect(cash.status).toBe(T.okStatus(W.recordLevyCash));
      expect((await T.call(a.tabe, W.confirmPayment, { id: cash.data.id, accountId: w.account })).status).toBe(403);
      expect((await T.call(a.awa, W.confirmPayment, { id: cash.data.id, accountId: w.account })).status).toBe(200);
      // A plain member records no cash.
      expect((await T.call(a.ada, W.recordLevyCash, { id: kofiLevy.id, accountId: w.account, amount: 5_000 })).status).toBe(403);
    });

    it('a reversed levy payment un-pays the levy; the fund still adds up', async () => {
      const w = await welfareWorld();
      const a = await agentsOf(w);
      const { id } = await approvedCase(T, w, a);
      await T.call(a.awa, W.issueLevy, { id });
      const levy = (await T.call(a.ada, W.myLevies, { communityId: w.community.id })).data.levies[0];
      const declared = await T.call(a.ada, W.payLevy, { id: levy.id, amount: 5_000, method: 'cash' });
      await T.call(a.tabe, W.confirmPayment, { id: declared.data.id, accountId: w.account });
      expect(levyRows(w.t, id).find((l) => l.memberId === w.ada.id)!.paid).toBe(5_000);
      const entry = w.t.db.$client.prepare("SELECT id FROM ledger_entries WHERE payment_id = ? AND kind = 'payment'").pluck().get(declared.data.id) as number;
      expect((await a.awa.mutate('finances.reverseEntry', { id: entry, reason: 'The transfer bounced' })).status).toBe(200);
      expect(levyRows(w.t, id).find((l) => l.memberId === w.ada.id)!.paid).toBe(0);
      expect((await T.call(a.ada, W.case, { id })).data.collection).toMatchObject({ collected: 0, paidCount: 0 });
      for (const f of fundChecks(w.t.db)) expect(fundProblems(f)).toEqual([]);
    });
  });

  describe(`${T.name}: privacy`, () => {
    it('the papers: the opener and the officers read them, other members are told they do not exist', async () => {
      const w = await welfareWorld();
      const a = await agentsOf(w);
      const { id, certificate } = await approvedCase(T, w, a);
      expect((await a.musa.rest('GET', certificate)).status).toBe(200);
      expect((await a.tabe.rest('GET', certificate)).status).toBe(200);
      expect((await a.ada.rest('GET', certificate)).status).toBe(404);
      const seen = await T.call(a.ada, W.case, { id });
      expect(seen.data).toMatchObject({ documents: null, description: null, subjectName: null, openedBy: null });
      // Only the opener and officers add papers.
      expect((await T.call(a.ada, W.addDocument, { id, url: w.proof(w.ada), label: 'Letter' })).status).toBe(403);
    });

    it('members see the collection as totals, never who has not paid', async () => {
      const w = await welfareWorld();
      const a = await agentsOf(w);
      const { id } = await approvedCase(T, w, a);
      await T.call(a.awa, W.issueLevy, { id });
      for (const [reader, self] of [[a.ada, w.ada], [a.kofi, w.kofi]] as const) {
        const c = await T.call(reader, W.case, { id });
        // Nobody's id but the case's member and beneficiary (Musa) and the reader's own.
        const ids = [w.creator, w.admin, w.treasurer, w.ada, w.kofi].filter((u) => u.id !== self.id).map((u) => u.id);
        expect(ids.filter((other) => JSON.stringify(c.data).includes(other))).toEqual([]);
        expect(c.data.collection).toEqual({ expected: 25_000, collected: 0, paidCount: 0, levied: 5 });
        const list = T.page(await T.call(reader, W.cases, { communityId: w.community.id }));
        expect(list.items[0].collection).toEqual({ expected: 25_000, collected: 0, paidCount: 0, levied: 5 });
        expect(ids.filter((other) => JSON.stringify(list.items).includes(other))).toEqual([]);
      }
      // Officers' roll is the one place arrears show; a member reads only their own standing.
      expect((await T.call(a.ada, S.roll, { communityId: w.community.id })).status).toBe(403);
    });
  });

  describe(`${T.name}: who is covered`, () => {
    it('a dependant is covered once the waiting period has run, within the limit per relationship; one live case per person', async () => {
      const w = await welfareWorld();
      const a = await agentsOf(w);
      const added = await T.call(a.kofi, W.addDependant, { communityId: w.community.id, name: 'Papa Yaw', relationship: 'parent' });
      expect(added.status).toBe(T.okStatus(W.addDependant));
      const early = await T.call(a.kofi, W.openCase, { communityId: w.community.id, fundId: w.fund.id, dependantId: added.data.id });
      expect(early.status).toBe(409);
      expectError(early, 'CONFLICT', 'errors.welfare.dependantWaiting', { date: 'April 1, 2026' });
      // Siblings are not covered (limit 0); two parents are, a third is not registered.
      expect((await T.call(a.kofi, W.addDependant, { communityId: w.community.id, name: 'Ama', relationship: 'sibling' })).status).toBe(409);
      const second = await T.call(a.kofi, W.addDependant, { communityId: w.community.id, name: 'Mama Esi', relationship: 'parent' });
      expect(second.status).toBe(T.okStatus(W.addDependant));
      expect((await T.call(a.kofi, W.addDependant, { communityId: w.community.id, name: 'Papa Kwame', relationship: 'parent' })).status).toBe(409);
      w.t.clock.advance(31 * DAY);
      // A month on, everyone signs in again.
      Object.assign(a, await agentsOf(w));
      expect((await T.call(a.kofi, W.openCase, { communityId: w.community.id, fundId: w.fund.id, dependantId: added.data.id })).status).toBe(T.okStatus(W.openCase));
      const twice = await T.call(a.kofi, W.openCase, { communityId: w.community.id, fundId: w.fund.id, dependantId: added.data.id });
      expect(twice.status).toBe(409);
      expectError(twice, 'CONFLICT', 'errors.welfare.caseExists');
      // Dependants are one's own: another member cannot read or remove them; an officer reads them.
      expect((await T.call(a.ada, W.dependants, { communityId: w.community.id, userId: w.kofi.id })).status).toBe(403);
      expect((await T.call(a.tabe, W.dependants, { communityId: w.community.id, userId: w.kofi.id })).data).toHaveLength(2);
      expect((await T.call(a.ada, W.removeDependant, { id: second.data.id })).status).toBe(403);
      expect((await T.call(a.kofi, W.removeDependant, { id: second.data.id })).status).toBe(200);
      expect((await T.call(a.kofi, W.dependants, { communityId: w.community.id })).data.map((d: { name: string }) => d.name)).toEqual(['Papa Yaw']);
    });

    it('rules are versioned: a case keeps the rules in force when it opened', async () => {
      const w = await welfareWorld();
      const a = await agentsOf(w);
      const opened = await T.call(a.musa, W.openCase, { communityId: w.community.id, fundId: w.fund.id, dependantId: w.mother.id });
      const changed = await T.call(a.awa, W.changeRules, { id: w.fund.id, rules: { ...BEREAVEMENT, benefits: { member: 500_000, parent: 350_000 } } });
      expect(changed.status).toBe(T.okStatus(W.changeRules));
      expect((await T.call(a.musa, W.case, { id: opened.data.id })).data).toMatchObject({ benefitAmount: 300_000, fund: { version: 1 } });
      expect((await T.call(a.musa, W.changeRules, { id: w.fund.id, rules: BEREAVEMENT })).status).toBe(403);
    });
  });
}

// A right refused says why and the way back, alike over both transports.
for (const T of TRANSPORTS) {
  describe(`${T.name}: arrears from a levy`, () => {
    it('unpaid past its grace days is arrears: the member cannot receive welfare until it is paid, and is told how much', async () => {
      const w = await welfareWorld();
      const a = await agentsOf(w);
      const { id } = await approvedCase(T, w, a);
      await T.call(a.awa, W.issueLevy, { id });
      // Due in 14 days, 7 grace days: on day 20 Ada is still in good standing, on day 22 in arrears.
      w.t.clock.advance(20 * DAY);
      expect((await T.call(a.ada, S.mine, { communityId: w.community.id })).data).toMatchObject({ standing: 'good', arrears: 0 });
      w.t.clock.advance(2 * DAY);
      const mine = await T.call(a.ada, S.mine, { communityId: w.community.id });
      expect(mine.data).toMatchObject({ standing: 'in_arrears', arrears: 5_000, rights: { receiveWelfare: { reason: 'inArrears', amount: 5_000 }, vote: { reason: 'inArrears', amount: 5_000 } } });
      const refused = await T.call(a.ada, W.openCase, { communityId: w.community.id, fundId: w.fund.id, beneficiaryId: w.kofi.id });
      expect(refused.status).toBe(403);
      expectError(refused, 'FORBIDDEN', 'standing.refusals.inArrears', { amount: 'FCFA\u00a05,000', action: textOf('standing.actions.receiveWelfare') });
      const fr = await T.call(a.ada, W.openCase, { communityId: w.community.id, fundId: w.fund.id, beneficiaryId: w.kofi.id }, { 'accept-language': 'fr' });
      expect(fr.error?.message).toBe('Réglez 5\u202f000\u00a0FCFA d’arriérés pour recevoir les prestations de solidarité.');
      // The roll shows it to the officers; a plain member cannot read the roll.
      const roll = T.page(await T.call(a.tabe, S.roll, { communityId: w.community.id, standing: 'in_arrears' }));
      expect(roll.items.map((r: { userId: string }) => r.userId).sort()).toEqual([w.creator.id, w.admin.id, w.treasurer.id, w.ada.id, w.kofi.id].sort());
      expect((await T.call(a.kofi, S.roll, { communityId: w.community.id })).status).toBe(403);

      // Ada pays; once confirmed she is back in good standing and may open her case.
      const levy = (await T.call(a.ada, W.myLevies, { communityId: w.community.id })).data.levies[0];
      expect(levy).toMatchObject({ amount: 5_000, outstanding: 5_000, status: 'overdue' });
      const declared = await T.call(a.ada, W.payLevy, { id: levy.id, amount: 5_000, method: 'cash' });
      expect((await T.call(a.ada, S.mine, { communityId: w.community.id })).data.standing).toBe('in_arrears');
      await T.call(a.tabe, W.confirmPayment, { id: declared.data.id, accountId: w.account });
      expect((await T.call(a.ada, S.mine, { communityId: w.community.id })).data).toMatchObject({ standing: 'good', arrears: 0 });
      expect((await T.call(a.ada, W.openCase, { communityId: w.community.id, fundId: w.fund.id, beneficiaryId: w.kofi.id })).status).toBe(T.okStatus(W.openCase));
    });
  });
}
