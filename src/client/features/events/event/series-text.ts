import type { RepeatFrequency } from '@shared/events/rules';
import { weekdayName, weekdayOrdinal, type Ordinal } from '../calendar-model';
import { longDate } from '../when';

/*
 * How a series repeats, in words: "Repeats every week on Tuesday", "monthly on the first
 * Saturday". Pure (the locale is an argument), so it is tested without a browser.
 */

export type SeriesRule = { frequency: RepeatFrequency; startDate: string; until: string | null; count: number | null };

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
