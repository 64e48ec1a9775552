import { can } from '@shared/permissions';
import { FINANCE_SECTIONS, type FinanceSection } from '@shared/finances/sections';
import type { MessageKey } from '@shared/i18n/catalogue';
import type { Books } from './types';

/*
 * Which sections of the books a viewer has: every member the Overview, their payments and their
 * dues; officers the expenses; the budget where the community shows totals; the ledger where it
 * shows entries; managers the settings. A section a viewer does not have is not offered, and its
 * address opens the Overview. The server checks every call again.
 */

export const SECTION_LABEL = {
  overview: 'finances.sections.overview',
  payments: 'finances.sections.payments',
  expenses: 'finances.sections.expenses',
  dues: 'finances.sections.dues',
  budget: 'finances.sections.budget',
  ledger: 'finances.sections.ledger',
  settings: 'finances.sections.settings',
} as const satisfies Record<FinanceSection, MessageKey>;

export function sectionsFor(role: string | null | undefined, books: Pick<Books, 'byCategory' | 'ledgerVisible'>): FinanceSection[] {
  const shown: Record<FinanceSection, boolean> = {
    overview: true,
    payments: true,
    expenses: can(role, 'finances.record'),
    dues: true,
    budget: books.byCategory !== null,
    ledger: books.ledgerVisible,
    settings: can(role, 'finances.manage'),
  };
  return FINANCE_SECTIONS.filter((s) => shown[s]);
}
