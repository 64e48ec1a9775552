import type { inferRouterOutputs } from '@trpc/server';
import { File, FileImage, FileSpreadsheet, FileText, FileType, Presentation, type LucideIcon } from 'lucide-react';
import type { AppRouter } from '../../../server/trpc/root';
import { documentKind, type DocumentKind } from '@shared/documents/rules';

/** What the documents screens receive from the server. */
type Outputs = inferRouterOutputs<AppRouter>['documents'];
/** A row of a community's documents. */
export type DocumentListItem = Outputs['list']['items'][number];
/** One document with its versions. */
export type DocumentDetail = Outputs['get'];
export type DocumentFolder = Outputs['folders']['items'][number];
export type DocumentUsage = Outputs['usage'];

export const KIND_ICON: Record<DocumentKind, LucideIcon> = {
  pdf: FileText,
  image: FileImage,
  word: FileType,
  sheet: FileSpreadsheet,
  slides: Presentation,
  text: FileText,
  other: File,
};

export const KIND_LABEL = {
  pdf: 'documents.kind.pdf',
  image: 'documents.kind.image',
  word: 'documents.kind.word',
  sheet: 'documents.kind.sheet',
  slides: 'documents.kind.slides',
  text: 'documents.kind.text',
  other: 'documents.kind.other',
} as const satisfies Record<DocumentKind, string>;

export { documentKind };
