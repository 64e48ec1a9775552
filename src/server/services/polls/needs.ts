import { eq } from 'drizzle-orm';
import { pollOptions, polls } from '../../../../db/schema';
import { POLL_SOON_MS } from '@shared/needs';
import type { NeedSource } from '../needs/types';
import { iso, nameSql } from '../needs/sql';
import { eligibilityOf } from './ballots';

/*
 * Polls' waiting work: a nomination waits on its nominee while the election takes them; a poll
 * closing within 48 hours waits on every member who may vote in it (ballots.ts eligibilityOf, the
 * same rule the vote itself checks) and has not voted.
 */

const pollLink = (id: unknown) => `/polls/${id}`;

export const nominationNeeds: NeedSource = {
  kind: 'nomination',
  group: 1,
  tab: 'polls',
  relation: `SELECT n.id, p.community_id, co.name AS community, n.created_at AS key, n.user_id AS actor, p.id AS pollId, p.title, ${nameSql('u')} AS nominatorName
    FROM poll_nominations n JOIN polls p ON p.id = n.poll_id
    JOIN memberships m ON m.community_id = p.community_id AND m.user_id = n.user_id
    LEFT JOIN communities co ON co.id = p.community_id
    LEFT JOIN users u ON u.id = n.nominated_by
    WHERE n.status = 'pending' AND p.status = 'nominating' AND p.closes_at > @now`,
  toItem: (r) => ({
    key: `nomination:${r.id}`,
    kind: 'nomination',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'polls',
    who: r.nominatorName as string | null,
    amount: null,
    subject: r.title as string,
    details: {},
    since: iso(r.key),
    due: null,
    link: pollLink(r.pollId),
    action: { op: 'polls.answerNomination', input: { id: r.pollId as number, accept: true } },
  }),
};

export const pollVoteNeeds: NeedSource = {
  kind: 'pollVote',
  group: 0,
  tab: 'polls',
  capability: 'polls.view',
  relation: `SELECT p.id, p.community_id, co.name AS community, p.closes_at AS key, m.user_id AS actor, p.title, p.kind AS pollKind, p.eligibility,
      coalesce(p.opened_at, p.created_at) AS openedAt
    FROM polls p JOIN memberships m ON m.community_id = p.community_id
    LEFT JOIN communities co ON co.id = p.community_id
    WHERE p.status = 'open' AND p.closes_at > @now AND p.closes_at <= @now + ${POLL_SOON_MS}
      AND NOT EXISTS (SELECT 1 FROM poll_voters v WHERE v.poll_id = p.id AND v.user_id = m.user_id)`,
  // Who may vote beyond "a member": joined before a date, paid up on dues.
  filteredWhen: `w.eligibility <> 'all'`,
  filter: (db, r, now) => {
    if (r.eligibility === 'all') return true;
    const poll = db.select().from(polls).where(eq(polls.id, r.id)).get();
    return !!poll && eligibilityOf(db, poll, r.actor, now).eligible;
  },
  toItem: (r, ctx) => ({
    key: `pollVote:${r.id}`,
    kind: 'pollVote',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'polls',
    who: null,
    amount: null,
    subject: r.title as string,
    details: {},
    since: iso(r.openedAt as number),
    due: iso(r.key),
    link: pollLink(r.id),
    // Yes, no or abstain is one tap; other polls are chosen on their page.
    action:
      r.pollKind === 'yes_no'
        ? { op: 'polls.vote', input: { id: r.id }, choices: ctx.db.select({ id: pollOptions.id, label: pollOptions.label }).from(pollOptions).where(eq(pollOptions.pollId, r.id)).orderBy(pollOptions.position).all() }
        : null,
  }),
};
