import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Context as HonoContext } from 'hono';
import sharp from 'sharp';
import { uploads, type UploadPurpose, type UploadRow } from '../../../db/schema';
import type { DbLike } from '../../../db/database';
import { isPreviewable, ORIGINAL_NAME_MAX } from '@shared/documents/rules';
import { generateToken } from '../auth/crypto';
import type { Env } from '../env';
import { DomainError, invalid, tooLarge, unsupported } from '../services/errors';
import { MAX_PDF_PAGES, PdfRefused, rewritePdf } from './pdf';
import { assertUploadAllowed, type UploadLimits } from './allowance';
import { sniffFile } from './sniff';
import { writeFileDurably } from './durable-write';

/*
 * Private files: documents, chat attachments, and proofs of payment and receipts. Each is checked
 * by its bytes, rewritten where it can be (images re-encoded without their metadata, PDFs rebuilt
 * without scripts or hidden history), stored under a random name in UPLOADS_DIR/private (never
 * served by GET /uploads/:name) and registered in `uploads`, unattached: the caller attaches it in
 * the transaction that uses it, or the sweep removes it a day later. Documents and chat files have
 * no extension; a proof keeps `.webp` or `.pdf`, which its URL shows so a screen knows a PDF.
 */

const PDF_REFUSAL = { unreadable: 'errors.upload.pdfUnreadable', encrypted: 'errors.upload.pdfEncrypted', pages: 'errors.upload.pdfPages' } as const;
const PRIVATE_NAME = /^[a-z0-9]{16,64}(?:\.(?:webp|pdf))?$/;

export type StoreContext = { db: DbLike; env: Pick<Env, 'UPLOADS_DIR'> & UploadLimits; now: () => number };
export type StoreOptions = {
  file: File;
  purpose: Extract<UploadPurpose, 'document' | 'chat'>;
  ownerId: string;
  /** The content types this use accepts (see shared/documents/rules.ts DOCUMENT_TYPES). */
  allowed: readonly string[];
  maxBytes: number;
  /** Catalogue keys of the refusals, so each use can say its own limits. */
  messages: { tooLarge: string; type: string; empty: string };
};

export const privateDir = (env: Pick<Env, 'UPLOADS_DIR'>) => join(env.UPLOADS_DIR, 'private');
export function privatePath(env: Pick<Env, 'UPLOADS_DIR'>, name: string): string {
  // Names come from the registry, never from a request; checked anyway so no path ever escapes the folder.
  if (!PRIVATE_NAME.test(name)) throw new Error(`not a private file name: ${name}`);
  return join(privateDir(env), name);
}

/** The sender's file name as a download will carry it: no folders, no control characters, not too long. */
export function cleanOriginalName(raw: string, fallback = 'file'): string {
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (!base) return fallback;
  if (base.length <= ORIGINAL_NAME_MAX) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return base.slice(0, ORIGINAL_NAME_MAX - ext.length) + ext;
}

const IMAGE_FORMAT = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' } as const;

/** Decoded and encoded again in its own format: metadata (GPS, camera) and anything appended do not survive. */
async function reencode(bytes: Uint8Array, type: keyof typeof IMAGE_FORMAT) {
  const image = sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' }).rotate();
  const out = type === 'image/png' ? image.png() : type === 'image/jpeg' ? image.jpeg({ quality: 88 }) : image.webp({ quality: 88 });
  const { data, info } = await out.toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** Checks, rewrites, stores and registers the file; returns its (unattached) `uploads` row. */
export async function storePrivateFile(ctx: StoreContext, o: StoreOptions): Promise<UploadRow> {
  if (o.file.size > o.maxBytes) throw tooLarge(o.messages.tooLarge);
  if (o.file.size === 0) throw invalid(o.messages.empty);
  const originalName = cleanOriginalName(o.file.name);
  let data: Uint8Array = new Uint8Array(await o.file.arrayBuffer());
  const sniffed = await sniffFile(data, originalName);
  if ('refused' in sniffed || !o.allowed.includes(sniffed.contentType)) throw unsupported(o.messages.type);
  const contentType = sniffed.contentType;
  let width: number | null = null;
  let height: number | null = null;

  if (contentType in IMAGE_FORMAT) {
    try {
      const image = await reencode(data, contentType as keyof typeof IMAGE_FORMAT);
      ({ data, width, height } = image);
    } catch {
      throw unsupported('errors.upload.unreadable');
    }
  } else if (contentType === 'application/pdf') {
    try {
      data = await rewritePdf(data);
    } catch (error) {
      // Whatever went wrong inside pdf-lib, the file is what could not be read: a 415, never a 500.
      const reason = error instanceof PdfRefused ? error.reason : 'unreadable';
      throw new DomainError('unsupported', PDF_REFUSAL[reason], undefined, undefined, { max: MAX_PDF_PAGES });
    }
  }
  // A rewrite may grow a file a little; the limit is the sender's promise, checked once more.
  if (data.byteLength > o.maxBytes) throw tooLarge(o.messages.tooLarge);

  const name = generateToken();
  await mkdir(privateDir(ctx.env), { recursive: true });
  await writeFileDurably(privatePath(ctx.env, name), data);
  try {
    // Checked again in the same synchronous step as the insert: side-by-side uploads cannot all pass on one count.
    const now = ctx.now();
    assertUploadAllowed(ctx.db, ctx.env, { ownerId: o.ownerId, now, bytes: data.byteLength });
    return ctx.db
      .insert(uploads)
      .values({ name, ownerId: o.ownerId, purpose: o.purpose, contentType, bytes: data.byteLength, originalName, width, height, attachedAt: null, createdAt: now })
      .returning()
      .get();
  } catch (error) {
    await rm(privatePath(ctx.env, name), { force: true });
    throw error;
  }
}

/** Removes a file stored moments ago that its use then refused (over quota, a folder gone): no need to wait for the sweep. */
export async function discardPrivateFile(ctx: StoreContext, row: UploadRow): Promise<void> {
  ctx.db.delete(uploads).where(eq(uploads.name, row.name)).run();
  await rm(privatePath(ctx.env, row.name), { force: true });
}

/** RFC 5987 / 6266: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The response for a private file the caller was just authorised to read. Nothing served here
 * may run with the site's rights: the stored type (never guessed by the browser), a sandbox with
 * no sources at all, no caching anywhere. `inline` only for images and PDFs (a preview); anything
 * else is always an attachment.
 */
export async function sendPrivateFile(c: HonoContext, env: Pick<Env, 'UPLOADS_DIR'>, row: Pick<UploadRow, 'name' | 'contentType' | 'originalName'>, opts: { inline?: boolean; filename?: string } = {}): Promise<Response> {
  const path = privatePath(env, row.name);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return c.json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
  const inline = Boolean(opts.inline) && isPreviewable(row.contentType);
  const type = row.contentType.startsWith('text/') ? `${row.contentType}; charset=utf-8` : row.contentType;
  const body = Readable.toWeb(createReadStream(path)) as ReadableStream;
  return c.body(body, 200, {
    'Content-Type': type,
    'Content-Length': String(info.size),
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', opts.filename ?? row.originalName ?? 'file'),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
    'Cross-Origin-Resource-Policy': 'same-origin',
    // A preview may be framed by the app's own page; a download by nobody.
    'X-Frame-Options': inline ? 'SAMEORIGIN' : 'DENY',
  });
}
