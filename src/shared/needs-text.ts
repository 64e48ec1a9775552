import type { MessageKey } from './i18n/catalogue';
import { LOCALES, type Language } from './i18n/languages';
import { formatMoney, type Currency } from './money';
import type { NeedItem } from './needs';

/**
 * The sentence of a "Needs you" item ("Jean-Paul Mbarga declared $25.00 of dues"): its catalogue
 * key and values in `language`, written alike by the screens (t) and the digest email (translate).
 * `when` writes a deadline as the reader reads dates.
 */
export function needText(item: NeedItem, language: Language, when: (iso: string) => string): { key: MessageKey; params: Record<string, string | number> } {
  const amount = item.amount ? formatMoney(item.amount.amount, item.amount.currency as Currency, LOCALES[language]) : '';
  const params: Record<string, string | number> = { who: item.who ?? '', amount, subject: item.subject ?? '', community: item.community ?? '', ...item.details };
  if (item.due) params.due = when(item.due);
  switch (item.kind) {
    case 'payment':
      if (item.details.recorded) return { key: 'needs.items.paymentRecorded', params: { ...params, member: item.subject ?? '' } };
      return { key: item.details.purpose === 'donation' ? 'needs.items.paymentDonation' : 'needs.items.paymentDues', params };
    case 'circleJoin':
      return { key: 'needs.items.circleJoin', params: { ...params, count: Number(item.details.hands ?? 1) } };
    case 'nomination':
      return { key: item.who ? 'needs.items.nomination' : 'needs.items.nominationAnonymous', params };
    case 'chatReport':
      return { key: item.subject ? 'needs.items.chatReport' : 'needs.items.chatReportDirect', params };
    case 'levyToPay':
      return { key: item.details.contribution ? 'needs.items.contributionToPay' : 'needs.items.levyToPay', params };
    case 'fineToPay':
      return { key: item.details.reason === 'late' ? 'needs.items.fineToPayLate' : 'needs.items.fineToPayAbsent', params };
    default:
      return { key: `needs.items.${item.kind}`, params };
  }
}
