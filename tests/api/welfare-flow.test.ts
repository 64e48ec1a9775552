import { describe, expect, it } from 'vitest';
import { fundChecks, fundProblems } from '../../src/server/domains/welfare/conservation';
import { as } from '../setup/communities';
import { TRPC, transportsFor } from '../setup/transport';
import { levyRows, W, welfareWorld } from '../setup/welfare';
import { expectError } from '../setup/errors';

/*
 * A bereavement case from opening to closing, over each transport: Musa opens it for his mother
 * with her death certificate; Tabe verifies, Awa approves (two officers, neither a party); the
 * levy goes to every member in good standing but Musa; members pay, another officer confirms;
 * Tabe pays the benefit with a proof; Musa alone confirms it; Awa closes it with its report. The
 * fund then holds what was collected less what was paid, and finances:verify's check agrees.
 * Over tRPC (both transports under test:deep; the authorization matrix holds REST to the same answers).
 */

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: a bereavement case, from opening to closing`, () => {
    it('opens, is decided by two officers, levies the members, pays and confirms the benefit, closes with its report', async () => {
      const w = await welfareWorld({ fund: { benefits: { member: 50_000, parent: 20_000 } } });
      const musa = await as(w.t, w.musa);
      const tabe = await as(w.t, w.treasurer);
      const awa = await as(w.t, w.admin);
      const ngozi = await as(w.t, w.creator);
      const ada = await as(w.t, w.ada);
      const kofi = await as(w.t, w.kofi);

      const certificate = w.proof(w.musa);
      const opened = await T.call(musa, W.openCase, { communityId: w.community.id, fundId: w.fund.id, dependantId: w.mother.id, description: 'Mama Halima passed away in Garoua on Sunday.', documents: [{ url: certificate, label: 'Death certificate' }] });
      expect(opened.status).toBe(T.okStatus(W.openCase));
      const id = opened.data.id as number;
      expect(opened.data).toMatchObject({ status: 'open', relationship: 'parent', subjectName: 'Mama Halima', benefitAmount: 20_000, beneficiary: { id: w.musa.id }, documents: [{ url: certificate, label: 'Death certificate' }] });

      // Not yet the community's: another member is told it does not exist.
      expect((await T.call(ada, W.case, { id })).status).toBe(404);
      expect(T.page((await T.call(ada, W.cases, { communityId: w.community.id }))).items).toEqual([]);

      // The requester decides nothing; one officer verifies, the same officer cannot approve.
      expect((await T.call(musa, W.verify, { id })).status).toBe(403);
      expect((await T.call(tabe, W.verify, { id })).data).toMatchObject({ status: 'verified', verifiedBy: w.treasurer.id });
      const again = await T.call(tabe, W.approve, { id });
      expect(again.status).toBe(403);
      expectError(again, 'FORBIDDEN', 'errors.welfare.secondOfficer');
      expect((await T.call(awa, W.approve, { id })).data).toMatchObject({ status: 'approved', approvedBy: w.admin.id });

      // Benefit before the levy: refused.
      const early = await T.call(tabe, W.payBenefit, { id, accountId: w.account, method: 'cash', proofUrl: w.proof(w.treasurer) });
      expect(early.status).toBe(409);

      // The levy: every member in good standing but Musa (the covered member and the beneficiary).
      const issued = await T.call(awa, W.issueLevy, { id });
      expect(issued.status).toBe(200);
      expect(issued.data).toMatchObject({ status: 'collecting', levyAmount: 5_000, levyCount: 5 });
      expect(levyRows(w.t, id).map((l) => l.memberId).sort()).toEqual([w.creator.id, w.admin.id, w.treasurer.id, w.ada.id, w.kofi.id].sort());

      // Members now see the case, its collection as totals, their own levy; never the papers or the story.
      const seen = await T.call(ada, W.case, { id });
      expect(seen.data).toMatchObject({ status: 'collecting', subjectName: null, description: null, documents: null, collection: { expected: 25_000, collected: 0, paidCount: 0, levied: 5 }, myLevy: { amount: 5_000, status: 'due' } });
      expect(JSON.stringify(seen.data)).not.toContain(w.kofi.id);

      // Ada, Kofi, Ngozi and Awa pay; Tabe, who keeps the books, confirms; Tabe's own is confirmed by Awa.
      const pay = async (a: typeof ada, confirmer: typeof tabe) => {
        const mine = await T.call(a, W.myLevies, { communityId: w.community.id });
        const levy = mine.data.levies.find((l: { caseId: number }) => l.caseId === id);
        const declared = await T.call(a, W.payLevy, { id: levy.id, amount: 5_000, method: 'mobile_money', provider: 'MTN MoMo', reference: 'MOMO-1' });
        expect(declared.status).toBe(T.okStatus(W.payLevy));
        expect(declared.data).toMatchObject({ status: 'pending', purpose: 'levy' });
        const confirmed = await T.call(confirmer, W.confirmPayment, { id: declared.data.id, accountId: w.account });
        expect(confirmed.status).toBe(200);
      };
      await pay(ada, tabe);
      await pay(kofi, tabe);
      await pay(ngozi, tabe);
      await pay(awa, tabe);
      await pay(tabe, awa);
      expect((await T.call(kofi, W.case, { id })).data.collection).toEqual({ expected: 25_000, collected: 25_000, paidCount: 5, levied: 5 });

      // The benefit, by an officer who is no party, with a proof; only the beneficiary confirms it.
      const proof = w.proof(w.treasurer);
      const paid = await T.call(tabe, W.payBenefit, { id, accountId: w.account, method: 'mobile_money', reference: 'OM-778', proofUrl: proof });
      expect(paid.data).toMatchObject({ status: 'paid', benefitPaidBy: w.treasurer.id });
      expect((await T.call(ada, W.confirmBenefit, { id })).status).toBe(403);
      expect((await T.call(tabe, W.confirmBenefit, { id })).status).toBe(403);
      const musaSees = await T.call(musa, W.case, { id });
      expect(musaSees.data.benefit).toMatchObject({ reference: 'OM-778', proofUrl: proof, confirmedAt: null });
      expect((await T.call(ada, W.case, { id })).data.benefit).toMatchObject({ reference: null, proofUrl: null });
      expect((await T.call(musa, W.confirmBenefit, { id })).data).toMatchObject({ status: 'confirmed' });

      // Musa cannot close his own case; Awa closes it; its report is there in CSV and PDF.
      expect((await T.call(musa, W.close, { id, note: 'Done' })).status).toBe(403);
      expect((await T.call(awa, W.close, { id, note: 'Presented at the April meeting.' })).data).toMatchObject({ status: 'closed', closedBy: w.admin.id });
      const csv = await awa.rest('GET', `/api/welfare/cases/${id}/report.csv`);
      expect(csv.status).toBe(200);
      expect(String(csv.body)).toContain('Bereavement fund,Musa Test,a parent,Closed,2026-03-02,2026-03-02,20000,5000,5,5,25000,25000,20000,0,5000');
      const pdf = await awa.rest('GET', `/api/welfare/cases/${id}/report.pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');

      // Levies collected = benefit paid + carried to the fund.
      const [fund] = fundChecks(w.t.db);
      expect(fund).toMatchObject({ collected: 25_000, paidOut: 20_000, carried: 5_000, leviesPaid: 25_000, benefitsPaid: 20_000 });
      expect(fundProblems(fund!)).toEqual([]);
      expect((await T.call(tabe, W.fund, { id: w.fund.id })).status).toBe(200);
    });
  });
}
