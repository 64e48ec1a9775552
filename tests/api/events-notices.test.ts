import { describe, expect, it } from 'vitest';
import { transportsFor, REST } from '../setup/transport';
import { E, eventWorld, HOUR, newEvent, pageOf } from '../setup/events';
import { expectError } from '../setup/errors';

/*
 * Who is told what when events change: a member who turned event notices off is not told of new
 * events; a new time or place reaches those who said
 * they would or might come, once however many dates moved; a lower capacity takes nobody's place.
 */

const titles = <N extends { title: string }>(notes: N[], key: string) => notes.filter((n) => n.title === `notifications.${key}.title`);

describe('new-event notices follow the member’s setting', () => {
  it('turned off in the profile, no notice of a new event; turned on again, notices come back', async () => {
    const w = await eventWorld();
    const { t, agents, users, community } = w;
    const off = await agents.amara.mutate('notifications.setPreferences', { kinds: { events: 'off' } });
    expect(off.status, JSON.stringify(off.error)).toBe(200);
    expect(off.data.kinds.events).toMatchObject({ channel: 'off', isDefault: false });
    // The setting is what the profile reads back.
    expect((await agents.amara.query('notifications.preferences')).data.kinds.events.channel).toBe('off');

    await agents.host.mutate('events.create', newEvent(t, community.id));
    expect(titles(w.notes(users.amara.id), 'eventNew')).toHaveLength(0);
    expect(titles(w.notes(users.bih.id), 'eventNew')).toHaveLength(1);

    expect((await agents.amara.mutate('notifications.setPreferences', { kinds: { events: 'app' } })).status).toBe(200);
    await agents.host.mutate('events.create', newEvent(t, community.id, { title: 'Second meeting' }));
    expect(titles(w.notes(users.amara.id), 'eventNew')).toHaveLength(1);

    const bad = await agents.amara.mutate('notifications.setPreferences', { kinds: { events: 'sometimes' } });
    expect(bad.status).toBe(400);
    expectError(bad, 'BAD_REQUEST', 'validation.notices.channel');
  });
});

for (const T of transportsFor(REST)) {
  describe(`${T.name}: a new time or place is told to those coming`, () => {
    it('one event: a new title tells nobody; a new place tells going and maybe, not those who declined', async () => {
      const w = await eventWorld();
      const { t, agents, users, community } = w;
      const id = (await T.call(agents.host, E.create, newEvent(t, community.id))).data.id;
      await T.call(agents.amara, E.rsvp, { id, status: 'going' });
      await T.call(agents.bih, E.rsvp, { id, status: 'maybe' });
      await T.call(agents.treasurer, E.rsvp, { id, status: 'not_going' });

      expect((await T.call(agents.host, E.update, { id, title: 'Monthly meeting (AGM)' })).status).toBe(200);
      expect(titles(w.notes(users.amara.id), 'eventChanged')).toHaveLength(0);

      const moved = await T.call(agents.host, E.update, { id, place: '4400 Bellaire Blvd, Houston' });
      expect(moved.status, JSON.stringify(moved.raw)).toBe(200);
      expect(titles(w.notes(users.amara.id), 'eventChanged')).toEqual([expect.objectContaining({ params: expect.objectContaining({ title: 'Monthly meeting (AGM)' }), link: `/events/${id}` })]);
      expect(titles(w.notes(users.bih.id), 'eventChanged')).toHaveLength(1);
      expect(titles(w.notes(users.treasurer.id), 'eventChanged')).toHaveLength(0);
      expect(titles(w.notes(users.host.id), 'eventChanged')).toHaveLength(0);
    });

    it('a series moved from one date on: one notice per person, naming the first moved date', async () => {
      const w = await eventWorld();
      const { t, agents, users, community } = w;
      await T.call(agents.host, E.create, newEvent(t, community.id, { repeat: { frequency: 'weekly', count: 4 } }));
      const dates = pageOf(T, await T.call(agents.amara, E.list, { communityId: community.id })).items;
      expect(dates).toHaveLength(4);
      expect((await T.call(agents.amara, E.rsvp, { id: dates[0].id, status: 'going', scope: 'series' })).status).toBe(200);

      const r = await T.call(agents.host, E.update, { id: dates[1].id, scope: 'following', startsAt: dates[1].startsAt + HOUR, endsAt: dates[1].endsAt + HOUR });
      expect(r.status, JSON.stringify(r.raw)).toBe(200);
      expect(r.data.updated).toBe(3);
      const notes = titles(w.notes(users.amara.id), 'eventSeriesChanged');
      expect(notes).toHaveLength(1);
      expect(notes[0]!.link).toBe(`/events/${dates[1].id}`);
      // Its date is read in the event's zone: 5 AM instead of 4 AM in Chicago.
      expect(notes[0]!.params.when).toMatch(/5:00\s?AM/);
      expect(titles(w.notes(users.amara.id), 'eventChanged')).toHaveLength(0);
    });

    it('a lower capacity takes nobody’s place: new answers wait until enough places free up', async () => {
      const w = await eventWorld();
      const { t, agents, users, community } = w;
      const id = (await T.call(agents.host, E.create, newEvent(t, community.id, { capacity: 3 }))).data.id;
      await T.call(agents.amara, E.rsvp, { id, status: 'going', guests: 1 });
      await T.call(agents.bih, E.rsvp, { id, status: 'going' });
      const lowered = await T.call(agents.host, E.update, { id, capacity: 1 });
      expect(lowered.status, JSON.stringify(lowered.raw)).toBe(200);

      const counts = (await T.call(agents.amara, E.get, { id })).data.counts;
      expect(counts).toMatchObject({ going: 2, placesTaken: 3, capacity: 1, placesLeft: 0 });
      expect((await T.call(agents.treasurer, E.rsvp, { id, status: 'going' })).data.rsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
      // Amara leaving frees two places, but Bih still holds the only one there is now.
      await T.call(agents.amara, E.rsvp, { id, status: 'not_going' });
      expect((await T.call(agents.treasurer, E.get, { id })).data.myRsvp).toMatchObject({ status: 'waitlisted' });
      await T.call(agents.bih, E.rsvp, { id, status: 'not_going' });
      expect((await T.call(agents.treasurer, E.get, { id })).data.myRsvp).toMatchObject({ status: 'going' });
      expect(titles(w.notes(users.treasurer.id), 'eventPromoted')).toHaveLength(1);
    });
  });
}
