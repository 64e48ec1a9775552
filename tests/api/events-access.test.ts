import { describe, expect, it } from 'vitest';
import { makeUser } from '../factories';
import { asStaff } from '../setup/admin';
import { anonymous } from '../setup/communities';
import { DAY, E, eventWorld, fetchText, HOUR, newEvent } from '../setup/events';
import { TRANSPORTS, transportsFor, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Who sees what. Online links and attendee lists never reach non-members or non-hosts; only the
 * community's leaders create and manage events; the caller's own calendar spans their
 * communities; staff count events; attendance marked by hosts feeds "Events attended".
 */

const ONLINE = 'https://meet.example.org/members-only';

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: events access`, () => {
    it('online links and attendee lists never reach outsiders or plain members', async () => {
      const { t, agents, community, privateCommunity } = await eventWorld();
      const pub = (await T.call(agents.host, E.create, newEvent(t, community.id, { onlineUrl: ONLINE, visibility: 'public' }))).data.id;
      const priv = (await T.call(agents.host, E.create, newEvent(t, privateCommunity.id, { onlineUrl: ONLINE }))).data.id;
      await T.call(agents.amara, E.rsvp, { id: pub, status: 'going', note: 'Private note' });

      // Outsiders: 403 on a public community's event, 404 on a private one's, and never the link.
      const refusals = [
        [await T.call(agents.outsider, E.get, { id: pub }), 403, 'errors.denied.members'],
        [await T.call(agents.outsider, E.list, { communityId: community.id }), 403, 'errors.denied.members'],
        [await T.call(agents.outsider, E.list, { communityId: privateCommunity.id }), 404, 'validation.community.notFound'],
        [await T.call(agents.outsider, E.rsvp, { id: pub, status: 'going' }), 403, 'errors.denied.members'],
        [await T.call(agents.outsider, E.attendees, { id: pub }), 403, 'errors.denied.members'],
        [await T.call(agents.amara, E.attendees, { id: pub }), 403, 'errors.denied.events'],
        [await T.call(agents.treasurer, E.attendees, { id: pub }), 403, 'errors.denied.events'],
        [await T.call(agents.amara, E.update, { id: pub, title: 'Mine now' }), 403, 'errors.denied.events'],
        [await T.call(agents.amara, E.cancel, { id: pub, reason: 'Because' }), 403, 'errors.denied.events'],
        [await T.call(agents.treasurer, E.create, newEvent(t, community.id)), 403, 'errors.denied.events'],
        [await T.call(anonymous(t), E.get, { id: pub }), 401, 'errors.authRequired'],
      ] as const;
      for (const [r, status, key] of refusals) {
        expect(r.status, JSON.stringify(r.raw)).toBe(status);
        expectError(r, status, key);
        expect(JSON.stringify(r.raw)).not.toContain(ONLINE);
        expect(JSON.stringify(r.raw)).not.toContain('Private note');
      }
      // An unknown event and a private community's event look alike to outsiders.
      const unknown = await T.call(agents.outsider, E.get, { id: 999999 });
      const hidden = await T.call(agents.outsider, E.get, { id: priv });
      expect([unknown.status, hidden.status]).toEqual([404, 404]);
      expect(hidden.error).toEqual(unknown.error);
      expect(JSON.stringify(hidden.raw)).not.toContain(ONLINE);

      // Members get the link; the admin (a host) sees who answered.
      expect((await T.call(agents.bih, E.get, { id: pub })).data.onlineUrl).toBe(ONLINE);
      expect((await T.call(agents.bih, E.get, { id: pub })).data).not.toHaveProperty('attendees');
      const list = await T.call(agents.admin, E.attendees, { id: pub });
      expect(list.status).toBe(200);
      expect(list.data.attendees).toEqual([expect.objectContaining({ status: 'going', note: 'Private note' })]);
      expect((await T.call(agents.admin, E.create, newEvent(t, community.id))).status).toBe(T.okStatus(E.create));
    });
  });
}

// The guest list is privacy: held over both transports in every run, not only the deep one.
for (const T of TRANSPORTS) {
  describe(`${T.name}: who is going`, () => {
    it('members see the names of those going (never maybe, not going or notes) unless the hosts hide the list; the hosts still see it', async () => {
      const { t, agents, community, users } = await eventWorld();
      const id = (await T.call(agents.host, E.create, newEvent(t, community.id))).data.id;
      await T.call(agents.amara, E.rsvp, { id, status: 'going', guests: 1, note: 'Bringing my cousin' });
      await T.call(agents.treasurer, E.rsvp, { id, status: 'maybe' });
      await T.call(agents.admin, E.rsvp, { id, status: 'not_going' });
      const amara = { userId: users.amara.id, name: `${users.amara.firstName} ${users.amara.lastName}`, guests: 1 };
      const seen = await T.call(agents.bih, E.get, { id });
      expect(seen.data).toMatchObject({ guestListHidden: false, going: [amara] });
      expect(JSON.stringify(seen.raw)).not.toContain('Bringing my cousin');
      expect(JSON.stringify(seen.raw)).not.toContain(users.treasurer.id);

      const hidden = await T.call(agents.host, E.update, { id, guestListHidden: true });
      expect(hidden.status, JSON.stringify(hidden.raw)).toBe(200);
      const after = await T.call(agents.bih, E.get, { id });
      expect(after.data).toMatchObject({ guestListHidden: true, going: null, counts: expect.objectContaining({ going: 1 }) });
      // Nothing of who answered leaks anywhere in the member's answer, nor in the lists.
      expect(JSON.stringify(after.raw)).not.toContain(users.amara.id);
      expect(JSON.stringify(after.raw)).not.toContain(users.amara.lastName);
      expect(JSON.stringify((await T.call(agents.bih, E.list, { communityId: community.id })).raw)).not.toContain(users.amara.id);
      // Amara still sees her own answer; the hosts still see who is going.
      expect((await T.call(agents.amara, E.get, { id })).data).toMatchObject({ going: null, myRsvp: expect.objectContaining({ status: 'going' }) });
      expect((await T.call(agents.admin, E.get, { id })).data.going).toEqual([amara]);
      // Created hidden from the start.
      const secret = (await T.call(agents.host, E.create, newEvent(t, community.id, { guestListHidden: true }))).data.id;
      await T.call(agents.amara, E.rsvp, { id: secret, status: 'going' });
      expect((await T.call(agents.bih, E.get, { id: secret })).data.going).toBeNull();
      expect((await T.call(agents.host, E.create, newEvent(t, community.id, { guestListHidden: 'yes' }))).status).toBe(400);
    });
  });
}

describe('events.mine, myStats, attendance, CSV, counts', () => {
  it('the caller’s calendar spans their communities (one query), filtered by community and window', async () => {
    const { t, agents, community, privateCommunity } = await eventWorld();
    const soon = (days: number, title: string, communityId: number) => {
      const startsAt = t.clock.now() + days * DAY;
      return agents.host.mutate('events.create', { ...newEvent(t, communityId), title, startsAt, endsAt: startsAt + HOUR });
    };
    await soon(3, 'Public meeting', community.id);
    await soon(1, 'Private meeting', privateCommunity.id);
    await soon(40, 'Far away', community.id);
    const mine = await agents.amara.query('events.mine', {});
    expect(mine.status).toBe(200);
    expect(mine.data.items.map((e: any) => [e.title, e.communityName])).toEqual([
      ['Private meeting', 'Paris Njangi House'],
      ['Public meeting', 'Houston Cameroonians'],
      ['Far away', 'Houston Cameroonians'],
    ]);
    expect(mine.data.items[0]).toHaveProperty('onlineUrl');
    expect((await agents.amara.query('events.mine', { communityId: privateCommunity.id })).data.items.map((e: any) => e.title)).toEqual(['Private meeting']);
    expect((await agents.amara.query('events.mine', { to: t.clock.now() + 10 * DAY })).data.items.map((e: any) => e.title)).toEqual(['Private meeting', 'Public meeting']);
    const paged = await agents.amara.query('events.mine', { limit: 1 });
    expect(paged.data.items).toHaveLength(1);
    expect((await agents.amara.query('events.mine', { limit: 1, cursor: paged.data.nextCursor })).data.items.map((e: any) => e.title)).toEqual(['Public meeting']);
    // Bih is not in the private community; a filter on it is simply empty; an outsider has nothing.
    expect((await agents.bih.query('events.mine', {})).data.items.map((e: any) => e.title)).toEqual(['Public meeting', 'Far away']);
    expect((await agents.bih.query('events.mine', { communityId: privateCommunity.id })).data.items).toEqual([]);
    expect((await agents.outsider.query('events.mine', {})).data).toEqual({ items: [], nextCursor: null });
    expect((await agents.bih.query('events.mine')).data.items).toHaveLength(2);
    expect((await anonymous(t).query('events.mine', {})).status).toBe(401);
    expectError(await agents.amara.query('events.mine', { from: 'soon' }), 'BAD_REQUEST', 'validation.events.from');

    // The query events.mine runs reads the (community, start) index, one range per community.
    const client = t.db.$client;
    const prepare = client.prepare.bind(client);
    const seen: string[] = [];
    client.prepare = ((source: string) => {
      seen.push(source);
      return prepare(source);
    }) as typeof client.prepare;
    try {
      await agents.amara.query('events.mine', {});
    } finally {
      client.prepare = prepare;
    }
    const query = seen.find((q) => /from "events" where \("events"."community_id" in \(/.test(q));
    expect(query, seen.join('\n')).toBeDefined();
    const params = Array.from({ length: (query!.match(/\?/g) ?? []).length }, () => 1);
    const plan = prepare(`EXPLAIN QUERY PLAN ${query}`).all(...params) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' | ')).toMatch(/SEARCH events USING INDEX events_community_starts_idx \(community_id=\? AND starts_at>\?\)/);
  });

  it('hosts mark attendance after the start; members count their own; the attendee CSV is for hosts', async () => {
    const { t, agents, users, community } = await eventWorld();
    const id = (await agents.host.mutate('events.create', newEvent(t, community.id, { title: 'Cultural night, "Ndop" edition' }))).data.id;
    await agents.amara.mutate('events.rsvp', { id, status: 'going', guests: 1, note: '=HYPERLINK("x")' });
    await agents.bih.mutate('events.rsvp', { id, status: 'maybe' });
    const early = await agents.host.mutate('events.markAttendance', { id, entries: [{ userId: users.amara.id, attended: true }] });
    expect(early.status).toBe(409);
    expectError(early, 'CONFLICT', 'errors.events.notStarted');

    t.clock.advance(2 * DAY + HOUR);
    const marked = await agents.host.mutate('events.markAttendance', {
      id,
      entries: [
        { userId: users.amara.id, attended: true },
        { userId: users.bih.id, attended: false },
        { userId: users.treasurer.id, attended: true },
      ],
    });
    expect(marked.status, JSON.stringify(marked)).toBe(200);
    expect(marked.data).toEqual({ eventId: id, marked: 3, attended: 2 });
    expect((await agents.amara.mutate('events.markAttendance', { id, entries: [{ userId: users.amara.id, attended: true }] })).status).toBe(403);
    const outsider = await agents.host.mutate('events.markAttendance', { id, entries: [{ userId: users.outsider.id, attended: true }] });
    expect(outsider.status).toBe(400);

    // The event is still under way: it counts as ahead until it ends.
    expect((await agents.amara.query('events.myStats')).data).toEqual({ attended: 1, upcomingGoing: 1 });
    expect((await agents.bih.query('events.myStats')).data).toEqual({ attended: 0, upcomingGoing: 0 });
    // Walk-ins (marked without an answer) appear in the host's list.
    const list = (await agents.host.query('events.attendees', { id })).data;
    expect(list.counts).toMatchObject({ going: 1, maybe: 1, attended: 2 });
    expect(list.attendees.map((a: any) => [a.name.split(' ')[0], a.status, a.attended])).toEqual([
      ['Amara', 'going', true],
      ['Bih', 'maybe', false],
      ['Amina', null, true],
    ]);

    const csv = await fetchText(t, agents.host, `/api/events/${id}/attendees.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="event-${id}-attendees.csv"`);
    const lines = csv.text.trim().split('\r\n');
    // Answers and attendance in words, answered in the event's zone; a formula-looking note defused, numbers left as numbers.
    expect(lines[0]).toBe('Name,Answer,Guests,Places,Waitlist position,Note,Answered on,At,Attendance');
    expect(lines[1]).toMatch(/^Amara .+,Going,1,2,,"'=HYPERLINK\(""x""\)",2026-03-02,04:00,Came$/);
    expect(lines).toHaveLength(4);
    expect((await fetchText(t, agents.amara, `/api/events/${id}/attendees.csv`)).status).toBe(403);
    expect((await agents.host.query('events.attendeesCsv', { id })).data.csv).toBe(csv.text);
  });

  it('staff count events; the admin overview counts them too', async () => {
    const { t, agents, community } = await eventWorld();
    await agents.host.mutate('events.create', newEvent(t, community.id, { repeat: { frequency: 'weekly', count: 3 } }));
    const staffer = await makeUser(t.db, { role: 'admin' });
    const staff = await asStaff(t, staffer);
    expect((await staff.query('events.count')).data).toEqual({ count: 3 });
    expect((await staff.query('admin.counts')).data).toMatchObject({ events: 3 });
    const refused = await agents.host.query('events.count');
    expect(refused.status).toBe(403);
    expectError(refused, 'FORBIDDEN', 'errors.denied.adminPanel');
  });
});
