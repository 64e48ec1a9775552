import type { NeedKind } from '@shared/needs';
import type { NeedRow, NeedSource } from '../needs/types';
import { iso, nameSql, rolesWith } from '../needs/sql';

/*
 * A savings circle's waiting work and who may act on it, as the services decide it (membership.ts,
 * contributions.ts, payouts.ts, topups.ts, swaps.ts): join requests, members' declared
 * contributions, a round ready to be paid out, top-ups to pay on and swaps agreed by both members
 * wait on the organiser; a payout or a top-up on its beneficiary, to confirm receipt; a swap
 * request on the member whose hand it asks for. The organiser's own money (their contributions,
 * a pot or a top-up paid to them) waits on the community's finance officers other than the
 * organiser (four eyes: njangi-officers.ts).
 */

const link = (circleId: unknown) => `/njangi/${circleId}`;
/** What every circle item says the same way: its key, circle, community, tab, since when and link. */
const circleItem = <K extends NeedKind>(kind: K, r: NeedRow) => ({
  key: `${kind}:${r.id}`,
  kind,
  id: r.id,
  communityId: r.community_id,
  community: r.community,
  tab: 'savings',
  subject: r.circle as string,
  since: iso(r.key),
  due: null,
  link: link(r.circleId),
});
const money = (r: NeedRow) => ({ amount: r.amount as number, currency: r.currency as string });

/** The community's finance officers other than the circle's organiser (who decide the organiser's own money). */
const officers = `JOIN memberships m ON m.community_id = ci.community_id AND m.role IN (${rolesWith('finances.record')}) AND m.user_id <> ci.organiser_id`;
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
    ...circleItem('circleJoin', r),
    who: r.askerName as string,
    amount: null,
    details: { hands: r.hands as number },
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
    WHERE k.status = 'pending' AND ci.status = 'active' AND k.user_id <> ci.organiser_id`,
  toItem: (r) => ({
    ...circleItem('contribution', r),
    who: r.memberName as string,
    amount: money(r),
    details: { round: r.round as number },
    action: { op: 'njangi.confirmContribution', input: { id: r.id } },
  }),
};

const confirmed = (what: string) => `(SELECT ${what} FROM circle_contributions c WHERE c.round_id = r.id AND c.status <> 'rejected' AND c.status = 'confirmed')`;

/** The next round to pay out, once every hand's contribution to it is confirmed (since the last confirmation), and who records it. */
const readyRelation = (actor: string, joins: string, toOrganiser: boolean) => `SELECT r.id, ${circleCols}, ${confirmed('max(c.decided_at)')} AS key, ${actor} AS actor, r.number AS round,
      ${confirmed('sum(c.amount)')} AS amount, ${nameSql('ou')} AS organiserName
    FROM circle_rounds r JOIN circles ci ON ci.id = r.circle_id ${communityJoin} ${joins}
    LEFT JOIN users ou ON ou.id = ci.organiser_id
    WHERE r.status = 'open' AND ci.status = 'active' AND ${confirmed('count(*)')} >= ci.hands
      AND r.number = (SELECT min(r2.number) FROM circle_rounds r2 WHERE r2.circle_id = r.circle_id AND r2.status = 'open')
      AND ${toOrganiser ? '' : 'NOT '}EXISTS (SELECT 1 FROM circle_hands bh WHERE bh.id = r.beneficiary_hand_id AND bh.user_id = ci.organiser_id)`;

const readyItem =
  (kind: 'roundReady' | 'officerPayout'): NeedSource['toItem'] =>
  (r) => ({
    ...circleItem(kind, r),
    who: kind === 'officerPayout' ? (r.organiserName as string) : null,
    amount: money(r),
    details: { round: r.round as number },
    action: null,
  });

// Confirmed contributions of the round, through the index of its live contributions (status <> 'rejected').
export const roundReadyNeeds: NeedSource = { kind: 'roundReady', group: 1, tab: 'savings', relation: readyRelation('ci.organiser_id', '', false), toItem: readyItem('roundReady') };
/** A pot for the organiser's own hand: a finance officer records it. */
export const officerPayoutNeeds: NeedSource = { kind: 'officerPayout', group: 1, tab: 'savings', capability: 'finances.record', relation: readyRelation('m.user_id', officers, true), toItem: readyItem('officerPayout') };

/** The organiser's own contribution (declared, or recorded as cash) waits on a finance officer. */
export const officerContributionNeeds: NeedSource = {
  kind: 'officerContribution',
  group: 1,
  tab: 'savings',
  capability: 'finances.record',
  relation: `SELECT k.id, ${circleCols}, k.created_at AS key, m.user_id AS actor, k.amount, r.number AS round, ${nameSql('u')} AS memberName
    FROM circle_contributions k JOIN circles ci ON ci.id = k.circle_id ${communityJoin} ${officers}
    LEFT JOIN circle_rounds r ON r.id = k.round_id
    LEFT JOIN users u ON u.id = k.user_id
    WHERE k.status = 'pending' AND ci.status = 'active' AND k.user_id = ci.organiser_id AND m.user_id IS NOT k.recorded_by`,
  toItem: (r) => ({
    ...circleItem('officerContribution', r),
    who: r.memberName as string,
    amount: money(r),
    details: { round: r.round as number },
    action: { op: 'njangi.officerConfirmContribution', input: { id: r.id } },
  }),
};

/** A top-up owed on to a round's beneficiary: the organiser pays it, or for the organiser's own hand a finance officer. */
const owedTopUpRelation = (actor: string, joins: string, toOrganiser: boolean) => `SELECT t.id, ${circleCols}, t.created_at AS key, ${actor} AS actor, t.amount, r.number AS round, ${nameSql('b')} AS beneficiaryName
    FROM circle_top_ups t JOIN circles ci ON ci.id = t.circle_id ${communityJoin} ${joins}
    LEFT JOIN circle_rounds r ON r.id = t.round_id
    LEFT JOIN users b ON b.id = t.beneficiary_id
    WHERE t.status = 'owed' AND t.beneficiary_id ${toOrganiser ? '=' : '<>'} ci.organiser_id`;

const topUpItem =
  (kind: 'topUpPay' | 'officerTopUp' | 'topUpConfirm'): NeedSource['toItem'] =>
  (r) => ({
    ...circleItem(kind, r),
    who: (kind === 'topUpConfirm' ? r.recorderName : r.beneficiaryName) as string | null,
    amount: money(r),
    details: { round: r.round as number },
    action: kind === 'topUpConfirm' ? { op: 'njangi.confirmTopUp', input: { id: r.id } } : null,
  });

export const topUpPayNeeds: NeedSource = { kind: 'topUpPay', group: 1, tab: 'savings', relation: owedTopUpRelation('ci.organiser_id', '', false), toItem: topUpItem('topUpPay') };
export const officerTopUpNeeds: NeedSource = { kind: 'officerTopUp', group: 1, tab: 'savings', capability: 'finances.record', relation: owedTopUpRelation('m.user_id', officers, true), toItem: topUpItem('officerTopUp') };
/** A top-up recorded as paid waits on its beneficiary, to confirm it arrived. */
export const topUpConfirmNeeds: NeedSource = {
  kind: 'topUpConfirm',
  group: 1,
  tab: 'savings',
  relation: `SELECT t.id, ${circleCols}, t.recorded_at AS key, t.beneficiary_id AS actor, t.amount, r.number AS round, ${nameSql('u')} AS recorderName
    FROM circle_top_ups t JOIN circles ci ON ci.id = t.circle_id ${communityJoin}
    LEFT JOIN circle_rounds r ON r.id = t.round_id
    LEFT JOIN users u ON u.id = t.recorded_by
    WHERE t.status = 'recorded'`,
  toItem: topUpItem('topUpConfirm'),
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
    ...circleItem('payoutReceipt', r),
    who: r.recorderName as string | null,
    amount: money(r),
    details: { round: r.round as number },
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
    ...circleItem(kind, r),
    who: r.askerName as string,
    amount: null,
    details: { from: r.fromPosition as number, to: r.toPosition as number },
    action: { op: kind === 'swapAccept' ? 'njangi.acceptSwap' : 'njangi.approveSwap', input: { id: r.id } },
  });

export const swapAcceptNeeds: NeedSource = { kind: 'swapAccept', group: 1, tab: 'savings', relation: swapRelation('requested', 'th.user_id'), toItem: swapItem('swapAccept') };
export const swapApproveNeeds: NeedSource = { kind: 'swapApprove', group: 1, tab: 'savings', relation: swapRelation('accepted', 'ci.organiser_id'), toItem: swapItem('swapApprove') };

export const CIRCLE_NEEDS = [
  circleJoinNeeds,
  contributionNeeds,
  officerContributionNeeds,
  roundReadyNeeds,
  officerPayoutNeeds,
  topUpPayNeeds,
  officerTopUpNeeds,
  payoutReceiptNeeds,
  topUpConfirmNeeds,
  swapAcceptNeeds,
  swapApproveNeeds,
] as const;
