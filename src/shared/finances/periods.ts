/*
 * A dues period's key as people read it, in the reader's language: '2026-11' → "November 2026"
 * ("novembre 2026"), '2026-Q2' → "Q2 2026", '2026' → "2026", 'once' → "One-off". Shared by the
 * screens and the receipts, so a receipt names a period as the member's dues list does.
 */

type Translate = (key: 'finances.dues.periodOnce' | 'finances.dues.periodQuarter', params?: Record<string, string>) => string;

export function periodLabel(key: string, locale: string, t: Translate): string {
  if (key === 'once') return t('finances.dues.periodOnce');
  const month = /^(\d{4})-(\d{2})$/.exec(key);
  // A period is a calendar month, not an instant: read in UTC so no zone moves it.
  if (month) return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 15)));
  const quarter = /^(\d{4})-Q([1-4])$/.exec(key);
  if (quarter) return t('finances.dues.periodQuarter', { quarter: quarter[2]!, year: quarter[1]! });
  return key;
}
