import type { SmsPattern } from './types';

/*
 * The pieces every wording shares, so a provider's patterns read like its texts. Amounts are read
 * as written (spaces, commas or dots between thousands) and parsed later; dates are ISO or with
 * slashes (two-digit years are this century); times may carry AM/PM.
 */
const PIECES: Record<string, string> = {
  AMOUNT: String.raw`(?<amount>\d(?:[\d.,\u00a0\u202f' ]*\d)?)`,
  DATE: String.raw`(?<date>\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/(?:\d{4}|\d{2}))`,
  TIME: String.raw`(?<time>\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AP]M)?)`,
  PARTY: String.raw`(?<party>.+?)`,
};

/** A wording's regular expression from its text with {AMOUNT}, {DATE}, {TIME} and {PARTY} in it; spaces match any run of spaces. */
export function wording(text: string): RegExp {
  const source = text.replace(/ /g, String.raw`\s+`).replace(/\{(\w+)\}/g, (_, name: string) => PIECES[name] ?? `{${name}}`);
  return new RegExp(source, 'isu');
}

export const pattern = (p: Omit<SmsPattern, 'regex'> & { text: string }): SmsPattern => ({ provider: p.provider, language: p.language, direction: p.direction, dates: p.dates, currency: p.currency, regex: wording(p.text) });
