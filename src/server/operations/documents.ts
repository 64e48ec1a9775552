import { can } from '@shared/permissions';
import {
  communityDocumentsInput,
  createFolderInput,
  documentIdInput,
  downloadDocumentInput,
  folderIdInput,
  listDocumentsInput,
  renameFolderInput,
  setQuotaInput,
  updateDocumentInput,
  uploadDocumentInput,
  uploadVersionInput,
} from '@shared/schemas/documents';
import type { Context } from '../context';
import { documentCommunity, folderCommunity } from '../services/documents/access';
import { createDocument, addVersion, documentFile, getDocument, listDocuments, listVersions, recentDocuments, removeDocument, updateDocument } from '../services/documents/documents';
import { createFolder, deleteFolder, listFolders, renameFolder } from '../services/documents/folders';
import { documentUsage, setDocumentQuota } from '../services/documents/quota';
import { inCommunity, mutation, query, staff } from './define';

/*
 * A community's documents. Members (documents.view) list, search and download those meant for
 * all members; leaders (documents.manage: the creator, admins and the treasurer) also see the
 * leaders-only ones, upload documents and new versions, make folders (one level), change a
 * document's title, description, folder and visibility, and delete documents. A leaders-only
 * document answers a member exactly as an unknown one (404). Staff set a community's quota.
 *
 * `documents` are the tRPC procedures (and REST list/delete); `documentFiles` carry files, so
 * they exist only as multipart and download paths (rest/documents.ts).
 */

const NOT_FOUND = 'documents.errors.notFound';
const FOLDER_NOT_FOUND = 'documents.errors.folderNotFound';
const ofDocument = (input: { id: number }, ctx: Context) => documentCommunity(ctx.db, input.id);
const ofFolder = (input: { id: number }, ctx: Context) => folderCommunity(ctx.db, input.id);
const reader = inCommunity('documents.view', ofDocument, NOT_FOUND);
const manager = inCommunity('documents.manage', ofDocument, NOT_FOUND);
const folderManager = inCommunity('documents.manage', ofFolder, FOLDER_NOT_FOUND);

export const documents = {
  /** A page of the documents the caller may see, newest first; by folder ("none": the top level) and by title. */
  list: query({
    input: listDocumentsInput,
    access: inCommunity('documents.view'),
    run: (ctx, input, { community, role }) => listDocuments(ctx.db, { communityId: community.id, leader: can(role, 'documents.manage'), input }),
  }),

  /** The last three the caller may see (the Overview's card). */
  recent: query({
    input: communityDocumentsInput,
    access: inCommunity('documents.view'),
    run: (ctx, _input, { community, role }) => recentDocuments(ctx.db, { communityId: community.id, leader: can(role, 'documents.manage') }),
  }),

  /** One document with its versions, newest first, and whether the caller may manage it. */
  get: query({
    input: documentIdInput,
    access: reader,
    run: (ctx, input, { role }) => getDocument(ctx.db, { id: input.id, leader: can(role, 'documents.manage') }),
  }),

  /** Every file the document has had, newest first. */
  versions: query({
    input: documentIdInput,
    access: reader,
    run: (ctx, input, { role }) => listVersions(ctx.db, { id: input.id, leader: can(role, 'documents.manage') }),
  }),

  /** Title, description, folder (null: the top level) and visibility. A visibility change is audited. */
  update: mutation({
    input: updateDocumentInput,
    access: manager,
    run: (ctx, input) => {
      const { id, ...changes } = input;
      return updateDocument(ctx.db, { id, changes, by: ctx.user.id, now: ctx.now() });
    },
  }),

  /** Deletes the document and all its versions; their files are swept. Audited. */
  remove: mutation({
    input: documentIdInput,
    access: manager,
    run: (ctx, input) => removeDocument(ctx.db, { id: input.id, by: ctx.user.id, now: ctx.now() }),
  }),

  /** The community's folders with how many documents each holds (that the caller may see). */
  folders: query({
    input: communityDocumentsInput,
    access: inCommunity('documents.view'),
    run: (ctx, _input, { community, role }) => listFolders(ctx.db, { communityId: community.id, leader: can(role, 'documents.manage') }),
  }),
  createFolder: mutation({
    input: createFolderInput,
    access: inCommunity('documents.manage'),
    run: (ctx, input, { community }) => createFolder(ctx.db, { communityId: community.id, name: input.name, by: ctx.user.id, now: ctx.now() }),
  }),
  renameFolder: mutation({ input: renameFolderInput, access: folderManager, run: (ctx, input) => renameFolder(ctx.db, { id: input.id, name: input.name }) }),
  /** Its documents move to the top level. */
  deleteFolder: mutation({ input: folderIdInput, access: folderManager, run: (ctx, input) => deleteFolder(ctx.db, { id: input.id, now: ctx.now() }) }),

  /** Bytes used by all versions of the community's documents, and its quota. */
  usage: query({
    input: communityDocumentsInput,
    access: inCommunity('documents.view'),
    run: (ctx, _input, { community }) => documentUsage(ctx.db, { communityId: community.id, defaultQuota: ctx.env.DOCUMENT_QUOTA_BYTES }),
  }),

  /** Staff: a community's storage (null: the default again). Audited. */
  setQuota: mutation({
    input: setQuotaInput,
    access: staff('admin.settings'),
    run: (ctx, input) => setDocumentQuota(ctx.db, { communityId: input.communityId, quotaBytes: input.quotaBytes, actor: { id: ctx.user.id, email: ctx.user.email }, defaultQuota: ctx.env.DOCUMENT_QUOTA_BYTES, now: ctx.now() }),
  }),
};

/** The operations that carry a file: multipart uploads and the authorised download (REST only). */
export const documentFiles = {
  /** A new document: its file checked by content, stored privately, counted against the quota. */
  upload: mutation({
    input: uploadDocumentInput,
    access: inCommunity('documents.manage'),
    run: (ctx, input, { community }) => createDocument(ctx, { communityId: community.id, input, by: ctx.user.id }),
  }),

  /** A new current file for the document; the previous ones stay listed. */
  uploadVersion: mutation({
    input: uploadVersionInput,
    access: manager,
    run: (ctx, input) => addVersion(ctx, { id: input.id, file: input.file, by: ctx.user.id }),
  }),

  /** The stored file to send (the current version, or `version`), checked on every request. */
  download: query({
    input: downloadDocumentInput,
    access: reader,
    run: (ctx, input, { role }) => documentFile(ctx.db, { id: input.id, version: input.version, inline: input.inline, leader: can(role, 'documents.manage') }),
  }),
};
