import { describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, agent } from '../setup/app';
import { as } from '../setup/communities';
import { buildCircle, payCash } from '../setup/njangi';
import { op, TRANSPORTS } from '../setup/transport';
import { createEvent } from '../../src/server/services/events/events';
import { markAttendance } from '../../src/server/services/events/rsvps';

/*
 * Recognitions come from the records (membership, roles, circle contributions, dues, attendance,
 * circles), never from a table of badges; a member may hide theirs from others.
 */

const MINE = op('GET', '/api/user/recognitions', 'recognitions.mine', 'query');
const MEMBER = op('GET', '/api/communities/:id/members/:userId/recognitions', 'recognitions.member', 'query', { params: { id: 'communityId', userId: 'userId' } });
const VISIBILITY = op('PATCH', '/api/user/recognitions', 'recognitions.setVisibility');

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;

async function world() {
  const t = makeTestApp();
  const now = t.clock.now();
  const founder = await makeUser(t.db, { firstName: 'Fatou', lastName: 'Diop' });
  const community = makeCommunity(t.db, { creator: founder, name: 'Dakar Diaspora Houston', now: now - 3 * YEAR - 20 * DAY });
  const early = await makeUser(t.db, { firstName: 'Awa', lastName: 'Early' });
  addMember(t.db, { communityId: community.id, user: early, role: 'treasurer', now: community.createdAt + 10 * DAY });
  const late = await makeUser(t.db, { firstName: 'Musa', lastName: 'Late' });
  addMember(t.db, { communityId: community.id, user: late, now: now - 200 * DAY });
  const outsider = await makeUser(t.db);
  return { t, now, founder, community, early, late, outsider };
}

const kinds = (items: { kind: string; count?: number; role?: string }[]) => items.map((r) => [r.kind, r.count ?? r.role ?? null]);

for (const tr of TRANSPORTS) {
  describe(tr.title(MINE), () => {
    it('years, founding member and offices come from memberships; a newcomer has none', async () => {
      const w = await world();
      const mine = await tr.call(await as(w.t, w.early), MINE, undefined);
      expect(mine.status).toBe(200);
      expect(mine.data.hidden).toBe(false);
      expect(kinds(mine.data.items)).toEqual([
        ['years', 3],
        ['founder', null],
        ['office', 'treasurer'],
      ]);
      expect(mine.data.items[0]).toMatchObject({ communityId: w.community.id, communityName: 'Dakar Diaspora Houston' });
      const creator = await tr.call(await as(w.t, w.founder), MINE, undefined);
      expect(kinds(creator.data.items)).toEqual([
        ['years', 3],
        ['founder', null],
        ['office', 'creator'],
      ]);
      expect((await tr.call(await as(w.t, w.late), MINE, undefined)).data.items).toEqual([]);
    });

    it('events attended count from three, as hosts marked them', async () => {
      const w = await world();
      for (let i = 0; i < 3; i++) {
        const startsAt = w.t.clock.now() + DAY;
        const event = createEvent(w.t.db, {
          community: w.community,
          createdBy: w.founder.id,
          input: { title: `Meeting ${i}`, description: '', startsAt, endsAt: startsAt + 3_600_000, timeZone: 'UTC', visibility: 'members' },
          now: w.t.clock.now(),
        });
        w.t.clock.advance(2 * DAY);
        markAttendance(w.t.db, { eventId: event.id, hostId: w.founder.id, entries: [{ userId: w.late.id, attended: true }], now: w.t.clock.now() });
        const got = await tr.call(await as(w.t, w.late), MINE, undefined);
        expect(got.data.items.filter((r: { kind: string }) => r.kind === 'eventsAttended')).toEqual(i < 2 ? [] : [expect.objectContaining({ count: 3 })]);
      }
    });

    it('circle contributions on time in a row, broken by a late one', async () => {
      const w = await world();
      const c = buildCircle(w.t, { community: w.community, organiser: w.founder, members: [w.late, w.early], rules: { hands: 3 } });
      const hand = c.handsOf[w.late.id]![0]!;
      for (const roundId of c.rounds) payCash(w.t, { circleId: c.id, roundId, handId: hand, organiserId: w.founder.id, officerId: w.early.id, now: w.t.clock.now() });
      const onTime = await tr.call(await as(w.t, w.late), MINE, undefined);
      expect(kinds(onTime.data.items)).toEqual([['onTimeCircles', 3]]);
      // The newest round paid late: the run starts again.
      w.t.db.$client.prepare('UPDATE circle_contributions SET late = 1 WHERE round_id = ? AND user_id = ?').run(c.rounds.at(-1), w.late.id);
      expect((await tr.call(await as(w.t, w.late), MINE, undefined)).data.items).toEqual([]);
    });
  });

  describe(tr.title(MEMBER), () => {
    it('a fellow member sees them; hidden ones show as hidden; an outsider gets 404', async () => {
      const w = await world();
      const reader = await as(w.t, w.late);
      const seen = await tr.call(reader, MEMBER, { communityId: w.community.id, userId: w.early.id });
      expect(seen.status).toBe(200);
      expect(kinds(seen.data.items)).toEqual([
        ['years', 3],
        ['founder', null],
        ['office', 'treasurer'],
      ]);
      const owner = await as(w.t, w.early);
      expect((await tr.call(owner, VISIBILITY, { show: false })).status).toBe(200);
      const hidden = await tr.call(reader, MEMBER, { communityId: w.community.id, userId: w.early.id });
      expect(hidden.data).toEqual({ hidden: true, items: [] });
      // The owner still sees their own, marked hidden.
      const own = await tr.call(owner, MINE, undefined);
      expect(own.data.hidden).toBe(true);
      expect(own.data.items.length).toBe(3);
      // Not a member: a public community's inside is not theirs (403), and a non-member target is 404.
      expect((await tr.call(await as(w.t, w.outsider), MEMBER, { communityId: w.community.id, userId: w.early.id })).status).toBe(403);
      expect((await tr.call(reader, MEMBER, { communityId: w.community.id, userId: w.outsider.id })).status).toBe(404);
    });

    it('signed out is 401; a bad visibility value is 400', async () => {
      const w = await world();
      expect((await tr.call(agent(w.t), MINE, undefined)).status).toBe(401);
      expect((await tr.call(await as(w.t, w.early), VISIBILITY, { show: 'maybe' })).status).toBe(400);
    });
  });
}
