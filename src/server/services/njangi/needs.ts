import type { NeedSource } from '../needs/types';
import { iso, nameSql } from '../needs/sql';

/*
 * A savings circle's waiting work and who may act on it, as the services decide it (membership.ts,
 * contributions.ts, payouts.ts, swaps.ts): join requests, declared contributions, a round ready to
 * be paid out and swaps agreed by both members wait on the organiser; a payout on its beneficiary,
 * to confirm receipt; a swap request on the member whose hand it asks for.
 */

const link = (circleId: unknown) => `/njangi/${circleId}`;
const circleCols = `ci.id AS circleId, ci.name AS circle, ci.currency, ci.community_id, co.name AS community`;
const communityJoin = `LEFT JOIN communities co ON co.id = ci.community_id`;

export const circleJoinNeeds: NeedSource = {
  kind: 'circleJoin',
  group: 1,
  tab: 'savings',
  relation: `SELECT cm.id, ${circleCols}, cm.created_at AS key, ci.organiser_id AS actor, cm.user_id AS askerId, cm.hands, ${nameSql('u')} AS askerName
    FROM circle_members cm JOIN circles ci ON ci.id = cm.circle_id ${communityJoin}
    LEFT JOIN users u ON u.id = cm.user_id
    WHERE cm.status = 'pending' AND ci.status = 'recruiting'`,
  toItem: (r) => ({
    key: `circleJoin:${r.id}`,
    kind: 'circleJoin',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'savings',
    who: r.askerName as string,
    amount: null,
    subject: r.circle as string,
    details: { hands: r.hands as number },
    since: iso(r.key),
    due: null,
    link: link(r.circleId),
    action: { op: 'njangi.decideJoin', input: { id: r.circleId as number, userId: r.askerId as string, approve: true } },
  }),
};

export const contributionNeeds: NeedSource = {
  kind: 'contribution',
  group: 1,
  tab: 'savings',
  relation: `SELECT k.id, ${circleCols}, k.created_at AS key, ci.organiser_id AS actor, k.amount, k.late, r.number AS round,
      ${nameSql('u')} AS memberName
    FROM circle_contributions k JOIN circles ci ON ci.id = k.circle_id ${communityJoin}
    LEFT JOIN circle_rounds r ON r.id = k.round_id
    LEFT JOIN users u ON u.id = k.recorded_by
    WHERE k.status = 'pending' AND ci.status = 'active'`,
  toItem: (r) => ({
    key: `contribution:${r.id}`,
    kind: 'contribution',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'savings',
    who: r.memberName as string,
    amount: { amount: r.amount as number, currency: r.currency as string },
    subject: r.circle as string,
    details: { round: r.round as number },
    since: iso(r.key),
    due: null,
    link: link(r.circleId),
    action: { op: 'njangi.confirmContribution', input: { id: r.id } },
  }),
};

const confirmed = (what: string) => `(SELECT ${what} FROM circle_contributions c WHERE c.round_id = r.id AND c.status <> 'rejected' AND c.status = 'confirmed')`;

/** The next round to pay out, once every hand's contribution to it is confirmed: since the last confirmation. */
export const roundReadyNeeds: NeedSource = {
  kind: 'roundReady',
  group: 1,
  tab: 'savings',
  // Confirmed contributions of the round, through the index of its live contributions (status <> 'rejected').
  relation: `SELECT r.id, ${circleCols}, ${confirmed('max(c.decided_at)')} AS key, ci.organiser_id AS actor, r.number AS round, ${confirmed('sum(c.amount)')} AS amount
    FROM circle_rounds r JOIN circles ci ON ci.id = r.circle_id ${communityJoin}
    WHERE r.status = 'open' AND ci.status = 'active' AND ${confirmed('count(*)')} >= ci.hands
      AND r.number = (SELECT min(r2.number) FROM circle_rounds r2 WHERE r2.circle_id = r.circle_id AND r2.status = 'open')`,
  toItem: (r) => ({
    key: `roundReady:${r.id}`,
    kind: 'roundReady',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'savings',
    who: null,
    amount: { amount: r.amount as number, currency: r.currency as string },
    subject: r.circle as string,
    details: { round: r.round as number },
    since: iso(r.key),
    due: null,
    link: link(r.circleId),
    action: null,
  }),
};

export const payoutReceiptNeeds: NeedSource = {
  kind: 'payoutReceipt',
  group: 1,
  tab: 'savings',
  relation: `SELECT p.id, ${circleCols}, p.created_at AS key, p.beneficiary_id AS actor, p.amount, r.number AS round, ${nameSql('u')} AS recorderName
    FROM circle_payouts p JOIN circles ci ON ci.id = p.circle_id ${communityJoin}
    LEFT JOIN circle_rounds r ON r.id = p.round_id
    LEFT JOIN users u ON u.id = p.recorded_by
    WHERE p.status = 'recorded'`,
  toItem: (r) => ({
    key: `payoutReceipt:${r.id}`,
    kind: 'payoutReceipt',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'savings',
    who: r.recorderName as string | null,
    amount: { amount: r.amount as number, currency: r.currency as string },
    subject: r.circle as string,
    details: { round: r.round as number },
    since: iso(r.key),
    due: null,
    link: link(r.circleId),
    action: { op: 'njangi.confirmReceipt', input: { id: r.id } },
  }),
};

const swapRelation = (status: 'requested' | 'accepted', actor: string) => `SELECT s.id, ${circleCols}, ${status === 'requested' ? 's.created_at' : 's.decided_at'} AS key, ${actor} AS actor,
      fh.position AS fromPosition, th.position AS toPosition, ${nameSql('u')} AS askerName
    FROM circle_swaps s JOIN circles ci ON ci.id = s.circle_id ${communityJoin}
    JOIN circle_hands fh ON fh.id = s.from_hand_id
    JOIN circle_hands th ON th.id = s.to_hand_id
    LEFT JOIN users u ON u.id = s.requested_by
    WHERE s.status = '${status}' AND ci.status = 'active'`;

const swapItem =
  (kind: 'swapAccept' | 'swapApprove'): NeedSource['toItem'] =>
  (r) => ({
    key: `${kind}:${r.id}`,
    kind,
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'savings',
    who: r.askerName as string,
    amount: null,
    subject: r.circle as string,
    details: { from: r.fromPosition as number, to: r.toPosition as number },
    since: iso(r.key),
    due: null,
    link: link(r.circleId),
    action: { op: kind === 'swapAccept' ? 'njangi.acceptSwap' : 'njangi.approveSwap', input: { id: r.id } },
  });

export const swapAcceptNeeds: NeedSource = { kind: 'swapAccept', group: 1, tab: 'savings', relation: swapRelation('requested', 'th.user_id'), toItem: swapItem('swapAccept') };
export const swapApproveNeeds: NeedSource = { kind: 'swapApprove', group: 1, tab: 'savings', relation: swapRelation('accepted', 'ci.organiser_id'), toItem: swapItem('swapApprove') };

export const CIRCLE_NEEDS = [circleJoinNeeds, contributionNeeds, roundReadyNeeds, payoutReceiptNeeds, swapAcceptNeeds, swapApproveNeeds] as const;
