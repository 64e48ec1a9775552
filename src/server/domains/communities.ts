import { eq, sql } from 'drizzle-orm';
import { communities as communityRows, joinRequests, memberships } from '../../../db/schema';
import { communities } from '../operations/communities';
import { communityRoutes } from '../rest/communities';
import { dropMember } from '../services/community-writes';
import { joinRequestNeeds } from '../services/community-needs';
import { defineDomain } from './domain';

const iso = (ms: number) => new Date(ms).toISOString();

/** Communities: creating, discovering, joining, leaving, members and roles. */
export const communitiesDomain = defineDomain({
  name: 'communities',
  operations: { communities },
  rest: communityRoutes,
  // A request's answer concerns the asker's own membership: in the app, whatever they chose.
  noticeKinds: { 'notifications.joinRequest': 'needs', 'notifications.approved': 'account', 'notifications.declined': 'account' },
  needs: [joinRequestNeeds],
  exportData: (db, user) => ({
    memberships: db
      .all<{ communityId: number; community: string; role: string; joinedAt: number }>(
        sql`SELECT c.id AS communityId, c.name AS community, m.role, m.joined_at AS joinedAt
          FROM memberships m JOIN communities c ON c.id = m.community_id WHERE m.user_id = ${user.id} ORDER BY m.id`,
      )
      .map((r) => ({ ...r, joinedAt: iso(r.joinedAt) })),
  }),
  erase: (tx, { user }) => {
    tx.delete(joinRequests).where(eq(joinRequests.userId, user.id)).run();
    const left = tx.select({ id: memberships.communityId }).from(memberships).where(eq(memberships.userId, user.id)).all();
    for (const c of left) dropMember(tx, { communityId: c.id, userId: user.id });
    return { communitiesLeft: left.length };
  },
  deletionBlockers: {
    communities: {
      names: (db, userId) => db.select({ name: communityRows.name }).from(communityRows).where(eq(communityRows.creatorId, userId)).all().map((c) => c.name),
      message: 'errors.account.handOverFirst',
    },
  },
  personalData: {
    communities: { export: { not: 'the community is its members’, not the creator’s' }, erase: { kept: 'a creator hands the community over before deleting the account' } },
    join_requests: { export: { not: 'pending requests only; memberships are exported' }, erase: 'deleted' },
    memberships: { export: { key: 'memberships' }, erase: 'deleted' },
  },
});
