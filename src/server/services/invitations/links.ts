import { and, desc, eq, sql } from 'drizzle-orm';
import { inviteLinks, users } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { recordAudit } from '../audit';
import { conflict, notFound } from '../errors';
import { DAY_MS, INV_MSG, linkToken, newInvitationToken } from './tokens';
import { hashToken } from '../../auth/crypto';

type Actor = { id: string; email: string };
type Community = { id: number; name: string };

export const linkCommunity = (db: DbLike, id: number) => db.select({ communityId: inviteLinks.communityId }).from(inviteLinks).where(eq(inviteLinks.id, id)).get()?.communityId;

type LinkRow = typeof inviteLinks.$inferSelect & { firstName?: string | null; lastName?: string | null };

function linkDto(db: DbLike, r: LinkRow, now: number) {
  const status = r.revokedAt !== null ? 'revoked' : r.expiresAt <= now ? 'expired' : r.uses >= r.maxUses ? 'used_up' : 'active';
  // A live link's token again, to copy or share it once more (a link made before tokens were
  // derived from the id has none to give back).
  const token = status === 'active' ? linkToken(db, r.id) : null;
  return {
    id: r.id,
    status,
    token: token && hashToken(token) === r.tokenHash ? token : null,
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

/**
 * A new shareable link. Its token is derived from its id under the server's own key (tokens.ts
 * linkToken), so the leaders can copy it again while it lives; the table keeps only its hash.
 */
export function createLink(db: DB, p: { community: Community; actor: Actor; expiresInDays: number; maxUses: number; now: number }) {
  const row = db.transaction((tx) => {
    // The id comes first: a random hash holds the place until the derived one replaces it.
    const inserted = tx
      .insert(inviteLinks)
      .values({ communityId: p.community.id, tokenHash: newInvitationToken().hash, createdBy: p.actor.id, expiresAt: p.now + p.expiresInDays * DAY_MS, maxUses: p.maxUses, createdAt: p.now })
      .returning()
      .get();
    const created = tx.update(inviteLinks).set({ tokenHash: hashToken(linkToken(tx, inserted.id)) }).where(eq(inviteLinks.id, inserted.id)).returning().get()!;
    recordAudit(tx, { actor: p.actor, action: 'invitations.link_created', target: { type: 'community', id: String(p.community.id), label: p.community.name }, details: { linkId: created.id, expiresInDays: p.expiresInDays, maxUses: p.maxUses }, now: p.now });
    return created;
  });
  const dto = linkDto(db, row, p.now);
  return { ...dto, token: dto.token! };
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
  return rows.map((r) => linkDto(db, { ...r.link, firstName: r.firstName, lastName: r.lastName }, p.now));
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
    return linkDto(tx, revoked, p.now);
  });
}
