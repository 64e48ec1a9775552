import { Badge, Box, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RsvpStatus } from '../../../shared/events/rules';
import { localOf } from '../../../shared/events/time';
import { addDays } from '../../../shared/njangi/schedule';
import { currentLocale } from '../../i18n';
import { dateBadge, viewerTimeZone } from './when';

/*
 * The small pieces every list of events shares: the date badge, the viewer's answer, the places
 * left, and times and days as the viewer reads them (in their own zone).
 */

export const STATUS_KEY = {
  going: 'events.status.going',
  maybe: 'events.status.maybe',
  not_going: 'events.status.not_going',
  waitlisted: 'events.status.waitlisted',
} as const satisfies Record<RsvpStatus, string>;
export const STATUS_COLOR: Record<RsvpStatus, string> = { going: 'green', maybe: 'orange', not_going: 'gray', waitlisted: 'purple' };
export const isStatus = (s: string | null | undefined): s is RsvpStatus => !!s && s in STATUS_KEY;

/** What a list row knows of an event (the caller's lists and a community's alike). */
export type ListEvent = {
  id: number;
  title: string;
  startsAt: number;
  endsAt: number;
  timeZone: string;
  place: string | null;
  onlineUrl: string | null;
  capacity: number | null;
  status: string;
  seriesId: number | null;
  myStatus: string | null;
  placesLeft: number | null;
  communityName?: string;
};

/** The day of month over the short month, in the viewer's zone. */
export function DateBadge({ startsAt, muted }: { startsAt: number; muted?: boolean }) {
  const { day, month } = dateBadge(startsAt);
  return (
    <Box
      aria-hidden
      flexShrink={0}
      w="12"
      textAlign="center"
      rounded="md"
      borderWidth="1px"
      borderColor={muted ? 'border' : 'brand.emphasized'}
      bg={muted ? 'bg.muted' : 'brand.subtle'}
      py="1"
      lineHeight="1.1"
    >
      <Text fontSize="lg" fontWeight="bold" color={muted ? 'fg.muted' : 'brand.fg'}>
        {day}
      </Text>
      <Text fontSize="xs" textTransform="uppercase" color="fg.muted">
        {month}
      </Text>
    </Box>
  );
}

/** The viewer's own answer as a badge ("Going", "On the waitlist"). */
export function AnswerBadge({ status }: { status: string | null }) {
  const { t } = useTranslation();
  if (!isStatus(status)) return null;
  return (
    <Badge colorPalette={STATUS_COLOR[status]} variant="subtle" data-testid="my-answer" data-status={status}>
      {t(STATUS_KEY[status])}
    </Badge>
  );
}

/** "5 places left" / "Full: waitlist", for a scheduled event with a capacity. */
export function CapacityHint({ event: e }: { event: Pick<ListEvent, 'capacity' | 'placesLeft' | 'status'> }) {
  const { t } = useTranslation();
  if (e.status === 'cancelled' || e.capacity === null || e.placesLeft === null) return null;
  return (
    <Badge colorPalette={e.placesLeft === 0 ? 'red' : 'gray'} variant="outline" data-testid="capacity-hint">
      {e.placesLeft === 0 ? t('events.row.full') : t('events.row.placesLeft', { count: e.placesLeft })}
    </Badge>
  );
}

const formats = new Map<string, Intl.DateTimeFormat>();
function fmt(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
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

/** Today's date in the viewer's zone. */
export const todayIn = (timeZone = viewerTimeZone(), now = Date.now()) => localOf(now, timeZone).date;
