import { count, eq, sql } from 'drizzle-orm';
import { communities, users } from '../../../db/schema';
import type { DB } from '../../../db/database';
import { recordAudit } from './audit';
import { staffSearch } from './staff-search';
import { notFound } from './errors';

type Actor = { id: string; email: string };

export function countCommunities(db: DB) {
  return db.select({ n: count() }).from(communities).get()!.n;
}

/**
 * Every community, hidden and private included, for staff, each with its document storage (what
 * its documents' versions take, its quota and whether that is the site's default) for the quota dialog.
 */
export function listAllCommunities(db: DB, p: { search?: string; cursor?: number; limit: number; defaultQuota: number }) {
  const where = staffSearch(p.search, [communities.name, sql`coalesce(${communities.location}, '')`]);
  const offset = p.cursor ?? 0;
  const total = db.select({ n: count() }).from(communities).where(where).get()!.n;
  const rows = db
    .select({
      id: communities.id,
      name: communities.name,
      location: communities.location,
      isPublic: communities.isPublic,
      isHidden: communities.isHidden,
      memberCount: communities.memberCount,
      createdAt: communities.createdAt,
      creatorEmail: users.email,
      creatorName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      quota: communities.documentQuotaBytes,
      // One page of rows, each summed on document_versions' community index.
      used: sql<number>`(SELECT coalesce(sum(u.bytes), 0) FROM document_versions v JOIN uploads u ON u.name = v.upload_name WHERE v.community_id = ${communities.id})`,
    })
    .from(communities)
    .innerJoin(users, eq(users.id, communities.creatorId))
    .where(where)
    .orderBy(sql`${communities.id} DESC`)
    .limit(p.limit)
    .offset(offset)
    .all();
  const next = offset + rows.length;
  return {
    items: rows.map(({ quota, used, ...r }) => ({
      ...r,
      createdAt: new Date(r.createdAt).toISOString(),
      documents: { usedBytes: Number(used), quotaBytes: quota ?? p.defaultQuota, isDefault: quota == null, defaultBytes: p.defaultQuota },
    })),
    total,
    offset,
    nextCursor: next < total ? next : null,
  };
}

function find(db: DB, id: number) {
  const c = db.select({ id: communities.id, name: communities.name }).from(communities).where(eq(communities.id, id)).get();
  if (!c) throw notFound('validation.community.notFound');
  return c;
}

export function setCommunityHidden(db: DB, p: { actor: Actor; id: number; hidden: boolean; now: number }) {
  const c = find(db, p.id);
  db.transaction((tx) => {
    tx.update(communities).set({ isHidden: p.hidden, updatedAt: p.now }).where(eq(communities.id, c.id)).run();
    recordAudit(tx, {
      actor: p.actor,
      action: p.hidden ? 'community.hidden' : 'community.unhidden',
      target: { type: 'community', id: String(c.id), label: c.name },
      now: p.now,
    });
  });
}

/** Deletes the community with its memberships, requests and announcements (foreign-key cascades). */
export function deleteCommunity(db: DB, p: { actor: Actor; id: number; now: number }) {
  const c = find(db, p.id);
  db.transaction((tx) => {
    tx.delete(communities).where(eq(communities.id, c.id)).run();
    recordAudit(tx, { actor: p.actor, action: 'community.deleted', target: { type: 'community', id: String(c.id), label: c.name }, now: p.now });
  });
}
