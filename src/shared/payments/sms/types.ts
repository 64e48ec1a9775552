import type { Currency } from '../../money';

export const SMS_PROVIDERS = ['mtn_momo', 'orange_money', 'mpesa', 'wave', 'airtel_money'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];
export type SmsLanguage = 'en' | 'fr';

/**
 * One wording of one provider's confirmation text. The regular expression names what it reads with
 * named groups: `id` (the transaction id), `amount`, and where the wording has them `currency`,
 * `party` (the other side: a name, a number or both), `date` and `time`. `dates` says how the
 * provider writes a day with slashes: day first ('dmy') or month first ('mdy').
 */
export type SmsPattern = {
  provider: SmsProvider;
  language: SmsLanguage;
  /** What the text is, from the member's side: money they sent, or money they received. */
  direction: 'sent' | 'received';
  regex: RegExp;
  dates: 'dmy' | 'mdy';
  /** The currency when the wording does not name one (Wave's "F" is the CFA franc of the countries it serves). */
  currency?: string;
};

/** What a confirmation text says, read by the pattern that matched it. */
export type ParsedSms = {
  provider: SmsProvider;
  language: SmsLanguage;
  direction: 'sent' | 'received';
  transactionId: string;
  /** As written ("1,500.00"), and in minor units of each currency it can be (CFA francs: XAF or XOF). */
  amountText: string;
  currencyText: string | null;
  /** The community currencies the text's currency can be; empty when it is none of ours. */
  currencies: Currency[];
  /** Minor units of `currencies[0]`'s kind (the CFA francs have none, so XAF and XOF agree). Null when unreadable. */
  amount: number | null;
  /** YYYY-MM-DD, and HH:MM when the text has a time. */
  date: string | null;
  time: string | null;
  counterparty: string | null;
};
