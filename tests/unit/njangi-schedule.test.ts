import { describe, expect, it } from 'vitest';
import { FREQUENCIES, addDays, dateInZone, dueDates, endOfDateInZone, isValidDate, isValidTimeZone, startOfDateInZone, weekdayOf } from '../../src/shared/njangi/schedule';

const HOUR = 3_600_000;

describe('njangi schedule: dates', () => {
  it('accepts only real calendar dates written YYYY-MM-DD', () => {
    for (const ok of ['2026-01-01', '2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01', '9999-12-31']) expect(isValidDate(ok), ok).toBe(true);
    for (const bad of ['2026-02-30', '2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '0000-01-01', '2026-1-01', '2026-01-1', '26-01-01', '2026/01/01', ' 2026-01-01', '2026-01-01T00:00', '', 'today']) {
      expect(isValidDate(bad), bad).toBe(false);
    }
    expect(isValidDate(undefined as unknown as string)).toBe(false);
  });

  it('adds calendar days across month, year and leap-day boundaries, and refuses what is not a date', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-08', 0)).toBe('2026-03-08');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-01-01', 1.5)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
  });

  it('gives the weekday, Sunday = 0', () => {
    expect(weekdayOf('2026-05-16')).toBe(6); // a Saturday
    expect(weekdayOf('2026-05-17')).toBe(0);
    expect(weekdayOf('2000-01-01')).toBe(6);
    expect(weekdayOf('2024-02-29')).toBe(4);
  });
});

describe('njangi schedule: due dates', () => {
  it('lists the frequencies', () => {
    expect(FREQUENCIES).toEqual(['weekly', 'biweekly', 'monthly']);
  });

  it('are weekly and biweekly by 7 and 14 days from the start', () => {
    expect(dueDates('2026-12-19', 'weekly', 4)).toEqual(['2026-12-19', '2026-12-26', '2027-01-02', '2027-01-09']);
    expect(dueDates('2024-02-15', 'biweekly', 3)).toEqual(['2024-02-15', '2024-02-29', '2024-03-14']);
    expect(dueDates('2026-01-01', 'weekly', 0)).toEqual([]);
    expect(dueDates('2026-01-01', 'monthly', 1)).toEqual(['2026-01-01']);
  });

  it('are monthly on the start day, clamped to short months and never drifting', () => {
    expect(dueDates('2024-01-31', 'monthly', 7)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31', '2024-06-30', '2024-07-31']);
    expect(dueDates('2025-01-31', 'monthly', 3)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
    expect(dueDates('2026-11-30', 'monthly', 4)).toEqual(['2026-11-30', '2026-12-30', '2027-01-30', '2027-02-28']);
    expect(dueDates('2026-03-15', 'monthly', 13).at(-1)).toBe('2027-03-15');
    expect(dueDates('2099-12-29', 'monthly', 3)).toEqual(['2099-12-29', '2100-01-29', '2100-02-28']); // 2100 is not a leap year
  });

  it('refuse a bad start, count or frequency', () => {
    expect(() => dueDates('2026-02-30', 'weekly', 2)).toThrow(RangeError);
    expect(() => dueDates('2026-02-01', 'weekly', -1)).toThrow(RangeError);
    expect(() => dueDates('2026-02-01', 'weekly', 1.5)).toThrow(RangeError);
    expect(() => dueDates('2026-02-01', 'daily' as 'weekly', 2)).toThrow(RangeError);
  });
});

describe('njangi schedule: time zones', () => {
  it('knows IANA zones and refuses others', () => {
    for (const ok of ['Africa/Douala', 'America/New_York', 'Europe/Paris', 'Australia/Lord_Howe', 'UTC']) expect(isValidTimeZone(ok), ok).toBe(true);
    for (const bad of ['', 'Mars/Olympus', 'Africa/Yaounde/x', 'not a zone']) expect(isValidTimeZone(bad), bad).toBe(false);
    expect(isValidTimeZone(undefined as unknown as string)).toBe(false);
  });

  it('reads the calendar date of an instant in a zone', () => {
    const t = Date.UTC(2026, 4, 16, 23, 30); // 23:30 UTC on 16 May 2026
    expect(dateInZone(t, 'UTC')).toBe('2026-05-16');
    expect(dateInZone(t, 'Africa/Douala')).toBe('2026-05-17'); // UTC+1
    expect(dateInZone(t, 'America/New_York')).toBe('2026-05-16');
    expect(dateInZone(Date.UTC(2026, 4, 17, 3, 59, 59, 999), 'America/New_York')).toBe('2026-05-16');
    expect(dateInZone(Date.UTC(2026, 4, 17, 4), 'America/New_York')).toBe('2026-05-17');
    expect(dateInZone(-1, 'UTC')).toBe('1969-12-31');
  });

  it('start and end a date at local midnight', () => {
    expect(startOfDateInZone('2026-05-16', 'UTC')).toBe(Date.UTC(2026, 4, 16));
    expect(startOfDateInZone('2026-05-16', 'Africa/Douala')).toBe(Date.UTC(2026, 4, 15, 23));
    expect(endOfDateInZone('2026-05-16', 'Africa/Douala')).toBe(Date.UTC(2026, 4, 16, 23) - 1);
    expect(startOfDateInZone('2026-01-10', 'America/New_York')).toBe(Date.UTC(2026, 0, 10, 5));
    expect(startOfDateInZone('2026-07-10', 'America/New_York')).toBe(Date.UTC(2026, 6, 10, 4));
  });

  it('make DST days 23 or 25 hours long (New York, Paris) and 23.5 or 24.5 (Lord Howe)', () => {
    const length = (date: string, tz: string) => (endOfDateInZone(date, tz) + 1 - startOfDateInZone(date, tz)) / HOUR;
    expect(length('2026-03-08', 'America/New_York')).toBe(23);
    expect(length('2026-11-01', 'America/New_York')).toBe(25);
    expect(length('2026-03-29', 'Europe/Paris')).toBe(23);
    expect(length('2026-10-25', 'Europe/Paris')).toBe(25);
    expect(length('2026-04-05', 'Australia/Lord_Howe')).toBe(24.5);
    expect(length('2026-10-04', 'Australia/Lord_Howe')).toBe(23.5);
    expect(length('2026-03-09', 'America/New_York')).toBe(24);
  });

  it('begin a day whose midnight DST skips at the first instant it exists (Santiago, 24:00 → 01:00)', () => {
    // 8 Sep 2024: at 04:00 UTC Chile went from UTC−4 to UTC−3, straight from Saturday 23:59:59.999 to Sunday 01:00.
    const start = startOfDateInZone('2024-09-08', 'America/Santiago');
    expect(start).toBe(Date.UTC(2024, 8, 8, 4));
    expect(dateInZone(start, 'America/Santiago')).toBe('2024-09-08');
    expect(dateInZone(start - 1, 'America/Santiago')).toBe('2024-09-07');
    expect(endOfDateInZone('2024-09-07', 'America/Santiago')).toBe(start - 1);
    expect((endOfDateInZone('2024-09-08', 'America/Santiago') + 1 - start) / HOUR).toBe(23);
    // 7 Apr 2024: at 03:00 UTC Saturday 23:59:59.999 (UTC−3) fell back to Saturday 23:00 (UTC−4); Saturday lasted 25 hours.
    expect(startOfDateInZone('2024-04-07', 'America/Santiago')).toBe(Date.UTC(2024, 3, 7, 4));
    expect((startOfDateInZone('2024-04-07', 'America/Santiago') - startOfDateInZone('2024-04-06', 'America/Santiago')) / HOUR).toBe(25);
  });

  it('refuse an unknown zone or a bad date', () => {
    expect(() => startOfDateInZone('2026-01-01', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => endOfDateInZone('2026-02-30', 'UTC')).toThrow(RangeError);
    expect(() => dateInZone(Number.NaN, 'UTC')).toThrow(RangeError);
  });
});
