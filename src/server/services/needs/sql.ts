import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import { COMMUNITY_ROLES, can, type CommunityCapability } from '@shared/permissions';

/** The community roles that have `capability` in the permission table, as an SQL list ('creator', 'admin'). */
export const rolesWith = (capability: CommunityCapability) =>
  COMMUNITY_ROLES.filter((r) => can(r, capability))
    .map((r) => `'${r}'`)
    .join(', ');

/** A person's name from their users row, in SQL ('Jean-Paul Mbarga'). */
export const nameSql = (alias: string) => `${alias}.first_name || ' ' || ${alias}.last_name`;

export const iso = (ms: number) => new Date(ms).toISOString();

/** An amount as the reader writes it. */
export const moneyText = (amount: number, currency: string, language: Language) => formatMoney(amount, currency as Currency, LOCALES[language]);
