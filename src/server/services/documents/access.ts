import { eq } from 'drizzle-orm';
import { documentFolders, documents, type DocumentRow } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { notFound } from '../errors';

export const NOT_FOUND = 'documents.errors.notFound';
export const FOLDER_NOT_FOUND = 'documents.errors.folderNotFound';

/** The community a document belongs to (undefined: no such document), for the operation's guard. */
export function documentCommunity(db: DbLike, id: number): number | undefined {
  return db.select({ communityId: documents.communityId }).from(documents).where(eq(documents.id, id)).get()?.communityId;
}

export function folderCommunity(db: DbLike, id: number): number | undefined {
  return db.select({ communityId: documentFolders.communityId }).from(documentFolders).where(eq(documentFolders.id, id)).get()?.communityId;
}

/**
 * The document, when the reader may see it: a leaders-only one answers a member exactly as an
 * unknown one, so its existence is not revealed.
 */
export function visibleDocument(db: DbLike, id: number, leader: boolean): DocumentRow {
  const row = db.select().from(documents).where(eq(documents.id, id)).get();
  if (!row || (row.visibility === 'leaders' && !leader)) throw notFound(NOT_FOUND);
  return row;
}

/** A folder of this community (a folder id from another community is refused as unknown). */
export function folderIn(db: DbLike, communityId: number, folderId: number) {
  const folder = db.select().from(documentFolders).where(eq(documentFolders.id, folderId)).get();
  if (!folder || folder.communityId !== communityId) throw notFound(FOLDER_NOT_FOUND);
  return folder;
}
