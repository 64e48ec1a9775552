import { describe, expect, it } from 'vitest';
import { financeAudit, pollBallots, polls } from '../../db/schema';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { ballotsSha256 } from '../../src/server/services/polls/ballots';
import { runPollsJob } from '../../src/server/jobs/polls';
import { transportsFor, REST } from '../setup/transport';
import { DAY, HOUR, newPoll, P, pollWorld } from '../setup/polls';
import { fetchText, pageOf } from '../setup/events';
import { expectError } from '../setup/errors';

/*
 * Polls over both transports: create, list, read, vote, change one's vote, results, and closing
 * (by the job at the closing time, once) with the result stored and in the audit trail.
 */

for (const T of transportsFor(REST)) {
  describe(`${T.name}: polls`, () => {
    it('a single-choice poll: members are told, vote, change their vote (one ballot), see live results; the job closes it once', async () => {
      const w = await pollWorld();
      const { t, agents, users, community } = w;
      const now = t.clock.now();
      const created = await T.call(agents.host, P.create, newPoll(now, community.id));
      expect(created.status, JSON.stringify(created.raw)).toBe(T.okStatus(P.create));
      const poll = created.data;
      expect(poll).toMatchObject({ kind: 'single', status: 'open', anonymous: false, resultsVisibility: 'live', eligibility: 'all', voterCount: 0 });
      expect(poll).not.toHaveProperty('ballotKey');
      const [hall, hotel, park] = poll.options.map((o: { id: number }) => o.id);
      expect(w.notes(users.amara.id)).toContainEqual({ title: 'notifications.pollNew.title', params: { title: 'Where shall we hold the gala?', community: 'Houston Cameroonians' }, link: `/polls/${poll.id}` });
      expect(w.notes(users.host.id).filter((n) => n.title === 'notifications.pollNew.title')).toEqual([]);

      expect((await T.call(agents.amara, P.vote, { id: poll.id, choices: [hall] })).data).toMatchObject({ voted: true, changed: false, voterCount: 1 });
      expect((await T.call(agents.bih, P.vote, { id: poll.id, choices: [hotel] })).data.voterCount).toBe(2);
      // Amara changes her mind: still one ballot of hers.
      expect((await T.call(agents.amara, P.vote, { id: poll.id, choices: [park] })).data).toMatchObject({ changed: true, voterCount: 2 });
      expect(t.db.select().from(pollBallots).all()).toHaveLength(2);
      // Two choices in a single-choice poll, an unknown option, nothing: refused.
      for (const choices of [[hall, hotel], [999], []]) {
        const bad = await T.call(agents.treasurer, P.vote, { id: poll.id, choices });
        expect(bad.status).toBe(400);
      }

      const got = await T.call(agents.amara, P.get, { id: poll.id });
      expect(got.data).toMatchObject({ status: 'open', voterCount: 2, canManage: false, eligible: true, myVote: { voted: true, choices: [park] }, settingsLocked: true });
      const live = await T.call(agents.treasurer, P.results, { id: poll.id });
      expect(live.data).toMatchObject({ visible: true, status: 'open', voterCount: 2, result: { ballots: 2, counts: [{ optionId: hall, votes: 0 }, { optionId: hotel, votes: 1 }, { optionId: park, votes: 1 }], winners: [], tied: [hotel, park] }, ballotsHash: null });
      expect(live.data.votes.map((v: { name: string; choices: number[] }) => v.choices)).toEqual([[park], [hotel]]);

      const listed = pageOf(T, await T.call(agents.bih, P.list, { communityId: community.id, status: 'open' }));
      expect(listed.items.map((p: { id: number }) => p.id)).toEqual([poll.id]);
      expect(listed.items[0]).toMatchObject({ voted: true, voterCount: 2 });
      expect(pageOf(T, await T.call(agents.bih, P.list, { communityId: community.id, status: 'closed' })).items).toEqual([]);

      // The closing time passes: votes are refused at once, before the job runs; reads say closed.
      t.clock.advance(3 * DAY);
      const late = await T.call(agents.treasurer, P.vote, { id: poll.id, choices: [hall] });
      expect(late.status).toBe(409);
      expectError(late, 'CONFLICT', 'errors.polls.closed');
      expect(pageOf(T, await T.call(agents.bih, P.list, { communityId: community.id, status: 'closed' })).items).toHaveLength(1);
      t.clock.advance(HOUR);
      expect(runPollsJob({ db: t.db, now: t.clock.now })).toEqual({ closed: 1 });
      expect(runPollsJob({ db: t.db, now: t.clock.now })).toEqual({ closed: 0 });
      const row = t.db.select().from(polls).all()[0]!;
      expect(row).toMatchObject({ status: 'closed', closedAt: poll.closesAt, closedBy: null, ballotKey: null });
      expect(row.ballotsHash).toBe(ballotsSha256([[hotel], [park]]));
      const audit = t.db.select().from(financeAudit).all().filter((a) => a.action === 'poll.closed');
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.details)).toMatchObject({ ballotsSha256: row.ballotsHash, voters: 2, result: { ballots: 2 } });
      expect(verifyAuditChain(t.db)).toBeNull();
      expect(w.notes(users.bih.id).filter((n) => n.title === 'notifications.pollClosed.title')).toHaveLength(1);
      const final = await T.call(agents.bih, P.results, { id: poll.id });
      expect(final.data).toMatchObject({ status: 'closed', visible: true, ballotsHash: row.ballotsHash });
    });

    it('multiple choice up to its maximum; the CSV while open has counts but no ballots; cancelling stops everything; lists page newest first', async () => {
      const { t, agents, community } = await pollWorld();
      const now = t.clock.now();
      const poll = (await T.call(agents.host, P.create, newPoll(now, community.id, { kind: 'multiple', maxChoices: 2, options: ['Jollof', 'Ndolé', 'Fufu', 'Suya'] }))).data;
      expect(poll.maxChoices).toBe(2);
      const [a, b, c] = poll.options.map((o: { id: number }) => o.id);
      expect((await T.call(agents.amara, P.vote, { id: poll.id, choices: [a, b, c] })).status).toBe(400);
      expect((await T.call(agents.amara, P.vote, { id: poll.id, choices: [b, a] })).status).toBe(200);
      expect((await T.call(agents.bih, P.vote, { id: poll.id, choices: [a] })).status).toBe(200);
      const r = await T.call(agents.amara, P.results, { id: poll.id });
      expect(r.data.result).toMatchObject({ ballots: 2, counts: [{ optionId: a, votes: 2 }, { optionId: b, votes: 1 }, { optionId: c, votes: 0 }, { votes: 0 }], winners: [a] });
      const csv = await fetchText(t, agents.bih, `/api/polls/${poll.id}/results.csv`);
      expect(csv.text.split('\r\n').slice(0, 2)).toEqual(['section,round,option_id,option,votes', `result,,${a},Jollof,2`]);
      expect(csv.text).not.toContain('ballot,');

      // A maximum above the number of options, options for a yes/no poll: refused.
      expect((await T.call(agents.host, P.create, newPoll(now, community.id, { kind: 'multiple', maxChoices: 5 }))).status).toBe(400);
      expect((await T.call(agents.host, P.create, newPoll(now, community.id, { kind: 'yes_no' }))).status).toBe(400);

      const cancelled = await agents.host.mutate('polls.cancel', { id: poll.id, reason: 'Wrong menu' });
      expect(cancelled.data).toMatchObject({ status: 'cancelled', cancelReason: 'Wrong menu' });
      expect((await T.call(agents.bih, P.vote, { id: poll.id, choices: [b] })).status).toBe(409);
      expect((await T.call(agents.bih, P.results, { id: poll.id })).data).toMatchObject({ visible: false, status: 'cancelled' });
      expect((await fetchText(t, agents.bih, `/api/polls/${poll.id}/results.csv`)).status).toBe(409);

      for (let i = 0; i < 3; i += 1) await T.call(agents.host, P.create, newPoll(now, community.id, { title: `Poll ${i}` }));
      const first = pageOf(T, await T.call(agents.amara, P.list, { communityId: community.id, limit: 2 }));
      expect(first.items.map((x: { title: string }) => x.title)).toEqual(['Poll 2', 'Poll 1']);
      const second = pageOf(T, await T.call(agents.amara, P.list, { communityId: community.id, limit: 2, cursor: first.nextCursor }));
      expect(second.items.map((x: { title: string; status: string }) => [x.title, x.status])).toEqual([['Poll 0', 'open'], ['Where shall we hold the gala?', 'cancelled']]);
      expect(pageOf(T, await T.call(agents.amara, P.list, { communityId: community.id, status: 'cancelled' })).items).toHaveLength(1);
    });

    it('results shown only after closing stay hidden while open; a member outside the community or the community answers 404/403', async () => {
      const { t, agents, community, privateCommunity } = await pollWorld();
      const now = t.clock.now();
      const poll = (await T.call(agents.host, P.create, newPoll(now, community.id, { kind: 'yes_no', options: undefined, resultsVisibility: 'after_close' }))).data;
      expect(poll.options.map((o: { label: string }) => o.label)).toEqual(['yes', 'no', 'abstain']);
      await T.call(agents.amara, P.vote, { id: poll.id, choices: [poll.options[0].id] });
      const hidden = await T.call(agents.host, P.results, { id: poll.id });
      expect(hidden.data).toMatchObject({ visible: false, voterCount: 1, result: null, votes: null });
      // Members only create through polls.manage.
      expect((await T.call(agents.amara, P.create, newPoll(now, community.id))).status).toBe(403);
      expect((await T.call(agents.outsider, P.get, { id: poll.id })).status).toBe(403);
      const priv = (await T.call(agents.host, P.create, newPoll(now, privateCommunity.id))).data;
      expect((await T.call(agents.outsider, P.get, { id: priv.id })).status).toBe(404);
      expect((await T.call(agents.outsider, P.get, { id: 987654 })).status).toBe(404);
      // A closing time in the past or missing is refused.
      expect((await T.call(agents.host, P.create, newPoll(now, community.id, { closesAt: now - DAY }))).status).toBe(400);
      expect((await T.call(agents.host, P.create, newPoll(now, community.id, { closesAt: undefined }))).status).toBe(400);
    });
  });
}
