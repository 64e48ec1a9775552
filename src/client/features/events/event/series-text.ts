import type { RepeatFrequency } from '../../../../shared/events/rules';

/*
 * How a series repeats, in words: "Repeats every week on Tuesday", "monthly on the first
 * Saturday". Pure (the locale is an argument), so it is tested without a browser.
 */

export type SeriesRule = { frequency: RepeatFrequency; startDate: string; until: string | null; count: number | null };

export const ORDINALS = ['first', 'second', 'third', 'fourth', 'last'] as const;
export type Ordinal = (typeof ORDINALS)[number];

/**
 * Which of its month's weekdays a date is, as the server repeats a series "monthly on a weekday":
 * the 1st to 4th, or the last one for the 29th and later (so "the 5th Saturday" never skips a month).
 */
export function weekdayOrdinal(date: string): Ordinal {
  const day = Number(date.slice(8, 10));
  return day > 28 ? 'last' : ORDINALS[Math.ceil(day / 7) - 1]!;
}

const utcDate = (ymd: string) => new Date(`${ymd}T00:00:00Z`);

/** The weekday's name of a calendar date ("Saturday", "samedi"); calendar dates carry no zone, so read in UTC. */
export const weekdayName = (ymd: string, locale: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(utcDate(ymd));

/** A calendar date for people ("March 5, 2027", "5 mars 2027"). */
export const longDate = (ymd: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(utcDate(ymd));

export type SeriesText =
  | { key: 'event.series.weekly' | 'event.series.biweekly'; params: { weekday: string } }
  | { key: 'event.series.monthlyDate' | 'event.series.monthlyDateLate'; params: { day: number } }
  | { key: 'event.series.monthlyDateFirst'; params: Record<string, never> }
  | { key: `event.series.monthlyWeekday.${Ordinal}`; params: { weekday: string } };

/** The catalogue key and values that describe how a series repeats. */
export function seriesText(s: Pick<SeriesRule, 'frequency' | 'startDate'>, locale: string): SeriesText {
  const weekday = weekdayName(s.startDate, locale);
  switch (s.frequency) {
    case 'weekly':
      return { key: 'event.series.weekly', params: { weekday } };
    case 'biweekly':
      return { key: 'event.series.biweekly', params: { weekday } };
    case 'monthly_weekday':
      return { key: `event.series.monthlyWeekday.${weekdayOrdinal(s.startDate)}`, params: { weekday } };
    case 'monthly_date': {
      const day = Number(s.startDate.slice(8, 10));
      if (day === 1) return { key: 'event.series.monthlyDateFirst', params: {} };
      // The server falls back to the month's last day when it has no 29th, 30th or 31st.
      return { key: day > 28 ? 'event.series.monthlyDateLate' : 'event.series.monthlyDate', params: { day } };
    }
  }
}

export type SeriesBound = { key: 'event.series.until'; params: { date: string } } | { key: 'event.series.count'; params: { count: number } } | null;

/** Where the series stops: its last date, or how many dates it has. */
export function seriesBound(s: Pick<SeriesRule, 'until' | 'count'>, locale: string): SeriesBound {
  if (s.until) return { key: 'event.series.until', params: { date: longDate(s.until, locale) } };
  if (s.count) return { key: 'event.series.count', params: { count: s.count } };
  return null;
}
