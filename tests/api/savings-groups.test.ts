import { describe, expect, it } from 'vitest';
import { openCycle } from '../../src/server/domains/savings/cycles';
import { cycleEnd, meetingDates } from '../../src/server/domains/savings/cycles';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';
import { savingsWorld, SG, VSLA } from '../setup/savings';
import { TRANSPORTS } from '../setup/transport';

/*
 * Savings-and-loans groups themselves, over both transports: the community's leaders start them
 * (in the books' currency) and name their officers; members of the community ask to join and an
 * officer decides; a cycle copies the group's rules when it opens, so a change of rules waits for
 * the next cycle; one cycle is open at a time, with its meetings in the group's calendar.
 */

for (const T of TRANSPORTS) {
  describe(`${T.name}: savings-and-loans groups`, () => {
    it('the leaders start a group in the books’ currency; nobody else does; names are unique in a community', async () => {
      const w = await savingsWorld();
      const ngozi = await as(w.t, w.creator);
      const tabe = await as(w.t, w.treasurer);
      const communityId = w.community.id;
      const made = await T.call(ngozi, SG.createGroup, { communityId, name: 'Women’s VSLA', timeZone: 'America/Chicago', rules: { ...VSLA, loanTerms: [6, 3, 6] } });
      expect(made.status, JSON.stringify(made.error)).toBe(T.okStatus(SG.createGroup));
      expect(made.data).toMatchObject({ name: 'Women’s VSLA', currency: 'XAF', timeZone: 'America/Chicago', status: 'active', rules: { sharePrice: 1_000, loanTerms: [3, 6] } });
      expect(made.data).not.toHaveProperty('loanFundCash');

      expectError(await T.call(tabe, SG.createGroup, { communityId, name: 'Treasurer’s own', timeZone: 'Africa/Douala', rules: VSLA }), 403, 'errors.denied.savings');
      expectError(await T.call(ngozi, SG.createGroup, { communityId, name: 'women’s vsla', timeZone: 'Africa/Douala', rules: VSLA }), 409, 'errors.savings.nameTaken');
      expectError(await T.call(ngozi, SG.createGroup, { communityId, name: 'Backwards', timeZone: 'Africa/Douala', rules: { ...VSLA, minShares: 4, maxShares: 2 } }), 400, 'validation.savings.maxBelowMin');

      const list = await T.call(tabe, SG.groups, { communityId });
      expect(list.data.map((g: { name: string; myRole: string | null; members: number }) => [g.name, g.myRole, g.members])).toEqual([
        ['Women’s VSLA', null, 1],
        ['Table banking', 'treasurer', 5],
      ]);
    });

    it('a member of the community asks to join and an officer decides, once; officers add members of the community only', async () => {
      const w = await savingsWorld();
      const kofi = await as(w.t, w.kofi);
      const musa = await as(w.t, w.musa);
      const awa = await as(w.t, w.admin);
      const tabe = await as(w.t, w.treasurer);
      const id = w.group.id;
      expect((await T.call(kofi, SG.join, { id })).data).toEqual({ status: 'pending' });
      expectError(await T.call(kofi, SG.join, { id }), 409, 'errors.savings.alreadyAsked');
      expectError(await T.call(musa, SG.join, { id }), 409, 'errors.savings.alreadyMember');
      expectError(await T.call(musa, SG.decideJoin, { id, userId: w.kofi.id, approve: true }), 403, 'errors.savings.officersOnly');
      // The officers see the request; plain members see active members only.
      expect((await T.call(awa, SG.group, { id })).data.members.find((m: { userId: string }) => m.userId === w.kofi.id)).toMatchObject({ status: 'pending' });
      expect((await T.call(musa, SG.group, { id })).data.members.find((m: { userId: string }) => m.userId === w.kofi.id)).toBeUndefined();

      const both = await Promise.all([T.call(awa, SG.decideJoin, { id, userId: w.kofi.id, approve: true }), T.call(tabe, SG.decideJoin, { id, userId: w.kofi.id, approve: false })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
      expectError(await T.call(awa, SG.addMember, { id, userId: w.kofi.id }), 409, 'errors.savings.alreadyMember');
      // Someone outside the community is never added.
      expectError(await T.call(awa, SG.addMember, { id, userId: 'no-such-person' }), 400, 'errors.savings.notInCommunity');
    });

    it('the leaders name the officers, one holder an office; a member who is not an officer keeps their plain role', async () => {
      const w = await savingsWorld();
      const ngozi = await as(w.t, w.creator);
      const tabe = await as(w.t, w.treasurer);
      const id = w.group.id;
      expectError(await T.call(tabe, SG.setRole, { id, userId: w.musa.id, role: 'treasurer' }), 403, 'errors.denied.savings');
      expect((await T.call(ngozi, SG.setRole, { id, userId: w.musa.id, role: 'treasurer' })).data).toEqual({ userId: w.musa.id, role: 'treasurer' });
      const roles = Object.fromEntries((await T.call(ngozi, SG.group, { id })).data.members.map((m: { firstName: string; role: string }) => [m.firstName, m.role]));
      expect(roles).toEqual({ Ada: 'member', Awa: 'secretary', Musa: 'treasurer', Ngozi: 'chair', Tabe: 'member' });
      // Tabe is no longer an officer: he records nothing.
      expectError(await T.call(tabe, SG.recordMeeting, { meetingId: w.meetings[0], method: 'cash', lines: [{ userId: w.ada.id, shares: 1 }] }), 403, 'errors.savings.officersOnly');
      expectError(await T.call(ngozi, SG.setRole, { id, userId: w.kofi.id, role: 'secretary' }), 403, 'errors.savings.notAMember');
    });

    it('a cycle copies the group’s rules when it opens: a change of rules waits for the next cycle; one cycle is open at a time', async () => {
      const w = await savingsWorld();
      const ngozi = await as(w.t, w.creator);
      const musa = await as(w.t, w.musa);
      const awa = await as(w.t, w.admin);
      const id = w.group.id;
      expect(w.cycle).toMatchObject({ number: 1, startDate: '2026-03-02', endDate: '2027-03-01', status: 'open', meetings: 53 });

      expectError(await T.call(musa, SG.changeRules, { id, rules: { ...VSLA, sharePrice: 2_000 } }), 403, 'errors.savings.officersOnly');
      const changed = await T.call(ngozi, SG.changeRules, { id, rules: { ...VSLA, sharePrice: 2_000, frequency: 'monthly' } });
      expect(changed.data.rules).toMatchObject({ sharePrice: 2_000, frequency: 'monthly' });
      const page = (await T.call(musa, SG.group, { id })).data;
      expect(page.rules.sharePrice).toBe(2_000);
      expect(page.cycle.rules.sharePrice).toBe(1_000);
      // The open cycle's shares still cost what they cost when it opened.
      const [entry] = (await T.call(awa, SG.recordMeeting, { meetingId: w.meetings[0], method: 'cash', lines: [{ userId: w.musa.id, shares: 2 }] })).data;
      expect(entry.amount).toBe(2_000);

      expectError(await T.call(ngozi, SG.openCycle, { id, startDate: '2027-03-02' }), 409, 'errors.savings.cycleOpen');
      expectError(await T.call(musa, SG.openCycle, { id, startDate: '2027-03-02' }), 403, 'errors.savings.officersOnly');
      // Once closed, the next opens with the new rules.
      w.t.db.$client.prepare("UPDATE savings_cycles SET status = 'closed' WHERE group_id = ?").run(id);
      expectError(await T.call(ngozi, SG.openCycle, { id, startDate: '2026-03-01' }), 400, 'errors.savings.startInPast');
      expectError(await T.call(ngozi, SG.openCycle, { id, startDate: '9990-01-01' }), 400, 'validation.savings.startDate');
      const next = await T.call(ngozi, SG.openCycle, { id, startDate: '2027-03-02' });
      expect(next.status, JSON.stringify(next.error)).toBe(T.okStatus(SG.openCycle));
      expect(next.data).toMatchObject({ number: 2, endDate: '2028-03-01', meetings: 12, rules: { sharePrice: 2_000, frequency: 'monthly' } });
    });
  });
}

describe('savings cycles: dates in the group’s calendar', () => {
  it('ends the day before the same date months later, clamped in short months', () => {
    expect(cycleEnd('2026-01-31', 1)).toBe('2026-02-27');
    expect(cycleEnd('2026-03-02', 12)).toBe('2027-03-01');
  });
  it('meets at the frequency from the start up to the last day', () => {
    expect(meetingDates('2026-03-02', '2026-03-31', 'weekly')).toEqual(['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
    expect(meetingDates('2026-03-02', '2026-03-31', 'fortnightly')).toEqual(['2026-03-02', '2026-03-16', '2026-03-30']);
    expect(meetingDates('2026-01-31', '2026-04-30', 'monthly')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });
  it('a second opening while a cycle is open is refused, whoever asks (the partial unique index says so too)', async () => {
    const w = await savingsWorld();
    w.t.db.$client.prepare("UPDATE savings_cycles SET status = 'closed' WHERE group_id = ?").run(w.group.id);
    const open = (actorId: string) => () => openCycle(w.t.db, { communityId: w.community.id, groupId: w.group.id, actorId, startDate: '2027-03-02', now: w.now });
    expect(open(w.creator.id)()).toMatchObject({ number: 2 });
    expect(open(w.admin.id)).toThrow('errors.savings.cycleOpen');
  });
});
