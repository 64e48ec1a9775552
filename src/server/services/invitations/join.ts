import { and, eq } from 'drizzle-orm';
import { joinRequests, memberships } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { addMember } from '../community-writes';

export const isMember = (db: DbLike, communityId: number, userId: string) =>
  !!db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId)))
    .get();

/**
 * An invitation is the leaders' yes given in advance: the invitee becomes a member at once, even
 * of a private community, and a join request they had left waiting is settled as approved.
 * Through addMember, so member_count stays the number of rows. False: already a member.
 */
export function joinByInvitation(tx: DbLike, p: { communityId: number; userId: string; decidedBy: string | null; now: number }): boolean {
  const added = addMember(tx, { communityId: p.communityId, userId: p.userId, role: 'member', now: p.now });
  if (added) {
    tx.update(joinRequests)
      .set({ status: 'approved', decidedAt: p.now, decidedBy: p.decidedBy })
      .where(and(eq(joinRequests.communityId, p.communityId), eq(joinRequests.userId, p.userId), eq(joinRequests.status, 'pending')))
      .run();
  }
  return added;
}
