import type ExcelJS from 'exceljs';
import { excel } from '../../exports/excel';
import { IMPORT_MAX_ROWS } from '@shared/imports';
import { invalid } from '../../services/errors';

/*
 * An uploaded spreadsheet as rows of text cells: CSV read here (RFC 4180: quoted fields, doubled
 * quotes, CRLF or LF, commas or semicolons as a French Excel writes them, a UTF-8 BOM) and XLSX
 * read with exceljs (its first sheet; dates as ISO days, numbers as written). Blank lines are
 * dropped. Past IMPORT_MAX_ROWS data rows the file is refused before anything else is read.
 */

export type Sheet = { headers: string[]; rows: { line: number; cells: string[] }[] };

export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  // A French spreadsheet saves "CSV" with semicolons: the header line tells which.
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (quoted) throw invalid('imports.errors.unclosedQuote');
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const pad = (n: number) => String(n).padStart(2, '0');
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value);
}

async function parseXlsx(bytes: Buffer, maxRows: number): Promise<string[][]> {
  const book = new (await excel()).Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw invalid('imports.errors.unreadable');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw invalid('imports.errors.empty');
  if (sheet.actualRowCount > maxRows + 1) throw invalid('imports.errors.tooManyRows', undefined, { max: maxRows });
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value).trim());
    rows[n - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

/** The file as a header row and numbered data rows (line numbers as the spreadsheet shows them). */
export async function readSheet(file: { name: string; content: string; encoding: 'text' | 'base64' }, maxRows = IMPORT_MAX_ROWS): Promise<Sheet> {
  const isXlsx = /\.xlsx$/i.test(file.name);
  let grid: string[][];
  if (isXlsx) grid = await parseXlsx(Buffer.from(file.content, file.encoding === 'base64' ? 'base64' : 'utf8'), maxRows);
  else if (/\.(csv|txt)$/i.test(file.name)) grid = parseCsv(file.encoding === 'base64' ? Buffer.from(file.content, 'base64').toString('utf8') : file.content);
  else throw invalid('imports.errors.format');
  const [head, ...body] = grid;
  if (!head || head.every((h) => !h.trim())) throw invalid('imports.errors.empty');
  const rows = body.map((cells, i) => ({ line: i + 2, cells: cells.map((c) => c.trim()) })).filter((r) => r.cells.some((c) => c !== ''));
  if (rows.length > maxRows) throw invalid('imports.errors.tooManyRows', undefined, { max: maxRows });
  if (rows.length === 0) throw invalid('imports.errors.noRows');
  return { headers: head.map((h) => h.trim()), rows };
}
