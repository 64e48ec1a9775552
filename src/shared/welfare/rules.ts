/*
 * The welfare fund's words, shared by the database schema, the input schemas, the server and the
 * screens: what a fund is for, who it covers, how it is financed, and how a case moves.
 */

/** What a fund pays for. */
export const FUND_KINDS = ['bereavement', 'medical', 'repatriation', 'other'] as const;
export type FundKind = (typeof FUND_KINDS)[number];

/**
 * How a fund is financed: a levy per case on every member in good standing ('levy'), a fixed
 * monthly contribution from every member ('monthly'), or the general fund's balance ('general').
 */
export const FINANCING = ['levy', 'monthly', 'general'] as const;
export type Financing = (typeof FINANCING)[number];

/** Who a case may be for: the member, or a dependant they registered. */
export const RELATIONSHIPS = ['member', 'spouse', 'child', 'parent', 'parentInLaw', 'sibling'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];
export const DEPENDANT_RELATIONSHIPS = ['spouse', 'child', 'parent', 'parentInLaw', 'sibling'] as const;
export type DependantRelationship = (typeof DEPENDANT_RELATIONSHIPS)[number];

/**
 * A case's states. open → verified → approved (two different officers, neither of them the
 * requester, the covered member nor the beneficiary) → collecting (the levy issued, for a fund
 * financed by levies) → paid (the benefit sent, with proof) → confirmed (by the beneficiary) →
 * closed (with its report). Rejected before any money moves.
 */
export const CASE_STATUSES = ['open', 'verified', 'approved', 'collecting', 'paid', 'confirmed', 'closed', 'rejected'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export type CaseAction = 'verify' | 'approve' | 'issueLevy' | 'payBenefit' | 'confirmBenefit' | 'close' | 'reject';

/**
 * Who may move a case, from which states, to which: the one table, tested cell by cell. Each move
 * is one conditional UPDATE on the state it expects, so of two concurrent moves one gets 409.
 * - 'officer': a welfare officer of the community (welfare.manage) who is none of the case's
 *   parties (requester, covered member, beneficiary), and for 'approve' not its verifier either;
 * - 'beneficiary': only the person the benefit was paid to.
 */
export const CASE_TRANSITIONS: Record<CaseAction, { from: readonly CaseStatus[]; to: CaseStatus; by: 'officer' | 'beneficiary'; financing?: readonly Financing[] }> = {
  verify: { from: ['open'], to: 'verified', by: 'officer' },
  approve: { from: ['verified'], to: 'approved', by: 'officer' },
  issueLevy: { from: ['approved'], to: 'collecting', by: 'officer', financing: ['levy'] },
  // A fund financed by levies pays once its levy is issued; the others as soon as the case is approved.
  payBenefit: { from: ['approved', 'collecting'], to: 'paid', by: 'officer' },
  confirmBenefit: { from: ['paid'], to: 'confirmed', by: 'beneficiary' },
  close: { from: ['confirmed'], to: 'closed', by: 'officer' },
  reject: { from: ['open', 'verified', 'approved'], to: 'rejected', by: 'officer' },
};

/** The states where a case's parties and officers see it, but other members do not yet. */
export const PRIVATE_CASE_STATUSES: readonly CaseStatus[] = ['open', 'verified', 'rejected'];

/** Limits of a fund's rules. */
export const MAX_DEPENDANTS_PER_RELATIONSHIP = 20;
export const MAX_WAITING_DAYS = 3650;
export const MAX_LEVY_DUE_DAYS = 365;
export const MAX_CASE_DOCUMENTS = 10;
