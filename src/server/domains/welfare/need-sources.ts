import type { NeedKind } from '@shared/needs';
import type { NeedRow, NeedSource } from '../../services/needs/types';
import { iso, nameSql, rolesWith } from '../../services/needs/sql';
import { caseLink } from './words';

/*
 * The welfare fund's waiting work in the shared "Needs you" list, with the rules of the operations
 * (CASE_TRANSITIONS and assertMove in cases.ts, said once more as SQL; needs.ts says them in
 * TypeScript for welfare.needs): a case to verify, approve, levy, pay or close falls to the
 * community's welfare officers (welfare.manage) who are none of its parties (whoever opened it, the
 * covered member, the beneficiary), and an approval never to its verifier; a paid benefit waits on
 * its beneficiary alone, while still a member (the operation's guard); a levy or a monthly
 * contribution on the member who owes it, while something is left to declare (what is neither paid
 * nor declared and waiting for an officer: the payment then waits on the officers instead).
 *
 * Deciding a case means reading its papers, and issuing a levy, paying or closing asks for more
 * than the case's id (or charges every member): those items link to the case. Only the
 * beneficiary's confirmation of receipt is one tap.
 */

type CaseKind = Extract<NeedKind, 'caseToVerify' | 'caseToApprove' | 'levyToIssue' | 'benefitToPay' | 'benefitToConfirm' | 'caseToClose'>;

/** None of the case's parties (assertMove: an officer who is a party decides nothing on it). */
const noParty = `m.user_id NOT IN (wc.opened_by, wc.member_id, wc.beneficiary_id)`;
const officers = `JOIN memberships m ON m.community_id = wc.community_id AND m.role IN (${rolesWith('welfare.manage')})`;

/** Each officer kind: the case's state (and fund's financing), who more is excluded, who did what made it wait, since when. */
const OFFICER_KINDS: Record<Exclude<CaseKind, 'benefitToConfirm'>, { where: string; who: string; since: string }> = {
  caseToVerify: { where: `wc.status = 'open'`, who: 'wc.opened_by', since: 'wc.created_at' },
  caseToApprove: { where: `wc.status = 'verified' AND m.user_id IS NOT wc.verified_by`, who: 'wc.verified_by', since: 'wc.updated_at' },
  levyToIssue: { where: `wc.status = 'approved' AND f.financing = 'levy'`, who: 'wc.approved_by', since: 'wc.updated_at' },
  // A fund on levies pays once its levy is issued; the others as soon as the case is approved.
  benefitToPay: { where: `(wc.status = 'collecting' OR (wc.status = 'approved' AND f.financing <> 'levy'))`, who: 'wc.beneficiary_id', since: 'coalesce(wc.levy_issued_at, wc.updated_at)' },
  caseToClose: { where: `wc.status = 'confirmed'`, who: 'wc.beneficiary_id', since: 'coalesce(wc.benefit_confirmed_at, wc.updated_at)' },
};

const caseColumns = (since: string) => `wc.id, wc.community_id, c.name AS community, ${since} AS key, m.user_id AS actor,
  wc.benefit_amount AS amount, fs.currency, wc.subject_name AS subjectName, f.name AS fund, ${nameSql('wu')} AS whoName`;
const caseJoins = (who: string) => `JOIN welfare_funds f ON f.id = wc.fund_id
  LEFT JOIN communities c ON c.id = wc.community_id
  LEFT JOIN finance_settings fs ON fs.community_id = wc.community_id
  LEFT JOIN users wu ON wu.id = ${who}`;

const caseItem =
  (kind: CaseKind): NeedSource['toItem'] =>
  (r) => ({
    key: `${kind}:${r.id}`,
    kind,
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'welfare',
    who: (r.whoName as string | null) ?? null,
    amount: { amount: r.amount as number, currency: r.currency as string },
    subject: r.subjectName as string,
    details: { fund: r.fund as string },
    since: iso(r.key),
    due: null,
    link: caseLink(r.id),
    action: kind === 'benefitToConfirm' ? { op: 'welfare.confirmBenefit', input: { id: r.id } } : null,
  });

function officerSource(kind: keyof typeof OFFICER_KINDS): NeedSource {
  const k = OFFICER_KINDS[kind];
  return {
    kind,
    group: 1,
    tab: 'welfare',
    capability: 'welfare.manage',
    relation: `SELECT ${caseColumns(k.since)}
      FROM welfare_cases wc
      ${officers}
      ${caseJoins(k.who)}
      WHERE ${k.where} AND ${noParty}`,
    // Per community the viewer is a welfare officer of: its cases, without the names the list reads.
    count: `SELECT m.community_id AS communityId, (SELECT count(*) FROM welfare_cases wc JOIN welfare_funds f ON f.id = wc.fund_id
        WHERE wc.community_id = m.community_id AND ${k.where} AND ${noParty}) AS n
      FROM memberships m WHERE m.user_id = @viewer AND m.role IN (${rolesWith('welfare.manage')})`,
    toItem: caseItem(kind),
  };
}

export const caseToVerifyNeeds = officerSource('caseToVerify');
export const caseToApproveNeeds = officerSource('caseToApprove');
export const levyToIssueNeeds = officerSource('levyToIssue');
export const benefitToPayNeeds = officerSource('benefitToPay');
export const caseToCloseNeeds = officerSource('caseToClose');

/** A benefit paid: its beneficiary alone confirms receiving it, while a member (welfare.view, the operation's guard). */
export const benefitToConfirmNeeds: NeedSource = {
  kind: 'benefitToConfirm',
  group: 1,
  tab: 'welfare',
  relation: `SELECT ${caseColumns('coalesce(wc.benefit_paid_at, wc.updated_at)')}
    FROM memberships m
    JOIN welfare_cases wc ON wc.community_id = m.community_id AND wc.beneficiary_id = m.user_id
    ${caseJoins('wc.benefit_paid_by')}
    WHERE m.role IN (${rolesWith('welfare.view')}) AND wc.status = 'paid'`,
  toItem: caseItem('benefitToConfirm'),
};

/** Of a levy, what is neither paid nor declared and waiting for an officer (welfare.payLevy's room). */
const levyLeft = `l.amount - l.paid - coalesce((SELECT sum(p.amount) FROM payments p WHERE p.levy_id = l.id AND p.status = 'pending'), 0)`;

/** The member's own levy or monthly contribution, while something is left to declare: due first. */
export const levyToPayNeeds: NeedSource = {
  kind: 'levyToPay',
  group: 0,
  tab: 'welfare',
  relation: `SELECT l.id, l.community_id, c.name AS community, l.due_at AS key, m.user_id AS actor,
      ${levyLeft} AS amount, l.created_at AS createdAt, l.case_id AS caseId, l.period_key AS periodKey, fs.currency, f.name AS fund, c.time_zone AS timeZone
    FROM memberships m
    JOIN welfare_levies l ON l.community_id = m.community_id AND l.member_id = m.user_id AND l.paid < l.amount
    JOIN welfare_funds f ON f.id = l.fund_id
    LEFT JOIN communities c ON c.id = l.community_id
    LEFT JOIN finance_settings fs ON fs.community_id = l.community_id
    WHERE m.role IN (${rolesWith('welfare.view')}) AND ${levyLeft} > 0`,
  toItem: (r: NeedRow) => ({
    key: `levyToPay:${r.id}`,
    kind: 'levyToPay',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'welfare',
    who: null,
    amount: { amount: r.amount as number, currency: r.currency as string },
    // Members never read whom a levy is for (a case's subject is the officers' and the parties'): the fund alone.
    subject: r.fund as string,
    // The due date is written in the community's zone (as an event's start is).
    details: { fund: r.fund as string, contribution: r.caseId === null ? 1 : 0, ...(r.timeZone ? { timeZone: r.timeZone as string } : {}) },
    since: iso(r.createdAt as number),
    due: iso(r.key),
    link: r.caseId !== null ? caseLink(r.caseId as number) : `/community/${r.community_id}?tab=welfare`,
    action: null,
  }),
};

export const WELFARE_NEEDS = [caseToVerifyNeeds, caseToApproveNeeds, levyToIssueNeeds, benefitToPayNeeds, benefitToConfirmNeeds, caseToCloseNeeds, levyToPayNeeds] as const;
