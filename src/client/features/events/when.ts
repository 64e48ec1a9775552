import { currentLocale } from '../../i18n';

/*
 * When an event happens, as people read it. An event is chosen on its own zone's wall clock
 * ("19:00 in Chicago"); a member living elsewhere also sees it in their own zone, so nobody joins
 * a call an hour late after the clocks change.
 */

const formats = new Map<string, Intl.DateTimeFormat>();
function fmt(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/** The viewer's own IANA zone (the browser's). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Whether the zone reads the same wall clock as the viewer's at that instant (then one line is enough). */
export const sameClock = (instant: number, timeZone: string, viewerZone = viewerTimeZone()): boolean =>
  timeZone === viewerZone || fmt('en-US', { timeZone, hour: 'numeric', minute: 'numeric', day: 'numeric', hourCycle: 'h23' }).format(instant) === fmt('en-US', { timeZone: viewerZone, hour: 'numeric', minute: 'numeric', day: 'numeric', hourCycle: 'h23' }).format(instant);

/** "Tue, Mar 10, 2026, 7:00 – 9:00 PM CDT" in `timeZone` (the event's, or the viewer's). */
export function formatEventRange(startsAt: number, endsAt: number, timeZone: string, locale = currentLocale()): string {
  const options: Intl.DateTimeFormatOptions = { timeZone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  return fmt(locale, options).formatRange(startsAt, endsAt);
}

/** "Tue, Mar 10 · 7:00 PM": the start alone, compact, for list rows (in the viewer's zone). */
export function formatEventStart(startsAt: number, timeZone = viewerTimeZone(), locale = currentLocale()): string {
  return fmt(locale, { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(startsAt);
}

/** Day of month and short month name, for a date badge ("10", "Mar"). */
export function dateBadge(startsAt: number, timeZone = viewerTimeZone(), locale = currentLocale()): { day: string; month: string } {
  return {
    day: fmt(locale, { timeZone, day: 'numeric' }).format(startsAt),
    month: fmt(locale, { timeZone, month: 'short' }).format(startsAt),
  };
}

/** A map search for an address (opens the phone's map app or the web map). */
export const mapLink = (place: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`;
