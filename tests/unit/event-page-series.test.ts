import { describe, expect, it } from 'vitest';
import { weekdayOrdinal } from '../../src/client/features/events/calendar-model';
import { seriesBound, seriesText } from '../../src/client/features/events/event/series-text';
import { en } from '../../src/shared/i18n/en';
import { fr } from '../../src/shared/i18n/fr';

describe('the event page’s series line', () => {
  it('names the weekday of the month as the server repeats it (29th and later: the last)', () => {
    expect(weekdayOrdinal('2026-03-07')).toBe('first');
    expect(weekdayOrdinal('2026-03-08')).toBe('second');
    expect(weekdayOrdinal('2026-03-21')).toBe('third');
    expect(weekdayOrdinal('2026-03-28')).toBe('fourth');
    expect(weekdayOrdinal('2026-03-29')).toBe('last');
    expect(weekdayOrdinal('2026-01-31')).toBe('last');
  });

  it('says how each frequency repeats, with the weekday of the first date in the language asked', () => {
    // 2026-03-07 is a Saturday.
    expect(seriesText({ frequency: 'weekly', startDate: '2026-03-07' }, 'en')).toEqual({ key: 'event.series.weekly', params: { weekday: 'Saturday' } });
    expect(seriesText({ frequency: 'biweekly', startDate: '2026-03-07' }, 'fr')).toEqual({ key: 'event.series.biweekly', params: { weekday: 'samedi' } });
    expect(seriesText({ frequency: 'monthly_weekday', startDate: '2026-03-07' }, 'en')).toEqual({ key: 'event.series.monthlyWeekday.first', params: { weekday: 'Saturday' } });
    expect(seriesText({ frequency: 'monthly_weekday', startDate: '2026-03-30' }, 'en')).toEqual({ key: 'event.series.monthlyWeekday.last', params: { weekday: 'Monday' } });
    expect(seriesText({ frequency: 'monthly_date', startDate: '2026-03-14' }, 'en')).toEqual({ key: 'event.series.monthlyDate', params: { day: 14 } });
    expect(seriesText({ frequency: 'monthly_date', startDate: '2026-03-01' }, 'fr')).toEqual({ key: 'event.series.monthlyDateFirst', params: {} });
    expect(seriesText({ frequency: 'monthly_date', startDate: '2026-03-31' }, 'en')).toEqual({ key: 'event.series.monthlyDateLate', params: { day: 31 } });
  });

  it('ends on a date or after a number of dates', () => {
    expect(seriesBound({ until: '2027-03-05', count: null }, 'en')).toEqual({ key: 'event.series.until', params: { date: 'March 5, 2027' } });
    expect(seriesBound({ until: '2027-03-05', count: null }, 'fr')).toEqual({ key: 'event.series.until', params: { date: '5 mars 2027' } });
    expect(seriesBound({ until: null, count: 12 }, 'en')).toEqual({ key: 'event.series.count', params: { count: 12 } });
    expect(seriesBound({ until: null, count: null }, 'en')).toBeNull();
  });

  it('only names keys both catalogues have', () => {
    const has = (tree: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree) !== undefined;
    const keys = [
      ...['weekly', 'biweekly', 'monthly_weekday', 'monthly_date'].flatMap((frequency) =>
        ['2026-03-01', '2026-03-07', '2026-03-14', '2026-03-22', '2026-03-28', '2026-03-31'].map((startDate) => seriesText({ frequency: frequency as 'weekly', startDate }, 'en').key),
      ),
      'event.series.until',
    ];
    for (const key of keys) {
      expect(has(en, key), key).toBe(true);
      expect(has(fr, key), key).toBe(true);
    }
  });
});
