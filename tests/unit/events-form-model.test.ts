import { describe, expect, it } from 'vitest';
import { localOf } from '../../src/shared/events/time';
import { addDays } from '../../src/shared/njangi/schedule';
import { occurrenceDates, weekOfMonth as serverWeekOfMonth } from '../../src/server/services/events/recurrence';
import { addMonths, eventDates, firstDayOfWeek, groupByDay, monthGrid, weekHeader, weekOfMonth } from '../../src/client/features/events/calendar-model';
import {
  changedFields,
  createEventForm,
  defaultSchedule,
  editEventForm,
  fieldOfServerPath,
  localFields,
  repeatMeaning,
  shiftTime,
  toInstants,
  type CreateEventValues,
} from '../../src/client/features/events/event-form-model';

/*
 * The Schedule / Edit Event forms' rules, apart from React: local date and times in the event's
 * zone to instants, repeat labels that say what the server's recurrence really does, only the
 * changed fields on an edit, and the month view's grid.
 */

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;
const NOW = Date.parse('2026-03-01T12:00:00Z');

const values = (over: Partial<CreateEventValues> = {}): CreateEventValues => ({
  title: 'Monthly meeting',
  description: '',
  date: '2026-03-14',
  startTime: '19:00',
  multiDay: false,
  endDate: '',
  endTime: '21:00',
  timeZone: 'America/Chicago',
  place: '',
  onlineUrl: '',
  coverUrl: null,
  capacity: '',
  visibility: 'members',
  guestListHidden: false,
  repeat: 'none',
  ends: 'count',
  until: '',
  count: '',
  ...over,
});

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => (r.error?.issues ?? []).map((i) => `${String(i.path[0])}: ${i.message}`);

describe('repeat labels', () => {
  it('name the weekday of the month exactly as the server repeats it, for every day of a year', () => {
    for (let d = '2026-01-01'; d < '2027-01-01'; d = addDays(d, 1)) expect(weekOfMonth(d), d).toBe(serverWeekOfMonth(d));
  });

  it('"Monthly on the second Saturday" lands on the second Saturday of each month', () => {
    const m = repeatMeaning('2026-03-14', 'en-US');
    expect(m).toEqual({ weekday: 'Saturday', day: 14, late: false, ordinal: 'second' });
    const dates = occurrenceDates({ frequency: 'monthly_weekday', startDate: '2026-03-14', localTime: '19:00', timeZone: 'America/Chicago', until: null, count: 4 });
    expect(dates).toEqual(['2026-03-14', '2026-04-11', '2026-05-09', '2026-06-13']);
  });

  it('from the 29th on, the weekday is "the last" of the month (a fifth one would skip months)', () => {
    const m = repeatMeaning('2026-05-30', 'en-US');
    expect(m.ordinal).toBe('last');
    expect(m.weekday).toBe('Saturday');
    const dates = occurrenceDates({ frequency: 'monthly_weekday', startDate: '2026-05-30', localTime: '10:00', timeZone: 'UTC', until: null, count: 3 });
    expect(dates).toEqual(['2026-05-30', '2026-06-27', '2026-07-25']);
    // The 22nd–28th is the fourth, which is not always the last.
    expect(repeatMeaning('2026-03-28', 'en-US').ordinal).toBe('fourth');
  });

  it('"Monthly on day 31" is marked as falling back to the last day of shorter months, as the server does', () => {
    expect(repeatMeaning('2026-01-31', 'en-US').late).toBe(true);
    expect(occurrenceDates({ frequency: 'monthly_date', startDate: '2026-01-31', localTime: '10:00', timeZone: 'UTC', until: null, count: 3 })).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(repeatMeaning('2026-01-28', 'en-US').late).toBe(false);
  });

  it('speak the interface language', () => {
    expect(repeatMeaning('2026-03-14', 'fr-FR').weekday).toBe('samedi');
  });
});

describe('local date and times to instants', () => {
  it('reads the times on the chosen zone’s clock, across a DST change', () => {
    const winter = toInstants({ date: '2026-03-07', startTime: '19:00', endTime: '21:00', timeZone: 'America/Chicago' })!;
    expect(iso(winter.startsAt)).toBe('2026-03-08T01:00:00.000Z');
    expect(winter.endsAt - winter.startsAt).toBe(2 * HOUR);
    const summer = toInstants({ date: '2026-03-14', startTime: '19:00', endTime: '21:00', timeZone: 'America/Chicago' })!;
    expect(iso(summer.startsAt)).toBe('2026-03-15T00:00:00.000Z');
    expect(iso(toInstants({ date: '2026-07-15', startTime: '19:00', endTime: '20:00', timeZone: 'Europe/Paris' })!.startsAt)).toBe('2026-07-15T17:00:00.000Z');
  });

  it('takes a later end date for events over several days', () => {
    const w = toInstants({ date: '2026-08-07', startTime: '18:00', endDate: '2026-08-09', endTime: '16:00', timeZone: 'Africa/Douala' })!;
    expect(w.endsAt - w.startsAt).toBe(46 * HOUR);
  });

  it('is null while a part is missing or wrong', () => {
    expect(toInstants({ date: '', startTime: '19:00', endTime: '21:00', timeZone: 'UTC' })).toBeNull();
    expect(toInstants({ date: '2026-02-30', startTime: '19:00', endTime: '21:00', timeZone: 'UTC' })).toBeNull();
    expect(toInstants({ date: '2026-03-01', startTime: '7pm', endTime: '21:00', timeZone: 'UTC' })).toBeNull();
    expect(toInstants({ date: '2026-03-01', startTime: '19:00', endTime: '21:00', timeZone: 'Mars/Olympus' })).toBeNull();
  });

  it('an existing event reads back as its own zone’s local date and times', () => {
    const startsAt = Date.parse('2026-03-15T00:00:00Z');
    expect(localFields({ startsAt, endsAt: startsAt + 2 * HOUR, timeZone: 'America/Chicago' })).toEqual({
      date: '2026-03-14',
      startTime: '19:00',
      multiDay: false,
      endDate: '2026-03-14',
      endTime: '21:00',
    });
    // Ending after midnight: on a later day.
    expect(localFields({ startsAt, endsAt: startsAt + 6 * HOUR, timeZone: 'America/Chicago' })).toMatchObject({ multiDay: true, endDate: '2026-03-15', endTime: '01:00' });
  });

  it('a new start keeps the length; defaults are this evening, or tomorrow evening when it is late', () => {
    expect(shiftTime('18:30', 90)).toBe('20:00');
    expect(shiftTime('23:00', 120)).toBe('23:59');
    expect(defaultSchedule(Date.parse('2026-03-10T15:00:00Z'), 'UTC')).toEqual({ date: '2026-03-10', startTime: '19:00', endTime: '21:00' });
    expect(defaultSchedule(Date.parse('2026-03-10T20:00:00Z'), 'UTC')).toEqual({ date: '2026-03-11', startTime: '19:00', endTime: '21:00' });
  });
});

describe('the Schedule Event form', () => {
  it('turns the fields into events.create’s input', () => {
    const r = createEventForm(NOW).safeParse(values({ place: '  Hall  ', capacity: '40', onlineUrl: 'https://meet.example.org/abc' }));
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      title: 'Monthly meeting',
      description: '',
      startsAt: Date.parse('2026-03-15T00:00:00Z'),
      endsAt: Date.parse('2026-03-15T02:00:00Z'),
      timeZone: 'America/Chicago',
      place: 'Hall',
      onlineUrl: 'https://meet.example.org/abc',
      coverUrl: null,
      capacity: 40,
      visibility: 'members',
      guestListHidden: false,
      repeat: null,
    });
  });

  it('sends a series bounded by a count or by a last date', () => {
    expect(createEventForm(NOW).safeParse(values({ repeat: 'monthly_weekday', ends: 'count', count: '6' })).data?.repeat).toEqual({ frequency: 'monthly_weekday', until: null, count: 6 });
    expect(createEventForm(NOW).safeParse(values({ repeat: 'weekly', ends: 'until', until: '2026-06-30' })).data?.repeat).toEqual({ frequency: 'weekly', until: '2026-06-30', count: null });
  });

  it('puts each mistake on its field', () => {
    const form = createEventForm(NOW);
    expect(issues(form.safeParse(values({ title: ' ' })))).toEqual(['title: validation.events.title']);
    expect(issues(form.safeParse(values({ endTime: '18:00' })))).toEqual(['endTime: events.form.endBeforeStartSameDay']);
    expect(issues(form.safeParse(values({ multiDay: true, endDate: '2026-03-13' })))).toEqual(['endDate: validation.events.endBeforeStart']);
    expect(issues(form.safeParse(values({ multiDay: true, endDate: '2026-03-25' })))).toEqual(['endDate: validation.events.tooLong']);
    expect(issues(form.safeParse(values({ date: '2026-02-20' })))).toEqual(['startTime: errors.events.startInPast']);
    expect(issues(form.safeParse(values({ onlineUrl: 'http://meet.example.org' })))).toEqual(['onlineUrl: validation.events.onlineUrl']);
    expect(issues(form.safeParse(values({ capacity: '0' })))).toEqual(['capacity: validation.events.capacity']);
    expect(issues(form.safeParse(values({ capacity: '2.5' })))).toEqual(['capacity: validation.events.capacity']);
    expect(issues(form.safeParse(values({ repeat: 'weekly', count: '1' })))).toEqual(['count: validation.events.count']);
    expect(issues(form.safeParse(values({ repeat: 'weekly', count: '105' })))).toEqual(['count: validation.events.count']);
    expect(issues(form.safeParse(values({ repeat: 'weekly', ends: 'until', until: '2026-03-01' })))).toEqual(['until: validation.events.untilBeforeStart']);
    expect(issues(form.safeParse(values({ repeat: 'weekly', ends: 'until', until: '' })))).toEqual(['until: validation.events.until']);
  });

  it('maps the server’s input paths to the fields', () => {
    expect(fieldOfServerPath(['startsAt'])).toBe('startTime');
    expect(fieldOfServerPath(['endsAt'])).toBe('endTime');
    expect(fieldOfServerPath(['repeat', 'until'])).toBe('until');
    expect(fieldOfServerPath(['repeat', 'until'], 'count')).toBe('count');
    expect(fieldOfServerPath(['repeat', 'count'])).toBe('count');
    expect(fieldOfServerPath(['title'])).toBe('title');
  });
});

describe('the Edit Event form', () => {
  const event = {
    title: 'Meeting',
    description: 'Agenda',
    startsAt: Date.parse('2026-02-20T01:00:00Z'),
    endsAt: Date.parse('2026-02-20T03:00:00Z'),
    timeZone: 'America/Chicago',
    place: 'Hall',
    onlineUrl: null,
    coverUrl: null,
    capacity: 20,
    visibility: 'members' as const,
    guestListHidden: false,
  };
  const fields = {
    ...localFields(event),
    title: event.title,
    description: event.description,
    timeZone: event.timeZone,
    place: 'Hall',
    onlineUrl: '',
    coverUrl: null,
    capacity: '20',
    visibility: 'members' as const,
    guestListHidden: false,
  };

  it('keeps a start already past when it is not changed, and refuses to move one into the past', () => {
    expect(editEventForm(NOW, event).safeParse(fields).success).toBe(true);
    expect(issues(editEventForm(NOW, event).safeParse({ ...fields, startTime: '18:00' }))).toEqual(['startTime: errors.events.startInPast']);
  });

  it('sends only what changed, and the whole schedule when the time or zone changes', () => {
    const parsed = editEventForm(NOW, event).safeParse({ ...fields, title: 'Meeting (room 2)', capacity: '' }).data!;
    expect(changedFields(event, parsed)).toEqual({ title: 'Meeting (room 2)', capacity: null });
    const moved = editEventForm(NOW, event).safeParse({ ...fields, date: '2026-03-12' }).data!;
    expect(changedFields(event, moved)).toEqual({ startsAt: Date.parse('2026-03-13T00:00:00Z'), endsAt: Date.parse('2026-03-13T02:00:00Z'), timeZone: 'America/Chicago' });
    expect(changedFields(event, { ...event })).toEqual({});
    // Hiding the guest list is a change of its own.
    expect(changedFields(event, editEventForm(NOW, event).safeParse({ ...fields, guestListHidden: true }).data!)).toEqual({ guestListHidden: true });
  });
});

describe('the month view', () => {
  it('lays a month out in weeks from the locale’s first day', () => {
    // 1 March 2026 is a Sunday.
    const monday = monthGrid('2026-03', 1);
    expect(monday[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(monday.at(-1)).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null]);
    expect(monday.flat().filter(Boolean)).toHaveLength(31);
    const sunday = monthGrid('2026-03', 7);
    expect(sunday[0]![0]).toBe('2026-03-01');
    expect(sunday).toHaveLength(5);
    expect(weekHeader(1).map((d) => repeatMeaning(d, 'en-US').weekday.slice(0, 3))).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(firstDayOfWeek('fr-FR')).toBe(1);
  });

  it('moves between months', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', -14)).toBe('2025-01');
  });

  it('shows an evening on its own day and a festival on each of its days', () => {
    const evening = Date.parse('2026-03-14T22:00:00Z');
    expect(eventDates({ startsAt: evening, endsAt: evening + 4 * HOUR }, 'UTC')).toEqual(['2026-03-14']);
    const festival = Date.parse('2026-08-07T16:00:00Z');
    expect(eventDates({ startsAt: festival, endsAt: festival + 48 * HOUR }, 'UTC')).toEqual(['2026-08-07', '2026-08-08', '2026-08-09']);
    // Ending at midnight does not spill onto the next day.
    const day = Date.parse('2026-08-07T00:00:00Z');
    expect(eventDates({ startsAt: day, endsAt: day + 48 * HOUR }, 'UTC')).toEqual(['2026-08-07', '2026-08-08']);
  });

  it('groups a list by the viewer’s local day', () => {
    const at = (s: string) => ({ startsAt: Date.parse(s) });
    const groups = groupByDay([at('2026-03-14T23:30:00Z'), at('2026-03-15T01:00:00Z'), at('2026-03-15T15:00:00Z')], 'America/Chicago');
    expect(groups.map((g) => [g.date, g.items.length])).toEqual([
      ['2026-03-14', 2],
      ['2026-03-15', 1],
    ]);
    expect(localOf(Date.parse('2026-03-15T01:00:00Z'), 'America/Chicago').date).toBe('2026-03-14');
  });
});
