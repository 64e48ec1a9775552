import { describe, expect, it } from 'vitest';
import { calendarTokens } from '../../db/schema';
import { anonymous } from '../setup/communities';
import { DAY, E, eventWorld, fetchText, HOUR, newEvent, parseIcs } from '../setup/events';
import { REST } from '../setup/transport';
import { textOf } from '../setup/errors';

/*
 * Calendar feeds, read back with ical.js (not the library that writes them): stable UIDs,
 * SEQUENCE that grows with every edit, cancelled events marked CANCELLED, a private feed whose
 * address can be revoked, and a public feed with public events only and no online links.
 */

const T = REST;
const ONLINE = 'https://meet.example.org/secret-room';

describe('GET /api/events/:id/ics', () => {
  it('one event for members: stable UID, SEQUENCE grows on edit, STATUS:CANCELLED once cancelled', async () => {
    const { t, agents, community } = await eventWorld();
    const created = (await T.call(agents.host, E.create, newEvent(t, community.id, { onlineUrl: ONLINE }))).data;
    const path = `/api/events/${created.id}/ics`;

    const first = await fetchText(t, agents.amara, path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const [e] = parseIcs(first.text);
    expect(e).toMatchObject({ uid: `event-${created.id}@localhost`, sequence: 0, summary: 'Monthly meeting', status: 'CONFIRMED', start: created.startsAt, end: created.endsAt, location: '1200 Main St, Houston', url: ONLINE });
    // The description's Markdown is written out as plain text: calendar apps would show the marks.
    expect(e!.description).toBe(`Bring your ideas.\n\n${ONLINE}`);
    // Written in UTC.
    expect(first.text).toMatch(/^DTSTART:\d{8}T\d{6}Z\r?$/m);
    // The same version reads the same, byte for byte.
    expect((await fetchText(t, agents.amara, path)).text).toBe(first.text);

    t.clock.advance(HOUR);
    await T.call(agents.host, E.update, { id: created.id, title: 'Monthly meeting (new hall)' });
    await T.call(agents.host, E.update, { id: created.id, startsAt: created.startsAt + HOUR });
    const edited = parseIcs((await fetchText(t, agents.amara, path)).text)[0]!;
    expect(edited).toMatchObject({ uid: e!.uid, sequence: 2, summary: 'Monthly meeting (new hall)', start: created.startsAt + HOUR });

    await T.call(agents.host, E.cancel, { id: created.id, reason: 'No hall' });
    const cancelled = parseIcs((await fetchText(t, agents.amara, path)).text)[0]!;
    expect(cancelled).toMatchObject({ uid: e!.uid, sequence: 3, status: 'CANCELLED' });
  });

  it('an occurrence of a series brings the whole series, each date with its own edits and cancellation', async () => {
    const { t, agents, community } = await eventWorld();
    const first = (await T.call(agents.host, E.create, newEvent(t, community.id, { title: 'Choir practice', description: '- [Songs](https://example.org/songs)\n- *Water*', repeat: { frequency: 'weekly', count: 4 } }))).data;
    const listed = (await agents.amara.query('events.list', { communityId: community.id })).data.items as { id: number; seriesId: number | null }[];
    const dates = listed.filter((e) => e.seriesId === first.seriesId || e.seriesId === first.series?.id);
    expect(dates).toHaveLength(4);
    await T.call(agents.host, E.cancel, { id: dates[2]!.id, reason: 'Holiday' });
    // A lone event in the same community is not part of it.
    await T.call(agents.host, E.create, newEvent(t, community.id, { title: 'Picnic' }));

    const read = await fetchText(t, agents.amara, `/api/events/${dates[1]!.id}/ics`);
    expect(read.status).toBe(200);
    const all = parseIcs(read.text);
    expect(all.map((e) => e.uid)).toEqual(dates.map((d) => `event-${d.id}@localhost`));
    expect(all.map((e) => e.status)).toEqual(['CONFIRMED', 'CONFIRMED', 'CANCELLED', 'CONFIRMED']);
    expect(all[0]!.description).toBe('- Songs (https://example.org/songs)\n- Water');
  });

  it('is for members only: outsiders 403 (public community) or 404 (private), signed out 401', async () => {
    const { t, agents, community, privateCommunity } = await eventWorld();
    const pub = (await T.call(agents.host, E.create, newEvent(t, community.id, { onlineUrl: ONLINE }))).data.id;
    const priv = (await T.call(agents.host, E.create, newEvent(t, privateCommunity.id, { onlineUrl: ONLINE }))).data.id;
    const outsider = await fetchText(t, agents.outsider, `/api/events/${pub}/ics`);
    expect(outsider.status).toBe(403);
    expect(outsider.text).not.toContain(ONLINE);
    expect((await fetchText(t, agents.outsider, `/api/events/${priv}/ics`)).status).toBe(404);
    expect((await fetchText(t, agents.outsider, `/api/events/999999/ics`)).status).toBe(404);
    expect((await fetchText(t, null, `/api/events/${pub}/ics`)).status).toBe(401);
    expect((await fetchText(t, agents.amara, `/api/events/${priv}/ics`)).status).toBe(200);
  });
});

describe('GET /api/calendar/:token.ics (a member’s private feed)', () => {
  it('every community of the member, online links included; regenerating or revoking kills the old address', async () => {
    const { t, agents, community, privateCommunity } = await eventWorld();
    const a = (await T.call(agents.host, E.create, newEvent(t, community.id, { title: 'Town hall', onlineUrl: ONLINE }))).data;
    const b = (await T.call(agents.host, E.create, newEvent(t, privateCommunity.id, { title: 'Njangi night', startsAt: t.clock.now() + 3 * DAY, endsAt: t.clock.now() + 3 * DAY + HOUR }))).data;
    // Bih is not in the private community.
    const c = (await T.call(agents.host, E.create, newEvent(t, community.id, { title: 'Cancelled picnic', startsAt: t.clock.now() + 4 * DAY, endsAt: t.clock.now() + 4 * DAY + HOUR }))).data;
    await T.call(agents.host, E.cancel, { id: c.id, reason: 'Rain' });

    expect((await agents.amara.query('events.calendarFeed')).data).toEqual({ active: false, createdAt: null });
    const made = await agents.amara.mutate('events.calendarToken');
    expect(made.status).toBe(200);
    const url = new URL(made.data.url);
    expect(url.origin).toBe('http://localhost:3000');
    expect(url.pathname).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only a hash is stored.
    const token = url.pathname.slice('/api/calendar/'.length, -'.ics'.length);
    expect(JSON.stringify(t.db.select().from(calendarTokens).all())).not.toContain(token);
    expect((await agents.amara.query('events.calendarFeed')).data).toMatchObject({ active: true });

    // Calendar apps send no cookie.
    const feed = await fetchText(t, null, url.pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const events = parseIcs(feed.text);
    expect(events.map((e) => e.summary)).toEqual(['Town hall', 'Njangi night', 'Cancelled picnic']);
    expect(events.map((e) => e.uid)).toEqual([a, b, c].map((x) => `event-${x.id}@localhost`));
    expect(events[0]).toMatchObject({ url: ONLINE });
    expect(events[2]).toMatchObject({ status: 'CANCELLED', sequence: 1 });
    // UIDs are the same in every feed and every regeneration.
    expect(parseIcs((await fetchText(t, agents.amara, `/api/events/${a.id}/ics`)).text)[0]!.uid).toBe(events[0]!.uid);

    const again = await agents.amara.mutate('events.calendarToken');
    const newPath = new URL(again.data.url).pathname;
    expect(newPath).not.toBe(url.pathname);
    expect((await fetchText(t, null, url.pathname)).status).toBe(404);
    const regenerated = parseIcs((await fetchText(t, null, newPath)).text);
    expect(regenerated.map((e) => e.uid)).toEqual(events.map((e) => e.uid));

    // Another member's feed holds only their communities.
    const bihFeed = new URL((await agents.bih.mutate('events.calendarToken')).data.url).pathname;
    expect(parseIcs((await fetchText(t, null, bihFeed)).text).map((e) => e.summary)).toEqual(['Town hall', 'Cancelled picnic']);

    const revoked = await agents.amara.mutate('events.revokeCalendarToken');
    expect(revoked.data).toEqual({ revoked: true });
    const gone = await fetchText(t, null, newPath);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text)).toEqual({ error: textOf('errors.events.feedNotFound'), code: 'NOT_FOUND' });
    expect((await agents.amara.query('events.calendarFeed')).data).toEqual({ active: false, createdAt: null });
    expect((await fetchText(t, null, '/api/calendar/not-a-token.ics')).status).toBe(404);
    expect((await fetchText(t, null, `/api/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    // Creating and revoking need a session.
    expect((await anonymous(t).mutate('events.calendarToken')).status).toBe(401);
  });
});

describe('GET /api/communities/:id/calendar.ics (a public community’s public events)', () => {
  it('public events only, never an online link, for anyone; private communities have no feed', async () => {
    const { t, agents, community, privateCommunity } = await eventWorld();
    const open = (await T.call(agents.host, E.create, newEvent(t, community.id, { title: 'Open day', visibility: 'public', onlineUrl: ONLINE, place: null }))).data;
    await T.call(agents.host, E.create, newEvent(t, community.id, { title: 'Members only', visibility: 'members' }));
    await T.call(agents.host, E.create, newEvent(t, privateCommunity.id, { title: 'Private public', visibility: 'public' }));

    const feed = await fetchText(t, null, `/api/communities/${community.id}/calendar.ics`);
    expect(feed.status).toBe(200);
    const events = parseIcs(feed.text);
    expect(events.map((e) => e.summary)).toEqual(['Open day']);
    expect(events[0]).toMatchObject({ uid: `event-${open.id}@localhost`, url: null, location: null });
    expect(feed.text).not.toContain('secret-room');
    expect(feed.text).toContain('X-WR-CALNAME:Houston Cameroonians');

    expect((await fetchText(t, null, `/api/communities/${privateCommunity.id}/calendar.ics`)).status).toBe(404);
    expect((await fetchText(t, agents.amara, `/api/communities/${privateCommunity.id}/calendar.ics`)).status).toBe(404);
    expect((await fetchText(t, null, `/api/communities/999999/calendar.ics`)).status).toBe(404);
    // Hidden by staff: gone from everything public.
    t.db.$client.prepare('UPDATE communities SET is_hidden = 1 WHERE id = ?').run(community.id);
    expect((await fetchText(t, null, `/api/communities/${community.id}/calendar.ics`)).status).toBe(404);
  });
});
