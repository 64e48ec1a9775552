import type { NeedRow, NeedSource } from '../../services/needs/types';
import { iso, rolesWith } from '../../services/needs/sql';
import { meetingLink } from './host';

/*
 * Meeting day's waiting work in the shared "Needs you" list (decision 021), with the rules of the
 * operations said once more as SQL:
 *   - the host (meetings.host_id) of a scheduled meeting not yet over has it waiting, while still a
 *     member (setHost only names members; one who left hosts nothing): due at the meeting's start;
 *   - a member's own owed fine, while something of it is left to pay and no payment of it is
 *     declared and waiting (the payment then waits on the officers instead, as a levy's does).
 * Neither is one tap: hosting is preparing the room, and paying a fine needs a method and a reference.
 */

const members = `m.role IN (${rolesWith('meetings.view')})`;

/** A meeting the viewer hosts, from its calling until it ends (cancelled or handed to another host: gone). */
export const meetingToHostNeeds: NeedSource = {
  kind: 'meetingToHost',
  group: 0,
  tab: 'meetings',
  relation: `SELECT mt.id, mt.community_id, c.name AS community, e.starts_at AS key, m.user_id AS actor,
      e.title, e.time_zone AS timeZone, mt.created_at AS createdAt
    FROM memberships m
    JOIN meetings mt ON mt.host_id = m.user_id AND mt.community_id = m.community_id
    JOIN events e ON e.id = mt.event_id
    LEFT JOIN communities c ON c.id = mt.community_id
    WHERE ${members} AND e.status = 'scheduled' AND e.ends_at > @now`,
  toItem: (r: NeedRow) => ({
    key: `meetingToHost:${r.id}`,
    kind: 'meetingToHost',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'meetings',
    who: null,
    amount: null,
    subject: r.title as string,
    // The start is written in the meeting's zone, as the event's is.
    details: { timeZone: r.timeZone as string },
    since: iso(r.createdAt as number),
    due: iso(r.key),
    link: meetingLink(r.id),
    action: null,
  }),
};

/**
 * The member's own fine while it is owed, not paid in full and no payment of it waits on an
 * officer. The pending payment is looked for among the community's pending payments (their index),
 * payments having none on fine_id.
 */
export const fineToPayNeeds: NeedSource = {
  kind: 'fineToPay',
  group: 1,
  tab: 'meetings',
  relation: `SELECT f.id, f.community_id, c.name AS community, f.created_at AS key, m.user_id AS actor,
      f.amount - f.paid AS amount, f.reason, f.meeting_id AS meetingId, e.title, fs.currency
    FROM memberships m
    JOIN meeting_fines f ON f.community_id = m.community_id AND f.member_id = m.user_id AND f.status = 'owed' AND f.paid < f.amount
    JOIN meetings mt ON mt.id = f.meeting_id
    JOIN events e ON e.id = mt.event_id
    LEFT JOIN communities c ON c.id = f.community_id
    LEFT JOIN finance_settings fs ON fs.community_id = f.community_id
    WHERE ${members}
      AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.community_id = f.community_id AND p.status = 'pending' AND p.fine_id = f.id)`,
  toItem: (r: NeedRow) => ({
    key: `fineToPay:${r.id}`,
    kind: 'fineToPay',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'meetings',
    who: null,
    amount: { amount: r.amount as number, currency: r.currency as string },
    subject: r.title as string,
    details: { reason: r.reason as string },
    since: iso(r.key),
    due: null,
    link: meetingLink(r.meetingId as number),
    action: null,
  }),
};

export const MEETING_NEEDS = [meetingToHostNeeds, fineToPayNeeds] as const;
