import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { communities } from './communities';
import { users } from './users';

/*
 * Stored files and community documents. Every file the server keeps (profile photos, banners,
 * payment proofs, documents, chat attachments) has an `uploads` row naming its owner and whether
 * something uses it: a file nothing attached a day after its upload is swept by the scheduler,
 * and only the account that uploaded a file may attach it. Documents' and chat files live apart
 * from the public /uploads folder and are only ever sent through a route that checks the
 * reader's membership on every request. Instants are epoch milliseconds.
 */

export const UPLOAD_PURPOSES = ['avatar', 'banner', 'proof', 'document', 'chat'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const uploads = sqliteTable(
  'uploads',
  {
    // The stored file's random name (for public images also the last part of its /uploads URL).
    name: text('name').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull(),
    // Decided from the bytes, never from the name the sender gave.
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    // The name the sender's file had, kept for downloads (documents and chat files).
    originalName: text('original_name'),
    width: integer('width'),
    height: integer('height'),
    // Null until something uses the file (and again once nothing does): the sweep's test.
    attachedAt: integer('attached_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('uploads_unattached_idx').on(t.attachedAt, t.createdAt), index('uploads_owner_idx').on(t.ownerId)],
);

/**
 * Files still to move from the public uploads folder into the private one: payment proofs and
 * receipts were once served from /uploads/ to anyone with the link. The migration that made them
 * private lists them here; at each start, before the server listens, uploads/private-moves.ts
 * moves each file and then deletes its row, so a crash part-way leaves the rest listed.
 */
export const pendingFileMoves = sqliteTable('pending_file_moves', {
  // The file's name in UPLOADS_DIR, the same in UPLOADS_DIR/private once moved.
  name: text('name').primaryKey(),
});

export const DOCUMENT_VISIBILITIES = ['members', 'leaders'] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];

/** One level of folders per community. */
export const documentFolders = sqliteTable(
  'document_folders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('document_folders_community_name_unique').on(t.communityId, t.name)],
);

export const documents = sqliteTable(
  'documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    // Null: at the top level. Deleting a folder moves its documents to the top level.
    folderId: integer('folder_id').references(() => documentFolders.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility', { enum: DOCUMENT_VISIBILITIES }).notNull().default('members'),
    // The newest version (document_versions.id); the others stay listed.
    currentVersionId: integer('current_version_id'),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('documents_community_updated_idx').on(t.communityId, t.updatedAt, t.id), index('documents_folder_idx').on(t.folderId)],
);

/** Each file a document has had, newest last; the community's usage is the sum of their sizes. */
export const documentVersions = sqliteTable(
  'document_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    // Denormalised from the document, for the quota's sum.
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    uploadName: text('upload_name')
      .notNull()
      .references(() => uploads.name),
    version: integer('version').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('document_versions_document_version_unique').on(t.documentId, t.version), index('document_versions_community_idx').on(t.communityId)],
);

export type UploadRow = typeof uploads.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type DocumentVersionRow = typeof documentVersions.$inferSelect;
