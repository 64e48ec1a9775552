import { z } from 'zod';
import { IMPORT_LANGUAGES } from '../imports';
import { communityId } from './communities';
import { circleId } from './njangi';

/*
 * Inputs of the imports. The file travels inside the JSON body: CSV as text, XLSX as base64
 * (the 1 MB JSON limit holds a few thousand rows of either; past 5,000 rows the import is refused
 * whatever its size).
 */

/** The largest file content accepted, in characters (base64 or text), under the 1 MB body limit. */
export const IMPORT_FILE_MAX_CHARS = 1_000_000;

export const importFile = z.object({
  name: z.string({ message: 'imports.validation.fileName' }).trim().min(1, 'imports.validation.fileName').max(200, 'imports.validation.fileName'),
  content: z.string({ message: 'imports.validation.file' }).min(1, 'imports.validation.file').max(IMPORT_FILE_MAX_CHARS, 'imports.validation.fileLarge'),
  encoding: z.enum(['text', 'base64'], { message: 'imports.validation.file' }),
});

/** A spreadsheet for one community, read in the language whose date order it uses. */
export const importInput = z.object({
  communityId,
  language: z.enum(IMPORT_LANGUAGES, { message: 'imports.validation.language' }),
  file: importFile,
});

const importId = z.coerce.number({ message: 'imports.errors.notFound' }).int('imports.errors.notFound').positive('imports.errors.notFound').max(Number.MAX_SAFE_INTEGER, 'imports.errors.notFound');

export const ledgerImportIdInput = z.object({ id: importId });
export const rejectLedgerImportInput = z.object({
  id: importId,
  reason: z.string({ message: 'imports.validation.reason' }).trim().min(1, 'imports.validation.reason').max(300, 'imports.validation.reasonLong'),
});
export const ledgerImportsInput = z.object({ communityId });

/**
 * A savings circle already running, for the recruiting circle it fills: the sheet (one row per
 * hand) and the circle's real first due date, written as the file writes dates (ISO, or day first
 * in French and month first in English), read on the server with the sheet's language.
 */
export const circleImportInput = z.object({
  circleId,
  language: z.enum(IMPORT_LANGUAGES, { message: 'imports.validation.language' }),
  firstDueDate: z.string({ message: 'imports.validation.firstDue' }).trim().min(1, 'imports.validation.firstDue').max(30, 'imports.validation.firstDue'),
  file: importFile,
});
export const circleImportIdInput = z.object({ id: importId });
export const rejectCircleImportInput = rejectLedgerImportInput;
export const circleImportsInput = z.object({ circleId });
