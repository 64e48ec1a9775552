import type ExcelJS from 'exceljs';

/** ExcelJS, loaded when the first spreadsheet is made or read, not at the server's start (see pdf/library.ts). */
let loaded: Promise<typeof ExcelJS> | undefined;
export const excel = (): Promise<typeof ExcelJS> => (loaded ??= import('exceljs').then((m) => m.default));
