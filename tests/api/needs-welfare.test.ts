import { describe, expect, it } from 'vitest';
import { needText } from '../../src/shared/needs-text';
import type { NeedItem } from '../../src/shared/needs';
import type { Agent } from '../setup/app';
import { N, noticesOf, waiting, whoHas, associationAgents, countsAgree as countsAgreeIn } from '../setup/needs';
import { TRANSPORTS, type Transport } from '../setup/transport';
import { W, welfareWorld } from '../setup/welfare';

/*
 * The welfare fund's waiting work in "Needs you", over both transports: a case to verify, to
 * approve, to levy, a benefit to pay, to confirm (its beneficiary alone, in one tap) and a case to
 * close fall to exactly the people the operations let make the move (welfare officers who are no
 * party to the case; for approval, not its verifier); each member's own levy waits on them until
 * they declare paying it. Each leaves every list once done, and the count agrees with the list.
 */

const people = associationAgents;
const countsAgree = (T: Transport, agents: Record<string, Agent>, communityId: number) => countsAgreeIn(T, agents, { communityId, tab: 'welfare', kinds: /^(case|levy|benefit)/ });

async function itemOf(T: Transport, who: Agent, key: string): Promise<NeedItem> {
  const item = T.page(await T.call(who, N.list, { limit: 100 })).items.find((i: NeedItem) => i.key === key);
  expect(item, key).toBeDefined();
  return item;
}

for (const T of TRANSPORTS) {
  describe(`${T.name}: the welfare fund in "Needs you"`, () => {
    it('a case waits on the officers who may make its next move, the benefit on its beneficiary, each levy on its member; each leaves every list once done', async () => {
      const w = await welfareWorld({ fund: { benefits: { member: 50_000, parent: 20_000 } } });
      const agents = await people(w);
      const { ngozi, awa, tabe, musa } = agents;
      const communityId = w.community.id;

      const opened = await T.call(musa, W.openCase, { communityId, fundId: w.fund.id, dependantId: w.mother.id, description: 'Mama Halima passed away.', documents: [{ url: w.proof(w.musa), label: 'Death certificate' }] });
      expect(opened.status, JSON.stringify(opened.error)).toBe(T.okStatus(W.openCase));
      const id = opened.data.id as number;

      // To verify: the three officers, never Musa (the requester, covered member and beneficiary).
      expect(await whoHas(T, agents, `caseToVerify:${id}`)).toEqual(['awa', 'ngozi', 'tabe']);
      const toVerify = await itemOf(T, tabe, `caseToVerify:${id}`);
      expect(toVerify).toMatchObject({ kind: 'caseToVerify', communityId, community: 'Houston Cameroonian Association', tab: 'welfare', who: 'Musa Test', amount: { amount: 20_000, currency: 'XAF' }, subject: 'Mama Halima', details: { fund: 'Bereavement fund' }, link: `/welfare/${id}`, action: null });
      expect(needText(toVerify, 'en', String)).toMatchObject({ key: 'needs.items.caseToVerify', params: { who: 'Musa Test', subject: 'Mama Halima', fund: 'Bereavement fund' } });
      expect((await T.call(tabe, N.count)).data).toEqual({ count: 1, communities: [{ communityId, count: 1, tabs: { welfare: 1 } }] });
      await countsAgree(T, agents, communityId);

      // The officers' notice names the item; once Tabe verifies, it reads as handled by Tabe.
      const opening = () => noticesOf(w.t, w.admin.id, 'notifications.welfareCaseOpened');
      expect(opening()).toMatchObject([{ item_key: `caseToVerify:${id}`, handled_at: null }]);

      // Verified by Tabe: to approve by another officer, never Tabe.
      expect((await T.call(tabe, W.verify, { id })).status).toBe(200);
      expect(opening()).toMatchObject([{ handled_by: w.treasurer.id }]);
      expect(opening()[0]!.handled_at).not.toBeNull();
      expect(noticesOf(w.t, w.creator.id, 'notifications.welfareCaseVerified')).toMatchObject([{ item_key: `caseToApprove:${id}`, handled_at: null }]);
      expect(await whoHas(T, agents, `caseToVerify:${id}`)).toEqual([]);
      expect(await whoHas(T, agents, `caseToApprove:${id}`)).toEqual(['awa', 'ngozi']);
      expect((await itemOf(T, awa, `caseToApprove:${id}`)).who).toBe('Tabe Test');

      // Approved on a fund financed by levies: its levy to issue, before any benefit.
      expect((await T.call(awa, W.approve, { id })).status).toBe(200);
      expect(await whoHas(T, agents, `caseToApprove:${id}`)).toEqual([]);
      expect(await whoHas(T, agents, `levyToIssue:${id}`)).toEqual(['awa', 'ngozi', 'tabe']);
      expect(await whoHas(T, agents, `benefitToPay:${id}`)).toEqual([]);
      await countsAgree(T, agents, communityId);

      // Issued: the benefit to pay, and each member's own levy (Musa is levied nothing).
      expect((await T.call(ngozi, W.issueLevy, { id })).status).toBe(200);
      expect(await whoHas(T, agents, `levyToIssue:${id}`)).toEqual([]);
      expect(await whoHas(T, agents, `benefitToPay:${id}`)).toEqual(['awa', 'ngozi', 'tabe']);
      expect((await itemOf(T, tabe, `benefitToPay:${id}`)).who).toBe('Musa Test');
      const levies = w.t.db.$client.prepare('SELECT id, member_id AS memberId FROM welfare_levies WHERE case_id = ?').all(id) as { id: number; memberId: string }[];
      expect(levies).toHaveLength(5);
      const nameOf = Object.fromEntries([
        [w.creator.id, 'ngozi'],
        [w.admin.id, 'awa'],
        [w.treasurer.id, 'tabe'],
        [w.ada.id, 'ada'],
        [w.kofi.id, 'kofi'],
      ]);
      for (const l of levies) expect(await whoHas(T, agents, `levyToPay:${l.id}`)).toEqual([nameOf[l.memberId]]);
      const adaLevy = levies.find((l) => l.memberId === w.ada.id)!;
      const levyItem = await itemOf(T, agents.ada, `levyToPay:${adaLevy.id}`);
      // The member reads the fund, the amount and the due date, never whom the case is for.
      expect(levyItem).toMatchObject({ kind: 'levyToPay', tab: 'welfare', who: null, amount: { amount: 5_000, currency: 'XAF' }, subject: 'Bereavement fund', link: `/welfare/${id}`, action: null });
      expect(levyItem.due).toBe(new Date(w.now + 14 * 86_400_000).toISOString());
      expect(JSON.stringify(levyItem)).not.toContain('Mama Halima');
      expect(needText(levyItem, 'fr', () => 'lundi 16 mars').key).toBe('needs.items.levyToPay');
      await countsAgree(T, agents, communityId);

      // A declared payment leaves the member's list (it waits on an officer, as a payment); confirmed, it stays gone.
      const pay = async (name: keyof typeof agents, levyId: number, confirmer: Agent) => {
        const declared = await T.call(agents[name], W.payLevy, { id: levyId, amount: 5_000, method: 'mobile_money', provider: 'MTN MoMo', reference: `MOMO-${levyId}` });
        expect(declared.status, JSON.stringify(declared.error)).toBe(T.okStatus(W.payLevy));
        expect(await waiting(T, agents[name])).not.toContain(`levyToPay:${levyId}`);
        expect((await T.call(confirmer, W.confirmPayment, { id: declared.data.id, accountId: w.account })).status).toBe(200);
      };
      for (const l of levies) await pay(nameOf[l.memberId] as keyof typeof agents, l.id, l.memberId === w.treasurer.id ? awa : tabe);
      for (const l of levies) expect(await whoHas(T, agents, `levyToPay:${l.id}`)).toEqual([]);

      // Paid by Tabe: it waits on Musa alone, to confirm in one tap.
      expect((await T.call(tabe, W.payBenefit, { id, accountId: w.account, method: 'mobile_money', reference: 'OM-778', proofUrl: w.proof(w.treasurer) })).status).toBe(200);
      expect(await whoHas(T, agents, `benefitToPay:${id}`)).toEqual([]);
      expect(await whoHas(T, agents, `benefitToConfirm:${id}`)).toEqual(['musa']);
      const toConfirm = await itemOf(T, musa, `benefitToConfirm:${id}`);
      expect(toConfirm).toMatchObject({ who: 'Tabe Test', amount: { amount: 20_000, currency: 'XAF' }, action: { op: 'welfare.confirmBenefit', input: { id } } });
      await countsAgree(T, agents, communityId);

      // The tap is the ordinary operation: then the case waits to be closed by an officer.
      expect((await T.call(musa, W.confirmBenefit, toConfirm.action!.input)).status).toBe(200);
      expect(await whoHas(T, agents, `benefitToConfirm:${id}`)).toEqual([]);
      expect(noticesOf(w.t, w.musa.id, 'notifications.welfareBenefitPaid')).toMatchObject([{ item_key: `benefitToConfirm:${id}`, handled_by: w.musa.id }]);
      expect(await whoHas(T, agents, `caseToClose:${id}`)).toEqual(['awa', 'ngozi', 'tabe']);
      expect((await itemOf(T, awa, `caseToClose:${id}`)).who).toBe('Musa Test');

      expect((await T.call(awa, W.close, { id, note: 'Benefit received by the family.' })).status).toBe(200);
      expect(noticesOf(w.t, w.creator.id, 'notifications.welfareBenefitConfirmed')).toMatchObject([{ item_key: `caseToClose:${id}`, handled_by: w.admin.id }]);
      for (const who of Object.values(agents)) expect(await waiting(T, who)).toEqual([]);
      await countsAgree(T, agents, communityId);
    });

    it('an officer who is a party decides nothing: the case waits on the other officers, and the approval on none when only the verifier is left', async () => {
      const w = await welfareWorld({ financing: 'general', fund: { benefits: { member: 50_000, parent: 20_000 } } });
      const agents = await people(w);
      const communityId = w.community.id;
      // Tabe opens a case for himself, Awa to receive the benefit: only Ngozi is no party.
      const opened = await T.call(agents.tabe, W.openCase, { communityId, fundId: w.fund.id, beneficiaryId: w.admin.id, description: 'Hospital stay.' });
      expect(opened.status, JSON.stringify(opened.error)).toBe(T.okStatus(W.openCase));
      const id = opened.data.id as number;
      expect(await whoHas(T, agents, `caseToVerify:${id}`)).toEqual(['ngozi']);
      await countsAgree(T, agents, communityId);
      expect((await T.call(agents.ngozi, W.verify, { id })).status).toBe(200);
      // The one officer left is the verifier: the approval waits on no one (and the operation agrees).
      expect(await whoHas(T, agents, `caseToApprove:${id}`)).toEqual([]);
      for (const who of [agents.ngozi, agents.awa, agents.tabe]) expect((await T.call(who, W.approve, { id })).status).toBe(403);
      await countsAgree(T, agents, communityId);
    });

    it('a case on the general fund waits to be paid as soon as it is approved (no levy), and a rejected case leaves every list', async () => {
      const w = await welfareWorld({ financing: 'general', fund: { benefits: { member: 50_000, parent: 20_000 } } });
      const agents = await people(w);
      const communityId = w.community.id;
      const open = async () => {
        const r = await T.call(agents.musa, W.openCase, { communityId, fundId: w.fund.id, dependantId: w.mother.id });
        expect(r.status, JSON.stringify(r.error)).toBe(T.okStatus(W.openCase));
        return r.data.id as number;
      };
      const id = await open();
      await T.call(agents.tabe, W.verify, { id });
      await T.call(agents.awa, W.approve, { id });
      expect(await whoHas(T, agents, `levyToIssue:${id}`)).toEqual([]);
      expect(await whoHas(T, agents, `benefitToPay:${id}`)).toEqual(['awa', 'ngozi', 'tabe']);
      await countsAgree(T, agents, communityId);
      expect((await T.call(agents.ngozi, W.reject, { id, reason: 'Covered by another fund.' })).status).toBe(200);
      for (const who of Object.values(agents)) expect(await waiting(T, who)).toEqual([]);
      await countsAgree(T, agents, communityId);
    });
  });
}
