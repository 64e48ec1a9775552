import type { QueryClient } from '@tanstack/react-query';
import { cursorPaging } from '../../lib/cursor-paging';
import { trpc } from '../../trpc';

/*
 * The documents' queries and paths, named once for the components and the route's loader (kept
 * apart from the components: loaders are part of the first bundle).
 */

/** `folder`: one folder's id, 'none' for the top level, undefined for all. */
export type FolderFilter = number | 'none' | undefined;

/** A page of the documents the viewer may see, newest first, by folder and title. */
export const communityDocumentsQuery = (communityId: number, opts: { folderId?: FolderFilter; search?: string } = {}, limit = 20) =>
  trpc.documents.list.infiniteQueryOptions({ communityId, folderId: opts.folderId, search: opts.search || undefined, limit }, cursorPaging);

/** The Overview's card: the last three the viewer may see. */
export const recentDocumentsQuery = (communityId: number) => trpc.documents.recent.queryOptions({ communityId });

/** One document with its versions, newest first. */
export const documentQuery = (id: number) => trpc.documents.get.queryOptions({ id });

export const documentFoldersQuery = (communityId: number) => trpc.documents.folders.queryOptions({ communityId });

export const documentUsageQuery = (communityId: number) => trpc.documents.usage.queryOptions({ communityId });

/** After any change the lists, the card, the folders' counts and the usage may be stale. */
export const refreshDocuments = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: trpc.documents.pathKey() });

/** The authorised download route: the current file, or one version; `inline` previews an image or a PDF in the browser. */
export function documentFileUrl(id: number, opts: { version?: number; inline?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (opts.version != null) params.set('version', String(opts.version));
  if (opts.inline) params.set('inline', '1');
  const query = params.toString();
  return `/api/documents/${id}/download${query ? `?${query}` : ''}`;
}

export const uploadDocumentUrl = (communityId: number) => `/api/communities/${communityId}/documents`;
export const uploadVersionUrl = (id: number) => `/api/documents/${id}/versions`;
