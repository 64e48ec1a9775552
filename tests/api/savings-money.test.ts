import { describe, expect, it } from 'vitest';
import { groupConservation, groupProblems } from '../../src/server/domains/savings/conservation';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';
import { N, noticesOf, whoHas } from '../setup/needs';
import { conserved, fundsOf, ok, type SavingsWorld, savingsWorld, SG } from '../setup/savings';
import { TRANSPORTS } from '../setup/transport';

/*
 * A savings group's money over both transports: an officer records a meeting or a member declares
 * their own; a second officer, never the author nor the member whose money it is, confirms or
 * rejects it; a confirmed entry is corrected only by a reversing entry; the funds' cash follows in
 * the same transaction and the group's money is conserved after every step; racing confirmations
 * and reversals count once; a member reads their own statement and no one else's.
 */

async function people(w: SavingsWorld) {
  return {
    ngozi: await as(w.t, w.creator),
    awa: await as(w.t, w.admin),
    tabe: await as(w.t, w.treasurer),
    musa: await as(w.t, w.musa),
    ada: await as(w.t, w.ada),
    kofi: await as(w.t, w.kofi),
  };
}

type Entry = { id: number; memberId: string; kind: string; shares: number; amount: number; status: string; fineReason: string | null };

for (const T of TRANSPORTS) {
  describe(`${T.name}: a savings group's meeting money`, () => {
    it('an officer records a meeting; another officer confirms or rejects each entry, never its recorder; the funds follow and stay conserved', async () => {
      const w = await savingsWorld();
      const { ngozi, awa, tabe, musa } = await people(w);
      const meetingId = w.meetings[0]!;
      const recorded: Entry[] = await ok(T, tabe, SG.recordMeeting, {
        meetingId,
        method: 'cash',
        lines: [
          { userId: w.musa.id, shares: 3, socialFund: true, fines: ['late'] },
          { userId: w.ada.id, shares: 2 },
        ],
      });
      expect(recorded.map((e) => [e.memberId === w.musa.id ? 'musa' : 'ada', e.kind, e.shares, e.amount, e.status])).toEqual([
        ['musa', 'shares', 3, 3_000, 'pending'],
        ['musa', 'social_fund', 0, 500, 'pending'],
        ['musa', 'fine', 0, 200, 'pending'],
        ['ada', 'shares', 2, 2_000, 'pending'],
      ]);
      const [shares, social, fine, adaShares] = recorded as [Entry, Entry, Entry, Entry];
      expect(fundsOf(w.t, w.group.id)).toEqual({ loanFund: 0, socialFund: 0 });

      // Four eyes: the recorder never confirms; a plain member is no officer.
      expectError(await T.call(tabe, SG.confirm, { id: shares.id }), 403, 'errors.savings.ownRecord');
      expectError(await T.call(musa, SG.confirm, { id: shares.id }), 403, 'errors.savings.officersOnly');

      expect((await ok(T, ngozi, SG.confirm, { id: shares.id })).status).toBe('confirmed');
      expectError(await T.call(awa, SG.confirm, { id: shares.id }), 409, 'errors.savings.decided');
      await ok(T, awa, SG.confirm, { id: social.id });
      await ok(T, awa, SG.confirm, { id: fine.id });
      expect(fundsOf(w.t, w.group.id)).toEqual({ loanFund: 3_200, socialFund: 500 });

      const rejected = await ok(T, ngozi, SG.reject, { id: adaShares.id, reason: 'Ada paid next week instead' });
      expect(rejected).toMatchObject({ status: 'rejected', reason: 'Ada paid next week instead' });
      expect(fundsOf(w.t, w.group.id)).toEqual({ loanFund: 3_200, socialFund: 500 });
      const c = conserved(w);
      expect(c).toMatchObject({ loanIn: 3_200, socialIn: 500, moneyIn: 3_700, cashOnHand: 3_700, loansOutstanding: 0, paidOut: 0 });

      // Musa is told of each confirmation, in his language.
      expect(noticesOf(w.t, w.musa.id, 'notifications.savingsConfirmed')).toHaveLength(3);
    });

    it('a member declares their own money; an officer other than them confirms it, and nobody decides on their own money', async () => {
      const w = await savingsWorld();
      const { ngozi, awa, tabe, kofi } = await people(w);
      const meetingId = w.meetings[0]!;
      const [own] = (await ok(T, tabe, SG.declare, { meetingId, method: 'mobile_money', reference: 'MTN-7781', shares: 2 })) as Entry[];
      expect(own).toMatchObject({ memberId: w.treasurer.id, kind: 'shares', shares: 2, amount: 2_000, status: 'pending', declared: true });
      expectError(await T.call(tabe, SG.confirm, { id: own!.id }), 403, 'errors.savings.ownRecord');
      await ok(T, awa, SG.confirm, { id: own!.id });

      // Recorded for Tabe by Ngozi: Tabe is not the recorder, but it is his own money.
      const [forTabe] = (await ok(T, ngozi, SG.recordMeeting, { meetingId, method: 'cash', lines: [{ userId: w.treasurer.id, socialFund: true }] })) as Entry[];
      expectError(await T.call(tabe, SG.confirm, { id: forTabe!.id }), 403, 'errors.savings.ownMoney');
      expectError(await T.call(tabe, SG.reject, { id: forTabe!.id, reason: 'No' }), 403, 'errors.savings.ownMoney');
      await ok(T, awa, SG.confirm, { id: forTabe!.id });
      expect(fundsOf(w.t, w.group.id)).toEqual({ loanFund: 2_000, socialFund: 500 });

      // Someone of the community outside the group declares nothing.
      expectError(await T.call(kofi, SG.declare, { meetingId, method: 'cash', shares: 1 }), 403, 'errors.savings.membersOnly');
      conserved(w);
    });

    it('refuses what the cycle’s rules do not allow, a meeting still ahead, and the same money twice', async () => {
      const w = await savingsWorld();
      const { tabe, musa } = await people(w);
      const [today, nextWeek] = w.meetings as [number, number];
      expectError(await T.call(tabe, SG.recordMeeting, { meetingId: today, method: 'cash', lines: [{ userId: w.musa.id, shares: 6 }] }), 400, 'errors.savings.sharesOutOfRange', { min: 1, max: 5 });
      expectError(await T.call(musa, SG.declare, { meetingId: today, method: 'mobile_money', shares: 1 }), 400, 'validation.savings.mobileProof');
      expectError(await T.call(musa, SG.declare, { meetingId: nextWeek, method: 'cash', shares: 1 }), 409, 'errors.savings.meetingAhead');
      expectError(await T.call(tabe, SG.recordMeeting, { meetingId: today, method: 'cash', lines: [{ userId: w.kofi.id, shares: 1 }] }), 403, 'errors.savings.notAMember');
      expectError(await T.call(musa, SG.declare, { meetingId: 999_999, method: 'cash', shares: 1 }), 404, 'errors.savings.meetingNotFound');

      await ok(T, musa, SG.declare, { meetingId: today, method: 'cash', shares: 2 });
      // Musa's shares of this meeting wait already: recorded again by an officer, refused and nothing written.
      expectError(await T.call(tabe, SG.recordMeeting, { meetingId: today, method: 'cash', lines: [{ userId: w.ada.id, shares: 1 }, { userId: w.musa.id, shares: 1 }] }), 409, 'errors.savings.alreadyRecorded');
      expect(w.t.db.$client.prepare('SELECT count(*) FROM savings_entries').pluck().get()).toBe(1);
    });

    it('a confirmed entry is corrected by a reversing entry, once, never by its own member; the money stays conserved and can be recorded again', async () => {
      const w = await savingsWorld();
      const { ngozi, awa, tabe } = await people(w);
      const meetingId = w.meetings[0]!;
      const [shares] = (await ok(T, tabe, SG.recordMeeting, { meetingId, method: 'cash', lines: [{ userId: w.musa.id, shares: 4 }] })) as Entry[];
      expectError(await T.call(ngozi, SG.reverse, { id: shares!.id, reason: 'Typed 4 for 2', step: 'propose' }), 409, 'errors.savings.notReversible');
      await ok(T, ngozi, SG.confirm, { id: shares!.id });

      // The officers' ledger offers it for reversal (neither pending money nor a reversal is offered).
      expect((await ok(T, awa, SG.ledger, { id: w.group.id })).confirmed).toMatchObject([{ id: shares!.id, memberName: 'Musa Test', mayReverse: true }]);
      // Four eyes on a reversal too: Awa proposes it (nothing moves yet), never reverses it herself; Ngozi does.
      expect(await ok(T, awa, SG.reverse, { id: shares!.id, reason: 'Typed 4 for 2', step: 'propose' })).toMatchObject({ id: shares!.id, status: 'confirmed', reversalProposedBy: w.admin.id, reversalReason: 'Typed 4 for 2' });
      expect(fundsOf(w.t, w.group.id)).toEqual({ loanFund: 4_000, socialFund: 0 });
      // Proposed, it leaves the reversible list for the reversals waiting, which Ngozi may decide and Awa may not.
      const proposed = await ok(T, ngozi, SG.ledger, { id: w.group.id });
      expect(proposed.confirmed).toEqual([]);
      expect(proposed.pendingReversals).toMatchObject([{ id: shares!.id, mayDecide: true, mayWithdraw: false }]);
      expect((await ok(T, awa, SG.ledger, { id: w.group.id })).pendingReversals).toMatchObject([{ id: shares!.id, mayDecide: false, mayWithdraw: true }]);
      expectError(await T.call(awa, SG.reverse, { id: shares!.id, reason: 'Typed 4 for 2', step: 'make' }), 409, 'errors.savings.reversalProposed');
      const reversal = await ok(T, ngozi, SG.reverse, { id: shares!.id, reason: 'Agreed', step: 'make' });
      expect((await ok(T, awa, SG.ledger, { id: w.group.id })).confirmed).toEqual([]);
      expect(reversal).toMatchObject({ kind: 'shares', shares: -4, amount: -4_000, status: 'confirmed', reversesId: shares!.id, reason: 'Agreed', recordedBy: w.admin.id, confirmedBy: w.creator.id });
      expect(noticesOf(w.t, w.musa.id, 'notifications.savingsReversed')).toHaveLength(1);
      expectError(await T.call(ngozi, SG.reverse, { id: shares!.id, reason: 'Again', step: 'make' }), 409, 'errors.savings.notReversible');
      expectError(await T.call(ngozi, SG.reverse, { id: reversal.id, reason: 'Undo the undo', step: 'propose' }), 409, 'errors.savings.notReversible');
      expect(fundsOf(w.t, w.group.id)).toEqual({ loanFund: 0, socialFund: 0 });
      expect(conserved(w)).toMatchObject({ loanIn: 0, badReversals: 0 });

      // The correct amount, recorded again and confirmed.
      const [again] = (await ok(T, tabe, SG.recordMeeting, { meetingId, method: 'cash', lines: [{ userId: w.musa.id, shares: 2 }] })) as Entry[];
      await ok(T, awa, SG.confirm, { id: again!.id });
      expect(fundsOf(w.t, w.group.id)).toEqual({ loanFund: 2_000, socialFund: 0 });
      conserved(w);

      // An officer never reverses their own money.
      const [tabeOwn] = (await ok(T, ngozi, SG.recordMeeting, { meetingId, method: 'cash', lines: [{ userId: w.treasurer.id, shares: 1 }] })) as Entry[];
      await ok(T, awa, SG.confirm, { id: tabeOwn!.id });
      expectError(await T.call(tabe, SG.reverse, { id: tabeOwn!.id, reason: 'Mine', step: 'propose' }), 403, 'errors.savings.ownMoney');
      expect((await ok(T, tabe, SG.ledger, { id: w.group.id })).confirmed.map((e: { id: number; mayReverse: boolean }) => [e.id, e.mayReverse])).toEqual([
        [tabeOwn!.id, false],
        [again!.id, true],
      ]);

      // The audit chain holds every step.
      const actions = w.t.db.$client.prepare("SELECT action FROM finance_audit WHERE subject = ? ORDER BY id").pluck().all(`savings:${w.group.id}`);
      expect(actions).toEqual(expect.arrayContaining(['savings.created', 'savings.cycleOpened', 'savings.recorded', 'savings.confirmed', 'savings.reversalProposed', 'savings.reversed']));

      // A cash figure edited behind the services' back no longer adds up.
      w.t.db.$client.prepare('UPDATE savings_groups SET loan_fund_cash = loan_fund_cash + 1 WHERE id = ?').run(w.group.id);
      const broken = groupConservation(w.t.db, w.group.id);
      expect(broken.conserved).toBe(false);
      expect(groupProblems(broken)[0]).toMatch(/loan fund took in 3000/);
    });

    it('two officers confirming, rejecting or reversing at once: each entry counts once', async () => {
      const w = await savingsWorld();
      const { ngozi, awa, tabe } = await people(w);
      const meetingId = w.meetings[0]!;
      const [a, b] = (await ok(T, tabe, SG.recordMeeting, { meetingId, method: 'cash', lines: [{ userId: w.musa.id, shares: 5, socialFund: true }] })) as Entry[];
      const both = await Promise.all([T.call(ngozi, SG.confirm, { id: a!.id }), T.call(awa, SG.confirm, { id: a!.id })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const mixed = await Promise.all([T.call(ngozi, SG.confirm, { id: b!.id }), T.call(awa, SG.reject, { id: b!.id, reason: 'Not seen' })]);
      expect(mixed.map((r) => r.status).sort()).toEqual([200, 409]);
      // Tabe proposes the reversal; the two other officers reversing it at once: one reversal.
      await ok(T, tabe, SG.reverse, { id: a!.id, reason: 'Twice', step: 'propose' });
      const reversals = await Promise.all([T.call(ngozi, SG.reverse, { id: a!.id, reason: 'Twice', step: 'make' }), T.call(awa, SG.reverse, { id: a!.id, reason: 'Twice', step: 'make' })]);
      expect(reversals.map((r) => r.status).sort()).toEqual([T.okStatus(SG.reverse), 409].sort());
      expect(w.t.db.$client.prepare('SELECT count(*) FROM savings_entries WHERE reverses_id = ?').pluck().get(a!.id)).toBe(1);
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(0);
      conserved(w);
    });

    it('a member reads their own statement and no one else’s; the officers read every member’s totals', async () => {
      const w = await savingsWorld();
      const { ngozi, awa, tabe, musa, ada, kofi } = await people(w);
      const meetingId = w.meetings[0]!;
      const entries = (await ok(T, tabe, SG.recordMeeting, {
        meetingId,
        method: 'cash',
        lines: [
          { userId: w.musa.id, shares: 3, socialFund: true, fines: ['absent'] },
          { userId: w.ada.id, shares: 1 },
        ],
      })) as Entry[];
      for (const e of entries.slice(0, 3)) await ok(T, ngozi, SG.confirm, { id: e.id });

      const mine = await ok(T, musa, SG.statement, { id: w.group.id });
      expect(mine.totals).toEqual({ shares: 3, savings: 3_000, socialFund: 500, fines: 500, grants: 0, pending: 0, pendingCount: 0 });
      expect(mine.borrowingLimit).toBe(9_000);
      expect(new Set(mine.entries.map((e: Entry) => e.memberId))).toEqual(new Set([w.musa.id]));

      const adas = await ok(T, ada, SG.statement, { id: w.group.id });
      expect(adas.totals).toMatchObject({ shares: 0, savings: 0, pending: 1_000, pendingCount: 1 });
      expect(JSON.stringify(adas)).not.toContain(w.musa.id);

      expectError(await T.call(musa, SG.ledger, { id: w.group.id }), 403, 'errors.savings.officersOnly');
      expectError(await T.call(kofi, SG.statement, { id: w.group.id }), 403, 'errors.savings.membersOnly');
      // The group's page names members, never their money, to anyone.
      const page = await ok(T, kofi, SG.group, { id: w.group.id });
      expect(page.funds).toBeNull();
      expect(JSON.stringify(page)).not.toContain('3000');

      const ledger = await ok(T, awa, SG.ledger, { id: w.group.id, verify: true });
      expect(ledger.members.find((m: { userId: string }) => m.userId === w.musa.id)).toMatchObject({ shares: 3, savings: 3_000, socialFund: 500, fines: 500 });
      expect(ledger.pending).toMatchObject([{ memberId: w.ada.id, amount: 1_000, memberName: 'Ada Test', mayDecide: true }]);
      expect(ledger).toMatchObject({ funds: { loanFund: 3_500, socialFund: 500 }, conserved: true });
      // The recorder sees the entry they may not decide; without `verify` the whole check is not run.
      const plain = await ok(T, tabe, SG.ledger, { id: w.group.id });
      expect(plain.pending[0].mayDecide).toBe(false);
      expect(plain.conserved).toBeNull();
    });

    it('money waiting for a second officer is in "Needs you" for exactly the officers who may decide it, and leaves once decided', async () => {
      const w = await savingsWorld();
      const agents = await people(w);
      const { ngozi, tabe, musa } = agents;
      const meetingId = w.meetings[0]!;
      const [declared] = (await ok(T, musa, SG.declare, { meetingId, method: 'cash', shares: 1 })) as Entry[];
      expect(await whoHas(T, agents, `savingsEntry:${declared!.id}`)).toEqual(['awa', 'ngozi', 'tabe']);
      expect(noticesOf(w.t, w.treasurer.id, 'notifications.savingsDeclared')).toMatchObject([{ item_key: `savingsEntry:${declared!.id}`, handled_at: null }]);

      const [recorded] = (await ok(T, tabe, SG.recordMeeting, { meetingId, method: 'cash', lines: [{ userId: w.creator.id, shares: 1 }] })) as Entry[];
      // Neither Tabe (who recorded it) nor Ngozi (whose money it is).
      expect(await whoHas(T, agents, `savingsEntry:${recorded!.id}`)).toEqual(['awa']);

      const item = T.page(await T.call(ngozi, N.list, { limit: 100 })).items.find((i: { key: string }) => i.key === `savingsEntry:${declared!.id}`);
      expect(item).toMatchObject({ kind: 'savingsEntry', tab: 'savings-groups', who: 'Musa Test', amount: { amount: 1_000, currency: 'XAF' }, subject: 'Table banking', details: { member: 'Musa Test', meeting: 1 }, link: `/savings/${w.group.id}` });

      await ok(T, tabe, SG.confirm, { id: declared!.id });
      expect(await whoHas(T, agents, `savingsEntry:${declared!.id}`)).toEqual([]);
      expect(noticesOf(w.t, w.treasurer.id, 'notifications.savingsDeclared')[0]!.handled_by).toBe(w.treasurer.id);
      expectError(await T.call(ngozi, SG.confirm, { id: recorded!.id }), 403, 'errors.savings.ownMoney');
    });

    it('a grant from the social fund: an officer proposes, a second officer (not the beneficiary) approves; it never takes more than the fund holds', async () => {
      const w = await savingsWorld();
      const { ngozi, awa, tabe, musa, ada } = await people(w);
      const meetingId = w.meetings[0]!;
      const paid = (await ok(T, tabe, SG.recordMeeting, { meetingId, method: 'cash', lines: [{ userId: w.musa.id, socialFund: true }, { userId: w.ada.id, socialFund: true }] })) as Entry[];
      for (const e of paid) await ok(T, ngozi, SG.confirm, { id: e.id });
      expect(fundsOf(w.t, w.group.id)).toEqual({ loanFund: 0, socialFund: 1_000 });

      expectError(await T.call(musa, SG.proposeGrant, { id: w.group.id, userId: w.ada.id, amount: 600, purpose: 'Hospital bill', method: 'cash' }), 403, 'errors.savings.officersOnly');
      expectError(await T.call(tabe, SG.proposeGrant, { id: w.group.id, userId: w.treasurer.id, amount: 600, purpose: 'My own bill', method: 'cash' }), 403, 'errors.savings.ownMoney');
      expectError(await T.call(tabe, SG.proposeGrant, { id: w.group.id, userId: w.ada.id, amount: 1_001, purpose: 'Hospital bill', method: 'cash' }), 409, 'errors.savings.cashShort');
      const grant = await ok(T, tabe, SG.proposeGrant, { id: w.group.id, userId: w.ada.id, amount: 600, purpose: 'Hospital bill', method: 'mobile_money', reference: 'OM-55' });
      expect(grant).toMatchObject({ kind: 'grant', amount: 600, purpose: 'Hospital bill', status: 'pending', memberId: w.ada.id });
      expectError(await T.call(tabe, SG.confirm, { id: grant.id }), 403, 'errors.savings.ownRecord');
      await ok(T, awa, SG.confirm, { id: grant.id });
      expect(fundsOf(w.t, w.group.id)).toEqual({ loanFund: 0, socialFund: 400 });
      expect(conserved(w)).toMatchObject({ socialIn: 1_000, grants: 600, paidOut: 600, cashOnHand: 400 });
      // A second grant proposed while the first waited cannot take what is no longer there.
      const second = await ok(T, tabe, SG.proposeGrant, { id: w.group.id, userId: w.musa.id, amount: 400, purpose: 'Funeral', method: 'cash' });
      const third = await ok(T, awa, SG.proposeGrant, { id: w.group.id, userId: w.ada.id, amount: 300, purpose: 'Rent', method: 'cash' });
      await ok(T, ngozi, SG.confirm, { id: second.id });
      expectError(await T.call(ngozi, SG.confirm, { id: third.id }), 409, 'errors.savings.cashShort');
      conserved(w);
      // Ada reads her grant; Musa reads only his own.
      expect((await ok(T, ada, SG.statement, { id: w.group.id })).totals.grants).toBe(600);
      expect(JSON.stringify(await ok(T, musa, SG.statement, { id: w.group.id }))).not.toContain('Hospital bill');
    });
  });
}
