import { describe, expect, it } from 'vitest';
import { meetingQuorum } from '../../src/server/domains/meetings/quorum';
import { castVote } from '../../src/server/services/polls/ballots';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';
import { MM, meetingWorld, type MeetingWorld } from '../setup/meeting-minutes';
import { markAttendance, meetingSettings } from '../setup/meetings-seed';
import { TRANSPORTS } from '../setup/transport';

/*
 * Proxies and the votes taken during a meeting, over both transports: a member gives their vote
 * to another (at most N per holder), takes it back until the first vote opens; the quorum counts
 * the proxies their present holders bring; a holder present casts each giver's ballot once.
 */

const noticesTo = (w: MeetingWorld, userId: string, key: string) =>
  (w.t.db.$client.prepare('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND title = ?').get(userId, `${key}.title`) as { n: number }).n;
const present = (w: MeetingWorld, ...who: { id: string }[]) => {
  for (const u of who) markAttendance(w.t.db, { meetingId: w.today, userId: u.id, by: w.awa.id, now: w.now });
};

for (const T of TRANSPORTS) {
  describe(`${T.name}: proxies`, () => {
    it('a member gives their vote once, a holder carries at most the community’s number, and proxies are fixed when the first vote opens', async () => {
      const w = await meetingWorld();
      const [musa, kofi, ada, awa, ebi] = await Promise.all([as(w.t, w.musa), as(w.t, w.kofi), as(w.t, w.ada), as(w.t, w.awa), as(w.t, w.ebi)]);
      const meetingId = w.today;
      const given = await T.call(musa, MM.grantProxy, { meetingId, holderId: w.ada.id });
      expect(given.status, JSON.stringify(given.error)).toBe(T.okStatus(MM.grantProxy));
      expect(given.data.holder).toEqual({ id: w.ada.id, name: 'Ada Test' });
      expect(noticesTo(w, w.ada.id, 'meetingMinutes.notice.proxyGiven')).toBe(1);

      expectError(await T.call(kofi, MM.grantProxy, { meetingId, holderId: w.ada.id }), 409, 'errors.meetingMinutes.holderFull', { max: 1 });
      expectError(await T.call(musa, MM.grantProxy, { meetingId, holderId: w.kofi.id }), 409, 'errors.meetingMinutes.alreadyGiven');
      expectError(await T.call(kofi, MM.grantProxy, { meetingId, holderId: w.kofi.id }), 400, 'errors.meetingMinutes.selfProxy');
      expectError(await T.call(kofi, MM.grantProxy, { meetingId, holderId: w.zed.id }), 400, 'errors.meetingMinutes.holderNotMember');

      // Each sees their own; the officers see the whole list.
      expect((await T.call(musa, MM.proxies, { meetingId })).data).toMatchObject({ given: { holder: { id: w.ada.id } }, held: [], all: null, maxProxies: 1, locked: false });
      expect((await T.call(ada, MM.proxies, { meetingId })).data).toMatchObject({ given: null, held: [{ grantor: { id: w.musa.id } }], all: null });
      expect((await T.call(kofi, MM.proxies, { meetingId })).data).toMatchObject({ given: null, held: [], all: null });
      expect((await T.call(awa, MM.proxies, { meetingId })).data.all).toEqual([expect.objectContaining({ grantor: { id: w.musa.id, name: 'Musa Test' }, holder: { id: w.ada.id, name: 'Ada Test' } })]);

      // Taken back, Ada's place is free again; taking back twice finds nothing.
      expect((await T.call(musa, MM.revokeProxy, { meetingId })).status).toBe(200);
      expect(noticesTo(w, w.ada.id, 'meetingMinutes.notice.proxyRevoked')).toBe(1);
      expectError(await T.call(musa, MM.revokeProxy, { meetingId }), 404, 'errors.meetingMinutes.noProxy');
      expect((await T.call(kofi, MM.grantProxy, { meetingId, holderId: w.ada.id })).status).toBe(T.okStatus(MM.grantProxy));

      // The first vote fixes them: no new proxy, none taken back.
      const vote = await T.call(awa, MM.openVote, { meetingId, title: 'Party venue', options: ['Hall', 'Garden'] });
      expect(vote.status, JSON.stringify(vote.error)).toBe(T.okStatus(MM.openVote));
      expectError(await T.call(kofi, MM.revokeProxy, { meetingId }), 409, 'errors.meetingMinutes.proxiesLocked');
      expectError(await T.call(ebi, MM.grantProxy, { meetingId, holderId: w.musa.id }), 409, 'errors.meetingMinutes.proxiesLocked');
      expect((await T.call(ebi, MM.proxies, { meetingId })).data.locked).toBe(true);
    });

    it('two givers racing for a holder’s last place: one gets it', async () => {
      const w = await meetingWorld();
      meetingSettings(w.t.db, { communityId: w.community.id, maxProxies: 2, now: w.now });
      const [musa, kofi, ebi] = await Promise.all([as(w.t, w.musa), as(w.t, w.kofi), as(w.t, w.ebi)]);
      expect((await T.call(musa, MM.grantProxy, { meetingId: w.today, holderId: w.ada.id })).status).toBe(T.okStatus(MM.grantProxy));
      const race = await Promise.all([T.call(kofi, MM.grantProxy, { meetingId: w.today, holderId: w.ada.id }), T.call(ebi, MM.grantProxy, { meetingId: w.today, holderId: w.ada.id })]);
      expect(race.map((r) => r.status).sort()).toEqual([T.okStatus(MM.grantProxy), 409].sort());
      const live = w.t.db.$client.prepare('SELECT COUNT(*) AS n FROM meeting_proxies WHERE holder_id = ? AND revoked_at IS NULL').get(w.ada.id) as { n: number };
      expect(live.n).toBe(2);
    });

    it('the quorum counts the proxies present holders bring, once per giver, and each vote records it', async () => {
      const w = await meetingWorld();
      meetingSettings(w.t.db, { communityId: w.community.id, quorumKind: 'count', quorumValue: 5, maxProxies: 2, now: w.now });
      const [musa, kofi, awa, tabe] = await Promise.all([as(w.t, w.musa), as(w.t, w.kofi), as(w.t, w.awa), as(w.t, w.tabe)]);
      const meetingId = w.today;
      await T.call(musa, MM.grantProxy, { meetingId, holderId: w.ada.id });
      await T.call(kofi, MM.grantProxy, { meetingId, holderId: w.ebi.id });
      await T.call(tabe, MM.grantProxy, { meetingId, holderId: w.ada.id });
      present(w, w.ada, w.awa, w.ngozi);
      markAttendance(w.t.db, { meetingId, userId: w.tabe.id, status: 'absent', by: w.awa.id, now: w.now });
      // Ada brings Musa's and Tabe's; Ebi is not here, so Kofi's does not count.
      const q = () => meetingQuorum(w.t.db, { meetingId, communityId: w.community.id, now: w.t.clock.now() });
      expect(q()).toMatchObject({ kind: 'count', present: 3, proxies: 2, needed: 5, met: true });
      const first = await T.call(awa, MM.openVote, { meetingId, title: 'Dues for next year', options: ['Keep', 'Raise'], agendaItemId: w.agenda[0] });
      expect(first.data.quorum).toMatchObject({ present: 3, proxies: 2, needed: 5, quorumMet: true });
      // Musa comes after all: counted once, in person.
      present(w, w.musa);
      expect(q()).toMatchObject({ present: 4, proxies: 1, met: true });
      markAttendance(w.t.db, { meetingId, userId: w.ada.id, status: 'absent', by: w.awa.id, now: w.now });
      expect(q()).toMatchObject({ present: 3, proxies: 0, met: false });
      const second = await T.call(awa, MM.openVote, { meetingId, title: 'Party venue', options: ['Hall', 'Garden'] });
      expect(second.data.quorum).toMatchObject({ present: 3, proxies: 0, quorumMet: false });

      const votes = (await T.call(musa, MM.votes, { meetingId })).data.votes;
      expect(votes.map((v: { title: string; quorum: { met: boolean } }) => [v.title, v.quorum.met])).toEqual([
        ['Dues for next year', true],
        ['Party venue', false],
      ]);
      // The agenda item carries its vote.
      expect((w.t.db.$client.prepare('SELECT poll_id AS p FROM meeting_agenda_items WHERE id = ?').get(w.agenda[0]) as { p: number }).p).toBe(first.data.pollId);
    });

    it('a holder present casts each giver’s ballot once; refused twice, when the giver voted, and to anyone without the proxy', async () => {
      const w = await meetingWorld();
      meetingSettings(w.t.db, { communityId: w.community.id, maxProxies: 3, now: w.now });
      const [musa, kofi, ebi, ada, awa] = await Promise.all([as(w.t, w.musa), as(w.t, w.kofi), as(w.t, w.ebi), as(w.t, w.ada), as(w.t, w.awa)]);
      const meetingId = w.today;
      for (const giver of [musa, kofi, ebi]) await T.call(giver, MM.grantProxy, { meetingId, holderId: w.ada.id });
      const opened = (await T.call(awa, MM.openVote, { meetingId, title: 'Party venue', options: ['Hall', 'Garden'] })).data;
      const [hall, garden] = opened.options.map((o: { id: number }) => o.id);
      const pollId = opened.pollId;

      expectError(await T.call(ada, MM.voteAsProxy, { pollId, grantorId: w.musa.id, choices: [hall] }), 403, 'errors.meetingMinutes.holderAbsent');
      present(w, w.ada);
      const cast = await T.call(ada, MM.voteAsProxy, { pollId, grantorId: w.musa.id, choices: [hall] });
      expect(cast.status, JSON.stringify(cast.error)).toBe(T.okStatus(MM.voteAsProxy));
      expectError(await T.call(ada, MM.voteAsProxy, { pollId, grantorId: w.musa.id, choices: [garden] }), 409, 'errors.meetingMinutes.grantorVoted');
      // Kofi voted himself: his proxy has nothing left to cast.
      castVote(w.t.db, { id: pollId, userId: w.kofi.id, choices: [garden], now: w.t.clock.now() });
      expectError(await T.call(ada, MM.voteAsProxy, { pollId, grantorId: w.kofi.id, choices: [hall] }), 409, 'errors.meetingMinutes.grantorVoted');
      expectError(await T.call(awa, MM.voteAsProxy, { pollId, grantorId: w.ebi.id, choices: [hall] }), 403, 'errors.meetingMinutes.notYourProxy');
      // A giver who came votes in person.
      present(w, w.ebi);
      expectError(await T.call(ada, MM.voteAsProxy, { pollId, grantorId: w.ebi.id, choices: [hall] }), 409, 'errors.meetingMinutes.grantorPresent');
      markAttendance(w.t.db, { meetingId, userId: w.ebi.id, status: 'absent', by: w.awa.id, now: w.now });
      // The same ballot sent twice at once counts once.
      const twice = await Promise.all([T.call(ada, MM.voteAsProxy, { pollId, grantorId: w.ebi.id, choices: [hall] }), T.call(ada, MM.voteAsProxy, { pollId, grantorId: w.ebi.id, choices: [hall] })]);
      expect(twice.map((r) => r.status).sort()).toEqual([T.okStatus(MM.voteAsProxy), 409].sort());

      const voters = w.t.db.$client.prepare('SELECT user_id AS u, cast_by AS by FROM poll_voters WHERE poll_id = ? ORDER BY user_id').all(pollId) as { u: string; by: string | null }[];
      expect(Object.fromEntries(voters.map((v) => [v.u, v.by]))).toEqual({ [w.musa.id]: w.ada.id, [w.ebi.id]: w.ada.id, [w.kofi.id]: null });
      const mine = (await T.call(ada, MM.votes, { meetingId })).data.votes[0];
      expect(mine).toMatchObject({ voterCount: 3, proxyBallots: 2, counts: [{ optionId: hall, votes: 2 }, { optionId: garden, votes: 1 }] });
      expect(mine.forMyProxies.map((p: { name: string; voted: boolean }) => [p.name, p.voted])).toEqual([
        ['Musa Test', true],
        ['Kofi Test', true],
        ['Ebi Test', true],
      ]);
      void kofi;
    });

    it('refuses who may not: a plain member opens no vote; another community’s member sees no meeting', async () => {
      const w = await meetingWorld();
      const [musa, zed] = await Promise.all([as(w.t, w.musa), as(w.t, w.zed)]);
      expectError(await T.call(musa, MM.openVote, { meetingId: w.today, title: 'Mine', options: ['A', 'B'] }), 403, 'errors.denied.meetingsManage');
      expect((await T.call(zed, MM.proxies, { meetingId: w.today })).status).toBe(403);
      expectError(await T.call(musa, MM.proxies, { meetingId: 999_999 }), 404, 'errors.meetingMinutes.meetingNotFound');
      expect(w.t.db.$client.prepare('SELECT COUNT(*) AS n FROM meeting_votes').get()).toEqual({ n: 0 });
    });
  });
}
