/*
 * Documents' limits and the kinds of file a community may keep, shared by the server (which
 * enforces them) and the client (which says them before the upload starts).
 */

/** The most one document (or one new version) may weigh. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
/** A community's storage when staff have not set one (the server's DOCUMENT_QUOTA_BYTES may change it). */
export const DEFAULT_DOCUMENT_QUOTA_BYTES = 1024 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_DESCRIPTION_MAX = 2000;
export const FOLDER_NAME_MAX = 80;
/** Longest stored original file name (longer ones are cut, keeping the extension). */
export const ORIGINAL_NAME_MAX = 200;
/** The Overview's card. */
export const RECENT_DOCUMENTS = 3;
/** The largest quota staff may set (1 TB): a typo should not read as unlimited. */
export const MAX_QUOTA_BYTES = 1024 ** 4;

export const DOCUMENT_VISIBILITIES = ['members', 'leaders'] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];

/** The content types a document may have once its bytes are checked. */
export const DOCUMENT_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/webp': 'image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'slides',
  'application/vnd.oasis.opendocument.text': 'word',
  'application/vnd.oasis.opendocument.spreadsheet': 'sheet',
  'text/plain': 'text',
  'text/csv': 'sheet',
} as const;
export type DocumentContentType = keyof typeof DOCUMENT_TYPES;
/** For the type icon. */
export type DocumentKind = (typeof DOCUMENT_TYPES)[DocumentContentType] | 'other';

export function documentKind(contentType: string): DocumentKind {
  return (DOCUMENT_TYPES as Record<string, DocumentKind>)[contentType.split(';')[0]!.trim()] ?? 'other';
}

/** Images and PDFs preview in the page (through the same authorised route, `?inline=1`); the rest only download. */
export function isPreviewable(contentType: string): boolean {
  const kind = documentKind(contentType);
  return kind === 'image' || kind === 'pdf';
}

/** The file picker's `accept`: a hint only, the server decides by content. */
export const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.docx,.xlsx,.pptx,.odt,.ods,.txt,.csv,' + Object.keys(DOCUMENT_TYPES).join(',');
