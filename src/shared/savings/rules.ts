import { INTEREST_METHODS, MAX_PERIODS, MAX_RATE_BPS } from './loans';

/*
 * A savings-and-loans group's vocabulary and limits, shared by the schema, the inputs, the
 * services and (later) the screens. The arithmetic is in loans.ts and share-out.ts; the rules in
 * words in docs/product-rules.md, "Savings and loans groups".
 */

export { INTEREST_METHODS, MAX_PERIODS, MAX_RATE_BPS };

export const GROUP_STATUSES = ['active', 'closed'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** A group's own officers; leaders of the community may hold them, but nothing makes them officers by their community role. */
export const GROUP_ROLES = ['chair', 'treasurer', 'secretary', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
export const OFFICER_ROLES = ['chair', 'treasurer', 'secretary'] as const satisfies readonly GroupRole[];
export const isOfficer = (role: string | null | undefined) => (OFFICER_ROLES as readonly string[]).includes(role ?? '');

/** pending: asked to join, an officer decides; left: kept, for the money records that name them. */
export const MEMBER_STATUSES = ['pending', 'active', 'rejected', 'left'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const CYCLE_STATUSES = ['open', 'closed'] as const;
export const MEETING_FREQUENCIES = ['weekly', 'fortnightly', 'monthly'] as const;
export type MeetingFrequency = (typeof MEETING_FREQUENCIES)[number];
export const SHARE_OUT_METHODS = ['proportional'] as const;
/** A proposal to close a cycle with its share-out: pending → confirmed | rejected | withdrawn (by its proposer). */
export const SHARE_OUT_STATUSES = ['pending', 'confirmed', 'rejected', 'withdrawn'] as const;

/**
 * Every kind of money of the group, in one append-only table. Which fund each belongs to and its
 * direction decide where the conservation check counts it (conservation.ts):
 *   loan fund in:  shares, fine, repayment interest, penalty; back: repayment principal
 *   loan fund out: loan disbursed, share-out
 *   social fund in: social fund; out: grant
 */
export const ENTRY_KINDS = ['shares', 'social_fund', 'fine', 'loan_disbursed', 'repayment_interest', 'repayment_principal', 'penalty', 'grant', 'share_out'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
/** What a member pays at a meeting, recorded by an officer or declared by the member. */
export const MEETING_KINDS = ['shares', 'social_fund', 'fine'] as const satisfies readonly EntryKind[];
export type MeetingKind = (typeof MEETING_KINDS)[number];
/** What a second officer confirms, rejects or reverses as an entry: meeting money and social fund grants (a loan's money moves with the loan). */
export const FOUR_EYES_KINDS = ['shares', 'social_fund', 'fine', 'grant'] as const satisfies readonly EntryKind[];

export const FINE_REASONS = ['late', 'absent', 'missed_shares'] as const;
export type FineReason = (typeof FINE_REASONS)[number];

export const ENTRY_METHODS = ['cash', 'mobile_money', 'other'] as const;
export type EntryMethod = (typeof ENTRY_METHODS)[number];

/** pending → confirmed | rejected (one conditional UPDATE each); confirmed → reversed when a reversing entry is written. */
export const ENTRY_STATUSES = ['pending', 'confirmed', 'rejected', 'reversed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** At most this many shares a meeting, whatever a group's rules say (a VSLA's usual ceiling is five). */
export const MAX_SHARES_PER_MEETING = 100;
export const MAX_CYCLE_MONTHS = 24;
export const MAX_GRACE_DAYS = 90;

/**
 * A loan: requested (guarantors answer) → approved by two officers other than the borrower →
 * disbursing (an officer recorded the money handed over) → active (the borrower confirmed receiving
 * it) → repaid. Refused at any point before disbursing: rejected. An active loan the group gives up
 * on: written off, by two officers' decision.
 */
export const LOAN_STATUSES = ['requested', 'approved', 'disbursing', 'active', 'repaid', 'rejected', 'written_off'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
/** A loan a member still has to deal with: one at a time. */
export const LIVE_LOAN_STATUSES = ['requested', 'approved', 'disbursing', 'active'] as const satisfies readonly LoanStatus[];
/** Why a loan was refused when no officer wrote a reason: a code, shown as the text `errors.savings.<code>` in the reader's language. */
export const LOAN_REASON_CODES = ['guarantorDeclined'] as const;
export type LoanReasonCode = (typeof LOAN_REASON_CODES)[number];
export const GUARANTOR_STATUSES = ['pending', 'accepted', 'declined'] as const;
export const REPAYMENT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export const MAX_GUARANTORS = 5;
