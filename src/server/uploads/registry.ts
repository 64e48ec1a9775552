import { and, eq, ne } from 'drizzle-orm';
import { uploads } from '../../../db/schema';
import type { DbLike } from '../../../db/database';
import { fieldError } from '../services/errors';
import { proofNameOf } from '@shared/proofs';

/*
 * Uploads named by URL in the registry: profile photos and banners (/uploads/<name>, public) and
 * proofs of payment and receipts (/api/proofs/<name>, private). Where such a URL gets used, the
 * file is marked attached, and only its uploader may attach it (a URL someone else uploaded, one
 * the registry does not know, or one of the other kind, is refused). A photo or banner replaced is
 * marked detached, so the sweep (jobs/uploads-sweep.ts) removes it a day later.
 */

const PUBLIC_URL = /^\/uploads\/([a-z0-9]{16,64}\.webp)$/;
export const UPLOAD_NOT_YOURS = 'documents.errors.uploadNotYours';

/** The registry row a URL names: its name, and whether it must be a proof (private) or an image (public). */
function named(url: string | null | undefined) {
  if (!url) return undefined;
  const proof = proofNameOf(url);
  if (proof) return { name: proof, kind: eq(uploads.purpose, 'proof') };
  const image = PUBLIC_URL.exec(url)?.[1];
  return image ? { name: image, kind: ne(uploads.purpose, 'proof') } : undefined;
}

/**
 * Marks the file behind `url` attached, if `ownerId` uploaded it; else a 400 on `field`. Null,
 * empty or unchanged (`current`) URLs need nothing. Call inside the write that stores the URL.
 */
export function attachUpload(db: DbLike, p: { url: string | null | undefined; ownerId: string; field: string; now: number; current?: string | null }) {
  if (!p.url || p.url === p.current) return;
  const file = named(p.url);
  const done = file ? db.update(uploads).set({ attachedAt: p.now }).where(and(eq(uploads.name, file.name), file.kind, eq(uploads.ownerId, p.ownerId))).run().changes : 0;
  if (!done) throw fieldError('invalid', p.field, UPLOAD_NOT_YOURS);
}

/** Checks without attaching: for a multi-step write that attaches once it is sure to succeed. */
export function assertOwnUpload(db: DbLike, p: { url: string | null | undefined; ownerId: string; field: string; current?: string | null }) {
  if (!p.url || p.url === p.current) return;
  const file = named(p.url);
  const found = file ? db.select({ name: uploads.name }).from(uploads).where(and(eq(uploads.name, file.name), file.kind, eq(uploads.ownerId, p.ownerId))).get() : undefined;
  if (!found) throw fieldError('invalid', p.field, UPLOAD_NOT_YOURS);
}

/** The file behind a URL no longer used here (replaced or cleared): the sweep checks nothing else names it before removing it. */
export function detachUpload(db: DbLike, url: string | null | undefined) {
  const file = named(url);
  if (file) db.update(uploads).set({ attachedAt: null }).where(eq(uploads.name, file.name)).run();
}
