import { formatMoney, type Currency } from '@shared/money';
import { currentLocale, i18next } from '../i18n';

/*
 * Every date and number the screens show, written once. Each function takes the locale last
 * (defaulting to the interface language's), so the language setting changes one argument, not the
 * screens. Formatters are built once per locale and shape (building one costs far more than
 * using it, and lists format a date per row).
 */

/** The interface language's locale unless a caller names another. */
const DEFAULT_LOCALE = (): string => currentLocale();

type DateInput = string | number | Date;
type Options = { locale?: string; fallback?: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/** The date, or null when there is none or it cannot be read (shown as the fallback, never a thrown RangeError). */
function toDate(value: DateInput | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const STYLES = {
  /** 'April 12, 1990' */
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  /** 'Apr 12, 1990' */
  short: { year: 'numeric', month: 'short', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A calendar date, long ('April 12, 1990') or short ('Apr 12, 1990'); `fallback` when there is none. */
export function formatDate(value: DateInput | null | undefined, opts: Options & { style?: keyof typeof STYLES } = {}): string {
  const d = toDate(value);
  return d ? dateTimeFormat(opts.locale ?? DEFAULT_LOCALE(), STYLES[opts.style ?? 'long']).format(d) : (opts.fallback ?? '');
}

/** A date with its time of day: 'Apr 12, 1990, 3:04 PM'. */
export function formatDateTime(value: DateInput | null | undefined, opts: Options = {}): string {
  const d = toDate(value);
  return d ? dateTimeFormat(opts.locale ?? DEFAULT_LOCALE(), { dateStyle: 'medium', timeStyle: 'short' }).format(d) : (opts.fallback ?? '');
}

/** The time of day alone: '03:04 PM'. */
export function formatTime(value: DateInput | null | undefined, opts: Options = {}): string {
  const d = toDate(value);
  return d ? dateTimeFormat(opts.locale ?? DEFAULT_LOCALE(), { hour: '2-digit', minute: '2-digit' }).format(d) : (opts.fallback ?? '');
}

/** How long ago: 'just now', '5 min ago', '3 h ago' (in the interface language), then the day ('Apr 12'). */
export function formatRelative(value: DateInput, opts: { locale?: string; now?: number } = {}): string {
  const then = toDate(value);
  if (!then) return '';
  const s = Math.max(0, ((opts.now ?? Date.now()) - then.getTime()) / 1000);
  if (s < 60) return i18next.t('common.time.justNow');
  if (s < 3600) return i18next.t('common.time.minutesAgo', { n: Math.floor(s / 60) });
  if (s < 86400) return i18next.t('common.time.hoursAgo', { n: Math.floor(s / 3600) });
  return dateTimeFormat(opts.locale ?? DEFAULT_LOCALE(), { month: 'short', day: 'numeric' }).format(then);
}

const numbers = new Map<string, Intl.NumberFormat>();
/** Locales whose digits are the ASCII ones, where a whole number without grouping is its plain digits. */
const ASCII_DIGITS = /^(?:en|fr)(?:-|$)/;
/**
 * A count as the screens have always shown it: digits without grouping ('1234'). Grouping by
 * locale ('1,234', '1 234') is one option away once the screens are translated. A whole number in
 * a locale with ASCII digits needs no formatter: building the first Intl one costs a slow phone
 * some 40 ms of a page's first render, for the member count in its heading.
 */
export function formatNumber(n: number, opts: { locale?: string } = {}): string {
  const locale = opts.locale ?? DEFAULT_LOCALE();
  if (Number.isSafeInteger(n) && !Object.is(n, -0) && ASCII_DIGITS.test(locale)) return String(n);
  let f = numbers.get(locale);
  if (!f) numbers.set(locale, (f = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 })));
  return f.format(n);
}

/** '1 Member', '12 Members' ('1 membre', '12 membres'): the word by the interface language's plural rules. */
export function formatMemberCount(n: number): string {
  return i18next.t('common.members', { count: n });
}

/** An amount in the currency's minor units, with its currency, in the interface's locale ('150 000 FCFA', '$12.50'). */
export function formatAmount(amount: number, currency: Currency, opts: { locale?: string } = {}): string {
  return formatMoney(amount, currency, opts.locale ?? DEFAULT_LOCALE());
}
