import type { TFunction } from 'i18next';
import { currentLocale } from '../../i18n';
import { formatAmount, formatDay } from '../../lib/format';
import type { DuesPlan } from './types';
import { periodLabel as sharedPeriodLabel } from '@shared/finances/periods';

/*
 * Dues are counted in UTC days (a due date is a day, not an instant): lib/format.ts's formatDay
 * shows them in UTC so a member west of Greenwich does not read the day before.
 */

/** An instant or a 'YYYY-MM-DD' day as its UTC calendar day ("Jun 5, 2025", "5 juin 2025"). */
export const utcDay = (value: string | number): string => formatDay(value, { style: 'short', fallback: '' });

/** A period key as people read it: '2025-06' → "June 2025", '2025-Q2' → "Q2 2025", '2025' → "2025", 'once' → "One-off". */
export const periodLabel = (t: TFunction, key: string): string => sharedPeriodLabel(key, currentLocale(), (k, params) => t(k, params));

/** A plan's terms in one sentence: how much, how often, when it falls due. */
export function planTerms(t: TFunction, plan: DuesPlan, currency: string): string {
  const amount = formatAmount(plan.amount, currency);
  const [y, m] = plan.startsOn.split('-').map(Number) as [number, number];
  // "le 1er" in French, "day 1" in English.
  const day = plan.dueDay === 1 ? t('finances.plans.dayOne') : String(plan.dueDay);
  switch (plan.period) {
    case 'monthly':
      return t('finances.plans.terms.monthly', { amount, day });
    case 'quarterly':
      return t('finances.plans.terms.quarterly', { amount, day });
    case 'yearly':
      return t('finances.plans.terms.yearly', { amount, date: formatDay(Date.UTC(y, m - 1, plan.dueDay), { style: 'monthDay' }) });
    case 'once':
      return t('finances.plans.terms.once', { amount, date: utcDay(plan.startsOn) });
  }
}
