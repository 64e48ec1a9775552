import { createRequire } from 'node:module';
import { addDays, weekdayOf } from '@shared/njangi/schedule';
import { MAX_OCCURRENCES, type RepeatFrequency } from '@shared/events/rules';
import { instantOfLocal } from '@shared/events/time';

// rrule ships CommonJS (UMD) with ESM types only: Node's ESM loader cannot see its named exports.
const { RRule, rrulestr } = createRequire(import.meta.url)('rrule') as typeof import('rrule');

/*
 * Recurring series. rrule works in floating time: the dates it yields are UTC dates that stand for
 * the series' local wall clock. Each occurrence's local date and the series' local time are then
 * turned into an instant in the series' zone (instantOfLocal), so a weekly 19:00 stays 19:00 where
 * the community meets when the clocks change.
 */

export type Recurrence = {
  frequency: RepeatFrequency;
  /** The first occurrence's local date (YYYY-MM-DD) and time (HH:MM). */
  startDate: string;
  localTime: string;
  timeZone: string;
  /** Exactly one bounds the series: the last local date it may fall on, or how many occurrences. */
  until: string | null;
  count: number | null;
};

const WEEKDAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA] as const;

const floating = (date: string, time = '00:00') => new Date(`${date}T${time}:00Z`);

/** Which weekday of its month a date is: 1–4, or -1 (the last) for the 29th and later, so "the 5th Saturday" never skips a month. */
export function weekOfMonth(date: string): number {
  const day = Number(date.slice(8, 10));
  return day > 28 ? -1 : Math.ceil(day / 7);
}

/** The RRULE value (without "RRULE:") for a series. */
export function rruleOf(r: Recurrence): string {
  const day = Number(r.startDate.slice(8, 10));
  const weekday = WEEKDAYS[weekdayOf(r.startDate)]!;
  const options: ConstructorParameters<typeof RRule>[0] = {};
  if (r.frequency === 'weekly' || r.frequency === 'biweekly') {
    Object.assign(options, { freq: RRule.WEEKLY, interval: r.frequency === 'biweekly' ? 2 : 1, byweekday: [weekday] });
  } else if (r.frequency === 'monthly_weekday') {
    Object.assign(options, { freq: RRule.MONTHLY, byweekday: [weekday.nth(weekOfMonth(r.startDate))] });
  } else if (day > 28) {
    // "Monthly on the 31st": the last day of months that have no 31st (30 Apr, 28 Feb), not a skipped month.
    const days = Array.from({ length: day - 27 }, (_, i) => 28 + i);
    Object.assign(options, { freq: RRule.MONTHLY, bymonthday: days, bysetpos: [-1] });
  } else {
    Object.assign(options, { freq: RRule.MONTHLY, bymonthday: [day] });
  }
  if (r.count !== null) options.count = r.count;
  // The whole last local day counts (floating time, like every date here).
  if (r.until !== null) options.until = floating(r.until, '23:59');
  return RRule.optionsToString(options).replace(/^RRULE:/, '');
}

/**
 * The local dates of the series' occurrences (at most `MAX_OCCURRENCES + 1`, so a caller can tell
 * a series that is too long from one that fits).
 */
export function occurrenceDates(r: Recurrence, rrule = rruleOf(r)): string[] {
  const rule = rrulestr(`RRULE:${rrule}`, { dtstart: floating(r.startDate, r.localTime) });
  return rule.all((_, i) => i <= MAX_OCCURRENCES).map((d) => d.toISOString().slice(0, 10));
}

/** Every occurrence as instants: its local date at the series' local time in the series' zone, plus the duration. */
export function occurrences(r: Recurrence & { durationMs: number }): { date: string; startsAt: number; endsAt: number }[] {
  return occurrenceDates(r).map((date) => {
    const startsAt = instantOfLocal(date, r.localTime, r.timeZone);
    return { date, startsAt, endsAt: startsAt + r.durationMs };
  });
}

/** The last date before `date` (a series cut there ends the day before). */
export const dayBefore = (date: string) => addDays(date, -1);
