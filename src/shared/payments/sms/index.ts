import { parseImportAmount } from '../../imports';
import { currenciesOf } from './currency';
import { AIRTEL_MONEY } from './providers/airtel-money';
import { MPESA } from './providers/mpesa';
import { MTN_MOMO } from './providers/mtn-momo';
import { ORANGE_MONEY } from './providers/orange-money';
import { WAVE } from './providers/wave';
import type { ParsedSms, SmsPattern } from './types';

export { SMS_PROVIDERS, type ParsedSms, type SmsProvider } from './types';

/*
 * Mobile-money confirmation texts, read without any provider's interface: each provider is a table
 * of wordings (./providers), and adding one is adding its file here and its samples to the tests.
 * A text no wording matches is not an error: the member fills the declaration by hand and the text
 * is kept for the treasurer.
 */
export const SMS_PATTERNS: readonly SmsPattern[] = [...MTN_MOMO, ...ORANGE_MONEY, ...MPESA, ...WAVE, ...AIRTEL_MONEY];

/** The longest text we read: a confirmation is one or two SMS; anything longer is not one. */
export const SMS_TEXT_MAX = 1_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD from ISO or slashes in the provider's order; null for a day that does not exist. */
function day(text: string, order: 'dmy' | 'mdy'): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const parts = iso ? [+iso[1]!, +iso[2]!, +iso[3]!] : (() => {
    const [a, b, c] = text.split('/').map(Number) as [number, number, number];
    const y = c < 100 ? 2000 + c : c;
    return order === 'dmy' ? [y, b, a] : [y, a, b];
  })();
  const [y, m, d] = parts as [number, number, number];
  if (m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** HH:MM on a 24-hour clock from "14:05", "14:05:11" or "2:05 PM". */
function clock(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?\s?([AP]M)?$/i.exec(text.trim());
  if (!m) return null;
  let h = +m[1]!;
  const meridiem = m[3]?.toUpperCase();
  if (meridiem) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (meridiem === 'PM' ? 12 : 0);
  }
  return h > 23 || +m[2]! > 59 ? null : `${pad(h)}:${m[2]}`;
}

const tidy = (s: string | undefined) => (s ? s.replace(/\s+/g, ' ').trim().replace(/[.,;:]$/, '') || null : null);

/** What a pasted confirmation text says, or null when no known wording matches it. */
export function parseSms(text: string): ParsedSms | null {
  const input = text.slice(0, SMS_TEXT_MAX).replace(/\r\n?/g, '\n');
  for (const p of SMS_PATTERNS) {
    const g = p.regex.exec(input)?.groups;
    if (!g?.id || !g.amount) continue;
    const currencyText = g.currency ?? p.currency ?? null;
    const currencies = currenciesOf(currencyText);
    const amountText = g.amount.trim();
    return {
      provider: p.provider,
      language: p.language,
      direction: p.direction,
      transactionId: g.id.toUpperCase(),
      amountText,
      currencyText,
      currencies,
      amount: currencies[0] ? parseImportAmount(amountText, currencies[0]) : null,
      date: g.date ? day(g.date, p.dates) : null,
      time: g.time ? clock(g.time) : null,
      counterparty: tidy(g.party),
    };
  }
  return null;
}
