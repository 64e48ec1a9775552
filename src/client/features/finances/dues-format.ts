import type { TFunction } from 'i18next';
import { currentLocale } from '../../i18n';
import { money, type DuesPlan } from './shared';
import { periodLabel as sharedPeriodLabel } from '@shared/finances/periods';

/*
 * Dues are counted in UTC days (a due date is a day, not an instant): they are shown in UTC so a
 * member west of Greenwich does not read the day before.
 */

const formats = new Map<string, Intl.DateTimeFormat>();
function utcFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${currentLocale()}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(currentLocale(), { ...options, timeZone: 'UTC' })));
  return f;
}

/** An instant or a 'YYYY-MM-DD' day as its UTC calendar day ("Jun 5, 2025", "5 juin 2025"). */
export function utcDay(value: string | number): string {
  const d = new Date(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? '' : utcFormat({ year: 'numeric', month: 'short', day: 'numeric' }).format(d);
}

/** A period key as people read it: '2025-06' → "June 2025", '2025-Q2' → "Q2 2025", '2025' → "2025", 'once' → "One-off". */
export const periodLabel = (t: TFunction, key: string): string => sharedPeriodLabel(key, currentLocale(), (k, params) => t(k, params));

/** A plan's terms in one sentence: how much, how often, when it falls due. */
export function planTerms(t: TFunction, plan: DuesPlan, currency: Parameters<typeof money>[1]): string {
  const amount = money(plan.amount, currency);
  const [y, m] = plan.startsOn.split('-').map(Number) as [number, number];
  // "le 1er" in French, "day 1" in English.
  const day = plan.dueDay === 1 ? t('finances.plans.dayOne') : String(plan.dueDay);
  switch (plan.period) {
    case 'monthly':
      return t('finances.plans.terms.monthly', { amount, day });
    case 'quarterly':
      return t('finances.plans.terms.quarterly', { amount, day });
    case 'yearly':
      return t('finances.plans.terms.yearly', { amount, date: utcFormat({ month: 'long', day: 'numeric' }).format(new Date(Date.UTC(y, m - 1, plan.dueDay))) });
    case 'once':
      return t('finances.plans.terms.once', { amount, date: utcDay(plan.startsOn) });
  }
}
