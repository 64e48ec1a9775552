import { eq, sql } from 'drizzle-orm';
import { communities, documentVersions, uploads } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { recordAudit } from '../audit';
import { DomainError, notFound } from '../errors';

/*
 * A community's document storage: the sum of the sizes of every version of its documents,
 * against its own quota or the server's default. The check and the insert it allows happen in
 * one immediate transaction, so two uploads cannot both pass on the same remaining space.
 */

export function usedBytes(db: DbLike, communityId: number): number {
  const row = db
    .select({ used: sql<number>`coalesce(sum(${uploads.bytes}), 0)` })
    .from(documentVersions)
    .innerJoin(uploads, eq(uploads.name, documentVersions.uploadName))
    .where(eq(documentVersions.communityId, communityId))
    .get();
  return Number(row?.used ?? 0);
}

export function quotaOf(db: DbLike, communityId: number, defaultQuota: number): number {
  const row = db.select({ quota: communities.documentQuotaBytes }).from(communities).where(eq(communities.id, communityId)).get();
  return row?.quota ?? defaultQuota;
}

export function documentUsage(db: DbLike, p: { communityId: number; defaultQuota: number }) {
  const quota = db.select({ quota: communities.documentQuotaBytes }).from(communities).where(eq(communities.id, p.communityId)).get();
  return { usedBytes: usedBytes(db, p.communityId), quotaBytes: quota?.quota ?? p.defaultQuota, isDefault: quota?.quota == null };
}

/** Refuses (413) a file that would take the community past its quota; call inside the insert's transaction. */
export function assertRoom(db: DbLike, p: { communityId: number; bytes: number; defaultQuota: number }) {
  const used = usedBytes(db, p.communityId);
  const quota = quotaOf(db, p.communityId, p.defaultQuota);
  if (used + p.bytes > quota) {
    throw new DomainError('too-large', 'documents.errors.overQuota', undefined, undefined, { used: formatBytes(used), quota: formatBytes(quota), size: formatBytes(p.bytes) });
  }
}

/** Sizes in messages: "1.5 MB". */
export function formatBytes(n: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${n} bytes` : `${v >= 10 ? Math.round(v) : Math.round(v * 10) / 10} ${units[u]}`;
}

export function setDocumentQuota(db: DB, p: { communityId: number; quotaBytes: number | null; actor: { id: string; email: string }; defaultQuota: number; now: number }) {
  return db.transaction((tx) => {
    const c = tx.select({ id: communities.id, name: communities.name, quota: communities.documentQuotaBytes }).from(communities).where(eq(communities.id, p.communityId)).get();
    if (!c) throw notFound('validation.community.notFound');
    tx.update(communities).set({ documentQuotaBytes: p.quotaBytes }).where(eq(communities.id, c.id)).run();
    recordAudit(tx, {
      actor: p.actor,
      action: 'community.documentQuota',
      target: { type: 'community', id: String(c.id), label: c.name },
      details: { from: c.quota, to: p.quotaBytes },
      now: p.now,
    });
    return documentUsage(tx, { communityId: c.id, defaultQuota: p.defaultQuota });
  });
}
