import { describe, expect, it } from 'vitest';
import { eventSeries } from '../../db/schema';
import { instantOfLocal, localOf } from '../../src/shared/events/time';
import { REST, transportsFor, TRPC } from '../setup/transport';
import { E, eventWorld, HOUR, pageOf, type EventWorld } from '../setup/events';
import type { Transport } from '../setup/transport';

/*
 * Recurring series through the API: a weekly 19:00 meeting in Chicago keeps its wall-clock time
 * across the spring change, monthly series land on month ends and first Saturdays, and edits to
 * "this occurrence" or "this and following" change exactly the rows they should, each change
 * bumping the iCalendar SEQUENCE.
 */

async function weekly(T: Transport, w: EventWorld, over: Record<string, unknown> = {}) {
  // Tuesday 3 March 2026, 19:00 in Chicago (CST); the clocks spring forward on Sunday 8 March.
  const startsAt = instantOfLocal('2026-03-03', '19:00', 'America/Chicago');
  const r = await T.call(w.agents.host, E.create, {
    communityId: w.community.id,
    title: 'Choir practice',
    startsAt,
    endsAt: startsAt + 2 * HOUR,
    timeZone: 'America/Chicago',
    onlineUrl: 'https://meet.example.org/choir',
    repeat: { frequency: 'weekly', count: 6 },
    ...over,
  });
  expect(r.status, JSON.stringify(r.raw)).toBe(T.okStatus(E.create));
  return r.data;
}
const all = async (T: Transport, w: EventWorld) => pageOf(T, await T.call(w.agents.amara, E.list, { communityId: w.community.id })).items;
const local = (e: { startsAt: number; timeZone: string }) => localOf(e.startsAt, e.timeZone);

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: recurring series`, () => {
    it('a weekly 19:00 stays 19:00 in Chicago across the DST change; one notice for the whole series', async () => {
      const w = await eventWorld();
      const created = await weekly(T, w);
      expect(created).toMatchObject({ occurrences: 6, series: { frequency: 'weekly', rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=6', startDate: '2026-03-03', localTime: '19:00', count: 6 } });
      const rows = await all(T, w);
      expect(rows.map(local)).toEqual(['2026-03-03', '2026-03-10', '2026-03-17', '2026-03-24', '2026-03-31', '2026-04-07'].map((date) => ({ date, time: '19:00' })));
      expect(rows.map((e) => new Date(e.startsAt).toISOString().slice(11, 16))).toEqual(['01:00', '00:00', '00:00', '00:00', '00:00', '00:00']);
      expect(new Set(rows.map((e) => e.seriesId))).toEqual(new Set([created.seriesId]));
      expect(w.notes(w.users.amara.id).filter((n) => n.title.startsWith('notifications.event'))).toEqual([
        { title: 'notifications.eventSeriesNew.title', params: { title: 'Choir practice', community: 'Houston Cameroonians' }, link: `/events/${created.id}` },
      ]);
    });

    it('monthly on the 31st and on the first Saturday, in Paris', async () => {
      const w = await eventWorld();
      const at = (date: string) => instantOfLocal(date, '15:00', 'Europe/Paris');
      const onDate = await T.call(w.agents.host, E.create, { communityId: w.community.id, title: 'Month-end accounts', startsAt: at('2026-03-31'), endsAt: at('2026-03-31') + HOUR, timeZone: 'Europe/Paris', repeat: { frequency: 'monthly_date', until: '2026-08-31' } });
      expect(onDate.status, JSON.stringify(onDate.raw)).toBe(T.okStatus(E.create));
      expect(onDate.data.series.rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1;UNTIL=20260831T235900Z');
      const firstSat = await T.call(w.agents.host, E.create, { communityId: w.community.id, title: 'Family day', startsAt: at('2026-04-04'), endsAt: at('2026-04-04') + 3 * HOUR, timeZone: 'Europe/Paris', repeat: { frequency: 'monthly_weekday', count: 4 } });
      expect(firstSat.data.series.rrule).toBe('FREQ=MONTHLY;BYDAY=+1SA;COUNT=4');
      const rows = await all(T, w);
      const dates = (title: string) => rows.filter((e) => e.title === title).map((e) => local(e));
      expect(dates('Month-end accounts')).toEqual(['2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31', '2026-08-31'].map((date) => ({ date, time: '15:00' })));
      expect(dates('Family day')).toEqual(['2026-04-04', '2026-05-02', '2026-06-06', '2026-07-04'].map((date) => ({ date, time: '15:00' })));
    });

    it('"this occurrence" changes one row; "this and following" moves the rest to a new series, shifted in local time', async () => {
      const w = await eventWorld();
      const created = await weekly(T, w);
      let rows = await all(T, w);
      const one = await T.call(w.agents.host, E.update, { id: rows[1].id, title: 'Choir practice (with the band)' });
      expect(one.status, JSON.stringify(one.raw)).toBe(200);
      expect(one.data).toMatchObject({ updated: 1, event: { title: 'Choir practice (with the band)', sequence: 1 } });
      rows = await all(T, w);
      expect(rows.map((e) => [e.title, e.sequence])).toEqual([
        ['Choir practice', 0],
        ['Choir practice (with the band)', 1],
        ['Choir practice', 0],
        ['Choir practice', 0],
        ['Choir practice', 0],
        ['Choir practice', 0],
      ]);

      // From the fourth on: Wednesdays at 18:30, in a new place, for an hour and a half.
      const fourth = rows[3];
      const moved = instantOfLocal('2026-03-25', '18:30', 'America/Chicago');
      const following = await T.call(w.agents.host, E.update, { id: fourth.id, scope: 'following', startsAt: moved, endsAt: moved + 1.5 * HOUR, place: 'St. Mary hall' });
      expect(following.status, JSON.stringify(following.raw)).toBe(200);
      expect(following.data).toMatchObject({ updated: 3, event: { id: fourth.id, startsAt: moved, place: 'St. Mary hall', sequence: 1 } });
      rows = await all(T, w);
      expect(rows.map((e) => ({ ...local(e), place: e.place, sequence: e.sequence }))).toEqual([
        { date: '2026-03-03', time: '19:00', place: null, sequence: 0 },
        { date: '2026-03-10', time: '19:00', place: null, sequence: 1 },
        { date: '2026-03-17', time: '19:00', place: null, sequence: 0 },
        { date: '2026-03-25', time: '18:30', place: 'St. Mary hall', sequence: 1 },
        { date: '2026-04-01', time: '18:30', place: 'St. Mary hall', sequence: 1 },
        { date: '2026-04-08', time: '18:30', place: 'St. Mary hall', sequence: 1 },
      ]);
      expect(rows.slice(3).every((e) => e.endsAt - e.startsAt === 1.5 * HOUR)).toBe(true);
      const oldSeries = created.seriesId;
      const newSeries = rows[3].seriesId;
      expect(rows.slice(0, 3).every((e) => e.seriesId === oldSeries)).toBe(true);
      expect(newSeries).not.toBe(oldSeries);
      expect(rows.slice(3).every((e) => e.seriesId === newSeries)).toBe(true);
      const series = Object.fromEntries(w.t.db.select().from(eventSeries).all().map((s) => [s.id, s]));
      expect(series[oldSeries]).toMatchObject({ count: 3, rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=3' });
      expect(series[newSeries]).toMatchObject({ count: 3, startDate: '2026-03-25', localTime: '18:30', rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;COUNT=3', durationMs: 1.5 * HOUR });

      // Cancelling "this and following" from the fifth: the fifth and sixth, told once each.
      await T.call(w.agents.amara, E.rsvp, { id: rows[4].id, status: 'going', scope: 'series' });
      const cancelled = await T.call(w.agents.host, E.cancel, { id: rows[4].id, scope: 'following', reason: 'Summer break' });
      expect(cancelled.data).toMatchObject({ cancelled: 2 });
      rows = await all(T, w);
      expect(rows.map((e) => e.status)).toEqual(['scheduled', 'scheduled', 'scheduled', 'scheduled', 'cancelled', 'cancelled']);
      expect(rows[5].sequence).toBe(2);
      expect(w.notes(w.users.amara.id).filter((n) => n.title === 'notifications.eventSeriesCancelled.title')).toHaveLength(1);
    });

    it('a series bounded by an end date ends before the split; editing from the first occurrence keeps one series', async () => {
      const w = await eventWorld();
      const created = await weekly(T, w, { repeat: { frequency: 'biweekly', until: '2026-05-31' } });
      expect(created.occurrences).toBe(7);
      let rows = await all(T, w);
      await T.call(w.agents.host, E.update, { id: rows[2].id, scope: 'following', title: 'Choir (new repertoire)' });
      const series = Object.fromEntries(w.t.db.select().from(eventSeries).all().map((s) => [s.id, s]));
      expect(series[created.seriesId]).toMatchObject({ until: '2026-03-30', count: null, rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20260330T235900Z' });
      rows = await all(T, w);
      expect(rows.map((e) => e.title)).toEqual(['Choir practice', 'Choir practice', ...Array(5).fill('Choir (new repertoire)')]);
      expect(series[rows[2].seriesId]).toMatchObject({ startDate: '2026-03-31', until: '2026-05-31', localTime: '19:00' });

      // From the very first occurrence there is nothing before: the series itself changes.
      const before = w.t.db.select().from(eventSeries).all().length;
      await T.call(w.agents.host, E.update, { id: rows[0].id, scope: 'following', visibility: 'public' });
      expect(w.t.db.select().from(eventSeries).all()).toHaveLength(before);
      expect((await all(T, w)).slice(0, 2).map((e) => [e.visibility, e.sequence])).toEqual([
        ['public', 1],
        ['public', 1],
      ]);
    });
  });
}

describe('series edits keep answers with their occurrence', () => {
  it('moving the following occurrences keeps their RSVPs and their duration', async () => {
    const w = await eventWorld();
    const T = REST;
    await weekly(T, w);
    const rows = await all(T, w);
    await T.call(w.agents.amara, E.rsvp, { id: rows[2].id, status: 'going', scope: 'series' });
    const moved = instantOfLocal('2026-03-17', '20:00', 'America/Chicago');
    const r = await T.call(w.agents.host, E.update, { id: rows[2].id, scope: 'following', startsAt: moved });
    expect(r.status, JSON.stringify(r.raw)).toBe(200);
    const after = await all(T, w);
    expect(after.map((e) => e.myStatus)).toEqual([null, null, 'going', 'going', 'going', 'going']);
    // A new start alone keeps the duration.
    expect(after.slice(2).map((e) => [local(e).time, e.endsAt - e.startsAt])).toEqual(Array(4).fill(['20:00', 2 * HOUR]));
  });
});
