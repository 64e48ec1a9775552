import { localOf } from '@shared/events/time';
import { addDays, weekdayOf } from '@shared/njangi/schedule';
import { fmt } from './when';

/*
 * Calendar arithmetic the event pages show with (weekday names, the month view's grid, grouping by
 * day), apart from the event form's rules (event-form-model.ts), so that pages which only list
 * events do not load the form's schemas.
 */

export const ORDINALS = ['first', 'second', 'third', 'fourth', 'last'] as const;
export type Ordinal = (typeof ORDINALS)[number];

/** Which weekday of its month a date is, as the server repeats it: 1–4, or the last from the 29th on (a 5th Saturday would skip months). */
export function weekOfMonth(date: string): 1 | 2 | 3 | 4 | -1 {
  const day = Number(date.slice(8, 10));
  return day > 28 ? -1 : (Math.ceil(day / 7) as 1 | 2 | 3 | 4);
}

/** The same as a word: "first" … "fourth", or "last" for the 29th and later (so "the 5th Saturday" never skips a month). */
export const weekdayOrdinal = (date: string): Ordinal => {
  const week = weekOfMonth(date);
  return week === -1 ? 'last' : ORDINALS[week - 1]!;
};

/** The weekday of a calendar date in the language ("Saturday", "samedi"). */
export function weekdayName(date: string, locale: string, style: 'long' | 'short' | 'narrow' = 'long'): string {
  // 1 January 2023 was a Sunday: weekdayOf's 0 … 6 counted from it.
  return fmt(locale, { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + weekdayOf(date)));
}

/*
 * The month view: weeks of calendar dates, and on which of them an event shows.
 */

/** The first day of the week in a locale, 1 = Monday … 7 = Sunday (Monday when the browser cannot tell). */
export function firstDayOfWeek(locale: string): number {
  try {
    const l = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
    const info = l.getWeekInfo?.() ?? l.weekInfo;
    if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay;
  } catch {
    // An unknown locale: Monday, as ISO 8601.
  }
  return 1;
}

/** 'YYYY-MM' of a date. */
export const monthOf = (date: string) => date.slice(0, 7);
/** The month `delta` months after 'YYYY-MM'. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + delta;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The weeks of a month, each 7 cells from the week's first day: a date 'YYYY-MM-DD', or null outside the month. */
export function monthGrid(month: string, firstDay: number): (string | null)[][] {
  const first = `${month}-01`;
  const next = `${addMonths(month, 1)}-01`;
  // weekdayOf: 0 = Sunday; firstDay: 7 = Sunday.
  const lead = (weekdayOf(first) - (firstDay % 7) + 7) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = first; d < next; d = addDays(d, 1)) cells.push(d);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** The weekday columns' dates of any week starting on `firstDay` (for their names). */
export function weekHeader(firstDay: number): string[] {
  // 2023-01-01 was a Sunday; 2023-01-02 a Monday.
  return Array.from({ length: 7 }, (_, i) => addDays('2023-01-01', (firstDay % 7) + i));
}

/**
 * The local dates an event shows on: its start date, and every day it covers when it lasts a day
 * or more (a festival weekend); an evening that ends after midnight stays on its own day.
 */
export function eventDates(e: { startsAt: number; endsAt: number }, timeZone: string): string[] {
  const start = localOf(e.startsAt, timeZone).date;
  if (e.endsAt - e.startsAt < 86_400_000) return [start];
  const last = localOf(e.endsAt - 1, timeZone).date;
  const out: string[] = [];
  for (let d = start; d <= last && out.length < 9; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Items grouped by the local date they start on, in their order. */
export function groupByDay<T extends { startsAt: number }>(items: readonly T[], timeZone: string): { date: string; items: T[] }[] {
  const groups: { date: string; items: T[] }[] = [];
  for (const item of items) {
    const date = localOf(item.startsAt, timeZone).date;
    const last = groups.at(-1);
    if (last?.date === date) last.items.push(item);
    else groups.push({ date, items: [item] });
  }
  return groups;
}
