import { z } from 'zod';
import { DOCUMENT_DESCRIPTION_MAX, DOCUMENT_TITLE_MAX, DOCUMENT_VISIBILITIES, FOLDER_NAME_MAX, MAX_QUOTA_BYTES } from '../documents/rules';
import { communityId, pageInput } from './communities';

/*
 * Inputs of the document operations. New documents and new versions arrive as multipart forms
 * (REST only: a file cannot travel in tRPC's JSON), so their fields come in as strings and are
 * coerced here; an empty form field means "not given".
 */

const positiveId = (message: string) => z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
/** A form sends "" for an untouched field. */
const blankAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const id = positiveId('documents.validation.documentId');
const folderId = positiveId('documents.validation.folderId');
export const documentIdInput = z.object({ id });
export const folderIdInput = z.object({ id: folderId });

const title = z.string({ message: 'documents.validation.title' }).trim().min(1, 'documents.validation.title').max(DOCUMENT_TITLE_MAX, 'documents.validation.titleLong');
const description = z.string({ message: 'documents.validation.descriptionLong' }).trim().max(DOCUMENT_DESCRIPTION_MAX, 'documents.validation.descriptionLong');
const visibility = z.enum(DOCUMENT_VISIBILITIES, { message: 'documents.validation.visibility' });
const folderName = z
  .string({ message: 'documents.validation.folderName' })
  .trim()
  .min(1, 'documents.validation.folderName')
  .max(FOLDER_NAME_MAX, 'documents.validation.folderNameLong')
  .refine((v) => !/[\u0000-\u001f]/.test(v), 'documents.validation.folderName');
const search = z
  .string({ message: 'validation.searchLong' })
  .trim()
  .max(100, 'validation.searchLong')
  // LIKE stops reading a pattern at NUL: it cannot be matched literally.
  .refine((v) => !v.includes('\u0000'), 'validation.searchNul');
const file = z.instanceof(File, { message: 'documents.validation.file' });

/**
 * A page of a community's documents the caller may see, newest first. `folderId`: one folder's,
 * or "none" for those at the top level; absent: all of them. `search` matches titles.
 */
export const listDocumentsInput = z.object({
  communityId,
  folderId: z.preprocess(blankAsUndefined, z.union([z.literal('none'), folderId]).optional()),
  search: z.preprocess(blankAsUndefined, search.optional()),
  ...pageInput,
});
export type ListDocumentsInput = z.output<typeof listDocumentsInput>;

/** The community (the Overview's Recent Documents card, the usage line, the folder list). */
export const communityDocumentsInput = z.object({ communityId });

/** POST /api/communities/:id/documents (multipart: file, title, description?, folderId?, visibility?). */
export const uploadDocumentInput = z.object({
  communityId,
  file,
  title,
  description: z.preprocess(blankAsUndefined, description.default('')),
  folderId: z.preprocess(blankAsUndefined, folderId.optional()),
  visibility: z.preprocess(blankAsUndefined, visibility.default('members')),
});
export type UploadDocumentInput = z.output<typeof uploadDocumentInput>;

/** POST /api/documents/:id/versions (multipart: file): the document's new current file; the previous ones stay listed. */
export const uploadVersionInput = z.object({ id, file });

/** Title, description, folder (null: the top level) and visibility; at least one. */
export const updateDocumentInput = z
  .object({ id, title: title.optional(), description: description.optional(), folderId: folderId.nullable().optional(), visibility: visibility.optional() })
  .refine((v) => v.title !== undefined || v.description !== undefined || v.folderId !== undefined || v.visibility !== undefined, { message: 'documents.validation.nothingToChange' });
export type UpdateDocumentInput = z.output<typeof updateDocumentInput>;

/** GET /api/documents/:id/download[?version=n][&inline=1]: `inline` previews an image or a PDF in the page. */
export const downloadDocumentInput = z.object({
  id,
  version: z.preprocess(blankAsUndefined, positiveId('documents.validation.version').optional()),
  inline: z.preprocess(blankAsUndefined, z.enum(['0', '1', 'true', 'false'], { message: 'documents.validation.inline' }).transform((v) => v === '1' || v === 'true').default(false)),
});

export const createFolderInput = z.object({ communityId, name: folderName });
export const renameFolderInput = z.object({ id: folderId, name: folderName });

/** Staff: a community's storage; null gives it the default again. */
export const setQuotaInput = z.object({
  communityId,
  quotaBytes: z
    .number({ message: 'documents.validation.quota' })
    .int('documents.validation.quota')
    .min(0, 'documents.validation.quota')
    .max(MAX_QUOTA_BYTES, 'documents.validation.quota')
    .nullable(),
});
