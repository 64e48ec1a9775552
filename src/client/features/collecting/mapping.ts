import type { StatementMapping } from '@shared/schemas/collecting';

/** A mapping as the screen edits it: every column chosen or not ('' for none), and the date order. */
export type MappingDraft = Record<(typeof MAPPED)[number], string> & { dateOrder: 'dmy' | 'mdy' };

/** The statement's fields a column can be chosen for, in the order the form asks. */
export const MAPPED = ['date', 'amount', 'credit', 'debit', 'reference', 'counterparty', 'transactionId'] as const;

/** The server's mapping (remembered or guessed, some columns missing) as the form's draft. */
export function draftOf(m: Partial<StatementMapping> & { dateOrder: 'dmy' | 'mdy' }): MappingDraft {
  const draft = { dateOrder: m.dateOrder } as MappingDraft;
  for (const field of MAPPED) draft[field] = m[field] ?? '';
  return draft;
}

/**
 * The draft as the procedures take it, or null while it lacks what every statement needs (a date,
 * and an amount or a credit column): columns not chosen are left out, and a single amount column
 * wins over credit and debit (the server reads one or the other).
 */
export function mappingOf(d: MappingDraft): StatementMapping | null {
  if (!d.date || (!d.amount && !d.credit)) return null;
  const m: StatementMapping = { date: d.date, dateOrder: d.dateOrder };
  if (d.amount) m.amount = d.amount;
  else {
    m.credit = d.credit;
    if (d.debit) m.debit = d.debit;
  }
  for (const field of ['reference', 'counterparty', 'transactionId'] as const) if (d[field]) m[field] = d[field];
  return m;
}
