import { CURRENCIES, toDecimal, type Currency } from '@shared/money';

/*
 * An export as rows, built once and written as CSV or as an XLSX workbook (exports/xlsx.ts), so
 * the two files of one export cannot disagree. A cell keeps its kind: text stays text, a number a
 * number (an amount is an integer of the currency's minor unit, written in major units), a date a
 * date. Dates and times are already the community's (or circle's, or event's) local ones.
 */

export type ColumnKind = 'text' | 'integer' | 'money' | 'date';
export type Column = { header: string; kind: ColumnKind; /** Summed in the workbook's totals row. */ total?: boolean; width?: number };
export type Cell = string | number | null;
export type Table = { title: string; columns: Column[]; rows: Cell[][]; currency?: Currency; /** The first cell of the totals row, when a column is totalled. */ totalsLabel?: string };
export type Export = { filename: string; tables: Table[] };

/**
 * A text cell a spreadsheet would read as a formula (=, +, -, @, a tab or a carriage return
 * first) gets a leading apostrophe. Only text: an amount such as -180.00 is a number and stays one.
 */
function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvCell(value: Cell, column: Column, currency: Currency | undefined): string {
  if (value === null || value === '') return '';
  switch (column.kind) {
    case 'money':
      return toDecimal(value as number, currency!);
    case 'integer':
      return String(value);
    case 'date':
      return String(value);
    default:
      return textCell(String(value));
  }
}

/** The tables as CSV (RFC 4180, CRLF), one after another with a blank line between them. */
export function toCsv(e: Export): string {
  const blocks = e.tables.map((t) => {
    const lines = [t.columns.map((c) => textCell(c.header)).join(',')];
    for (const row of t.rows) lines.push(row.map((v, i) => csvCell(v, t.columns[i]!, t.currency)).join(','));
    return lines.join('\r\n');
  });
  return `${blocks.join('\r\n\r\n')}\r\n`;
}

/** An amount in the currency's major unit, as a spreadsheet number (exact for our amounts: at most 10^13 minor units). */
export const majorUnits = (minor: number, currency: Currency) => minor / 10 ** CURRENCIES[currency];
