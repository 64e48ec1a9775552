import { describe, expect, it } from 'vitest';
import { groupConservation, groupProblems } from '../../src/server/domains/savings/conservation';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';
import { N, noticesOf, whoHas } from '../setup/needs';
import { conserved, fundsOf, loanThrough, ok, savedShares, savingsWorld, SG } from '../setup/savings';
import { recordRepayment } from '../../src/server/domains/savings/repayments';
import { recordMeeting } from '../../src/server/domains/savings/entries';
import { TRANSPORTS } from '../setup/transport';

/*
 * Loans over both transports, on the shared arithmetic: within the borrowing limit and the cycle's
 * terms; guarantors accept and their savings hold the part above the borrower's own; two officers
 * other than the borrower and the guarantors approve; an officer records the disbursement and the
 * borrower alone confirms it; repayments are allocated interest first when another officer
 * confirms them; racing approvals, disbursements and confirmations count once; the group's money
 * stays conserved throughout, and nobody outside the loan reads it.
 */

const DAY = 86_400_000;

for (const T of TRANSPORTS) {
  describe(`${T.name}: a savings group's loans`, () => {
    it('request, guarantee, two approvals, disbursement confirmed by the borrower, repayments interest first, repaid; conserved at every step', async () => {
      const w = await savingsWorld();
      let ngozi = await as(w.t, w.creator);
      let awa = await as(w.t, w.admin);
      let tabe = await as(w.t, w.treasurer);
      let musa = await as(w.t, w.musa);
      let ada = await as(w.t, w.ada);
      const kofi = await as(w.t, w.kofi);
      // Musa, Ada and Tabe saved five shares each: 15,000 in the loan fund.
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 5 }, { user: w.ada, shares: 5 }, { user: w.treasurer, shares: 5 }]);
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(15_000);
      const id = w.group.id;

      expectError(await T.call(musa, SG.requestLoan, { id, principal: 16_000, periods: 3, purpose: 'Stock for the shop' }), 400, 'errors.savings.overLimit', { multiple: 3 });
      expectError(await T.call(musa, SG.requestLoan, { id, principal: 9_000, periods: 4, purpose: 'Stock for the shop' }), 400, 'errors.savings.termNotAllowed', { terms: '3, 6' });
      expectError(await T.call(musa, SG.requestLoan, { id, principal: 9_000, periods: 3, purpose: 'Stock for the shop' }), 400, 'errors.savings.guarantorsNeeded');
      const asked = await ok(T, musa, SG.requestLoan, { id, principal: 9_000, periods: 3, purpose: 'Stock for the shop', guarantors: [w.ada.id] });
      expect(asked).toMatchObject({ status: 'requested', principal: 9_000, rateBps: 200, interestMethod: 'declining', guaranteed: 4_000, guarantors: [{ userId: w.ada.id, status: 'pending', hold: 0 }] });
      const loan = asked.id as number;
      expectError(await T.call(musa, SG.requestLoan, { id, principal: 1_000, periods: 3, purpose: 'Another one' }), 409, 'errors.savings.oneLoan');

      // Approval waits for the guarantor; the borrower and guarantors never approve.
      expectError(await T.call(tabe, SG.approveLoan, { id: loan }), 409, 'errors.savings.guarantorsPending');
      expectError(await T.call(kofi, SG.answerGuarantee, { id: loan, accept: true }), 403, 'errors.savings.notGuarantor');
      await ok(T, ada, SG.answerGuarantee, { id: loan, accept: true });
      expectError(await T.call(ada, SG.answerGuarantee, { id: loan, accept: true }), 409, 'errors.savings.answered');
      expectError(await T.call(musa, SG.approveLoan, { id: loan }), 403, 'errors.savings.officersOnly');
      expect((await ok(T, tabe, SG.approveLoan, { id: loan })).status).toBe('requested');
      expectError(await T.call(tabe, SG.approveLoan, { id: loan }), 409, 'errors.savings.alreadyApproved');
      const approved = await ok(T, ngozi, SG.approveLoan, { id: loan });
      expect(approved).toMatchObject({ status: 'approved', approvedBy: w.treasurer.id, secondApprovedBy: w.creator.id, guarantors: [{ userId: w.ada.id, status: 'accepted', hold: 4_000 }] });
      expectError(await T.call(awa, SG.approveLoan, { id: loan }), 409, 'errors.savings.loanState');

      // Two disbursements at once: one is recorded. The money leaves the fund when Musa confirms.
      const both = await Promise.all([T.call(tabe, SG.disburseLoan, { id: loan, method: 'mobile_money', reference: 'MTN-1' }), T.call(awa, SG.disburseLoan, { id: loan, method: 'cash' })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(15_000);
      const disbursement = w.t.db.$client.prepare("SELECT id FROM savings_entries WHERE loan_id = ? AND kind = 'loan_disbursed'").pluck().get(loan) as number;
      expectError(await T.call(ngozi, SG.confirm, { id: disbursement }), 409, 'errors.savings.loanMoney');
      expectError(await T.call(ngozi, SG.confirmLoanReceipt, { id: loan }), 403, 'errors.savings.borrowerOnly');
      expect(await ok(T, musa, SG.confirmLoanReceipt, { id: loan })).toMatchObject({ status: 'active', disbursedOn: '2026-03-02' });
      expectError(await T.call(musa, SG.confirmLoanReceipt, { id: loan }), 409, 'errors.savings.loanState');
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(6_000);
      conserved(w);

      // The statement: declining balance at 2% a month on 9,000 in three parts.
      const statement = await ok(T, musa, SG.loan, { id: loan });
      expect(statement.schedule.map((i: { principal: number; interest: number; due: string }) => [i.principal, i.interest, i.due])).toEqual([
        [3_000, 180, '2026-04-02'],
        [3_000, 120, '2026-05-02'],
        [3_000, 60, '2026-06-02'],
      ]);
      expect(statement.position).toEqual({ interestDue: 0, principalDue: 0, principalOutstanding: 9_000, penaltyDue: 0 });
      expect((await ok(T, ada, SG.loan, { id: loan })).viewerRole).toBe('guarantor');
      expectError(await T.call(kofi, SG.loan, { id: loan }), 404, 'errors.savings.loanNotFound');

      // A month on, the first installment is due: Musa declares 3,180; Tabe confirms it, interest first.
      w.t.clock.advance(32 * DAY);
      // A month on, everyone signs in again.
      [ngozi, awa, tabe, musa, ada] = [await as(w.t, w.creator), await as(w.t, w.admin), await as(w.t, w.treasurer), await as(w.t, w.musa), await as(w.t, w.ada)];
      expectError(await T.call(musa, SG.recordRepayment, { id: loan, amount: 99_999, method: 'cash' }), 400, 'errors.savings.repaymentTooLarge');
      const first = await ok(T, musa, SG.recordRepayment, { id: loan, amount: 3_180, method: 'cash' });
      expectError(await T.call(musa, SG.confirmRepayment, { id: first.id }), 403, 'errors.savings.officersOnly');
      expect(await ok(T, tabe, SG.confirmRepayment, { id: first.id })).toMatchObject({ status: 'confirmed', interest: 180, penalty: 0, principal: 3_000, loanRepaid: false });
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(9_180);
      conserved(w);

      // Recorded by Tabe, so Tabe never confirms it; two other officers at once: counted once.
      const second = await ok(T, tabe, SG.recordRepayment, { id: loan, amount: 3_000, method: 'cash' });
      // The officers see every loan and what waits; a member sees their own loans only.
      const ledger = await ok(T, ngozi, SG.ledger, { id });
      expect(ledger.loans).toMatchObject([{ id: loan, borrowerName: 'Musa Test', principal: 9_000, status: 'active', principalRepaid: 3_000, interestPaid: 180 }]);
      expect(ledger.pendingRepayments).toMatchObject([{ id: second.id, amount: 3_000, borrowerId: w.musa.id, mayDecide: true }]);
      expect((await ok(T, musa, SG.statement, { id })).loans).toMatchObject([{ id: loan, principalRepaid: 3_000 }]);
      expect((await ok(T, ada, SG.statement, { id })).loans).toEqual([]);
      expectError(await T.call(tabe, SG.confirmRepayment, { id: second.id }), 403, 'errors.savings.ownRecord');
      const racing = await Promise.all([T.call(ngozi, SG.confirmRepayment, { id: second.id }), T.call(awa, SG.confirmRepayment, { id: second.id })]);
      expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
      // The second installment is not due: no interest yet, all of it principal (repaying early).
      expect((await ok(T, musa, SG.loan, { id: loan })).position).toEqual({ interestDue: 0, principalDue: 0, principalOutstanding: 3_000, penaltyDue: 0 });

      const last = await ok(T, musa, SG.recordRepayment, { id: loan, amount: 3_000, method: 'cash' });
      expect(await ok(T, awa, SG.confirmRepayment, { id: last.id })).toMatchObject({ interest: 0, principal: 3_000, loanRepaid: true });
      expect((await ok(T, musa, SG.loan, { id: loan })).status).toBe('repaid');
      expectError(await T.call(musa, SG.recordRepayment, { id: loan, amount: 1, method: 'cash' }), 409, 'errors.savings.loanState');
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(15_180);
      expect(groupConservation(w.t.db, w.group.id)).toMatchObject({ loanIn: 15_180, disbursed: 9_000, principalBack: 9_000, loansOutstanding: 0, conserved: true });
      // A new loan is possible again.
      await ok(T, musa, SG.requestLoan, { id, principal: 1_000, periods: 3, purpose: 'Seeds' });
    });

    it('a loan handed over and not yet received is not on the officers’ to-confirm list: it waits on its borrower, as "Needs you" says', async () => {
      const w = await savingsWorld();
      const agents = { ngozi: await as(w.t, w.creator), awa: await as(w.t, w.admin), tabe: await as(w.t, w.treasurer), musa: await as(w.t, w.musa) };
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 3 }]);
      const loan = loanThrough(w, { borrower: w.musa, principal: 3_000, until: 'disbursing' });
      const handOver = w.t.db.$client.prepare("SELECT id FROM savings_entries WHERE kind = 'loan_disbursed' AND status = 'pending'").pluck().get() as number;
      expect(handOver).toBeGreaterThan(0);
      // An amount to confirm as well, so the list is not empty for another reason.
      const fine = recordMeeting(w.t.db, { communityId: w.community.id, meetingId: w.meetings[0]!, actorId: w.treasurer.id, payment: { method: 'cash' }, lines: [{ userId: w.ada.id, fines: ['absent'] }], now: w.t.clock.now() })[0]!;
      for (const officer of [agents.ngozi, agents.awa]) expect((await ok(T, officer, SG.ledger, { id: w.group.id })).pending.map((e: { id: number }) => e.id)).toEqual([fine.id]);
      expect(await whoHas(T, agents, `savingsEntry:${handOver}`)).toEqual([]);
      expect(await whoHas(T, agents, `savingsLoanReceipt:${loan}`)).toEqual(['musa']);
      expectError(await T.call(agents.ngozi, SG.confirm, { id: handOver }), 409, 'errors.savings.loanMoney');
    });

    it('a guarantor declining refuses the loan; an officer may refuse one, never their own', async () => {
      const w = await savingsWorld();
      const tabe = await as(w.t, w.treasurer);
      const ngozi = await as(w.t, w.creator);
      const ada = await as(w.t, w.ada);
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.ada, shares: 2 }, { user: w.treasurer, shares: 5 }]);
      const declined = await ok(T, tabe, SG.requestLoan, { id: w.group.id, principal: 6_000, periods: 6, purpose: 'School fees', guarantors: [w.ada.id] });
      expect(await ok(T, ada, SG.answerGuarantee, { id: declined.id, accept: false })).toMatchObject({ status: 'rejected' });
      const own = await ok(T, tabe, SG.requestLoan, { id: w.group.id, principal: 5_000, periods: 6, purpose: 'School fees' });
      expect(own.guaranteed).toBe(0);
      expectError(await T.call(tabe, SG.approveLoan, { id: own.id }), 403, 'errors.savings.ownLoan');
      expectError(await T.call(tabe, SG.rejectLoan, { id: own.id, reason: 'Changed my mind' }), 403, 'errors.savings.ownLoan');
      expect(await ok(T, ngozi, SG.rejectLoan, { id: own.id, reason: 'The fund is short this month' })).toMatchObject({ status: 'rejected', reason: 'The fund is short this month' });
    });

    it('each step of a loan waits in "Needs you" on exactly who may take it, and leaves once taken', async () => {
      const w = await savingsWorld();
      const agents = { ngozi: await as(w.t, w.creator), awa: await as(w.t, w.admin), tabe: await as(w.t, w.treasurer), musa: await as(w.t, w.musa), ada: await as(w.t, w.ada), kofi: await as(w.t, w.kofi) };
      const { ngozi, tabe, musa, ada } = agents;
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 2 }, { user: w.ada, shares: 5 }]);
      const loan = (await ok(T, musa, SG.requestLoan, { id: w.group.id, principal: 5_000, periods: 3, purpose: 'A sewing machine', guarantors: [w.ada.id] })).id as number;
      expect(await whoHas(T, agents, `savingsGuarantee:${loan}`)).toEqual(['ada']);
      // The notice and the item open the loan on its group's page, where Ada answers; the count shows on the savings groups' tab.
      expect(noticesOf(w.t, w.ada.id, 'notifications.savingsGuarantorAsked')).toMatchObject([{ item_key: `savingsGuarantee:${loan}`, link: `/savings/${w.group.id}` }]);
      const item = T.page(await T.call(ada, N.list, { limit: 100 })).items.find((i: { key: string }) => i.key === `savingsGuarantee:${loan}`);
      expect(item).toMatchObject({ tab: 'savings-groups', link: `/savings/${w.group.id}?loan=${loan}` });
      expect(await whoHas(T, agents, `savingsLoanApproval:${loan}`)).toEqual([]);
      await ok(T, ada, SG.answerGuarantee, { id: loan, accept: true });
      expect(await whoHas(T, agents, `savingsGuarantee:${loan}`)).toEqual([]);
      // The three officers, none of them its borrower or guarantor.
      expect(await whoHas(T, agents, `savingsLoanApproval:${loan}`)).toEqual(['awa', 'ngozi', 'tabe']);
      await ok(T, tabe, SG.approveLoan, { id: loan });
      expect(await whoHas(T, agents, `savingsLoanApproval:${loan}`)).toEqual(['awa', 'ngozi']);
      await ok(T, ngozi, SG.approveLoan, { id: loan });
      expect(await whoHas(T, agents, `savingsLoanApproval:${loan}`)).toEqual([]);
      expect(await whoHas(T, agents, `savingsLoanDisbursement:${loan}`)).toEqual(['awa', 'ngozi', 'tabe']);
      await ok(T, tabe, SG.disburseLoan, { id: loan, method: 'cash' });
      expect(await whoHas(T, agents, `savingsLoanDisbursement:${loan}`)).toEqual([]);
      expect(await whoHas(T, agents, `savingsLoanReceipt:${loan}`)).toEqual(['musa']);
      await ok(T, musa, SG.confirmLoanReceipt, { id: loan });
      expect(await whoHas(T, agents, `savingsLoanReceipt:${loan}`)).toEqual([]);
      const repayment = (await ok(T, tabe, SG.recordRepayment, { id: loan, amount: 1_000, method: 'cash' })).id as number;
      expect(await whoHas(T, agents, `savingsRepayment:${repayment}`)).toEqual(['awa', 'ngozi']);
      await ok(T, ngozi, SG.confirmRepayment, { id: repayment });
      expect(await whoHas(T, agents, `savingsRepayment:${repayment}`)).toEqual([]);
      expect(noticesOf(w.t, w.admin.id, 'notifications.savingsRepaymentRecorded')[0]!.handled_by).toBe(w.creator.id);
    });

    it('a loan is written off only by two officers’ decision, recorded; what was still owed is the fund’s loss and the money still adds up', async () => {
      const w = await savingsWorld();
      const agents = { ngozi: await as(w.t, w.creator), awa: await as(w.t, w.admin), tabe: await as(w.t, w.treasurer), musa: await as(w.t, w.musa) };
      const { ngozi, awa, tabe, musa } = agents;
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 5 }]);
      const loan = (await ok(T, musa, SG.requestLoan, { id: w.group.id, principal: 5_000, periods: 3, purpose: 'Taxi repairs' })).id as number;
      await ok(T, tabe, SG.approveLoan, { id: loan });
      await ok(T, ngozi, SG.approveLoan, { id: loan });
      await ok(T, tabe, SG.disburseLoan, { id: loan, method: 'cash' });
      await ok(T, musa, SG.confirmLoanReceipt, { id: loan });
      const r = await ok(T, musa, SG.recordRepayment, { id: loan, amount: 1_200, method: 'cash' });
      await ok(T, awa, SG.confirmRepayment, { id: r.id });

      // A repayment still waiting when the loan is written off is refused (found by the property test): the loss kept must stay what the entries say.
      const late = await ok(T, musa, SG.recordRepayment, { id: loan, amount: 500, method: 'cash' });
      expectError(await T.call(musa, SG.writeOffLoan, { id: loan, reason: 'Please' }), 403, 'errors.savings.officersOnly');
      expect(await ok(T, tabe, SG.writeOffLoan, { id: loan, reason: 'Moved away, unreachable' })).toMatchObject({ status: 'active', writeOffProposedBy: w.treasurer.id });
      expectError(await T.call(tabe, SG.writeOffLoan, { id: loan, reason: 'Again' }), 409, 'errors.savings.alreadyProposed');
      expect(await whoHas(T, agents, `savingsWriteOff:${loan}`)).toEqual(['awa', 'ngozi']);
      const done = await ok(T, ngozi, SG.writeOffLoan, { id: loan, reason: 'Agreed at the meeting of 2 March' });
      expect(done).toMatchObject({ status: 'written_off', writtenOffBy: w.creator.id, writtenOff: 3_800 });
      expect(await whoHas(T, agents, `savingsWriteOff:${loan}`)).toEqual([]);
      expectError(await T.call(musa, SG.recordRepayment, { id: loan, amount: 100, method: 'cash' }), 409, 'errors.savings.loanState');
      expectError(await T.call(awa, SG.confirmRepayment, { id: late.id }), 409, 'errors.savings.loanState');
      expect(groupConservation(w.t.db, w.group.id)).toMatchObject({ loanIn: 5_000, loanFundCash: 1_200, loansOutstanding: 0, writtenOff: 3_800, conserved: true });
      const actions = w.t.db.$client.prepare('SELECT action FROM finance_audit WHERE subject = ? ORDER BY id').pluck().all(`savings:${w.group.id}`);
      expect(actions).toEqual(expect.arrayContaining(['savings.writeOffProposed', 'savings.writtenOff']));

      // A loss edited behind the services' back is named.
      w.t.db.$client.prepare('UPDATE savings_loans SET written_off = written_off - 1 WHERE id = ?').run(loan);
      expect(groupProblems(groupConservation(w.t.db, w.group.id))).toEqual(expect.arrayContaining([expect.stringMatching(/written-off loans do not keep what was still owed/)]));
    });
  });
}

describe('REST: GET /api/proofs/:name, a loan repayment’s proof', () => {
  it('the borrower and the group’s active officers open a waiting repayment’s proof; plain members, the community and the signed-out get 404', async () => {
    const w = await savingsWorld();
    savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 3 }]);
    const loan = loanThrough(w, { borrower: w.musa, principal: 3_000, until: 'active' });
    const communityId = w.community.id;
    // Musa declares one with his proof; Tabe records another with his own: each is the other's to open too.
    const declared = w.proof(w.musa);
    recordRepayment(w.t.db, { communityId, loanId: loan, actorId: w.musa.id, amount: 1_000, payment: { method: 'mobile_money', reference: 'MM-1', proofUrl: declared }, now: w.t.clock.now() });
    const recorded = w.proof(w.treasurer);
    recordRepayment(w.t.db, { communityId, loanId: loan, actorId: w.treasurer.id, amount: 500, payment: { method: 'mobile_money', reference: 'MM-2', proofUrl: recorded }, now: w.t.clock.now() });
    const status = async (url: string, cookie: string | null) => (await w.t.app.request(url, { headers: cookie ? { cookie } : {} })).status;
    const cookie = async (u: typeof w.musa) => (await as(w.t, u)).cookie;

    for (const officer of [w.creator, w.admin, w.treasurer]) expect(await status(declared, await cookie(officer)), officer.firstName).toBe(200);
    expect(await status(recorded, await cookie(w.musa))).toBe(200);
    expect(await status(recorded, await cookie(w.creator))).toBe(200);
    for (const url of [declared, recorded]) {
      expect(await status(url, await cookie(w.ada)), 'a plain member of the group').toBe(404);
      expect(await status(url, await cookie(w.kofi)), 'a member of the community only').toBe(404);
      expect(await status(url, null)).toBe(401);
    }
    // An officer who stepped down no longer opens it.
    w.t.db.$client.prepare("UPDATE savings_group_members SET role = 'member' WHERE group_id = ? AND user_id = ?").run(w.group.id, w.admin.id);
    expect(await status(declared, await cookie(w.admin))).toBe(404);
  });
});
