import type { Currency } from '@shared/money';
import { SMS_PROVIDERS, type SmsProvider } from '@shared/payments/sms/types';

/*
 * The pure parts of collecting money on the client: the links a phone opens, the providers' names
 * as members know them, and what a read confirmation text puts into a declaration.
 */

/**
 * A USSD code as a link the phone dials: `#` is the start of a URL's fragment, so it is written
 * %23 (a raw `#` would cut the code short: `tel:*126#` dials `*126`).
 */
export const ussdHref = (ussd: string) => `tel:${ussd.replace(/\s+/g, '').replace(/#/g, '%23')}`;

/** The providers' names as members know them (brand names: the same in every language); also the declaration's provider field. */
export const PROVIDER_NAME: Record<SmsProvider, string> = {
  mtn_momo: 'MTN MoMo',
  orange_money: 'Orange Money',
  mpesa: 'M-Pesa',
  wave: 'Wave',
  airtel_money: 'Airtel Money',
};

export const providerName = (id: string) => (SMS_PROVIDERS as readonly string[]).includes(id) ? PROVIDER_NAME[id as SmsProvider] : id;

/** The declaration's fields a read text fills: the amount only when it is in the books' currency. */
export function fieldsFromText(read: { provider: string; transactionId: string; amount: number | null }, currency: Currency, amountText: (amount: number, currency: Currency) => string) {
  return {
    method: 'mobile_money' as const,
    provider: providerName(read.provider),
    transactionId: read.transactionId,
    ...(read.amount !== null ? { amount: amountText(read.amount, currency) } : {}),
  };
}
