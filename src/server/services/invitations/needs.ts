import type { NeedSource } from '../needs/types';
import { iso, nameSql } from '../needs/sql';

/** An email invitation still open waits on the account with that address, once verified and not yet a member. */
export const invitationNeeds: NeedSource = {
  kind: 'invitation',
  group: 1,
  tab: null,
  relation: `SELECT i.id, i.community_id, co.name AS community, i.last_sent_at AS key, u.id AS actor, ${nameSql('iu')} AS inviterName
    FROM invitations i JOIN users u ON u.email = i.email AND u.is_email_verified = 1 AND u.deleted_at IS NULL
    LEFT JOIN communities co ON co.id = i.community_id
    LEFT JOIN users iu ON iu.id = i.invited_by
    WHERE i.status = 'pending' AND i.expires_at > @now
      AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.community_id = i.community_id AND m.user_id = u.id)`,
  toItem: (r) => ({
    key: `invitation:${r.id}`,
    kind: 'invitation',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: null,
    who: r.inviterName as string | null,
    amount: null,
    subject: null,
    details: {},
    since: iso(r.key),
    due: null,
    link: '/communities?tab=invitations',
    action: { op: 'invitations.acceptById', input: { id: r.id } },
  }),
};
