import { describe, expect, it } from 'vitest';
import { writeOffLoan } from '../../src/server/domains/savings/write-off';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';
import { noticesOf, whoHas } from '../setup/needs';
import { conserved, fundsOf, loanThrough, ok, savedShares, savingsWorld, SG } from '../setup/savings';
import { TRANSPORTS } from '../setup/transport';

/*
 * What keeps a group's loans safe beyond the happy path: the borrower's own savings are held like a
 * guarantor's and the cover is checked again at approval; a party to a loan (borrower, guarantor)
 * never decides on its repayments nor is asked to; two disbursements never promise more cash than
 * the fund holds, and one not received can be withdrawn; a repayment left waiting when its loan
 * ended can be refused; a guarantor's refusal is stored as a code, not as English.
 */

const DAY = 86_400_000;

for (const T of TRANSPORTS) {
  describe(`${T.name}: a savings group's loans kept safe`, () => {
    it('holds the borrower’s own savings from approval, and refuses (409) a loan no longer covered when approved', async () => {
      const w = await savingsWorld();
      const [ngozi, tabe, musa, ada] = [await as(w.t, w.creator), await as(w.t, w.treasurer), await as(w.t, w.musa), await as(w.t, w.ada)];
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 5 }, { user: w.ada, shares: 5 }]);
      const id = w.group.id;
      const loan = (await ok(T, musa, SG.requestLoan, { id, principal: 9_000, periods: 3, purpose: 'Stock', guarantors: [w.ada.id] })).id as number;
      await ok(T, ada, SG.answerGuarantee, { id: loan, accept: true });
      await ok(T, tabe, SG.approveLoan, { id: loan });
      expect(await ok(T, ngozi, SG.approveLoan, { id: loan })).toMatchObject({ status: 'approved', ownHold: 5_000, guaranteed: 4_000, guarantors: [{ userId: w.ada.id, hold: 4_000 }] });
      // Musa's 5,000 now back his loan: nothing of it is free to back another's.
      const other = (await ok(T, ada, SG.requestLoan, { id, principal: 2_000, periods: 3, purpose: 'Seeds', guarantors: [w.musa.id] })).id as number;
      expect(other).toBeGreaterThan(loan);
      expect((await ok(T, ada, SG.loan, { id: other })).guaranteed).toBe(1_000);
      await ok(T, musa, SG.answerGuarantee, { id: other, accept: true });
      await ok(T, tabe, SG.approveLoan, { id: other });
      expectError(await T.call(ngozi, SG.approveLoan, { id: other }), 409, 'errors.savings.guarantorsShort');
    });

    it('a loan whose borrower’s savings went down since the request is refused at approval (409), nothing held', async () => {
      const w = await savingsWorld();
      const [ngozi, awa, tabe, musa, ada] = [await as(w.t, w.creator), await as(w.t, w.admin), await as(w.t, w.treasurer), await as(w.t, w.musa), await as(w.t, w.ada)];
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 5 }, { user: w.ada, shares: 5 }]);
      const loan = (await ok(T, musa, SG.requestLoan, { id: w.group.id, principal: 9_000, periods: 3, purpose: 'Stock', guarantors: [w.ada.id] })).id as number;
      await ok(T, ada, SG.answerGuarantee, { id: loan, accept: true });
      await ok(T, tabe, SG.approveLoan, { id: loan });
      // Musa's shares were recorded in error: reversed by two officers before the second approval.
      const entry = w.t.db.$client.prepare("SELECT id FROM savings_entries WHERE member_id = ? AND kind = 'shares'").pluck().get(w.musa.id) as number;
      await ok(T, tabe, SG.reverse, { id: entry, reason: 'Paid by cheque that bounced', step: 'propose' });
      await ok(T, awa, SG.reverse, { id: entry, reason: 'Confirmed with the bank', step: 'make' });
      expectError(await T.call(ngozi, SG.approveLoan, { id: loan }), 409, 'errors.savings.notCovered');
      expect(w.t.db.$client.prepare('SELECT status, own_hold AS ownHold FROM savings_loans WHERE id = ?').get(loan)).toEqual({ status: 'requested', ownHold: 0 });
      expect(w.t.db.$client.prepare('SELECT hold FROM savings_loan_guarantors WHERE loan_id = ?').pluck().get(loan)).toBe(0);
    });

    it('a guarantor who is an officer never confirms or rejects the loan’s repayments, nor is asked to', async () => {
      const w = await savingsWorld();
      const agents = { ngozi: await as(w.t, w.creator), awa: await as(w.t, w.admin), tabe: await as(w.t, w.treasurer), musa: await as(w.t, w.musa) };
      const { ngozi, awa, tabe, musa } = agents;
      savedShares(w, { recorder: w.creator, confirmer: w.treasurer }, [{ user: w.musa, shares: 2 }, { user: w.admin, shares: 5 }]);
      // Awa (the secretary) stands behind Musa's loan; Tabe and Ngozi approve it.
      const loan = loanThrough(w, { borrower: w.musa, principal: 5_000, guarantors: [w.admin], until: 'active' });
      const r = (await ok(T, musa, SG.recordRepayment, { id: loan, amount: 1_000, method: 'cash' })).id as number;
      expect(await whoHas(T, agents, `savingsRepayment:${r}`)).toEqual(['ngozi', 'tabe']);
      expectError(await T.call(awa, SG.confirmRepayment, { id: r }), 403, 'errors.savings.guarantorDecides');
      expectError(await T.call(awa, SG.rejectRepayment, { id: r, reason: 'Not seen' }), 403, 'errors.savings.guarantorDecides');
      expect((await ok(T, awa, SG.ledger, { id: w.group.id })).pendingRepayments).toMatchObject([{ id: r, mayDecide: false }]);
      expect((await ok(T, ngozi, SG.ledger, { id: w.group.id })).pendingRepayments).toMatchObject([{ id: r, mayDecide: true }]);
      await ok(T, tabe, SG.confirmRepayment, { id: r });
    });

    it('two disbursements racing never promise more cash than the fund holds; one not received is withdrawn and the loan handed over anew', async () => {
      const w = await savingsWorld();
      const agents = { ngozi: await as(w.t, w.creator), awa: await as(w.t, w.admin), tabe: await as(w.t, w.treasurer), musa: await as(w.t, w.musa), ada: await as(w.t, w.ada) };
      const { ngozi, awa, tabe, musa, ada } = agents;
      const communityId = w.community.id;
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 5 }, { user: w.ada, shares: 5 }]);
      // A first loan of Musa's is written off: its 5,000 is gone from the fund, and his savings are free again.
      const lost = loanThrough(w, { borrower: w.musa, principal: 5_000, until: 'active' });
      for (const officer of [w.treasurer, w.creator]) writeOffLoan(w.t.db, { communityId, loanId: lost, actorId: officer.id, reason: 'Left the country', now: w.t.clock.now() });
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(5_000);
      const first = loanThrough(w, { borrower: w.musa, principal: 5_000, until: 'approved' });
      const second = loanThrough(w, { borrower: w.ada, principal: 5_000, until: 'approved' });

      // Each alone fits the fund's 5,000; both at once would not: one is recorded, the other refused.
      const both = await Promise.all([T.call(tabe, SG.disburseLoan, { id: first, method: 'cash' }), T.call(awa, SG.disburseLoan, { id: second, method: 'cash' })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expectError(both.find((r) => r.status === 409), 409, 'errors.savings.cashShort');
      const [handed, waiting] = both[0]!.status === 200 ? [first, second] : [second, first];
      const [borrower, other] = handed === first ? [musa, ada] : [ada, musa];

      // The borrower never got it: they (or an officer who is no party) withdraw it; the loan is approved again.
      expectError(await T.call(other, SG.cancelDisbursement, { id: handed, reason: 'Not mine' }), 403, 'errors.savings.officersOnly');
      expect(await ok(T, borrower, SG.cancelDisbursement, { id: handed, reason: 'The treasurer was not at the meeting' })).toMatchObject({ status: 'approved' });
      expectError(await T.call(borrower, SG.cancelDisbursement, { id: handed, reason: 'Again' }), 409, 'errors.savings.loanState');
      expect(await whoHas(T, agents, `savingsLoanReceipt:${handed}`)).toEqual([]);
      // The officer who recorded it is told who withdrew it; the borrower who withdrew it is not told of their own act.
      const recorder = handed === first ? w.treasurer : w.admin;
      expect(noticesOf(w.t, recorder.id, 'notifications.savingsDisbursementCancelled')).toHaveLength(1);
      expect(noticesOf(w.t, handed === first ? w.musa.id : w.ada.id, 'notifications.savingsDisbursementCancelled')).toEqual([]);
      expect(w.t.db.$client.prepare("SELECT status, reason FROM savings_entries WHERE loan_id = ? AND kind = 'loan_disbursed'").get(handed)).toEqual({ status: 'rejected', reason: 'The treasurer was not at the meeting' });
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(5_000);

      // Now the other can be handed over and received; the first waits for cash.
      await ok(T, ngozi, SG.disburseLoan, { id: waiting, method: 'cash' });
      expectError(await T.call(ngozi, SG.disburseLoan, { id: handed, method: 'cash' }), 409, 'errors.savings.cashShort');
      await ok(T, waiting === first ? musa : ada, SG.confirmLoanReceipt, { id: waiting });
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(0);
      conserved(w);
    });

    it('a repayment left waiting when its loan is written off or repaid can still be refused, and is in "Needs you" until it is', async () => {
      const w = await savingsWorld();
      const agents = { ngozi: await as(w.t, w.creator), awa: await as(w.t, w.admin), tabe: await as(w.t, w.treasurer), musa: await as(w.t, w.musa) };
      const { awa, tabe, musa } = agents;
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 5 }]);
      const loan = loanThrough(w, { borrower: w.musa, principal: 3_000, until: 'active' });
      const paid = (await ok(T, musa, SG.recordRepayment, { id: loan, amount: 3_000, method: 'cash' })).id as number;
      const twice = (await ok(T, musa, SG.recordRepayment, { id: loan, amount: 1_000, method: 'cash' })).id as number;
      expect(await ok(T, tabe, SG.confirmRepayment, { id: paid })).toMatchObject({ loanRepaid: true });
      expectError(await T.call(awa, SG.confirmRepayment, { id: twice }), 409, 'errors.savings.loanState');
      expect(await whoHas(T, agents, `savingsRepayment:${twice}`)).toEqual(['awa', 'ngozi', 'tabe']);
      expect(await ok(T, awa, SG.rejectRepayment, { id: twice, reason: 'Paid once, recorded twice' })).toMatchObject({ status: 'rejected' });
      expect(await whoHas(T, agents, `savingsRepayment:${twice}`)).toEqual([]);
      conserved(w);
    });

    it('a guarantor declining stores a code the screens translate, not English', async () => {
      const w = await savingsWorld();
      const [musa, ada] = [await as(w.t, w.musa), await as(w.t, w.ada)];
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 2 }, { user: w.ada, shares: 5 }]);
      const loan = (await ok(T, musa, SG.requestLoan, { id: w.group.id, principal: 5_000, periods: 3, purpose: 'Stock', guarantors: [w.ada.id] })).id as number;
      expect(await ok(T, ada, SG.answerGuarantee, { id: loan, accept: false })).toMatchObject({ status: 'rejected', reason: null, reasonCode: 'guarantorDeclined' });
      expect(await ok(T, musa, SG.loan, { id: loan })).toMatchObject({ reason: null, reasonCode: 'guarantorDeclined' });
    });

    it('a member who left the group keeps no officer’s view of a loan they guarantee', async () => {
      const w = await savingsWorld();
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 2 }, { user: w.ada, shares: 5 }]);
      const loan = loanThrough(w, { borrower: w.musa, principal: 5_000, guarantors: [w.ada], until: 'active' });
      // Ada was made secretary, then left the group: she reads the loan she guarantees, as a guarantor.
      w.t.db.$client.prepare("UPDATE savings_group_members SET role = 'secretary', status = 'left' WHERE group_id = ? AND user_id = ?").run(w.group.id, w.ada.id);
      w.t.clock.advance(DAY);
      expect((await ok(T, await as(w.t, w.ada), SG.loan, { id: loan })).viewerRole).toBe('guarantor');
      expect(noticesOf(w.t, w.ada.id, 'notifications.savingsGuarantorAsked')).toHaveLength(1);
    });
  });
}
