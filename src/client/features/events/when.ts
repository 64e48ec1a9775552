import type { TFunction } from 'i18next';
import { localOf } from '@shared/events/time';
import { addDays } from '@shared/njangi/schedule';
import { currentLocale } from '../../i18n';
import { dateTimeFormat as fmt, viewerTimeZone } from '../../lib/format';

/*
 * When an event happens, as people read it. An event is chosen on its own zone's wall clock
 * ("19:00 in Chicago"); a member living elsewhere also sees it in their own zone, so nobody joins
 * a call an hour late after the clocks change. Every date and time of the event screens is
 * formatted here, through lib/format.ts's one cache of Intl formatters.
 */

/** lib/format.ts's formatters, made once per locale and options, and the viewer's zone. */
export { dateTimeFormat as fmt, viewerTimeZone } from '../../lib/format';

/** Today's date in the viewer's zone. */
export const todayIn = (timeZone = viewerTimeZone(), now = Date.now()) => localOf(now, timeZone).date;

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

/** "7:00 – 9:00 PM" on one day; with the dates when it runs over several days; in the viewer's zone. */
export function timeRange(startsAt: number, endsAt: number, timeZone = viewerTimeZone(), locale = currentLocale()): string {
  const time = fmt(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const end = Math.max(startsAt, endsAt);
  if (localOf(startsAt, timeZone).date === localOf(end, timeZone).date) return time.formatRange(startsAt, end);
  // An evening that ends after midnight: the two times, without dates Intl would add.
  if (end - startsAt < 86_400_000) return `${time.format(startsAt)} – ${time.format(end)}`;
  return fmt(locale, { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).formatRange(startsAt, end);
}

/** "Tue, Mar 10 · 7:00 – 9:00 PM": the date and times, for a row without a day heading (in the viewer's zone). */
export function formatEventWhen(startsAt: number, endsAt: number, timeZone = viewerTimeZone(), locale = currentLocale()): string {
  const range = timeRange(startsAt, endsAt, timeZone, locale);
  // Over a day or more, the range already gives its dates.
  if (endsAt - startsAt >= 86_400_000) return range;
  return `${fmt(locale, { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(startsAt)} · ${range}`;
}

/** The viewer's zone's short name at an instant ("CDT", "UTC+1"). */
export function zoneName(instant: number, timeZone = viewerTimeZone(), locale = currentLocale()): string {
  return (
    fmt(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** A calendar date as a heading reads it: "Saturday, March 14" (with the year when it is not this year's). */
export function formatDayHeading(date: string, today: string, locale = currentLocale()): string {
  const sameYear = date.slice(0, 4) === today.slice(0, 4);
  const options: Intl.DateTimeFormatOptions = { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) };
  return fmt(locale, options).format(Date.parse(`${date}T12:00:00Z`));
}

/** "Today · Saturday, March 14", "Tomorrow · …", or the date alone. */
export function dayHeading(t: TFunction, date: string, today: string): string {
  const text = formatDayHeading(date, today);
  if (date === today) return t('events.day.heading', { relative: t('events.day.today'), date: text });
  if (date === addDays(today, 1)) return t('events.day.heading', { relative: t('events.day.tomorrow'), date: text });
  // A heading starts with a capital, also where weekdays do not ("mercredi 25 novembre").
  return text.charAt(0).toLocaleUpperCase(currentLocale()) + text.slice(1);
}

/** A month as a title reads it ("March 2026", "Mars 2026"). */
export function monthTitle(month: string, locale = currentLocale()): string {
  const text = fmt(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${month}-15T12:00:00Z`));
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** A calendar date for people ("March 5, 2027", "5 mars 2027"); calendar dates carry no zone, so read in UTC. */
export const longDate = (ymd: string, locale = currentLocale()) => fmt(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${ymd}T00:00:00Z`));

/** A map search for an address (opens the phone's map app or the web map). */
export const mapLink = (place: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`;
