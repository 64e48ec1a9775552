import type ExcelJS from 'exceljs';
import { excel } from './excel';
import { CURRENCIES, type Currency } from '@shared/money';
import { majorUnits, type Export, type Table } from './table';

/*
 * An export as an XLSX workbook for treasurers who open files in Excel (exceljs, decision 004):
 * one sheet per table, its header row frozen and filterable, amounts as numbers in the currency's
 * format ("#,##0.00 "USD""; XAF and XOF without decimals), dates as dates, text as text (a cell that
 * starts with = is never a formula here), and a bold totals row whose sums are formulas Excel keeps
 * up to date, stored with their values.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The number format of an amount in `currency`. */
export const moneyFormat = (currency: Currency) => `${CURRENCIES[currency] ? '#,##0.00' : '#,##0'} "${currency}";-#,##0${CURRENCIES[currency] ? '.00' : ''} "${currency}"`;

function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (title: string, used: Set<string>) => {
  const base = title.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Sheet';
  let name = base;
  for (let i = 2; used.has(name.toLowerCase()); i += 1) name = `${base.slice(0, 28)} ${i}`;
  used.add(name.toLowerCase());
  return name;
};

function addSheet(book: ExcelJS.Workbook, t: Table, used: Set<string>) {
  const sheet = book.addWorksheet(sheetName(t.title, used), { views: [{ state: 'frozen', ySplit: 1 }] });
  const money = t.currency ? moneyFormat(t.currency) : '#,##0.00';
  sheet.columns = t.columns.map((c) => ({
    header: c.header,
    width: c.width ?? (c.kind === 'text' ? 24 : c.kind === 'date' ? 12 : 14),
    style: c.kind === 'money' ? { numFmt: money } : c.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : c.kind === 'integer' ? { numFmt: '0' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of t.rows) {
    sheet.addRow(
      row.map((v, i) => {
        if (v === null || v === '') return null;
        const kind = t.columns[i]!.kind;
        if (kind === 'money') return majorUnits(v as number, t.currency!);
        // A local calendar date, stored as that day (Excel has no zones).
        if (kind === 'date') return new Date(`${v}T00:00:00Z`);
        return v;
      }),
    );
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: t.columns.length } };
  if (t.columns.some((c) => c.total)) {
    const last = t.rows.length + 1;
    const totals = sheet.addRow(
      t.columns.map((c, i) => {
        if (i === 0) return t.totalsLabel ?? '';
        if (!c.total) return null;
        const sum = t.rows.reduce((s, r) => s + ((r[i] as number | null) ?? 0), 0);
        const letter = columnLetter(i);
        return { formula: `SUM(${letter}2:${letter}${last})`, result: c.kind === 'money' ? majorUnits(sum, t.currency!) : sum };
      }),
    );
    totals.font = { bold: true };
  }
}

export async function toXlsx(e: Export, opts: { creator: string }): Promise<Uint8Array> {
  const book = new (await excel()).Workbook();
  book.creator = opts.creator;
  const used = new Set<string>();
  for (const t of e.tables) addSheet(book, t, used);
  return new Uint8Array(await book.xlsx.writeBuffer());
}
