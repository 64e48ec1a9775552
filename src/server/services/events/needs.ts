import { EVENT_SOON_MS } from '@shared/needs';
import type { NeedSource } from '../needs/types';
import { iso } from '../needs/sql';

/** An event of the member's community starting within 7 days that they have not answered (its host aside) waits on them. */
export const eventAnswerNeeds: NeedSource = {
  kind: 'eventAnswer',
  group: 0,
  tab: 'events',
  capability: 'events.view',
  relation: `SELECT e.id, e.community_id, co.name AS community, e.starts_at AS key, m.user_id AS actor, e.title, e.time_zone AS timeZone, e.created_at AS createdAt
    FROM events e JOIN memberships m ON m.community_id = e.community_id
    LEFT JOIN communities co ON co.id = e.community_id
    WHERE e.status = 'scheduled' AND e.starts_at > @now AND e.starts_at <= @now + ${EVENT_SOON_MS} AND m.user_id IS NOT e.created_by
      AND NOT EXISTS (SELECT 1 FROM event_rsvps v WHERE v.event_id = e.id AND v.user_id = m.user_id)`,
  toItem: (r) => ({
    key: `eventAnswer:${r.id}`,
    kind: 'eventAnswer',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'events',
    who: null,
    amount: null,
    subject: r.title as string,
    details: { timeZone: r.timeZone as string },
    since: iso(r.createdAt as number),
    due: iso(r.key),
    link: `/events/${r.id}`,
    action: { op: 'events.rsvp', input: { id: r.id, status: 'going' } },
  }),
};
