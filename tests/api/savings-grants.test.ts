import { describe, expect, it } from 'vitest';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';
import { noticesOf, whoHas } from '../setup/needs';
import { ok, savingsWorld, SG } from '../setup/savings';
import { TRANSPORTS } from '../setup/transport';

/*
 * A social fund grant's four eyes end with its beneficiary: two officers approve it (one proposes,
 * another confirms), and the beneficiary alone confirms receiving the money. Its notices are a
 * grant's own, not a member's savings'.
 */

for (const T of TRANSPORTS) {
  describe(`${T.name}: a social fund grant`, () => {
    it('approved by two officers, received by its beneficiary alone; told in words of a grant', async () => {
      const w = await savingsWorld();
      const agents = { ngozi: await as(w.t, w.creator), awa: await as(w.t, w.admin), tabe: await as(w.t, w.treasurer), musa: await as(w.t, w.musa), ada: await as(w.t, w.ada) };
      const { ngozi, awa, tabe, musa, ada } = agents;
      const paid = await ok(T, tabe, SG.recordMeeting, { meetingId: w.meetings[0], method: 'cash', lines: [{ userId: w.musa.id, socialFund: true }, { userId: w.ada.id, socialFund: true }] });
      for (const e of paid as { id: number }[]) await ok(T, ngozi, SG.confirm, { id: e.id });

      const grant = (await ok(T, tabe, SG.proposeGrant, { id: w.group.id, userId: w.musa.id, amount: 600, purpose: 'Hospital bill', method: 'cash' })).id as number;
      expectError(await T.call(musa, SG.confirmGrantReceipt, { id: grant }), 409, 'errors.savings.grantState');
      await ok(T, awa, SG.confirm, { id: grant });
      // Musa (French) is told his grant was approved, in a grant's words, and asked to confirm receiving it.
      // (His one "savings confirmed" is his social fund's 500.)
      expect(noticesOf(w.t, w.musa.id, 'notifications.savingsConfirmed')).toHaveLength(1);
      expect(noticesOf(w.t, w.musa.id, 'notifications.savingsGrantApproved')).toMatchObject([{ item_key: `savingsGrantReceipt:${grant}` }]);
      expect(await whoHas(T, agents, `savingsGrantReceipt:${grant}`)).toEqual(['musa']);

      // Nobody else confirms it, nor learns of it.
      for (const other of [ada, tabe, awa]) expectError(await T.call(other, SG.confirmGrantReceipt, { id: grant }), 404, 'errors.savings.entryNotFound');
      expect(await ok(T, musa, SG.confirmGrantReceipt, { id: grant })).toMatchObject({ id: grant, status: 'confirmed', receivedAt: w.t.clock.now() });
      expectError(await T.call(musa, SG.confirmGrantReceipt, { id: grant }), 409, 'errors.savings.grantState');
      expect(await whoHas(T, agents, `savingsGrantReceipt:${grant}`)).toEqual([]);
      const actions = w.t.db.$client.prepare('SELECT action FROM finance_audit WHERE subject = ? ORDER BY id').pluck().all(`savings:${w.group.id}`);
      expect(actions).toEqual(expect.arrayContaining(['savings.grantProposed', 'savings.confirmed', 'savings.grantReceived']));

      // A grant refused is told as a grant too.
      const refused = (await ok(T, tabe, SG.proposeGrant, { id: w.group.id, userId: w.ada.id, amount: 300, purpose: 'Rent', method: 'cash' })).id as number;
      await ok(T, ngozi, SG.reject, { id: refused, reason: 'Not an emergency under our rules' });
      expect(noticesOf(w.t, w.ada.id, 'notifications.savingsGrantRejected')).toHaveLength(1);
      expect(noticesOf(w.t, w.ada.id, 'notifications.savingsRejected')).toEqual([]);
      expect(noticesOf(w.t, w.musa.id, 'notifications.savingsGrantApproved')[0]!.handled_by).toBe(w.musa.id);
    });
  });
}
