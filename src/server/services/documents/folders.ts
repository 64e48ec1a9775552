import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { documentFolders, documents } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { conflict, notFound } from '../errors';
import { FOLDER_NOT_FOUND } from './access';

/* One level of folders per community; names are unique in it regardless of case. */

const IMMEDIATE = { behavior: 'immediate' } as const;

function folderDto(f: typeof documentFolders.$inferSelect, documentCount: number) {
  return { id: f.id, communityId: f.communityId, name: f.name, documentCount, createdAt: f.createdAt };
}

function sameName(db: DbLike, communityId: number, name: string, except?: number) {
  return db
    .select({ id: documentFolders.id })
    .from(documentFolders)
    .where(and(eq(documentFolders.communityId, communityId), sql`lower(${documentFolders.name}) = lower(${name})`, except ? ne(documentFolders.id, except) : undefined))
    .get();
}

export function listFolders(db: DbLike, p: { communityId: number; leader: boolean }) {
  const counted = db
    .select({ folderId: documents.folderId, n: count() })
    .from(documents)
    .where(and(eq(documents.communityId, p.communityId), p.leader ? undefined : eq(documents.visibility, 'members')))
    .groupBy(documents.folderId)
    .all();
  const byFolder = new Map(counted.map((r) => [r.folderId, r.n]));
  const rows = db.select().from(documentFolders).where(eq(documentFolders.communityId, p.communityId)).orderBy(asc(sql`lower(${documentFolders.name})`)).all();
  return { items: rows.map((f) => folderDto(f, byFolder.get(f.id) ?? 0)), topLevelCount: byFolder.get(null) ?? 0 };
}

export function createFolder(db: DB, p: { communityId: number; name: string; by: string; now: number }) {
  return db.transaction((tx) => {
    if (sameName(tx, p.communityId, p.name)) throw conflict('documents.errors.folderExists');
    const row = tx.insert(documentFolders).values({ communityId: p.communityId, name: p.name, createdBy: p.by, createdAt: p.now }).returning().get();
    return folderDto(row, 0);
  }, IMMEDIATE);
}

export function renameFolder(db: DB, p: { id: number; name: string }) {
  return db.transaction((tx) => {
    const folder = tx.select().from(documentFolders).where(eq(documentFolders.id, p.id)).get();
    if (!folder) throw notFound(FOLDER_NOT_FOUND);
    if (sameName(tx, folder.communityId, p.name, folder.id)) throw conflict('documents.errors.folderExists');
    const row = tx.update(documentFolders).set({ name: p.name }).where(eq(documentFolders.id, folder.id)).returning().get();
    const n = tx.select({ n: count() }).from(documents).where(eq(documents.folderId, row.id)).get()?.n ?? 0;
    return folderDto(row, n);
  }, IMMEDIATE);
}

/** Its documents move to the top level (the foreign key sets their folder to null). */
export function deleteFolder(db: DB, p: { id: number; now: number }) {
  return db.transaction((tx) => {
    const moved = tx.update(documents).set({ folderId: null }).where(eq(documents.folderId, p.id)).run().changes;
    const gone = tx.delete(documentFolders).where(eq(documentFolders.id, p.id)).run().changes;
    if (!gone) throw notFound(FOLDER_NOT_FOUND);
    return { deleted: true as const, id: p.id, movedDocuments: moved };
  }, IMMEDIATE);
}
