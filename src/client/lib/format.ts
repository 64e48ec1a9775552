import { formatMoney, isCurrency, toDecimal, type Currency } from '@shared/money';
import { currentLocale, i18next } from '../i18n';

/*
 * The dates, days, amounts, counts and percentages the screens show, written once (file sizes
 * are the documents', the chat's and the admin's own, each worded for its place). Each function takes the locale last
 * (defaulting to the interface language's), so the language setting changes one argument, not the
 * screens. Formatters are built once per locale and shape (building one costs far more than
 * using it, and lists format a date per row).
 */

/** The interface language's locale unless a caller names another. */
const DEFAULT_LOCALE = (): string => currentLocale();

type DateInput = string | number | Date;
type Options = { locale?: string; fallback?: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
/** An Intl.DateTimeFormat made once per locale and options (the screens' own shapes, such as an event's range, use it too). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
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

/**
 * An amount in the currency's minor units, with its currency, in the interface's locale
 * ('150 000 FCFA', '$12.50'): every amount the screens show. A currency this build does not know
 * shows as the number and its code.
 */
export function formatAmount(amount: number, currency: string, opts: { locale?: string } = {}): string {
  const locale = opts.locale ?? DEFAULT_LOCALE();
  return isCurrency(currency) ? formatMoney(amount, currency, locale) : `${formatNumber(amount, { locale })} ${currency}`;
}

const separators = new Map<string, string>();
/**
 * An amount as a form's field shows it to be edited, in the interface's locale: '500,00' in
 * French, '500.00' in English, no grouping and no currency (parseAmount reads either separator).
 */
export function amountInputText(amount: number, currency: Currency, opts: { locale?: string } = {}): string {
  const locale = opts.locale ?? DEFAULT_LOCALE();
  let separator = separators.get(locale);
  if (separator === undefined) separators.set(locale, (separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'));
  return toDecimal(amount, currency).replace('.', separator);
}

const percents = new Map<string, Intl.NumberFormat>();
/** A fraction as a percentage ('2.5 %', '12,5 %'), with at most `maxDigits` decimals (and at least `minDigits`). */
export function formatPercent(fraction: number, opts: { locale?: string; minDigits?: number; maxDigits?: number } = {}): string {
  const locale = opts.locale ?? DEFAULT_LOCALE();
  const key = `${locale}|${opts.minDigits ?? 0}|${opts.maxDigits ?? 2}`;
  let f = percents.get(key);
  if (!f) percents.set(key, (f = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: opts.minDigits ?? 0, maximumFractionDigits: opts.maxDigits ?? 2 })));
  return f.format(fraction);
}

/** A day as date inputs take and give it: 'YYYY-MM-DD', in the browser's own zone (today, by default). */
export const inputDay = (d: Date = new Date()): string => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The viewer's own IANA time zone (the browser's). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const DAY_STYLES = {
  /** 'Jun 5, 2025' */
  medium: { dateStyle: 'medium' },
  /** 'June 5, 2025' */
  long: { dateStyle: 'long' },
  /** 'Thursday, June 5, 2025' */
  full: { dateStyle: 'full' },
  /** 'Jun 5, 2025', spelled out field by field (the books' dates). */
  short: { year: 'numeric', month: 'short', day: 'numeric' },
  /** 'June 5', without the year (a yearly due date). */
  monthDay: { month: 'long', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A 'YYYY-MM-DD' day as the instant of its UTC midnight; anything else as Date reads it. */
const dayInstant = (value: string | number) => new Date(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);

/**
 * A calendar day for people: a 'YYYY-MM-DD' (a due date, a start date) or an instant's UTC day.
 * A day carries no zone: it is read at UTC midnight and shown in UTC, so no browser zone moves it
 * a day (a member west of Greenwich would otherwise read the day before). `fallback` (default: the
 * value as given) when it cannot be read.
 */
export function formatDay(value: string | number, opts: { style?: keyof typeof DAY_STYLES; locale?: string; fallback?: string } = {}): string {
  const d = dayInstant(value);
  if (Number.isNaN(d.getTime())) return opts.fallback ?? String(value);
  return dateTimeFormat(opts.locale ?? DEFAULT_LOCALE(), { ...DAY_STYLES[opts.style ?? 'medium'], timeZone: 'UTC' }).format(d);
}

/** A calendar day's weekday ('Saturday'), for "meets on Saturdays"; a day as formatDay reads it. */
export function formatWeekday(value: string | number, opts: { locale?: string } = {}): string {
  return dateTimeFormat(opts.locale ?? DEFAULT_LOCALE(), { weekday: 'long', timeZone: 'UTC' }).format(dayInstant(value));
}
