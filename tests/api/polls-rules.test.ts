import { and, eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { createPollInput } from '../../src/shared/schemas/polls';
import { castVote, closePollByHand } from '../../src/server/services/polls/ballots';
import { createPoll } from '../../src/server/services/polls/polls';
import { addMember, makeCommunity, makeUser } from '../factories';
import { memberships, pollBallots, pollOptions, polls, pollVoters } from '../../db/schema';
import { deleteAccount } from '../../src/server/services/account/delete';
import { listAccounts, saveFinanceSettings } from '../../src/server/services/finances/books';
import { createDuesPlan } from '../../src/server/services/finances/dues';
import { confirmPayment, recordCashPayment } from '../../src/server/services/finances/payments';
import { fetchText } from '../setup/events';
import { transportsFor, REST } from '../setup/transport';
import { DAY, newPoll, P, pollWorld, type PollWorld } from '../setup/polls';
import { expectError, textOf } from '../setup/errors';

/*
 * Who may vote (standing, joining date), anonymity (no response or export links a ballot to a
 * voter), elections (nominations, opening, seats) and closed polls (nothing changes: 409).
 */

const joinedOn = (w: PollWorld, userId: string, at: number) =>
  w.t.db.update(memberships).set({ joinedAt: at }).where(and(eq(memberships.communityId, w.community.id), eq(memberships.userId, userId))).run();

for (const T of transportsFor(REST)) {
  describe(`${T.name}: who may vote`, () => {
    it('good_standing: a member in arrears past the grace days is refused with the amount and the way back; paid up, they vote', async () => {
      const w = await pollWorld();
      const { t, agents, users, community } = w;
      const now = t.clock.now();
      // 'dues_paid', the name before standing, is still accepted and read as 'good_standing'.
      const poll = (await T.call(agents.host, P.create, newPoll(now, community.id, { eligibility: 'dues_paid', closesAt: now + 20 * DAY }))).data;
      expect(poll.eligibility).toBe('good_standing');
      const choice = { id: poll.id, choices: [poll.options[0].id] };
      // No dues plan in the community: nobody owes anything, everyone may vote.
      expect((await T.call(agents.treasurer, P.vote, choice)).status).toBe(200);

      saveFinanceSettings(t.db, { communityId: community.id, actorId: users.host.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now });
      createDuesPlan(t.db, { communityId: community.id, actorId: users.host.id, plan: { name: 'Monthly dues', amount: 2000, period: 'monthly', dueDay: 1, graceDays: 5, startsOn: '2026-03-01' }, now });
      const account = listAccounts(t.db, community.id)[0]!.id;
      const cash = recordCashPayment(t.db, { communityId: community.id, memberId: users.amara.id, details: { amount: 2000, purpose: 'dues', method: 'cash' }, accountId: account, actorId: users.host.id, now });
      // Recorded cash counts once another officer has confirmed it.
      confirmPayment(t.db, { communityId: community.id, paymentId: cash.id, accountId: account, actorId: users.treasurer.id, now });
      // Within the grace days Bih is still in good standing.
      expect((await T.call(agents.bih, P.get, { id: poll.id })).data).toMatchObject({ eligible: true, refusal: null });

      t.clock.advance(6 * DAY);
      expect((await T.call(agents.amara, P.vote, choice)).status).toBe(200);
      const bih = await T.call(agents.bih, P.vote, choice);
      expect(bih.status).toBe(403);
      expectError(bih, 'FORBIDDEN', 'standing.refusals.inArrears', { amount: 'FCFA\u00a02,000', action: textOf('standing.actions.vote') });
      const fr = await T.call(agents.bih, P.vote, choice, { 'accept-language': 'fr' });
      expect(fr.error?.message).toBe('Réglez 2\u202f000\u00a0FCFA d’arriérés pour voter.');
      const seen = await T.call(agents.bih, P.get, { id: poll.id });
      expect(seen.data).toMatchObject({ eligible: false, ineligibleReason: 'standing.refusals.inArrears', refusal: { reason: 'inArrears', amount: 2000 }, refusalFrame: { currency: 'XAF' } });
      expect(t.db.select().from(pollVoters).all().map((v) => v.userId).sort()).toEqual([users.amara.id, users.treasurer.id].sort());
    });

    it('joined_before: a member who joined on or after the date is refused, naming it', async () => {
      const w = await pollWorld();
      const { t, agents, users, community } = w;
      const now = t.clock.now();
      const cutoff = Date.parse('2026-02-01T00:00:00Z');
      for (const u of [users.host, users.admin, users.treasurer, users.amara]) joinedOn(w, u.id, cutoff - DAY);
      joinedOn(w, users.bih.id, cutoff);
      const poll = (await T.call(agents.host, P.create, newPoll(now, community.id, { eligibility: 'joined_before', joinedBefore: cutoff }))).data;
      expect((await T.call(agents.amara, P.vote, { id: poll.id, choices: [poll.options[1].id] })).status).toBe(200);
      const late = await T.call(agents.bih, P.vote, { id: poll.id, choices: [poll.options[1].id] }, { 'accept-language': 'en' });
      expect(late.status).toBe(403);
      expectError(late, 'FORBIDDEN', 'errors.polls.joinedTooLate', { date: '2026-02-01' });
      // Without the date the setting is refused.
      expect((await T.call(agents.host, P.create, newPoll(now, community.id, { eligibility: 'joined_before' }))).status).toBe(400);
    });
  });

  describe(`${T.name}: anonymous polls`, () => {
    it('no response or export links a ballot to its voter; changing one’s vote keeps one ballot; closing erases the keys', async () => {
      const w = await pollWorld();
      const { t, agents, users, community } = w;
      const now = t.clock.now();
      const poll = (await T.call(agents.host, P.create, newPoll(now, community.id, { kind: 'ranked', anonymous: true }))).data;
      const [a, b, c] = poll.options.map((o: { id: number }) => o.id);
      await T.call(agents.amara, P.vote, { id: poll.id, choices: [a, b] });
      await T.call(agents.bih, P.vote, { id: poll.id, choices: [c] });
      // Amara changes her vote: still one ballot each.
      expect((await T.call(agents.amara, P.vote, { id: poll.id, choices: [b, a, c] })).data).toMatchObject({ changed: true, voterCount: 2 });
      const stored = t.db.select().from(pollBallots).all();
      expect(stored).toHaveLength(2);
      const ids = Object.values(users).map((u) => u.id);
      for (const s of stored) expect(ids).not.toContain(s.voterKey);
      expect(t.db.select().from(pollVoters).all().map((v) => v.votedAt)).toEqual([null, null]);

      // Every read a member has: none carries a user id beside choices, or a choice beside a name.
      const got = await T.call(agents.amara, P.get, { id: poll.id });
      expect(got.data.myVote).toEqual({ voted: true, choices: null });
      expect(got.data).not.toHaveProperty('ballotKey');
      // An anonymous poll's results wait for the close, whatever was asked (see the attack below).
      const results = await T.call(agents.bih, P.results, { id: poll.id });
      expect(results.data).toMatchObject({ visible: false, result: null, votes: null, voterCount: 2 });
      for (const id of ids) expect(JSON.stringify(results.data)).not.toContain(id);
      const voters = await agents.bih.query('polls.voters', { id: poll.id });
      expect(voters.data.voters.map((v: { name: string; votedAt: unknown }) => [v.name, v.votedAt])).toEqual([
        [`${users.amara.firstName} ${users.amara.lastName}`, null],
        [`${users.bih.firstName} ${users.bih.lastName}`, null],
      ]);
      expect(JSON.stringify(voters.data)).not.toMatch(/choices|ballot/);

      await agents.host.mutate('polls.close', { id: poll.id });
      const row = t.db.select().from(polls).all()[0]!;
      expect(row.ballotKey).toBeNull();
      expect(t.db.select().from(pollBallots).all().map((s) => s.voterKey)).toEqual([null, null]);
      const csv = await fetchText(t, agents.bih, `/api/polls/${poll.id}/results.csv`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      for (const id of ids) expect(csv.text).not.toContain(id);
      for (const u of Object.values(users)) expect(csv.text).not.toContain(u.lastName);
      expect(csv.text).toContain(`ballot,,${c},Riverside park,`);
      expect(csv.text).toContain('round,1,,exhausted,0');
      const final = await T.call(agents.amara, P.results, { id: poll.id });
      expect(final.data.result.rounds.length).toBeGreaterThan(0);
      for (const id of ids) expect(JSON.stringify(final.data)).not.toContain(id);
    });

    it('anonymity is fixed once the first vote is cast', async () => {
      const { t, agents, community } = await pollWorld();
      const poll = (await T.call(agents.host, P.create, newPoll(t.clock.now(), community.id))).data;
      expect((await agents.host.mutate('polls.update', { id: poll.id, anonymous: true })).data).toMatchObject({ anonymous: true });
      await T.call(agents.amara, P.vote, { id: poll.id, choices: [poll.options[0].id] });
      const locked = await agents.host.mutate('polls.update', { id: poll.id, anonymous: false });
      expect(locked.status).toBe(409);
      expectError(locked, 'CONFLICT', 'errors.polls.settingsLocked');
      // The title and closing time still change while it runs.
      expect((await agents.host.mutate('polls.update', { id: poll.id, title: 'Gala venue', closesAt: t.clock.now() + 5 * DAY })).status).toBe(200);
    });
  });

  describe(`${T.name}: elections`, () => {
    it('nominations, acceptance, opening with seats + 1 candidates, voting for up to `seats`, a closed election changes no more', async () => {
      const w = await pollWorld();
      const { t, agents, users, community } = w;
      const now = t.clock.now();
      const created = await T.call(agents.host, P.create, { communityId: community.id, kind: 'election', title: 'Treasurer 2026', seats: 1, closesAt: now + 7 * DAY });
      expect(created.status, JSON.stringify(created.raw)).toBe(T.okStatus(P.create));
      const id = created.data.id;
      expect(created.data).toMatchObject({ status: 'nominating', seats: 1, options: [], nominations: [] });
      expect(w.notes(users.amara.id).map((n) => n.title)).toContain('notifications.electionNew.title');
      // Voting has not opened.
      expect((await T.call(agents.amara, P.vote, { id, choices: [1] })).status).toBe(409);

      // The host nominates Amara (told; pending); a member cannot nominate someone else; Bih nominates herself.
      expect((await agents.host.mutate('polls.nominate', { id, userId: users.amara.id })).data).toEqual([{ userId: users.amara.id, name: `${users.amara.firstName} ${users.amara.lastName}`, status: 'pending' }]);
      expect(w.notes(users.amara.id)).toContainEqual({ title: 'notifications.pollNomination.title', params: { title: 'Treasurer 2026', community: 'Houston Cameroonians' }, link: `/polls/${id}` });
      expect((await agents.bih.mutate('polls.nominate', { id, userId: users.treasurer.id })).status).toBe(403);
      expect((await agents.host.mutate('polls.nominate', { id, userId: users.outsider.id })).status).toBe(400);
      await agents.bih.mutate('polls.nominate', { id, userId: users.bih.id });
      // One accepted candidate is not a contest.
      const early = await agents.host.mutate('polls.openVoting', { id });
      expect(early.status).toBe(409);
      expectError(early, 'CONFLICT', 'errors.polls.notEnoughCandidates', { needed: 2 });
      expect((await agents.treasurer.mutate('polls.answerNomination', { id, accept: true })).status).toBe(404);
      await agents.amara.mutate('polls.answerNomination', { id, accept: true });
      const opened = await agents.host.mutate('polls.openVoting', { id });
      expect(opened.status).toBe(200);
      expect(opened.data.status).toBe('open');
      const [bihOption, amaraOption] = [...opened.data.options].sort((x: { userId: string }) => (x.userId === users.bih.id ? -1 : 1));
      expect(amaraOption.userId).toBe(users.amara.id);
      expect((await agents.amara.mutate('polls.nominate', { id, userId: users.amara.id })).status).toBe(409);

      // Up to `seats` choices.
      expect((await T.call(agents.amara, P.vote, { id, choices: [amaraOption.id, bihOption.id] })).status).toBe(400);
      for (const a of [agents.amara, agents.admin, agents.treasurer]) expect((await T.call(a, P.vote, { id, choices: [amaraOption.id] })).status).toBe(200);
      expect((await T.call(agents.bih, P.vote, { id, choices: [bihOption.id] })).status).toBe(200);

      const closed = await agents.host.mutate('polls.close', { id });
      expect(closed.data).toMatchObject({ status: 'closed' });
      const r = await T.call(agents.bih, P.results, { id });
      expect(r.data.result).toMatchObject({ kind: 'election', ballots: 4, winners: [amaraOption.id], tied: [] });

      // Closed: nobody changes anything.
      const refusals = [
        await T.call(agents.bih, P.vote, { id, choices: [bihOption.id] }),
        await agents.host.mutate('polls.close', { id }),
        await agents.host.mutate('polls.cancel', { id, reason: 'Too late' }),
        await agents.host.mutate('polls.update', { id, title: 'Renamed' }),
        await agents.host.mutate('polls.nominate', { id, userId: users.admin.id }),
        await agents.amara.mutate('polls.answerNomination', { id, accept: false }),
        await agents.host.mutate('polls.removeNomination', { id, userId: users.amara.id }),
        await agents.host.mutate('polls.openVoting', { id }),
      ];
      expect(refusals.map((x) => x.status)).toEqual([409, 409, 409, 409, 409, 409, 409, 409]);
    });

    it('an election’s ballots are secret unless its creator asks for named ones; other polls stay named unless asked', async () => {
      const { t, agents, community } = await pollWorld();
      const now = t.clock.now();
      const election = (over: Record<string, unknown> = {}) => T.call(agents.host, P.create, { communityId: community.id, kind: 'election', title: 'Secretary', closesAt: now + DAY, ...over });
      expect((await election()).data).toMatchObject({ kind: 'election', anonymous: true });
      expect((await election({ anonymous: false })).data).toMatchObject({ kind: 'election', anonymous: false });
      expect((await T.call(agents.host, P.create, newPoll(now, community.id))).data).toMatchObject({ kind: 'single', anonymous: false });
      expect((await T.call(agents.host, P.create, newPoll(now, community.id, { anonymous: true }))).data).toMatchObject({ anonymous: true });
    });

    it('a tie for the last seat elects neither and is reported', async () => {
      const w = await pollWorld();
      const { t, agents, users, community } = w;
      const id = (await T.call(agents.host, P.create, { communityId: community.id, kind: 'election', title: 'Committee', seats: 2, closesAt: t.clock.now() + DAY })).data.id;
      for (const u of [users.amara, users.bih, users.treasurer]) await agents.host.mutate('polls.nominate', { id, userId: u.id });
      for (const a of [agents.amara, agents.bih, agents.treasurer]) await a.mutate('polls.answerNomination', { id, accept: true });
      const options = (await agents.host.mutate('polls.openVoting', { id })).data.options as { id: number; userId: string }[];
      const of = (userId: string) => options.find((o) => o.userId === userId)!.id;
      await T.call(agents.amara, P.vote, { id, choices: [of(users.amara.id), of(users.bih.id)] });
      await T.call(agents.bih, P.vote, { id, choices: [of(users.amara.id), of(users.treasurer.id)] });
      t.clock.advance(DAY);
      const r = await T.call(agents.admin, P.results, { id });
      expect(r.data).toMatchObject({ status: 'closed', result: { winners: [of(users.amara.id)], tied: [of(users.bih.id), of(users.treasurer.id)].sort((a, b) => a - b) } });
    });
  });
}

/*
 * The attack on a secret ballot: a member reads the results and the list of who voted after each
 * vote, and pairs the change in the counts with the new name. Replayed in two worlds where the
 * same members vote in the same order but choose differently (the same choices, shared out
 * otherwise): every read of the observer, open or closed, must be the same in both.
 */
describe('anonymous polls: reading after each vote learns nothing', () => {
  type Seen = Record<string, unknown>;
  async function replay(choiceOf: (options: number[]) => Record<'amara' | 'bih' | 'treasurer', number>) {
    const w = await pollWorld();
    const { t, agents, users, community } = w;
    const poll = (await agents.host.mutate('polls.create', newPoll(t.clock.now(), community.id, { anonymous: true, resultsVisibility: 'live' }))).data;
    const choice = choiceOf(poll.options.map((o: { id: number }) => o.id));
    // Users' ids and names differ between worlds: named by their role.
    const plain = (x: unknown) => {
      let text = JSON.stringify(x);
      for (const [role, u] of Object.entries(users)) text = text.replaceAll(u.id, role).replaceAll(`${u.firstName} ${u.lastName}`, role);
      return JSON.parse(text) as Seen;
    };
    const look = async (): Promise<Seen> =>
      plain({
        get: (await agents.admin.query('polls.get', { id: poll.id })).data,
        list: (await agents.admin.query('polls.list', { communityId: community.id })).data,
        results: (await agents.admin.query('polls.results', { id: poll.id })).data,
        voters: (await agents.admin.query('polls.voters', { id: poll.id })).data,
        csv: await fetchText(t, agents.admin, `/api/polls/${poll.id}/results.csv`).then((r) => [r.status, r.status === 200 ? r.text : null]),
      });
    const seen = [await look()];
    for (const who of ['treasurer', 'bih', 'amara'] as const) {
      t.clock.advance(60_000);
      expect((await agents[who].mutate('polls.vote', { id: poll.id, choices: [choice[who]] })).status).toBe(200);
      seen.push(await look());
    }
    await agents.host.mutate('polls.close', { id: poll.id });
    seen.push(await look());
    return seen;
  }

  it('two worlds that voted differently look the same to a member at every step, and the poll says its results wait for the close', async () => {
    const one = await replay(([a, b, c]) => ({ treasurer: a!, bih: b!, amara: c! }));
    const other = await replay(([a, b, c]) => ({ treasurer: c!, bih: a!, amara: b! }));
    expect(other).toEqual(one);
    // The attack had something to read: the votes were counted, and shown once closed.
    expect(one[3]).toMatchObject({ results: { visible: false, result: null }, voters: { count: 3 }, get: { resultsVisibility: 'after_close' } });
    expect(one[4]).toMatchObject({ results: { visible: true, result: { ballots: 3 } } });
    // Who voted: alphabetical (Amara, Amina, Bih), no time, whatever the order of the votes.
    expect((one[4]!.voters as { voters: { userId: string; votedAt: unknown }[] }).voters.map((v) => [v.userId, v.votedAt])).toEqual([
      ['amara', null],
      ['treasurer', null],
      ['bih', null],
    ]);
  });

  it('once closed, the ballots are new rows in a shuffled order with random ids and no voter key', async () => {
    const { t, agents, community } = await pollWorld();
    const poll = (await agents.host.mutate('polls.create', newPoll(t.clock.now(), community.id, { anonymous: true }))).data;
    for (const [i, a] of [agents.amara, agents.bih, agents.treasurer, agents.admin, agents.host].entries()) await a.mutate('polls.vote', { id: poll.id, choices: [poll.options[i % 3].id] });
    const before = t.db.select().from(pollBallots).all();
    // Ids say nothing of the order of the votes, even while the poll is open: not a run of consecutive numbers.
    const ids = before.map((b) => b.id).sort((a, b) => a - b);
    expect(ids[ids.length - 1]! - ids[0]!).toBeGreaterThan(1_000);
    await agents.host.mutate('polls.close', { id: poll.id });
    const after = t.db.select().from(pollBallots).all();
    expect(after.map((b) => b.choices).sort()).toEqual(before.map((b) => b.choices).sort());
    expect(after.map((b) => b.voterKey)).toEqual(after.map(() => null));
    // Written anew: none of the ids a voter's ballot had while the key existed survives.
    for (const b of after) expect(before.map((x) => x.id)).not.toContain(b.id);
  });
});

describe('a closed anonymous poll, in the database file', () => {
  it('neither the file (freed pages included) nor its WAL keeps a voter key once it closes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harambee-ballots-'));
    const path = join(dir, 'app.db');
    const db = openDatabase(path);
    try {
      const creator = await makeUser(db);
      const community = makeCommunity(db, { creator });
      const now = Date.now();
      // Enough ballots to fill several pages, so that deleting them frees whole pages.
      const voters = [];
      for (let i = 0; i < 150; i++) {
        const user = await makeUser(db);
        addMember(db, { communityId: community.id, user });
        voters.push(user);
      }
      const input = createPollInput.parse(newPoll(now, community.id, { anonymous: true }));
      const poll = createPoll(db, { community, createdBy: creator.id, input, now });
      for (const [i, v] of voters.entries()) castVote(db, { id: poll.id, userId: v.id, choices: [poll.options[i % 3]!.id], now });
      const keys = db.select({ key: pollBallots.voterKey }).from(pollBallots).all().map((b) => b.key!);
      expect(keys).toHaveLength(150);
      closePollByHand(db, { id: poll.id, by: creator.id, now: now + 1 });
      const file = (name: string) => (existsSync(name) ? readFileSync(name).toString('latin1') : '');
      const bytes = file(path) + file(`${path}-wal`);
      expect(keys.filter((k) => bytes.includes(k))).toEqual([]);
    } finally {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('an election names its candidates by id', () => {
  it('the names are looked up when shown: a deleted candidate is "Former member", and no copy of the name is stored', async () => {
    const { t, agents, users, community } = await pollWorld();
    const id = (await agents.host.mutate('polls.create', { communityId: community.id, kind: 'election', title: 'Chair', seats: 1, closesAt: t.clock.now() + DAY })).data.id;
    for (const u of [users.amara, users.bih]) await agents.host.mutate('polls.nominate', { id, userId: u.id });
    for (const a of [agents.amara, agents.bih]) await a.mutate('polls.answerNomination', { id, accept: true });
    const opened = (await agents.host.mutate('polls.openVoting', { id })).data;
    expect(opened.options.map((o: { label: string }) => o.label)).toEqual([`${users.amara.firstName} ${users.amara.lastName}`, `${users.bih.firstName} ${users.bih.lastName}`]);
    expect(t.db.select({ label: pollOptions.label }).from(pollOptions).all()).toEqual([{ label: '' }, { label: '' }]);
    deleteAccount(t.db, { user: users.amara, removePosts: false, actor: users.amara, byStaff: false, now: t.clock.now() });
    const seen = (await agents.admin.query('polls.get', { id })).data;
    expect(seen.options.map((o: { label: string; userId: string }) => [o.userId, o.label])).toEqual([
      [users.amara.id, 'Former member'],
      [users.bih.id, `${users.bih.firstName} ${users.bih.lastName}`],
    ]);
    expect(JSON.stringify(t.db.select().from(pollOptions).all())).not.toContain(users.amara.lastName);
  });
});
