/*
 * Money is an integer count of the currency's minor unit (ISO 4217): 1500 XAF is 1500 (XAF has
 * no minor unit), 12.50 USD is 1250. Never a float, never a fixed two decimals. These helpers
 * convert between what people type or read and that integer, exactly.
 */

/** The currencies a community may keep its books in, with their ISO 4217 minor-unit digits. */
export const CURRENCIES = {
  XAF: 0,
  XOF: 0,
  NGN: 2,
  GHS: 2,
  KES: 2,
  ZAR: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
} as const;
export type Currency = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];
export const isCurrency = (value: unknown): value is Currency => typeof value === 'string' && value in CURRENCIES;

/** The largest amount we accept: far above any community's books, far below where integers lose exactness. */
export const MAX_AMOUNT = 10 ** 13;

export type Money = { amount: number; currency: Currency };

/**
 * The integer minor units of a typed amount ("1 500", "12.5", "12,50"), or null when it is not an
 * amount of this currency (too many decimals, not a number, negative). Parsed from the digits,
 * never through floating point.
 */
export function parseAmount(text: string, currency: Currency): number | null {
  const digits = CURRENCIES[currency];
  const cleaned = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = BigInt(whole!) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  return minor > BigInt(MAX_AMOUNT) ? null : Number(minor);
}

/** The amount as a plain decimal string in major units ("12.50", "1500"), for forms and CSV. */
export function toDecimal(amount: number, currency: Currency): string {
  const digits = CURRENCIES[currency];
  const sign = amount < 0 ? '-' : '';
  const abs = BigInt(Math.abs(amount));
  if (digits === 0) return `${sign}${abs}`;
  const unit = 10n ** BigInt(digits);
  return `${sign}${abs / unit}.${(abs % unit).toString().padStart(digits, '0')}`;
}

const formats = new Map<string, Intl.NumberFormat>();
/** The amount with its currency, for people, in a locale ("12,50 $US", "1 500 FCFA", "$12.50"). */
export function formatMoney(amount: number, currency: Currency, locale: string): string {
  const key = `${locale}|${currency}`;
  let f = formats.get(key);
  if (!f) {
    const digits = CURRENCIES[currency];
    formats.set(key, (f = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits })));
  }
  // Intl takes a decimal string exactly (no float rounding) for amounts of any size.
  return f.format(toDecimal(amount, currency) as unknown as number);
}
