/*
 * The Finances tab's sections, each with its own address (?tab=finances&section=payments), so a
 * notice, an email or a "Needs you" item opens the part of the books it is about. The server
 * writes the links with financeLink; the client validates ?section= against FINANCE_SECTIONS.
 */

export const FINANCE_SECTIONS = ['overview', 'payments', 'expenses', 'dues', 'budget', 'ledger', 'settings'] as const;
export type FinanceSection = (typeof FINANCE_SECTIONS)[number];

export const isFinanceSection = (value: unknown): value is FinanceSection => typeof value === 'string' && (FINANCE_SECTIONS as readonly string[]).includes(value);

/** The app's path to a community's books, at a section (the Overview, the default, leaves it out). */
export const financeLink = (communityId: number, section: FinanceSection = 'overview'): string =>
  `/community/${communityId}?tab=finances${section === 'overview' ? '' : `&section=${section}`}`;
