import { and, eq, gt, sql } from 'drizzle-orm';
import type { Context as HonoContext, Next } from 'hono';
import { uploads } from '../../../db/schema';
import type { DbLike } from '../../../db/database';
import type { AppDeps } from '../context';
import type { Env } from '../env';
import { refuseRest } from '../rest/errors';
import { contextOf } from '../rest/route';
import { DomainError, tooMany } from '../services/errors';

/*
 * What one account may upload, images, documents and chat files together: at most
 * UPLOAD_RATE_MAX files per UPLOAD_RATE_WINDOW_MINUTES and UPLOAD_DAILY_BYTES per 24 hours,
 * attached or not. Counted from the `uploads` rows themselves (the sweep only removes rows older
 * than a day, so every upload of the last 24 hours is still there): a restart forgets nothing,
 * and one account's uploads never count against another's.
 *
 * Checked twice with the same function: before the body is read (a refused sender's file is
 * never taken in or decoded), and again just before the row is inserted, in the same synchronous
 * step as the insert, so uploads running side by side cannot all pass on the same count.
 */

export type UploadLimits = Pick<Env, 'UPLOAD_RATE_MAX' | 'UPLOAD_RATE_WINDOW_MINUTES' | 'UPLOAD_DAILY_BYTES'>;

export const UPLOAD_TOO_MANY = 'errors.upload.tooMany';
export const UPLOAD_DAILY_QUOTA = 'errors.upload.dailyQuota';
const DAY_MS = 24 * 60 * 60_000;
const MB = 1024 * 1024;

/** The account's uploads in the rate window (and the oldest of them), and its bytes of the last 24 hours. */
function usage(db: DbLike, ownerId: string, now: number, windowMs: number) {
  const windowStart = now - windowMs;
  const row = db
    .select({
      recent: sql<number>`count(case when ${uploads.createdAt} > ${windowStart} then 1 end)`,
      oldestRecent: sql<number | null>`min(case when ${uploads.createdAt} > ${windowStart} then ${uploads.createdAt} end)`,
      bytes: sql<number>`coalesce(sum(case when ${uploads.createdAt} > ${now - DAY_MS} then ${uploads.bytes} end), 0)`,
    })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), gt(uploads.createdAt, now - Math.max(windowMs, DAY_MS))))
    .get()!;
  return { recent: Number(row.recent), oldestRecent: row.oldestRecent, bytes: Number(row.bytes) };
}

/**
 * Throws 'too-many' (429, with the seconds until a slot frees) when the account has uploaded its
 * number of files in the window, or 'too-large' (413) when its last 24 hours' bytes plus `bytes`
 * would pass the daily allowance. Without `bytes` (before the file is read): is any room left.
 */
export function assertUploadAllowed(db: DbLike, limits: UploadLimits, p: { ownerId: string; now: number; bytes?: number }): void {
  const windowMs = limits.UPLOAD_RATE_WINDOW_MINUTES * 60_000;
  const used = usage(db, p.ownerId, p.now, windowMs);
  if (limits.UPLOAD_RATE_MAX > 0 && used.recent >= limits.UPLOAD_RATE_MAX) {
    // A slot frees when the oldest upload of the window leaves it.
    const seconds = Math.max(1, Math.ceil(((used.oldestRecent ?? p.now) + windowMs - p.now) / 1000));
    throw tooMany(UPLOAD_TOO_MANY, seconds, { count: Math.ceil(seconds / 60), limit: limits.UPLOAD_RATE_MAX, window: limits.UPLOAD_RATE_WINDOW_MINUTES });
  }
  const daily = limits.UPLOAD_DAILY_BYTES;
  if (daily > 0 && (used.bytes >= daily || used.bytes + (p.bytes ?? 0) > daily)) {
    throw new DomainError('too-large', UPLOAD_DAILY_QUOTA, undefined, undefined, { limit: Math.round((daily / MB) * 10) / 10 });
  }
}

/**
 * The route middleware: refuses a signed-in sender who has no allowance left before their upload
 * is read. Place it after the route's own guard (a signed-out sender gets that guard's 401).
 */
export function refuseOverAllowance(deps: AppDeps) {
  return async (c: HonoContext, next: Next) => {
    const ctx = contextOf(deps, c);
    if (ctx.user) {
      try {
        assertUploadAllowed(ctx.db, ctx.env, { ownerId: ctx.user.id, now: ctx.now() });
      } catch (error) {
        return refuseRest(c, error, deps.log, ctx.language, ctx.resHeaders);
      }
    }
    await next();
  };
}
