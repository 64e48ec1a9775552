import { isValidDate, isValidTimeZone } from '../njangi/schedule';

/*
 * Local wall-clock time in an IANA zone <-> instants (epoch ms), for events: "19:00 in Chicago
 * every Tuesday" must stay 19:00 there when the clocks change, so each occurrence's instant is
 * computed from its local date and time in its zone, never by adding 7 × 24 hours. Intl carries
 * the tz data, the same on the server and in the browser.
 */

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;
/** Offsets never exceed ±15 h, which bounds the probes below. */
const MAX_OFFSET_MS = 15 * 3_600_000;

/** Whether `s` is a wall-clock time 'HH:MM' (00:00–23:59). */
export const isValidLocalTime = (s: string): boolean => typeof s === 'string' && TIME_RE.test(s);

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock at `instant` in `timeZone`, as ms since 1970-01-01T00:00 of that wall clock ("local read as UTC"). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatIn(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const date = new Date(0);
  date.setUTCFullYear(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  date.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return date.getTime() + (((instant % 1000) + 1000) % 1000);
}

/** The zone's offset from UTC at `instant`, in ms (Paris in summer: +7 200 000). */
export const offsetAt = (instant: number, timeZone: string): number => wallClock(instant, timeZone) - instant;

function wallMs(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const w = new Date(0);
  w.setUTCFullYear(y, m - 1, d);
  w.setUTCHours(hh, mm, 0, 0);
  return w.getTime();
}

/**
 * The instant at which the wall clock in `timeZone` reads `date` `time`. Where the clocks go back
 * and the time happens twice, the first (as RFC 5545 says); where they spring forward and the time
 * does not exist, the offset in force before the gap applies, so 02:30 becomes 03:30 (RFC 5545
 * again, and what calendar apps do).
 */
export function instantOfLocal(date: string, time: string, timeZone: string): number {
  if (!isValidDate(date)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${String(date)}`);
  if (!isValidLocalTime(time)) throw new RangeError(`Not a time (HH:MM): ${String(time)}`);
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const wall = wallMs(date, time);
  const offsets = new Set([wall - MAX_OFFSET_MS, wall, wall + MAX_OFFSET_MS].map((probe) => offsetAt(probe, timeZone)));
  const exact = [...offsets].map((o) => wall - o).filter((instant) => wallClock(instant, timeZone) === wall);
  if (exact.length) return Math.min(...exact);
  // In a gap: the offset before it is the smaller one (clocks moved forward).
  return wall - Math.min(...offsets);
}

/** The local date 'YYYY-MM-DD' and time 'HH:MM' of `instant` in `timeZone`. */
export function localOf(instant: number, timeZone: string): { date: string; time: string } {
  const iso = new Date(wallClock(instant, timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Whole calendar days from date `a` to date `b` (negative when `b` is earlier). */
export const daysBetween = (a: string, b: string): number => Math.round((wallMs(b, '00:00') - wallMs(a, '00:00')) / DAY_MS);
