import { and, desc, eq, sql } from 'drizzle-orm';
import { inviteLinks, users } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { recordAudit } from '../audit';
import { conflict, notFound } from '../errors';
import { DAY_MS, INV_MSG, newInvitationToken } from './tokens';

type Actor = { id: string; email: string };
type Community = { id: number; name: string };

export const linkCommunity = (db: DbLike, id: number) => db.select({ communityId: inviteLinks.communityId }).from(inviteLinks).where(eq(inviteLinks.id, id)).get()?.communityId;

type LinkRow = typeof inviteLinks.$inferSelect & { firstName?: string | null; lastName?: string | null };

function linkDto(r: LinkRow, now: number) {
  const status = r.revokedAt !== null ? 'revoked' : r.expiresAt <= now ? 'expired' : r.uses >= r.maxUses ? 'used_up' : 'active';
  return {
    id: r.id,
    status,
    uses: r.uses,
    /** Everyone who came in through the link: each use is one person joining. */
    joined: r.uses,
    maxUses: r.maxUses,
    expiresAt: new Date(r.expiresAt).toISOString(),
    createdAt: new Date(r.createdAt).toISOString(),
    revokedAt: r.revokedAt === null ? null : new Date(r.revokedAt).toISOString(),
    createdBy: r.firstName ? `${r.firstName} ${r.lastName}` : null,
  };
}

/** A new shareable link; its token is in the answer only (the table keeps the hash). */
export function createLink(db: DB, p: { community: Community; actor: Actor; expiresInDays: number; maxUses: number; now: number }) {
  const { token, hash } = newInvitationToken();
  const row = db.transaction((tx) => {
    const created = tx
      .insert(inviteLinks)
      .values({ communityId: p.community.id, tokenHash: hash, createdBy: p.actor.id, expiresAt: p.now + p.expiresInDays * DAY_MS, maxUses: p.maxUses, createdAt: p.now })
      .returning()
      .get();
    recordAudit(tx, { actor: p.actor, action: 'invitations.link_created', target: { type: 'community', id: String(p.community.id), label: p.community.name }, details: { linkId: created.id, expiresInDays: p.expiresInDays, maxUses: p.maxUses }, now: p.now });
    return created;
  });
  return { ...linkDto(row, p.now), token };
}

export function listLinks(db: DB, p: { communityId: number; now: number }) {
  const rows = db
    .select({ link: inviteLinks, firstName: users.firstName, lastName: users.lastName })
    .from(inviteLinks)
    .leftJoin(users, eq(users.id, inviteLinks.createdBy))
    .where(eq(inviteLinks.communityId, p.communityId))
    .orderBy(desc(inviteLinks.id))
    .limit(100)
    .all();
  return rows.map((r) => linkDto({ ...r.link, firstName: r.firstName, lastName: r.lastName }, p.now));
}

export function revokeLink(db: DB, p: { id: number; community: Community; actor: Actor; now: number }) {
  return db.transaction((tx) => {
    const revoked = tx
      .update(inviteLinks)
      .set({ revokedAt: p.now })
      .where(and(eq(inviteLinks.id, p.id), eq(inviteLinks.communityId, p.community.id), sql`${inviteLinks.revokedAt} IS NULL`))
      .returning()
      .get();
    if (!revoked) {
      const exists = tx.select({ id: inviteLinks.id }).from(inviteLinks).where(and(eq(inviteLinks.id, p.id), eq(inviteLinks.communityId, p.community.id))).get();
      throw exists ? conflict(INV_MSG.alreadyRevoked) : notFound(INV_MSG.linkNotFound);
    }
    recordAudit(tx, { actor: p.actor, action: 'invitations.link_revoked', target: { type: 'community', id: String(p.community.id), label: p.community.name }, details: { linkId: p.id }, now: p.now });
    return linkDto(revoked, p.now);
  });
}
