import type { NeedSource } from './needs/types';
import { iso, nameSql, rolesWith } from './needs/sql';

/** A request to join a private community waits on its members who decide requests (members.manage). */
export const joinRequestNeeds: NeedSource = {
  kind: 'joinRequest',
  group: 1,
  tab: 'members',
  capability: 'members.manage',
  relation: `SELECT r.id, r.community_id, c.name AS community, r.created_at AS key, m.user_id AS actor, ${nameSql('u')} AS askerName
    FROM join_requests r
    JOIN memberships m ON m.community_id = r.community_id AND m.role IN (${rolesWith('members.manage')})
    LEFT JOIN communities c ON c.id = r.community_id
    LEFT JOIN users u ON u.id = r.user_id
    WHERE r.status = 'pending'`,
  count: `SELECT m.community_id AS communityId, (SELECT count(*) FROM join_requests r WHERE r.community_id = m.community_id AND r.status = 'pending') AS n
    FROM memberships m WHERE m.user_id = @viewer AND m.role IN (${rolesWith('members.manage')})`,
  toItem: (r) => ({
    key: `joinRequest:${r.id}`,
    kind: 'joinRequest',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'members',
    who: r.askerName as string,
    amount: null,
    subject: null,
    details: {},
    since: iso(r.key),
    due: null,
    link: `/community/${r.community_id}/settings?section=requests`,
    action: { op: 'communities.decideRequest', input: { communityId: r.community_id!, requestId: r.id, approve: true } },
  }),
};
