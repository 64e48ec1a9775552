import { and, desc, eq, inArray, isNull, lt, max, sql, type SQL } from 'drizzle-orm';
import { documentFolders, documents, documentVersions, uploads, users, type DocumentRow, type UploadRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { DOCUMENT_TYPES, documentKind, isPreviewable, MAX_DOCUMENT_BYTES, RECENT_DOCUMENTS } from '@shared/documents/rules';
import type { ListDocumentsInput, UpdateDocumentInput, UploadDocumentInput } from '@shared/schemas/documents';
import type { Context } from '../../context';
import { discardPrivateFile, storePrivateFile } from '../../uploads/files';
import { notFound } from '../errors';
import { recordFinanceAction } from '../finances/audit';
import { toPage } from '../paging';
import { folderIn, NOT_FOUND, visibleDocument } from './access';
import { assertRoom } from './quota';

/*
 * Documents and their versions. A document's file is stored privately (uploads/files.ts) before
 * the transaction that checks the quota, inserts the rows and attaches the file; when that
 * transaction refuses, the file is removed at once. Uploads, deletions and visibility changes go
 * to the community's audit trail.
 */

const IMMEDIATE = { behavior: 'immediate' } as const;
/** What storing a document needs of a request's context: the scheduler's jobs have it too (approved minutes' PDF). */
type DocumentContext = Pick<Context, 'db' | 'env' | 'now'>;
export const DOCUMENT_FILE = {
  allowed: Object.keys(DOCUMENT_TYPES),
  maxBytes: MAX_DOCUMENT_BYTES,
  messages: { tooLarge: 'documents.errors.tooLarge', type: 'documents.errors.type', empty: 'documents.errors.empty' },
} as const;

const downloadUrl = (id: number, version?: number) => `/api/documents/${id}/download${version ? `?version=${version}` : ''}`;
const nameOf = (u: { firstName: string | null; lastName: string | null; id: string | null }) => (u.id ? { id: u.id, name: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() } : null);

const listed = {
  doc: documents,
  version: documentVersions.version,
  file: { name: uploads.name, contentType: uploads.contentType, bytes: uploads.bytes, originalName: uploads.originalName },
  uploader: { id: users.id, firstName: users.firstName, lastName: users.lastName },
  folderName: documentFolders.name,
};

function selectListed(db: DbLike) {
  return db
    .select(listed)
    .from(documents)
    .innerJoin(documentVersions, eq(documentVersions.id, documents.currentVersionId))
    .innerJoin(uploads, eq(uploads.name, documentVersions.uploadName))
    .leftJoin(users, eq(users.id, documents.uploadedBy))
    .leftJoin(documentFolders, eq(documentFolders.id, documents.folderId));
}

type Listed = { doc: DocumentRow; version: number; file: Pick<UploadRow, 'name' | 'contentType' | 'bytes' | 'originalName'>; uploader: { id: string | null; firstName: string | null; lastName: string | null } | null; folderName: string | null };

function documentDto(r: Listed) {
  return {
    id: r.doc.id,
    communityId: r.doc.communityId,
    folderId: r.doc.folderId,
    folderName: r.folderName,
    title: r.doc.title,
    description: r.doc.description,
    visibility: r.doc.visibility,
    contentType: r.file.contentType,
    kind: documentKind(r.file.contentType),
    previewable: isPreviewable(r.file.contentType),
    bytes: r.file.bytes,
    originalName: r.file.originalName ?? r.doc.title,
    version: r.version,
    uploadedBy: r.uploader ? nameOf(r.uploader) : null,
    downloadUrl: downloadUrl(r.doc.id),
    createdAt: r.doc.createdAt,
    updatedAt: r.doc.updatedAt,
  };
}
export type DocumentDto = ReturnType<typeof documentDto>;

function visibleTo(leader: boolean): SQL | undefined {
  return leader ? undefined : eq(documents.visibility, 'members');
}

/** LIKE's own characters taken literally. */
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export function listDocuments(db: DbLike, p: { communityId: number; leader: boolean; input: ListDocumentsInput }) {
  const { folderId, search, cursor, limit } = p.input;
  const rows = selectListed(db)
    .where(
      and(
        eq(documents.communityId, p.communityId),
        visibleTo(p.leader),
        folderId === 'none' ? isNull(documents.folderId) : folderId !== undefined ? eq(documents.folderId, folderId) : undefined,
        search ? sql`${documents.title} LIKE ${`%${likeEscaped(search)}%`} ESCAPE '\\'` : undefined,
        cursor ? lt(documents.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(documents.id))
    .limit(limit + 1)
    .all();
  return toPage(rows, limit, (r) => r.doc.id, documentDto);
}

export function recentDocuments(db: DbLike, p: { communityId: number; leader: boolean }) {
  return selectListed(db)
    .where(and(eq(documents.communityId, p.communityId), visibleTo(p.leader)))
    .orderBy(desc(documents.updatedAt), desc(documents.id))
    .limit(RECENT_DOCUMENTS)
    .all()
    .map(documentDto);
}

function dtoOf(db: DbLike, id: number) {
  const row = selectListed(db).where(eq(documents.id, id)).get();
  if (!row) throw notFound(NOT_FOUND);
  return documentDto(row);
}

export function listVersions(db: DbLike, p: { id: number; leader: boolean }) {
  const doc = visibleDocument(db, p.id, p.leader);
  return db
    .select({ v: documentVersions, file: { contentType: uploads.contentType, bytes: uploads.bytes, originalName: uploads.originalName }, uploader: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
    .from(documentVersions)
    .innerJoin(uploads, eq(uploads.name, documentVersions.uploadName))
    .leftJoin(users, eq(users.id, documentVersions.uploadedBy))
    .where(eq(documentVersions.documentId, doc.id))
    .orderBy(desc(documentVersions.version))
    .all()
    .map((r) => ({
      version: r.v.version,
      current: r.v.id === doc.currentVersionId,
      contentType: r.file.contentType,
      kind: documentKind(r.file.contentType),
      previewable: isPreviewable(r.file.contentType),
      bytes: r.file.bytes,
      originalName: r.file.originalName ?? doc.title,
      uploadedBy: r.uploader ? nameOf(r.uploader) : null,
      downloadUrl: downloadUrl(doc.id, r.v.version),
      createdAt: r.v.createdAt,
    }));
}

export function getDocument(db: DbLike, p: { id: number; leader: boolean }) {
  visibleDocument(db, p.id, p.leader);
  return { ...dtoOf(db, p.id), canManage: p.leader, versions: listVersions(db, p) };
}

/** Stores the file, then in one transaction: room under the quota, the rows, the file attached. */
export async function createDocument(ctx: DocumentContext, p: { communityId: number; input: UploadDocumentInput; by: string }) {
  // A folder of another community is refused before the file is even read.
  if (p.input.folderId !== undefined) folderIn(ctx.db, p.communityId, p.input.folderId);
  const file = await storePrivateFile(ctx, { file: p.input.file, purpose: 'document', ownerId: p.by, ...DOCUMENT_FILE });
  try {
    return ctx.db.transaction((tx) => {
      const now = ctx.now();
      if (p.input.folderId !== undefined) folderIn(tx, p.communityId, p.input.folderId);
      assertRoom(tx, { communityId: p.communityId, bytes: file.bytes, defaultQuota: ctx.env.DOCUMENT_QUOTA_BYTES });
      const doc = tx
        .insert(documents)
        .values({ communityId: p.communityId, folderId: p.input.folderId ?? null, title: p.input.title, description: p.input.description, visibility: p.input.visibility, uploadedBy: p.by, createdAt: now, updatedAt: now })
        .returning()
        .get();
      const version = tx.insert(documentVersions).values({ documentId: doc.id, communityId: p.communityId, uploadName: file.name, version: 1, uploadedBy: p.by, createdAt: now }).returning().get();
      tx.update(documents).set({ currentVersionId: version.id }).where(eq(documents.id, doc.id)).run();
      attach(tx, file.name, p.by, now);
      recordFinanceAction(tx, {
        communityId: p.communityId,
        actorId: p.by,
        action: 'document.upload',
        subject: `document:${doc.id}`,
        details: { title: doc.title, version: 1, file: file.originalName, bytes: file.bytes, contentType: file.contentType, visibility: doc.visibility },
        now,
      });
      return dtoOf(tx, doc.id);
    }, IMMEDIATE);
  } catch (error) {
    await discardPrivateFile(ctx, file);
    throw error;
  }
}

/** Attaches a file its uploader just stored; a file that is not theirs or already used is refused. */
function attach(tx: DbLike, name: string, ownerId: string, now: number) {
  const done = tx
    .update(uploads)
    .set({ attachedAt: now })
    .where(and(eq(uploads.name, name), eq(uploads.ownerId, ownerId), isNull(uploads.attachedAt)))
    .run().changes;
  if (!done) throw notFound('documents.errors.fileGone');
}

export async function addVersion(ctx: DocumentContext, p: { id: number; file: File; by: string }) {
  const file = await storePrivateFile(ctx, { file: p.file, purpose: 'document', ownerId: p.by, ...DOCUMENT_FILE });
  try {
    return ctx.db.transaction((tx) => {
      const now = ctx.now();
      const doc = tx.select().from(documents).where(eq(documents.id, p.id)).get();
      if (!doc) throw notFound(NOT_FOUND);
      assertRoom(tx, { communityId: doc.communityId, bytes: file.bytes, defaultQuota: ctx.env.DOCUMENT_QUOTA_BYTES });
      const last = tx.select({ n: max(documentVersions.version) }).from(documentVersions).where(eq(documentVersions.documentId, doc.id)).get()?.n ?? 0;
      const version = tx.insert(documentVersions).values({ documentId: doc.id, communityId: doc.communityId, uploadName: file.name, version: last + 1, uploadedBy: p.by, createdAt: now }).returning().get();
      tx.update(documents).set({ currentVersionId: version.id, updatedAt: now }).where(eq(documents.id, doc.id)).run();
      attach(tx, file.name, p.by, now);
      recordFinanceAction(tx, {
        communityId: doc.communityId,
        actorId: p.by,
        action: 'document.version',
        subject: `document:${doc.id}`,
        details: { title: doc.title, version: version.version, file: file.originalName, bytes: file.bytes, contentType: file.contentType },
        now,
      });
      return { ...dtoOf(tx, doc.id), canManage: true, versions: listVersions(tx, { id: doc.id, leader: true }) };
    }, IMMEDIATE);
  } catch (error) {
    await discardPrivateFile(ctx, file);
    throw error;
  }
}

export function updateDocument(db: DB, p: { id: number; changes: Omit<UpdateDocumentInput, 'id'>; by: string; now: number }) {
  return db.transaction((tx) => {
    const doc = tx.select().from(documents).where(eq(documents.id, p.id)).get();
    if (!doc) throw notFound(NOT_FOUND);
    if (p.changes.folderId != null) folderIn(tx, doc.communityId, p.changes.folderId);
    const { title, description, folderId, visibility } = p.changes;
    tx.update(documents)
      .set({ title, description, folderId, visibility, updatedAt: p.now })
      .where(eq(documents.id, doc.id))
      .run();
    if (visibility !== undefined && visibility !== doc.visibility) {
      recordFinanceAction(tx, { communityId: doc.communityId, actorId: p.by, action: 'document.visibility', subject: `document:${doc.id}`, details: { title: title ?? doc.title, from: doc.visibility, to: visibility }, now: p.now });
    }
    return dtoOf(tx, doc.id);
  }, IMMEDIATE);
}

/** The document and its versions go; their files are detached, so the sweep removes them. */
export function removeDocument(db: DB, p: { id: number; by: string; now: number }) {
  return db.transaction((tx) => {
    const doc = tx.select().from(documents).where(eq(documents.id, p.id)).get();
    if (!doc) throw notFound(NOT_FOUND);
    const files = tx.select({ name: documentVersions.uploadName }).from(documentVersions).where(eq(documentVersions.documentId, doc.id)).all().map((r) => r.name);
    tx.delete(documents).where(eq(documents.id, doc.id)).run();
    if (files.length) tx.update(uploads).set({ attachedAt: null }).where(inArray(uploads.name, files)).run();
    recordFinanceAction(tx, { communityId: doc.communityId, actorId: p.by, action: 'document.delete', subject: `document:${doc.id}`, details: { title: doc.title, versions: files.length, visibility: doc.visibility }, now: p.now });
    return { deleted: true as const, id: doc.id };
  }, IMMEDIATE);
}

/** The stored file of the current version (or of `version`) for a reader allowed to see the document. */
export function documentFile(db: DbLike, p: { id: number; version?: number; inline: boolean; leader: boolean }) {
  const doc = visibleDocument(db, p.id, p.leader);
  const row = db
    .select({ upload: uploads, version: documentVersions.version })
    .from(documentVersions)
    .innerJoin(uploads, eq(uploads.name, documentVersions.uploadName))
    .where(p.version ? and(eq(documentVersions.documentId, doc.id), eq(documentVersions.version, p.version)) : eq(documentVersions.id, doc.currentVersionId ?? -1))
    .get();
  if (!row) throw notFound('documents.errors.versionNotFound');
  return { upload: row.upload, version: row.version, inline: p.inline, title: doc.title };
}
