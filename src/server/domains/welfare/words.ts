import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import type { Relationship } from '@shared/welfare/rules';
import { translator } from '../../i18n';

/** Where a case is read: its page. */
export const caseLink = (caseId: number) => `/welfare/${caseId}`;

/** A date in words, in the community's zone and the reader's language ("3 March 2026"). */
export const dateIn = (ms: number, timeZone: string, language: Language) => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone }).format(ms);

/** A relationship as the reader says it ("a parent", "un parent"). */
export const relationshipIn = (r: Relationship, language: Language) => translator(language)(`welfare.relationshipOf.${r}`);

export const moneyIn = (amount: number, currency: Currency, language: Language) => formatMoney(amount, currency, LOCALES[language]);
