import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll } from 'vitest';
import { documentFolders, documents, documentVersions, notifications, uploads } from '../../db/schema';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from './app';
import { as } from './communities';
import { op } from './transport';

/*
 * Documents' tests: tiny valid files of every accepted kind (a PDF from pdf-lib, images from
 * sharp, office files as minimal zips with the entries file-type looks for), a world with a
 * private uploads folder, and the multipart upload and the download as a browser sends them.
 */

/** The documented document paths and their procedures. */
export const DOC = {
  list: op('GET', '/api/communities/:id/documents', 'documents.list', 'query', { params: { id: 'communityId' }, page: true }),
  remove: op('DELETE', '/api/documents/:id', 'documents.remove', 'mutation', { params: { id: 'id' } }),
};
const only = (procedure: string, type: 'query' | 'mutation' = 'mutation') => op('POST', '/api/none', procedure, type);
/** tRPC-only procedures. */
export const DOCT = {
  recent: only('documents.recent', 'query'),
  get: only('documents.get', 'query'),
  versions: only('documents.versions', 'query'),
  update: only('documents.update'),
  folders: only('documents.folders', 'query'),
  createFolder: only('documents.createFolder'),
  renameFolder: only('documents.renameFolder'),
  deleteFolder: only('documents.deleteFolder'),
  usage: only('documents.usage', 'query'),
  setQuota: only('documents.setQuota'),
};

// ---- files -----------------------------------------------------------------------------------

export async function pdfFile(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]).drawText(`Minutes, page ${i + 1}`, { x: 20, y: 100, size: 12 });
  return doc.save();
}
export const pngFile = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a7' } }).png().toBuffer().then((b) => new Uint8Array(b));
/** A JPEG carrying EXIF (with a camera name), to see it stripped. */
export const jpegFile = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#a72' } })
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS-here' } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));
export const webpFile = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#27a' } }).webp().toBuffer().then((b) => new Uint8Array(b));

/** A zip with stored (uncompressed) entries, in order: enough for file-type to read its inner names and contents. */
export function zipOf(entries: [name: string, content: string][]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, dir, end]));
}

const OOXML = { docx: ['word/document.xml', 'wordprocessingml.document'], xlsx: ['xl/workbook.xml', 'spreadsheetml.sheet'], pptx: ['ppt/presentation.xml', 'presentationml.presentation'] } as const;
export function ooxmlFile(kind: keyof typeof OOXML): Uint8Array {
  const [part, type] = OOXML[kind];
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}.main+xml"/></Types>`;
  return zipOf([
    ['[Content_Types].xml', types],
    ['_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'],
    [part, '<?xml version="1.0"?><root/>'],
  ]);
}
export function odfFile(kind: 'odt' | 'ods'): Uint8Array {
  const mime = kind === 'odt' ? 'application/vnd.oasis.opendocument.text' : 'application/vnd.oasis.opendocument.spreadsheet';
  return zipOf([
    ['mimetype', mime],
    ['content.xml', '<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>'],
    ['META-INF/manifest.xml', '<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>'],
  ]);
}
export const text = (s: string) => new TextEncoder().encode(s);
/** A Windows executable's start ("MZ" and a PE header), whatever it is named. */
export function exeFile(): Uint8Array {
  const b = new Uint8Array(512);
  b.set([0x4d, 0x5a]);
  new DataView(b.buffer).setUint32(0x3c, 0x80, true);
  b.set([0x50, 0x45, 0, 0], 0x80);
  return b;
}

// ---- world ---------------------------------------------------------------------------------------

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A public community with its creator (`host`), an admin, a treasurer and two members (Amara,
 * Bih), a private community Amara also belongs to, and an outsider; uploads in a fresh folder.
 */
export async function documentWorld(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'harambee-docs-'));
  dirs.push(dir);
  const t = makeTestApp({ env: { UPLOADS_DIR: dir, ...env } });
  const host = await makeUser(t.db, { firstName: 'Ngozi' });
  const admin = await makeUser(t.db, { firstName: 'Kofi' });
  const treasurer = await makeUser(t.db, { firstName: 'Amina' });
  const amara = await makeUser(t.db, { firstName: 'Amara' });
  const bih = await makeUser(t.db, { firstName: 'Bih', language: 'fr' });
  const outsider = await makeUser(t.db, { firstName: 'Olu' });
  const community = makeCommunity(t.db, { creator: host, name: 'Houston Cameroonians', isPublic: true });
  addMember(t.db, { communityId: community.id, user: admin, role: 'admin' });
  addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: amara });
  addMember(t.db, { communityId: community.id, user: bih });
  const privateCommunity = makeCommunity(t.db, { creator: host, name: 'Paris Njangi House', isPublic: false });
  addMember(t.db, { communityId: privateCommunity.id, user: amara });
  const agents = {
    host: await as(t, host),
    admin: await as(t, admin),
    treasurer: await as(t, treasurer),
    amara: await as(t, amara),
    bih: await as(t, bih),
    outsider: await as(t, outsider),
  };
  const users = { host, admin, treasurer, amara, bih, outsider };
  const notes = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId)).all();
  return { t, dir, users, agents, community, privateCommunity, notes };
}
export type DocumentWorld = Awaited<ReturnType<typeof documentWorld>>;

type Sent = { status: number; body: any; headers: Headers };

/** A multipart POST as the browser sends it (`cookie` null: signed out). */
export async function sendForm(t: TestApp, path: string, p: { cookie: string | null; file?: { bytes: Uint8Array; name: string; type?: string }; fields?: Record<string, string>; headers?: Record<string, string> }): Promise<Sent> {
  const form = new FormData();
  if (p.file) form.append('file', new Blob([new Uint8Array(p.file.bytes)], { type: p.file.type ?? 'application/octet-stream' }), p.file.name);
  for (const [k, v] of Object.entries(p.fields ?? {})) form.append(k, v);
  const headers: Record<string, string> = { ...p.headers };
  if (p.cookie) headers.cookie = p.cookie;
  const res = await t.app.request(path, { method: 'POST', body: form, headers });
  const raw = await res.text();
  let body: unknown = raw;
  try {
    body = raw ? JSON.parse(raw) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

export function uploadDocument(t: TestApp, cookie: string | null, communityId: number, file: { bytes: Uint8Array; name: string; type?: string }, fields: Record<string, string> = {}) {
  return sendForm(t, `/api/communities/${communityId}/documents`, { cookie, file, fields: { title: file.name, ...fields } });
}
export function uploadVersion(t: TestApp, cookie: string | null, id: number, file: { bytes: Uint8Array; name: string; type?: string }) {
  return sendForm(t, `/api/documents/${id}/versions`, { cookie, file });
}

export async function download(t: TestApp, cookie: string | null, url: string) {
  const res = await t.app.request(url, { headers: cookie ? { cookie } : {} });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** An upload registered as if `ownerId` had just sent it (for tests that attach a URL without sending a file): a proof for /api/proofs/…, else a photo. */
export function registeredUpload(t: TestApp, url: string, ownerId: string, over: Partial<typeof uploads.$inferInsert> = {}) {
  const proof = url.startsWith('/api/proofs/');
  const name = url.slice(proof ? '/api/proofs/'.length : '/uploads/'.length);
  t.db
    .insert(uploads)
    .values({ name, ownerId, purpose: proof ? 'proof' : 'avatar', contentType: name.endsWith('.pdf') ? 'application/pdf' : 'image/webp', bytes: 10, originalName: 'x', attachedAt: null, createdAt: t.clock.now(), ...over })
    .onConflictDoNothing()
    .run();
  return url;
}

/** Per community (the authorization matrix): a folder and a members' document in it with one version, written directly (no file needed to reach the procedures). */
export type DocumentFixture = { document: number; docFolder: number };
export function seedDocuments(t: TestApp, communityId: number, creatorId: string, now: number): DocumentFixture {
  const name = `seed${communityId}x${Math.random().toString(36).slice(2, 14)}`.replace(/[^a-z0-9]/g, '').padEnd(20, '0');
  t.db.insert(uploads).values({ name, ownerId: creatorId, purpose: 'document', contentType: 'text/plain', bytes: 12, originalName: 'minutes.txt', attachedAt: now, createdAt: now }).run();
  const folder = t.db.insert(documentFolders).values({ communityId, name: 'Minutes', createdBy: creatorId, createdAt: now }).returning().get();
  const doc = t.db.insert(documents).values({ communityId, folderId: folder.id, title: 'March minutes', uploadedBy: creatorId, createdAt: now, updatedAt: now }).returning().get();
  const version = t.db.insert(documentVersions).values({ documentId: doc.id, communityId, uploadName: name, version: 1, uploadedBy: creatorId, createdAt: now }).returning().get();
  t.db.update(documents).set({ currentVersionId: version.id }).where(eq(documents.id, doc.id)).run();
  return { document: doc.id, docFolder: folder.id };
}
