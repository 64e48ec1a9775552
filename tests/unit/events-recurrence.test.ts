import { describe, expect, it } from 'vitest';
import { MAX_OCCURRENCES } from '../../src/shared/events/rules';
import { localOf } from '../../src/shared/events/time';
import { occurrenceDates, occurrences, rruleOf, weekOfMonth, type Recurrence } from '../../src/server/services/events/recurrence';

/*
 * Series expansion: the RRULE written for each kind of repetition, the local dates it yields
 * (month ends, "first Saturday"), and the instants across DST changes in Chicago and Paris.
 */

const series = (over: Partial<Recurrence>): Recurrence => ({ frequency: 'weekly', startDate: '2026-03-03', localTime: '19:00', timeZone: 'America/Chicago', until: null, count: 6, ...over });
const HOUR = 3_600_000;

describe('weekly across the DST changes', () => {
  it('a Tuesday 19:00 in Chicago stays 19:00 local when the clocks spring forward (8 March 2026)', () => {
    const list = occurrences({ ...series({ startDate: '2026-03-03', count: 3 }), durationMs: 2 * HOUR });
    expect(list.map((o) => o.date)).toEqual(['2026-03-03', '2026-03-10', '2026-03-17']);
    expect(list.map((o) => new Date(o.startsAt).toISOString())).toEqual(['2026-03-04T01:00:00.000Z', '2026-03-11T00:00:00.000Z', '2026-03-18T00:00:00.000Z']);
    for (const o of list) expect(localOf(o.startsAt, 'America/Chicago').time).toBe('19:00');
    // Six days and 23 hours apart in absolute time: the local week, not 168 hours.
    expect(list[1]!.startsAt - list[0]!.startsAt).toBe(167 * HOUR);
    expect(list[0]!.endsAt - list[0]!.startsAt).toBe(2 * HOUR);
  });

  it('a Thursday 19:00 in Paris stays 19:00 local in spring (29 March) and autumn (25 October)', () => {
    const spring = occurrences({ ...series({ startDate: '2026-03-26', timeZone: 'Europe/Paris', count: 2 }), durationMs: HOUR });
    expect(spring.map((o) => new Date(o.startsAt).toISOString())).toEqual(['2026-03-26T18:00:00.000Z', '2026-04-02T17:00:00.000Z']);
    const autumn = occurrences({ ...series({ startDate: '2026-10-22', timeZone: 'Europe/Paris', count: 2 }), durationMs: HOUR });
    expect(autumn.map((o) => new Date(o.startsAt).toISOString())).toEqual(['2026-10-22T17:00:00.000Z', '2026-10-29T18:00:00.000Z']);
    for (const o of [...spring, ...autumn]) expect(localOf(o.startsAt, 'Europe/Paris').time).toBe('19:00');
  });

  it('a whole year of weekly meetings keeps its local time in both zones', () => {
    for (const timeZone of ['America/Chicago', 'Europe/Paris']) {
      const list = occurrences({ ...series({ startDate: '2026-01-06', timeZone, count: 52 }), durationMs: HOUR });
      expect(list).toHaveLength(52);
      for (const o of list) expect(localOf(o.startsAt, timeZone)).toEqual({ date: o.date, time: '19:00' });
    }
  });

  it('every two weeks, bounded by an end date (the whole last day counts)', () => {
    expect(rruleOf(series({ frequency: 'biweekly', startDate: '2026-01-03', count: null, until: '2026-02-28' }))).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=SA;UNTIL=20260228T235900Z');
    expect(occurrenceDates(series({ frequency: 'biweekly', startDate: '2026-01-03', count: null, until: '2026-02-28' }))).toEqual([
      '2026-01-03',
      '2026-01-17',
      '2026-01-31',
      '2026-02-14',
      '2026-02-28',
    ]);
  });
});

describe('monthly', () => {
  it('on the 31st falls on the last day of shorter months instead of skipping them', () => {
    const r = series({ frequency: 'monthly_date', startDate: '2026-01-31', count: 6 });
    expect(rruleOf(r)).toBe('FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1;COUNT=6');
    expect(occurrenceDates(r)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']);
    // A leap year's February.
    expect(occurrenceDates(series({ frequency: 'monthly_date', startDate: '2028-01-31', count: 2 }))).toEqual(['2028-01-31', '2028-02-29']);
    expect(occurrenceDates(series({ frequency: 'monthly_date', startDate: '2026-01-30', count: 3 }))).toEqual(['2026-01-30', '2026-02-28', '2026-03-30']);
  });

  it('on an ordinary date keeps the date', () => {
    const r = series({ frequency: 'monthly_date', startDate: '2026-01-15', count: 3 });
    expect(rruleOf(r)).toBe('FREQ=MONTHLY;BYMONTHDAY=15;COUNT=3');
    expect(occurrenceDates(r)).toEqual(['2026-01-15', '2026-02-15', '2026-03-15']);
  });

  it('on the first Saturday (BYDAY=1SA)', () => {
    const r = series({ frequency: 'monthly_weekday', startDate: '2026-01-03', count: 5 });
    expect(rruleOf(r)).toBe('FREQ=MONTHLY;BYDAY=+1SA;COUNT=5');
    expect(occurrenceDates(r)).toEqual(['2026-01-03', '2026-02-07', '2026-03-07', '2026-04-04', '2026-05-02']);
  });

  it('on the last Friday when the start is in the month’s last days (never a "fifth" that skips months)', () => {
    expect(weekOfMonth('2026-01-30')).toBe(-1);
    expect(weekOfMonth('2026-01-22')).toBe(4);
    const r = series({ frequency: 'monthly_weekday', startDate: '2026-01-30', count: 3 });
    expect(rruleOf(r)).toBe('FREQ=MONTHLY;BYDAY=-1FR;COUNT=3');
    expect(occurrenceDates(r)).toEqual(['2026-01-30', '2026-02-27', '2026-03-27']);
  });

  it('keeps the local time across DST in Chicago', () => {
    const list = occurrences({ ...series({ frequency: 'monthly_weekday', startDate: '2026-02-07', timeZone: 'America/Chicago', count: 2 }), durationMs: HOUR });
    expect(list.map((o) => localOf(o.startsAt, 'America/Chicago'))).toEqual([
      { date: '2026-02-07', time: '19:00' },
      { date: '2026-03-07', time: '19:00' },
    ]);
    const sunday = occurrences({ ...series({ frequency: 'monthly_date', startDate: '2026-02-08', timeZone: 'America/Chicago', count: 2 }), durationMs: HOUR });
    expect(sunday[1]!.startsAt - sunday[0]!.startsAt).toBe(28 * 24 * HOUR - HOUR);
  });
});

describe('bounds', () => {
  it('yields one more than the cap for a series that is too long, so the caller can refuse it', () => {
    expect(occurrenceDates(series({ count: null, until: '2030-01-01' }))).toHaveLength(MAX_OCCURRENCES + 1);
    expect(occurrenceDates(series({ count: MAX_OCCURRENCES }))).toHaveLength(MAX_OCCURRENCES);
  });
});
