import { createHash } from 'node:crypto';
import type { StatementMapping } from '@shared/schemas/collecting';
import { headerKey, parseImportAmount } from '@shared/imports';
import type { Currency } from '@shared/money';
import type { Sheet } from '../imports/sheet';

/*
 * A statement's rows read with the treasurer's mapping into lines: the day, a signed amount in the
 * books' minor units, and what names the payer. Banks write money in one signed column ("-1 500,50",
 * "(1,500.00)") or in credit and debit columns; mobile-money exports write days with a time.
 */

export type StatementLine = { lineNo: number; bookedOn: string; amount: number; reference: string | null; counterparty: string | null; transactionId: string | null; fingerprint: string };
export type LineProblem = { line: number; column: string; value: string; problem: 'date' | 'amount' };

/** Columns guessed from the headers (English and French, as banks and providers write them). */
const GUESSES: [keyof StatementMapping, RegExp][] = [
  ['date', /^(date|jour|booking date|posting date|transaction date|value date|date operation|date de l operation|completion time)\b/],
  ['credit', /^(credit|credits|paid in|money in|montant credit|entree|entrees|recu)$/],
  ['debit', /^(debit|debits|paid out|withdrawn|money out|montant debit|sortie|sorties)$/],
  ['amount', /^(amount|montant|value|valeur|somme)\b/],
  ['transactionId', /^(transaction id|transaction|receipt no|receipt|id transaction|reference operation|ref operation|trans id)$/],
  ['reference', /^(reference|ref|description|details|narration|memo|motif|libelle|note|message)\b/],
  ['counterparty', /^(counterparty|name|nom|sender|from|expediteur|payer|tiers|other party|beneficiaire|details du tiers)\b/],
];

/** The mapping a first upload starts from: each field's first matching header, days read day first. */
export function guessMapping(headers: string[]): Partial<StatementMapping> & { dateOrder: 'dmy' | 'mdy' } {
  const guess: Partial<StatementMapping> = {};
  const used = new Set<string>();
  for (const [field, pattern] of GUESSES) {
    const found = headers.find((h) => !used.has(h) && pattern.test(headerKey(h)));
    if (found) {
      (guess as Record<string, string>)[field] = found;
      used.add(found);
    }
  }
  return { ...guess, dateOrder: 'dmy' };
}

/** The headers of a mapping the file does not have. */
export function missingColumns(headers: string[], m: StatementMapping): string[] {
  const named = [m.date, m.amount, m.credit, m.debit, m.reference, m.counterparty, m.transactionId].filter((c): c is string => !!c);
  return named.filter((c) => !headers.includes(c));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD from ISO, slashes, dots or dashes in the file's order, with or without a time after. */
export function statementDay(text: string, order: 'dmy' | 'mdy'): string | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s);
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ T,].*)?$/.exec(s);
  if (iso) [y, m, d] = [+iso[1]!, +iso[2]!, +iso[3]!];
  else if (local) {
    const [a, b, c] = [+local[1]!, +local[2]!, +local[3]!];
    y = c < 100 ? 2000 + c : c;
    [m, d] = order === 'dmy' ? [b, a] : [a, b];
  } else return null;
  if (m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** A signed amount: "-1 500,50", "(1,500.00)", "1500.5", "+2 000" and a currency code around it; null when not one. */
export function statementAmount(text: string, currency: Currency): number | null {
  let s = text.trim().replace(/[A-Za-z€$£₦₵¢]+\.?/g, '').trim();
  let sign = 1;
  if (/^\(.*\)$/.test(s)) [s, sign] = [s.slice(1, -1).trim(), -1];
  if (/^[-−–]/.test(s)) [s, sign] = [s.slice(1).trim(), -1];
  else if (s.startsWith('+')) s = s.slice(1).trim();
  if (/[-−–]$/.test(s)) [s, sign] = [s.slice(0, -1).trim(), -1];
  const n = parseImportAmount(s, currency);
  return n === null ? null : sign * n;
}

/**
 * Every row as a line, or every problem with its line number. A row's fingerprint also counts the
 * identical rows before it in the file, so two equal payments on one day are two lines, and the same
 * file uploaded again gives the same fingerprints.
 */
export function readStatement(sheet: Sheet, m: StatementMapping, currency: Currency): { lines: StatementLine[]; problems: LineProblem[] } {
  const col = (name: string | undefined) => (name ? sheet.headers.indexOf(name) : -1);
  const at = { date: col(m.date), amount: col(m.amount), credit: col(m.credit), debit: col(m.debit), reference: col(m.reference), counterparty: col(m.counterparty), transactionId: col(m.transactionId) };
  const cell = (cells: string[], i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
  const lines: StatementLine[] = [];
  const problems: LineProblem[] = [];
  const seen = new Map<string, number>();
  for (const row of sheet.rows) {
    const dateText = cell(row.cells, at.date);
    const bookedOn = statementDay(dateText, m.dateOrder);
    if (!bookedOn) problems.push({ line: row.line, column: m.date, value: dateText, problem: 'date' });
    let amount: number | null;
    if (at.amount >= 0) {
      const t = cell(row.cells, at.amount);
      amount = statementAmount(t, currency);
      if (amount === null) problems.push({ line: row.line, column: m.amount!, value: t, problem: 'amount' });
    } else {
      // Credit and debit columns: one of them is filled; a debit is money out.
      const [c, d] = [cell(row.cells, at.credit), cell(row.cells, at.debit)];
      const credit = c ? statementAmount(c, currency) : 0;
      const debit = d ? statementAmount(d, currency) : 0;
      if (credit === null) problems.push({ line: row.line, column: m.credit!, value: c, problem: 'amount' });
      if (debit === null) problems.push({ line: row.line, column: m.debit!, value: d, problem: 'amount' });
      amount = credit === null || debit === null ? null : Math.abs(credit) - Math.abs(debit);
    }
    if (!bookedOn || amount === null) continue;
    const reference = cell(row.cells, at.reference) || null;
    const counterparty = cell(row.cells, at.counterparty) || null;
    const transactionId = cell(row.cells, at.transactionId).toUpperCase() || null;
    const key = JSON.stringify([bookedOn, amount, reference, counterparty, transactionId]);
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    const fingerprint = createHash('sha256').update(`${key}#${occurrence}`).digest('base64url');
    lines.push({ lineNo: row.line, bookedOn, amount, reference, counterparty, transactionId, fingerprint });
  }
  return { lines, problems };
}
