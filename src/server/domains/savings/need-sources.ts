import type { NeedSource } from '../../services/needs/types';
import { iso, nameSql, rolesWith } from '../../services/needs/sql';

/*
 * A savings group's money waiting for a second pair of eyes, in the shared "Needs you" list: an
 * entry recorded by an officer or declared by a member waits on the group's other active officers,
 * never on whoever recorded or declared it nor on the member whose money it is (the four-eyes rule
 * of confirmEntry, entries.ts, said once more as SQL), while its cycle is open and while they may
 * still see the community's groups (the operation's guard). The officers are the group's own, so
 * the work is addressed to each as a person, read in one query from their group memberships.
 */
export const savingsEntryNeeds: NeedSource = {
  kind: 'savingsEntry',
  group: 1,
  tab: 'savings',
  relation: `SELECT e.id, g.community_id, c.name AS community, e.created_at AS key, o.user_id AS actor,
      e.amount, g.currency, g.name AS groupName, mt.number AS meeting, ${nameSql('ru')} AS whoName, ${nameSql('mu')} AS memberName
    FROM savings_group_members o
    JOIN savings_entries e ON e.group_id = o.group_id AND e.status = 'pending' AND e.kind IN ('shares', 'social_fund', 'fine')
    JOIN savings_groups g ON g.id = e.group_id
    JOIN savings_cycles cy ON cy.id = e.cycle_id AND cy.status = 'open'
    JOIN memberships m ON m.community_id = g.community_id AND m.user_id = o.user_id AND m.role IN (${rolesWith('savings.view')})
    LEFT JOIN communities c ON c.id = g.community_id
    LEFT JOIN savings_meetings mt ON mt.id = e.meeting_id
    LEFT JOIN users ru ON ru.id = e.recorded_by
    LEFT JOIN users mu ON mu.id = e.member_id
    WHERE o.status = 'active' AND o.role IN ('chair', 'treasurer', 'secretary')
      AND o.user_id <> e.recorded_by AND o.user_id <> e.member_id`,
  toItem: (r) => ({
    key: `savingsEntry:${r.id}`,
    kind: 'savingsEntry',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'savings',
    who: (r.whoName as string | null) ?? null,
    amount: { amount: r.amount as number, currency: r.currency as string },
    subject: r.groupName as string,
    details: { member: (r.memberName as string | null) ?? '', meeting: (r.meeting as number | null) ?? 0 },
    since: iso(r.key),
    due: null,
    link: `/community/${r.community_id}?tab=savings`,
    action: null,
  }),
};
