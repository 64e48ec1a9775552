/*
 * pdf-lib, loaded when the first PDF is made or read rather than when the server starts: with
 * fontkit (required at the first text drawn, src/server/pdf/unicode-text.ts) and ExcelJS (at the
 * first spreadsheet, src/server/exports/excel.ts) it was about half a second of CPU at every
 * start, paid by a server that may never make a receipt. The compiled server keeps these imports
 * as they are, so Node loads each package once, at first use.
 */
export type PdfLib = typeof import('pdf-lib');

let loaded: Promise<PdfLib> | undefined;

/** pdf-lib, loaded once. */
export const pdfLib = (): Promise<PdfLib> => (loaded ??= import('pdf-lib'));
