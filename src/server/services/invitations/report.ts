import { and, eq } from 'drizzle-orm';
import { communities, invitations } from '../../../../db/schema';
import type { DB } from '../../../../db/database';
import { recordAudit } from '../audit';
import { handled } from '../needs/notices';
import { notFound } from '../errors';
import { hashToken, INV_MSG } from './tokens';

/** The audit's actor for a report: whoever holds the emailed link (they may have no account). */
export const INVITEE_ACTOR = { id: 'invitee', email: '' } as const;

/**
 * "Report this invitation", from the email's link: whoever holds the token (so the owner of the
 * address it went to) says they did not want it. A pending invitation then reads as declined and
 * can no longer be used; the address is not mailed again for a year (limits.ts); staff see the
 * report in the audit log, naming the sender and the community. Reporting again changes nothing.
 */
export function reportInvitation(db: DB, p: { token: string; now: number }) {
  return db.transaction((tx) => {
    const row = tx.select().from(invitations).where(eq(invitations.tokenHash, hashToken(p.token))).get();
    if (!row) throw notFound(INV_MSG.notFound);
    if (row.reportedAt !== null) return { reported: true as const };
    const pending = row.status === 'pending';
    tx.update(invitations)
      .set({ reportedAt: p.now, ...(pending ? { status: 'declined' as const, respondedAt: p.now } : {}) })
      .where(and(eq(invitations.id, row.id), eq(invitations.status, row.status)))
      .run();
    if (pending) handled(tx, 'invitation', row.id, null, p.now);
    const community = tx.select({ name: communities.name }).from(communities).where(eq(communities.id, row.communityId)).get();
    recordAudit(tx, {
      actor: INVITEE_ACTOR,
      action: 'invitations.reported',
      target: row.invitedBy ? { type: 'user', id: row.invitedBy } : { type: 'community', id: String(row.communityId), label: community?.name ?? null },
      details: { invitationId: row.id, communityId: row.communityId, community: community?.name ?? null },
      now: p.now,
    });
    return { reported: true as const };
  });
}
