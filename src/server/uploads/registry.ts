import { and, eq } from 'drizzle-orm';
import { uploads } from '../../../db/schema';
import type { DbLike } from '../../../db/database';
import { fieldError } from '../services/errors';

/*
 * Public uploads (profile photos, banners, payment proofs, receipts) in the registry: where an
 * /uploads/ URL gets used, the file is marked attached, and only its uploader may attach it (a
 * URL someone else uploaded, or one the registry does not know, is refused). A photo or banner
 * replaced is marked detached, so the sweep (jobs/uploads-sweep.ts) removes it a day later.
 */

const PUBLIC_URL = /^\/uploads\/([a-z0-9]{16,64}\.(?:webp|pdf))$/;
export const UPLOAD_NOT_YOURS = 'documents.errors.uploadNotYours';

const nameOf = (url: string | null | undefined) => (url ? PUBLIC_URL.exec(url)?.[1] : undefined);

/**
 * Marks the file behind `url` attached, if `ownerId` uploaded it; else a 400 on `field`. Null,
 * empty or unchanged (`current`) URLs need nothing. Call inside the write that stores the URL.
 */
export function attachUpload(db: DbLike, p: { url: string | null | undefined; ownerId: string; field: string; now: number; current?: string | null }) {
  if (!p.url || p.url === p.current) return;
  const name = nameOf(p.url);
  const done = name ? db.update(uploads).set({ attachedAt: p.now }).where(and(eq(uploads.name, name), eq(uploads.ownerId, p.ownerId))).run().changes : 0;
  if (!done) throw fieldError('invalid', p.field, UPLOAD_NOT_YOURS);
}

/** Checks without attaching: for a multi-step write that attaches once it is sure to succeed. */
export function assertOwnUpload(db: DbLike, p: { url: string | null | undefined; ownerId: string; field: string; current?: string | null }) {
  if (!p.url || p.url === p.current) return;
  const name = nameOf(p.url);
  const found = name ? db.select({ name: uploads.name }).from(uploads).where(and(eq(uploads.name, name), eq(uploads.ownerId, p.ownerId))).get() : undefined;
  if (!found) throw fieldError('invalid', p.field, UPLOAD_NOT_YOURS);
}

/** The file behind a URL no longer used here (replaced or cleared): the sweep checks nothing else names it before removing it. */
export function detachUpload(db: DbLike, url: string | null | undefined) {
  const name = nameOf(url);
  if (name) db.update(uploads).set({ attachedAt: null }).where(eq(uploads.name, name)).run();
}
