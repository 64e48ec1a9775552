import { excel } from '../../exports/excel';
import { IMPORT_COLUMNS, type ImportKind, type ImportLanguage } from '@shared/imports';

/*
 * The downloadable templates: each import's columns in the language's own names, with example
 * rows written the way that language writes dates and amounts (the preview reads them back alike).
 */

const EXAMPLES: Record<ImportKind, Record<ImportLanguage, string[][]>> = {
  members: {
    en: [
      ['Amina Diallo', 'amina.diallo@example.org', '+237 670 000 001', 'Member', 'Full member', '03/15/2021'],
      ['Kofi Mensah', '', '+233 240 000 002', 'Treasurer', 'Founding member', '01/09/2019'],
    ],
    fr: [
      ['Amina Diallo', 'amina.diallo@example.org', '+237 670 000 001', 'Membre', 'Membre actif', '15/03/2021'],
      ['Kofi Mensah', '', '+233 240 000 002', 'Trésorier', 'Membre fondateur', '09/01/2019'],
    ],
  },
  ledger: {
    en: [
      ['01/01/2024', '', '150,000', 'Opening balance', 'Cash box', '', ''],
      ['02/03/2024', 'amina.diallo@example.org', '5,000', 'Dues', 'Cash box', 'R-0042', 'February dues'],
      ['02/20/2024', '', '12,500', 'Expense', 'Cash box', '', 'Hall rental'],
    ],
    fr: [
      ['01/01/2024', '', '150 000', 'Solde initial', 'Caisse', '', ''],
      ['03/02/2024', 'amina.diallo@example.org', '5 000', 'Cotisation', 'Caisse', 'R-0042', 'Cotisation de février'],
      ['20/02/2024', '', '12 500', 'Dépense', 'Caisse', '', 'Location de la salle'],
    ],
  },
  // Positions in payout order; the hands that received form the first positions.
  circle: {
    en: [
      ['1', 'amina.diallo@example.org', '3', 'yes', '30,000'],
      ['2', 'kofi.mensah@example.org', '3', 'yes', '30,000'],
      ['3', 'awa.ndiaye@example.org', '2', 'no', '20,000'],
      ['4', 'musa.bello@example.org', '3', 'no', '30,000'],
    ],
    fr: [
      ['1', 'amina.diallo@example.org', '3', 'oui', '30 000'],
      ['2', 'kofi.mensah@example.org', '3', 'oui', '30 000'],
      ['3', 'awa.ndiaye@example.org', '2', 'non', '20 000'],
      ['4', 'musa.bello@example.org', '3', 'non', '30 000'],
    ],
  },
};

const FILE_WORD: Record<ImportKind, Record<ImportLanguage, string>> = {
  members: { en: 'members', fr: 'membres' },
  ledger: { en: 'books-history', fr: 'historique-comptes' },
  circle: { en: 'running-circle', fr: 'tontine-en-cours' },
};

const headersOf = (kind: ImportKind, language: ImportLanguage) => Object.values(IMPORT_COLUMNS[kind]).map((c) => c[language]);
const csvCell = (v: string) => (/[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The template as a file: CSV (UTF-8 with its mark, so a spreadsheet opens accents right) or XLSX. */
export async function importTemplate(p: { kind: ImportKind; language: ImportLanguage; format: 'csv' | 'xlsx' }) {
  const rows = [headersOf(p.kind, p.language), ...EXAMPLES[p.kind][p.language]];
  const filename = `harambee-${FILE_WORD[p.kind][p.language]}-${p.language}.${p.format}`;
  if (p.format === 'csv') {
    // French spreadsheets save CSV with semicolons (the comma is their decimal mark); the reader takes either.
    const sep = p.language === 'fr' ? ';' : ',';
    return { filename, type: 'text/csv; charset=utf-8', body: `\ufeff${rows.map((r) => r.map(csvCell).join(sep)).join('\r\n')}\r\n` };
  }
  const book = new (await excel()).Workbook();
  const sheet = book.addWorksheet(FILE_WORD[p.kind][p.language]);
  for (const r of rows) sheet.addRow(r);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((c) => (c.width = 24));
  const body = new Uint8Array(await book.xlsx.writeBuffer());
  return { filename, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body };
}
