import { describe, expect, it } from 'vitest';
import { transportsFor, TRPC } from '../setup/transport';
import { DAY, E, eventWorld, HOUR, newEvent, pageOf } from '../setup/events';
import type { MessageKey } from '@shared/i18n/catalogue';
import { expectError, textOf } from '../setup/errors';

/*
 * An event's life over both transports: a host creates it (the members are told), members find
 * it in the calendar (paged, windowed), answer it, the host sees who answered and cancels it
 * with a reason (everyone who answered is told); refused inputs are 400s that say what is wrong.
 */

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: an event from creation to cancellation`, () => {
    it('create, list, answer, see attendees, cancel', async () => {
      const w = await eventWorld();
      const { t, agents, users, community } = w;
      const created = await T.call(agents.host, E.create, newEvent(t, community.id, { capacity: 20, onlineUrl: 'https://meet.example.org/houston', visibility: 'public' }));
      expect(created.status, JSON.stringify(created.raw)).toBe(T.okStatus(E.create));
      const id = created.data.id;
      expect(created.data).toMatchObject({ title: 'Monthly meeting', status: 'scheduled', sequence: 0, seriesId: null, capacity: 20, visibility: 'public', occurrences: 1 });
      // The members are told, once each; the host is not told about their own event.
      expect(w.notes(users.amara.id).filter((n) => n.title === 'notifications.eventNew.title')).toEqual([
        { title: 'notifications.eventNew.title', params: { title: 'Monthly meeting', community: 'Houston Cameroonians' }, link: `/events/${id}` },
      ]);
      expect(w.notes(users.host.id).some((n) => n.title === 'notifications.eventNew.title')).toBe(false);

      // Members see it with their own (empty) answer and the places left.
      const listed = pageOf(T, await T.call(agents.amara, E.list, { communityId: community.id }));
      expect(listed.items.map((e) => e.id)).toEqual([id]);
      expect(listed.items[0]).toMatchObject({ myStatus: null, placesTaken: 0, placesLeft: 20, onlineUrl: 'https://meet.example.org/houston' });

      const going = await T.call(agents.amara, E.rsvp, { id, status: 'going', guests: 2, note: 'Bringing puff-puff' });
      expect(going.status, JSON.stringify(going.raw)).toBe(200);
      expect(going.data.rsvp).toMatchObject({ status: 'going', guests: 2, note: 'Bringing puff-puff', placesLeft: 17, waitlistPosition: null });
      expect((await T.call(agents.bih, E.rsvp, { id, status: 'maybe' })).data.rsvp).toMatchObject({ status: 'maybe', guests: 0 });
      expect((await T.call(agents.treasurer, E.rsvp, { id, status: 'not_going' })).status).toBe(200);

      const detail = (await T.call(agents.bih, E.get, { id })).data;
      expect(detail.counts).toMatchObject({ going: 1, goingGuests: 2, maybe: 1, notGoing: 1, waitlisted: 0, placesTaken: 3, placesLeft: 17 });
      expect(detail.myRsvp).toMatchObject({ status: 'maybe' });
      // Members see who is going (names and guests), never who said maybe or not going, nor anyone's note.
      expect(detail.going).toEqual([{ userId: users.amara.id, name: expect.stringMatching(/^Amara /), guests: 2 }]);
      for (const other of [users.bih.id, users.treasurer.id]) expect(JSON.stringify(detail)).not.toContain(other);
      expect(JSON.stringify(detail)).not.toContain('puff-puff');

      const list = await T.call(agents.host, E.attendees, { id });
      expect(list.status).toBe(200);
      expect(list.data.attendees.map((a: any) => [a.name.split(' ')[0], a.status, a.guests])).toEqual([
        ['Amara', 'going', 2],
        ['Bih', 'maybe', 0],
        ['Amina', 'not_going', 0],
      ]);
      expect((await T.call(agents.amara, E.attendees, { id })).status).toBe(403);

      const cancelled = await T.call(agents.host, E.cancel, { id, reason: 'The hall flooded' });
      expect(cancelled.status, JSON.stringify(cancelled.raw)).toBe(200);
      expect(cancelled.data).toMatchObject({ cancelled: 1, event: { status: 'cancelled', cancelReason: 'The hall flooded', sequence: 1 } });
      for (const u of [users.amara, users.bih, users.treasurer]) {
        const note = w.notes(u.id).find((n) => n.title === 'notifications.eventCancelled.title');
        expect(note?.params).toMatchObject({ title: 'Monthly meeting', reason: 'The hall flooded' });
      }
      // Bih reads French: the date in her notice is written in French.
      expect(w.notes(users.bih.id).find((n) => n.title === 'notifications.eventCancelled.title')!.params.when).toMatch(/mercredi 4 mars 2026/);
      expect(w.notes(users.admin.id).some((n) => n.title === 'notifications.eventCancelled.title')).toBe(false);

      const again = await T.call(agents.host, E.cancel, { id, reason: 'Twice' });
      expect(again.status).toBe(409);
      expectError(again, 'CONFLICT', 'errors.events.alreadyCancelled');
      const late = await T.call(agents.bih, E.rsvp, { id, status: 'going' });
      expect(late.status).toBe(409);
      expectError(late, 'CONFLICT', 'errors.events.cancelled');
      const edit = await T.call(agents.host, E.update, { id, title: 'Back on' });
      expect(edit.status).toBe(409);
      // Still listed, marked cancelled.
      expect(pageOf(T, await T.call(agents.amara, E.list, { communityId: community.id })).items[0]).toMatchObject({ id, status: 'cancelled' });
    });

    it('pages the calendar by start time and honours the from/to window', async () => {
      const { t, agents, community } = await eventWorld();
      const base = t.clock.now() + DAY;
      // Created out of order: the calendar is by start time, not by creation.
      const ids: Record<string, number> = {};
      for (const [name, offset] of [['third', 3], ['first', 1], ['fourth', 4], ['second', 2], ['fifth', 30]] as const) {
        const r = await T.call(agents.host, E.create, newEvent(t, community.id, { title: name, startsAt: base + offset * DAY, endsAt: base + offset * DAY + HOUR }));
        expect(r.status, JSON.stringify(r.raw)).toBe(T.okStatus(E.create));
        ids[name] = r.data.id;
      }
      const seen: string[] = [];
      let cursor: string | null | undefined;
      do {
        const page = pageOf(T, await T.call(agents.amara, E.list, { communityId: community.id, limit: 2, ...(cursor ? { cursor } : {}) }));
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((e) => e.title));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(['first', 'second', 'third', 'fourth', 'fifth']);

      const window = pageOf(T, await T.call(agents.amara, E.list, { communityId: community.id, from: base + 2 * DAY, to: base + 4 * DAY }));
      expect(window.items.map((e) => e.title)).toEqual(['second', 'third']);
      // An event under way at `from` is still in the window.
      const during = pageOf(T, await T.call(agents.amara, E.list, { communityId: community.id, from: base + 2 * DAY + HOUR / 2, to: base + 3 * DAY + 1 }));
      expect(during.items.map((e) => e.title)).toEqual(['second', 'third']);
      // ISO date-times work too (integrators).
      const iso = pageOf(T, await T.call(agents.amara, E.list, { communityId: community.id, from: new Date(base + 29 * DAY).toISOString() }));
      expect(iso.items.map((e) => e.title)).toEqual(['fifth']);
      // Past events are not "upcoming".
      t.clock.advance(10 * DAY);
      expect(pageOf(T, await T.call(agents.amara, E.list, { communityId: community.id })).items.map((e) => e.title)).toEqual(['fifth']);

      // Past events newest first, paged backwards from `to` (what the "Past events" lists ask for).
      const past: string[] = [];
      let back: string | null | undefined;
      do {
        const page = pageOf(T, await T.call(agents.amara, E.list, { communityId: community.id, from: base, to: t.clock.now(), order: 'desc', limit: 3, ...(back ? { cursor: back } : {}) }));
        past.push(...page.items.map((e) => e.title));
        back = page.nextCursor;
      } while (back);
      expect(past).toEqual(['fourth', 'third', 'second', 'first']);
      expect((await T.call(agents.amara, E.list, { communityId: community.id, order: 'sideways' })).status).toBe(400);
    });

    it('refuses bad input with 400 and a readable message for the field', async () => {
      const { t, agents, community } = await eventWorld();
      const bad = async (over: Record<string, unknown>) => T.call(agents.host, E.create, newEvent(t, community.id, over));
      const cases: [Record<string, unknown>, MessageKey, (string | number)[], Record<string, unknown>?][] = [
        [{ title: '' }, 'validation.events.title', ['title']],
        [{ title: 'x'.repeat(201) }, 'validation.events.titleLong', ['title']],
        [{ endsAt: newEvent(t, community.id).startsAt - HOUR }, 'validation.events.endBeforeStart', ['endsAt']],
        [{ endsAt: newEvent(t, community.id).startsAt + 8 * DAY }, 'validation.events.tooLong', ['endsAt']],
        [{ onlineUrl: 'http://meet.example.org/x' }, 'validation.events.onlineUrl', ['onlineUrl']],
        [{ onlineUrl: 'javascript:alert(1)' }, 'validation.events.onlineUrl', ['onlineUrl']],
        [{ timeZone: 'Mars/Olympus' }, 'validation.events.timeZone', ['timeZone']],
        [{ capacity: 0 }, 'validation.events.capacity', ['capacity']],
        [{ coverUrl: 'https://evil.example/x.png' }, 'validation.uploadAgain', ['coverUrl']],
        [{ visibility: 'everyone' }, 'validation.events.visibility', ['visibility']],
        [{ startsAt: 'tomorrow' }, 'validation.events.startsAt', ['startsAt']],
        [{ startsAt: t.clock.now() - HOUR, endsAt: t.clock.now() + HOUR }, 'errors.events.startInPast', ['startsAt']],
        [{ repeat: { frequency: 'weekly', count: 3, until: '2026-06-01' } }, 'validation.events.bound', ['repeat', 'until']],
        [{ repeat: { frequency: 'daily', count: 3 } }, 'validation.events.frequency', ['repeat', 'frequency']],
        [{ repeat: { frequency: 'weekly', count: 105 } }, 'validation.events.count', ['repeat', 'count']],
        [{ repeat: { frequency: 'weekly', until: '2029-01-01' } }, 'errors.events.seriesTooLong', ['repeat', 'until'], { max: 104 }],
        [{ repeat: { frequency: 'weekly', until: '2026-03-01' } }, 'validation.events.untilBeforeStart', ['repeat', 'until']],
      ];
      for (const [over, key, path, params] of cases) {
        const r = await bad(over);
        expect(r.status, JSON.stringify(over)).toBe(400);
        expect(r.error?.code).toBe('BAD_REQUEST');
        expectError(r, 'BAD_REQUEST', key, params);
        expect(r.error?.issues?.[0]?.path, JSON.stringify(over)).toEqual(path);
      }
      const created = await T.call(agents.host, E.create, newEvent(t, community.id));
      const id = created.data.id;
      const rsvp = await T.call(agents.amara, E.rsvp, { id, status: 'yes', guests: 11 });
      expect(rsvp.status).toBe(400);
      expect(rsvp.error?.issues?.map((i) => i.message)).toEqual([textOf('validation.events.answer'), textOf('validation.events.guests')]);
      expectError(await T.call(agents.host, E.update, { id }), 'BAD_REQUEST', 'validation.events.nothingToChange');
      expectError(await T.call(agents.host, E.cancel, { id, reason: ' ' }), 'BAD_REQUEST', 'validation.events.reason');
      const badId = await T.call(agents.amara, E.get, { id: 'abc' });
      expect(badId.status).toBe(400);
      expectError(badId, 'BAD_REQUEST', 'validation.events.eventId');
      expect((await T.call(agents.amara, E.get, { id: 99999 })).status).toBe(404);
      const french = await T.call(agents.host, E.create, newEvent(t, community.id, { title: '' }), { 'accept-language': 'fr' });
      expectError(french, 'BAD_REQUEST', 'validation.events.title', undefined, 'fr');
    });
  });
}
