import { describe, expect, it } from 'vitest';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';
import { noticesOf, whoHas } from '../setup/needs';
import { conserved, fundsOf, loanThrough, ok, savedShares, type SavingsWorld, savingsWorld, SG } from '../setup/savings';
import { TRANSPORTS } from '../setup/transport';

/*
 * Reversing a confirmed entry moves money, so it takes two officers: one proposes, a second (neither
 * the proposer nor the member whose money it is) reverses; and a member's shares that loans hold
 * (their own loan's backing, their guarantees) are never reversed from under those loans.
 */

const entryOf = (w: SavingsWorld, memberId: string) => w.t.db.$client.prepare("SELECT id FROM savings_entries WHERE member_id = ? AND kind = 'shares' AND status = 'confirmed'").pluck().get(memberId) as number;

for (const T of TRANSPORTS) {
  describe(`${T.name}: reversing a savings entry`, () => {
    it('no officer reverses alone: the first proposes, a second reverses; Needs you asks exactly the others', async () => {
      const w = await savingsWorld();
      const agents = { ngozi: await as(w.t, w.creator), awa: await as(w.t, w.admin), tabe: await as(w.t, w.treasurer), musa: await as(w.t, w.musa), ada: await as(w.t, w.ada) };
      const { ngozi, awa, tabe, musa } = agents;
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 3 }]);
      const entry = entryOf(w, w.musa.id);

      expectError(await T.call(musa, SG.reverse, { id: entry, reason: 'Mine', step: 'propose' }), 403, 'errors.savings.officersOnly');
      expect(await ok(T, tabe, SG.reverse, { id: entry, reason: 'Recorded for the wrong member', step: 'propose' })).toMatchObject({ id: entry, status: 'confirmed', reversalProposedBy: w.treasurer.id });
      // Proposed, nothing moved: the money still counts.
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(3_000);
      expect(await whoHas(T, agents, `savingsReversal:${entry}`)).toEqual(['awa', 'ngozi']);
      expect(noticesOf(w.t, w.admin.id, 'notifications.savingsReversalProposed')).toMatchObject([{ item_key: `savingsReversal:${entry}` }]);
      expectError(await T.call(tabe, SG.reverse, { id: entry, reason: 'Still wrong', step: 'make' }), 409, 'errors.savings.reversalProposed');

      const reversal = await ok(T, awa, SG.reverse, { id: entry, reason: 'Checked the sheet', step: 'make' });
      expect(reversal).toMatchObject({ reversesId: entry, amount: -3_000, recordedBy: w.treasurer.id, confirmedBy: w.admin.id });
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(0);
      expect(await whoHas(T, agents, `savingsReversal:${entry}`)).toEqual([]);
      expectError(await T.call(ngozi, SG.reverse, { id: entry, reason: 'Again', step: 'make' }), 409, 'errors.savings.notReversible');
      // Musa is told once, with the proposer's reason.
      expect(noticesOf(w.t, w.musa.id, 'notifications.savingsReversed')).toHaveLength(1);
      conserved(w);
    });

    it('the caller names its step: proposing while a proposal waits or making one when none waits is 409, and nothing moves', async () => {
      const w = await savingsWorld();
      const ngozi = await as(w.t, w.creator);
      const awa = await as(w.t, w.admin);
      const tabe = await as(w.t, w.treasurer);
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 3 }]);
      const entry = entryOf(w, w.musa.id);
      const proposal = () => w.t.db.$client.prepare('SELECT status, reversal_proposed_by AS by, reversal_reason AS reason FROM savings_entries WHERE id = ?').get(entry);

      expectError(await T.call(awa, SG.reverse, { id: entry, reason: 'Wrong member' }), 400, 'validation.savings.reverseStep');
      expectError(await T.call(awa, SG.reverse, { id: entry, reason: 'Wrong member', step: 'make' }), 409, 'errors.savings.noReversal');
      expect(proposal()).toEqual({ status: 'confirmed', by: null, reason: null });
      await ok(T, tabe, SG.reverse, { id: entry, reason: 'Recorded for the wrong member', step: 'propose' });
      // Awa's screen still offers "propose": her click does not make Tabe's reversal unseen.
      expectError(await T.call(awa, SG.reverse, { id: entry, reason: 'Wrong member', step: 'propose' }), 409, 'errors.savings.reversalWaiting');
      expect(proposal()).toEqual({ status: 'confirmed', by: w.treasurer.id, reason: 'Recorded for the wrong member' });
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(3_000);
      expect(w.t.db.$client.prepare('SELECT count(*) FROM savings_entries WHERE reverses_id = ?').pluck().get(entry)).toBe(0);
      // Made on purpose, by a second officer who read the reason.
      expect(await ok(T, ngozi, SG.reverse, { id: entry, reason: 'Checked the sheet', step: 'make' })).toMatchObject({ reversesId: entry, amount: -3_000 });
      conserved(w);
    });

    it('a reversal proposed and not made is withdrawn by its proposer or declined by another officer; the entry keeps counting', async () => {
      const w = await savingsWorld();
      const agents = { ngozi: await as(w.t, w.creator), awa: await as(w.t, w.admin), tabe: await as(w.t, w.treasurer), musa: await as(w.t, w.musa) };
      const { ngozi, awa, tabe, musa } = agents;
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 3 }]);
      const entry = entryOf(w, w.musa.id);
      await ok(T, tabe, SG.reverse, { id: entry, reason: 'Wrong member', step: 'propose' });
      expect((await ok(T, ngozi, SG.ledger, { id: w.group.id })).pendingReversals).toMatchObject([{ id: entry, reversalReason: 'Wrong member', memberName: 'Musa Test', mayDecide: true }]);
      expect((await ok(T, tabe, SG.ledger, { id: w.group.id })).pendingReversals).toMatchObject([{ id: entry, mayDecide: false }]);
      expect(await ok(T, tabe, SG.declineReversal, { id: entry, reason: 'My mistake: it was right' })).toMatchObject({ id: entry, status: 'confirmed', reversalProposedBy: null });
      expectError(await T.call(tabe, SG.declineReversal, { id: entry, reason: 'Again' }), 409, 'errors.savings.noReversal');

      await ok(T, tabe, SG.reverse, { id: entry, reason: 'Wrong member after all', step: 'propose' });
      expectError(await T.call(musa, SG.declineReversal, { id: entry, reason: 'It is mine' }), 403, 'errors.savings.officersOnly');
      await ok(T, awa, SG.declineReversal, { id: entry, reason: 'The sheet says Musa' });
      expect(await whoHas(T, agents, `savingsReversal:${entry}`)).toEqual([]);
      expect((await ok(T, ngozi, SG.ledger, { id: w.group.id })).pendingReversals).toEqual([]);
      // Nothing moved, and a later proposal starts again with two officers.
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(3_000);
      expect(w.t.db.$client.prepare("SELECT count(*) FROM finance_audit WHERE action = 'savings.reversalDeclined'").pluck().get()).toBe(2);
      conserved(w);
    });

    it('shares that stand behind a loan are not reversed below what it holds (409), as the borrower’s own or a guarantor’s', async () => {
      const w = await savingsWorld();
      const { ngozi, tabe } = { ngozi: await as(w.t, w.creator), tabe: await as(w.t, w.treasurer) };
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 5 }, { user: w.ada, shares: 5 }]);
      // 9,000 on 5,000 of Musa's own: his savings back 5,000, Ada's hold 4,000.
      loanThrough(w, { borrower: w.musa, principal: 9_000, guarantors: [w.ada], until: 'active' });
      for (const who of [w.musa, w.ada]) {
        const entry = entryOf(w, who.id);
        expectError(await T.call(tabe, SG.reverse, { id: entry, reason: 'Typed 5 for 4', step: 'propose' }), 409, 'errors.savings.sharesHeld');
        expectError(await T.call(ngozi, SG.reverse, { id: entry, reason: 'Typed 5 for 4', step: 'propose' }), 409, 'errors.savings.sharesHeld');
      }
      expect(w.t.db.$client.prepare('SELECT count(*) FROM savings_entries WHERE reverses_id IS NOT NULL OR reversal_proposed_by IS NOT NULL').pluck().get()).toBe(0);
    });

    it('a hold taken after the proposal still stops the reversal', async () => {
      const w = await savingsWorld();
      const { tabe, awa } = { tabe: await as(w.t, w.treasurer), awa: await as(w.t, w.admin) };
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 5 }]);
      const entry = entryOf(w, w.musa.id);
      await ok(T, tabe, SG.reverse, { id: entry, reason: 'Typed 5 for 4', step: 'propose' });
      loanThrough(w, { borrower: w.musa, principal: 5_000, until: 'approved' });
      expectError(await T.call(awa, SG.reverse, { id: entry, reason: 'Agreed', step: 'make' }), 409, 'errors.savings.sharesHeld');
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(5_000);
    });
  });
}
