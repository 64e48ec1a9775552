/*
 * When a savings circle's rounds fall due, and what "that date" means in the circle's time zone.
 * A due date is a plain calendar date ('YYYY-MM-DD'): it carries no zone, so date arithmetic is
 * done on UTC midnights, where every day has exactly 24 hours. Only when a date must become an
 * instant (a round closes at the end of its due date, where the circle meets) is a zone applied,
 * through Intl, which both the server and the browser ship with the same tz data.
 */

/** How often a circle meets: one round per meeting. */
export const FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

type Ymd = { y: number; m: number; d: number };

/** Gregorian month length without Date, so validation never depends on Date's lenient rollover. */
function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** The parts of a valid date, or null: years 0001–9999 only, so the text form stays 'YYYY-MM-DD'. */
function parse(s: string): Ymd | null {
  if (typeof s !== 'string') return null;
  const match = DATE_RE.exec(s);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

function parseOrThrow(s: string): Ymd {
  const parts = parse(s);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${String(s)}`);
  return parts;
}

/** UTC midnight of a date. setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999. */
function utcMidnight({ y, m, d }: Ymd): number {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getTime();
}

function format(ms: number): string {
  const date = new Date(ms);
  const y = date.getUTCFullYear();
  if (!(y >= 1 && y <= 9999)) throw new RangeError('Date out of range (years 0001–9999)');
  return `${String(y).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** Whether `s` is a real calendar date 'YYYY-MM-DD' (2026-02-30 is not): checked before it is stored or scheduled. */
export function isValidDate(s: string): boolean {
  return parse(s) !== null;
}

/** The date `days` calendar days after `date` (before, when negative). On UTC midnights, so no DST hour can shift the result a day. */
export function addDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return format(utcMidnight(parseOrThrow(date)) + days * DAY_MS);
}

/**
 * The due dates of `count` rounds, the first on `startDate`. Weekly and biweekly add 7 and 14
 * days. Monthly keeps the start's day of month, clamped to each month's last day, and always
 * counts from the start (31 Jan → 29 Feb → 31 Mar → 30 Apr): stepping from the previous due date
 * would drift to the 28th/29th after February and never come back.
 */
export function dueDates(startDate: string, frequency: Frequency, count: number): string[] {
  const start = parseOrThrow(startDate);
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Not a count of rounds: ${count}`);
  if (!FREQUENCIES.includes(frequency)) throw new RangeError(`Unknown frequency: ${String(frequency)}`);
  const out: string[] = [];
  if (frequency === 'monthly') {
    for (let i = 0; i < count; i += 1) {
      const months = start.m - 1 + i;
      const y = start.y + Math.floor(months / 12);
      const m = (months % 12) + 1;
      out.push(format(utcMidnight({ y, m, d: Math.min(start.d, daysInMonth(y, m)) })));
    }
    return out;
  }
  const step = frequency === 'weekly' ? 7 : 14;
  const first = utcMidnight(start);
  for (let i = 0; i < count; i += 1) out.push(format(first + i * step * DAY_MS));
  return out;
}

/** The day of the week of a date, 0 = Sunday … 6 = Saturday (as Date.getUTCDay), for "meets every Saturday". */
export function weekdayOf(date: string): number {
  return new Date(utcMidnight(parseOrThrow(date))).getUTCDay();
}

const zoneChecks = new Map<string, boolean>();
/** Whether `tz` is a time zone this runtime knows (an IANA name such as 'Africa/Douala'), asked of Intl so server and browser agree. */
export function isValidTimeZone(tz: string): boolean {
  // Intl treats a missing zone as the runtime's own: that is not a zone someone chose.
  if (typeof tz !== 'string' || tz === '') return false;
  let known = zoneChecks.get(tz);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      known = true;
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      known = false;
    }
    zoneChecks.set(tz, known);
  }
  return known;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();
/** A cached formatter of the wall clock in a zone: building one is far slower than using it. */
function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let f = wallFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    wallFormats.set(timeZone, f);
  }
  return f;
}

/**
 * The wall-clock time at `instant` in `timeZone`, as milliseconds since 1970-01-01T00:00 of that
 * wall clock (the local time read "as if UTC"). Its difference from `instant` is the zone's offset.
 */
function wallClock(instant: number, timeZone: string): number {
  if (!Number.isFinite(instant)) throw new RangeError(`Not an instant: ${instant}`);
  const parts: Record<string, string> = {};
  for (const p of wallFormat(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const year = Number(parts.year);
  // era 'short' in en-US is "AD"/"BC"; proleptic year numbering: 1 BC is year 0.
  const y = parts.era === 'BC' || parts.era === 'B' ? 1 - year : year;
  const date = new Date(0);
  date.setUTCFullYear(y, Number(parts.month) - 1, Number(parts.day));
  date.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  // Intl drops the milliseconds; the instant's own are the wall clock's (offsets are whole seconds).
  return date.getTime() + (((instant % 1000) + 1000) % 1000);
}

/** The calendar date of an instant (epoch ms) in an IANA zone: which due date a payment made then counts against. */
export function dateInZone(instant: number, timeZone: string): string {
  return format(Math.floor(wallClock(instant, timeZone) / DAY_MS) * DAY_MS);
}

/** Offsets never exceed ±15 h (historic local mean times included), which bounds every search below. */
const MAX_OFFSET_MS = 15 * 3_600_000;

/**
 * The first instant (epoch ms) of `date` in `timeZone`: when that day begins where the circle
 * meets. Usually local midnight, found from the offsets in force around it (the earliest if
 * midnight happens twice). Where DST skips midnight (America/Santiago springs from 24:00 to 01:00)
 * the day begins at the transition, found by bisection: the first instant whose local date is
 * `date`.
 */
export function startOfDateInZone(date: string, timeZone: string): number {
  const midnight = utcMidnight(parseOrThrow(date));
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  let best = Infinity;
  for (const probe of [midnight - MAX_OFFSET_MS, midnight, midnight + MAX_OFFSET_MS]) {
    const candidate = midnight - (wallClock(probe, timeZone) - probe);
    if (candidate < best && wallClock(candidate, timeZone) === midnight) best = candidate;
  }
  if (best !== Infinity) return best;
  // Midnight does not exist: the local date only moves forward across a skipped midnight, so the
  // first instant with a wall clock at or past it is the day's first. lo is before it, hi at or past.
  let lo = midnight - MAX_OFFSET_MS - 1;
  let hi = midnight + MAX_OFFSET_MS;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (wallClock(mid, timeZone) >= midnight) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The last instant (epoch ms) of `date` in `timeZone`: a round due that day is late from the next millisecond. */
export function endOfDateInZone(date: string, timeZone: string): number {
  return startOfDateInZone(addDays(date, 1), timeZone) - 1;
}
