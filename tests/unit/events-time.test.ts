import { describe, expect, it } from 'vitest';
import { daysBetween, instantOfLocal, isValidLocalTime, localOf, offsetAt } from '../../src/shared/events/time';

/*
 * Local wall-clock time in a zone to an instant and back: the ground every event's start stands
 * on, checked on ordinary days, across both DST changes and in zones without DST.
 */

const iso = (ms: number) => new Date(ms).toISOString();

describe('instantOfLocal', () => {
  it('converts an ordinary local time with the offset in force that day', () => {
    expect(iso(instantOfLocal('2026-01-15', '19:00', 'America/Chicago'))).toBe('2026-01-16T01:00:00.000Z'); // CST, UTC-6
    expect(iso(instantOfLocal('2026-07-15', '19:00', 'America/Chicago'))).toBe('2026-07-16T00:00:00.000Z'); // CDT, UTC-5
    expect(iso(instantOfLocal('2026-01-15', '19:00', 'Europe/Paris'))).toBe('2026-01-15T18:00:00.000Z'); // CET
    expect(iso(instantOfLocal('2026-07-15', '19:00', 'Europe/Paris'))).toBe('2026-07-15T17:00:00.000Z'); // CEST
    expect(iso(instantOfLocal('2026-07-15', '19:00', 'Africa/Douala'))).toBe('2026-07-15T18:00:00.000Z'); // WAT, no DST
    expect(iso(instantOfLocal('2026-07-15', '00:00', 'UTC'))).toBe('2026-07-15T00:00:00.000Z');
  });

  it('keeps 19:00 local on both sides of the spring change (Chicago 8 March 2026, Paris 29 March 2026)', () => {
    expect(iso(instantOfLocal('2026-03-07', '19:00', 'America/Chicago'))).toBe('2026-03-08T01:00:00.000Z');
    expect(iso(instantOfLocal('2026-03-08', '19:00', 'America/Chicago'))).toBe('2026-03-09T00:00:00.000Z');
    expect(iso(instantOfLocal('2026-03-28', '19:00', 'Europe/Paris'))).toBe('2026-03-28T18:00:00.000Z');
    expect(iso(instantOfLocal('2026-03-29', '19:00', 'Europe/Paris'))).toBe('2026-03-29T17:00:00.000Z');
  });

  it('moves a time the spring change skips forward by the gap (02:30 → 03:30)', () => {
    const chicago = instantOfLocal('2026-03-08', '02:30', 'America/Chicago');
    expect(iso(chicago)).toBe('2026-03-08T08:30:00.000Z');
    expect(localOf(chicago, 'America/Chicago')).toEqual({ date: '2026-03-08', time: '03:30' });
    const paris = instantOfLocal('2026-03-29', '02:30', 'Europe/Paris');
    expect(localOf(paris, 'Europe/Paris')).toEqual({ date: '2026-03-29', time: '03:30' });
  });

  it('takes the first of a time the autumn change repeats (01:30 in Chicago on 1 November 2026)', () => {
    const first = instantOfLocal('2026-11-01', '01:30', 'America/Chicago');
    expect(iso(first)).toBe('2026-11-01T06:30:00.000Z'); // still CDT
    expect(localOf(first + 3_600_000, 'America/Chicago')).toEqual({ date: '2026-11-01', time: '01:30' }); // the second one, CST
    expect(iso(instantOfLocal('2026-10-25', '02:30', 'Europe/Paris'))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trips through localOf at every half hour of a DST-change day', () => {
    for (const zone of ['America/Chicago', 'Europe/Paris', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
      for (const date of ['2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01', '2026-04-05']) {
        for (let h = 0; h < 24; h += 1) {
          for (const m of ['00', '30']) {
            const time = `${String(h).padStart(2, '0')}:${m}`;
            const back = localOf(instantOfLocal(date, time, zone), zone);
            // Either the same wall clock, or (in a gap) a later one on the same day.
            expect(back.date, `${zone} ${date} ${time}`).toBe(date);
            expect(back.time >= time, `${zone} ${date} ${time} → ${back.time}`).toBe(true);
          }
        }
      }
    }
  });

  it('refuses what is not a date, a time or a zone', () => {
    expect(() => instantOfLocal('2026-02-30', '19:00', 'Europe/Paris')).toThrow(RangeError);
    expect(() => instantOfLocal('2026-02-03', '24:00', 'Europe/Paris')).toThrow(RangeError);
    expect(() => instantOfLocal('2026-02-03', '19:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('small helpers', () => {
  it('isValidLocalTime takes HH:MM only', () => {
    expect(['00:00', '09:05', '23:59'].every(isValidLocalTime)).toBe(true);
    expect(['24:00', '9:05', '12:60', '12:00:00', ''].some(isValidLocalTime)).toBe(false);
  });
  it('offsetAt and daysBetween', () => {
    expect(offsetAt(Date.parse('2026-07-01T00:00:00Z'), 'Europe/Paris')).toBe(2 * 3_600_000);
    expect(offsetAt(Date.parse('2026-07-01T00:00:00Z'), 'America/Chicago')).toBe(-5 * 3_600_000);
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-03-31', '2026-03-01')).toBe(-30);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
  });
});
