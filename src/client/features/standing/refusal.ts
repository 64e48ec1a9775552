import type { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { formatMoney, type Currency } from '@shared/money';
import { REFUSAL_KEY, refusalParams, type Refusal, type Right } from '@shared/standing';
import { currentLocale } from '../../i18n';

/**
 * A refused right in the reader's words: why, and the way back ("Pay $50.00 of arrears to vote"),
 * the same sentence the server's refusal says (src/shared/standing.ts), formatted here.
 */
type T = ReturnType<typeof useTranslation>['t'];

export function refusalText(t: T, refusal: Refusal, right: Right, frame: { currency: Currency; timeZone: string }): string {
  const locale = currentLocale();
  const params = refusalParams(refusal, right, {
    t: (key: MessageKey) => (t as unknown as (k: string) => string)(key),
    money: (amount) => formatMoney(amount, frame.currency, locale),
    date: (ms) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: frame.timeZone }).format(ms),
  });
  return (t as unknown as (k: string, p: Record<string, string>) => string)(REFUSAL_KEY[refusal.reason], params);
}
