/*
 * "Needs you": the work waiting on a person, as the server lists it (services/needs/) and the
 * screens and the digest email write it (`needs.items.<kind>` in each language's catalogue).
 */

export const NEED_KINDS = [
  'payment',
  'expenseApproval',
  'expensePayment',
  'joinRequest',
  'circleJoin',
  'contribution',
  'officerContribution',
  'roundReady',
  'officerPayout',
  'topUpPay',
  'officerTopUp',
  'payoutReceipt',
  'topUpConfirm',
  'swapAccept',
  'swapApprove',
  'nomination',
  'pollVote',
  'eventAnswer',
  'chatReport',
  'invitation',
  'caseToVerify',
  'caseToApprove',
  'levyToIssue',
  'benefitToPay',
  'benefitToConfirm',
  'caseToClose',
  'levyToPay',
  'ledgerImport',
  'circleImport',
  'savingsEntry',
  'savingsGuarantee',
  'savingsLoanApproval',
  'savingsLoanDisbursement',
  'savingsLoanReceipt',
  'savingsRepayment',
  'savingsWriteOff',
  'savingsShareOut',
  'savingsReversal',
  'savingsGrantReceipt',
  'meetingToHost',
  'fineToPay',
] as const;
export type NeedKind = (typeof NEED_KINDS)[number];

/** Polls closing within this long that the member may still vote in are waiting on them. */
export const POLL_SOON_MS = 48 * 3_600_000;
/** Events starting within this long that the member has not answered are waiting on them. */
export const EVENT_SOON_MS = 7 * 24 * 3_600_000;

/**
 * The one action a single tap completes, through the app's existing operation (`op`, called with
 * `input`), never a new way to move money. `accounts`: where a payment is confirmed or an expense
 * paid from (the tap uses `accountId`, the choice offered when there are several).
 */
export type NeedAction =
  | { op: 'finances.confirmPayment'; input: { id: number }; accounts: { id: number; name: string }[]; accountId: number | null }
  | { op: 'finances.payExpense'; input: { id: number }; accounts: { id: number; name: string }[]; accountId: number | null }
  | { op: 'finances.approveExpense'; input: { id: number } }
  | { op: 'communities.decideRequest'; input: { communityId: number; requestId: number; approve: true } }
  | { op: 'njangi.decideJoin'; input: { id: number; userId: string; approve: true } }
  | { op: 'njangi.confirmContribution'; input: { id: number } }
  | { op: 'njangi.officerConfirmContribution'; input: { id: number } }
  | { op: 'njangi.confirmTopUp'; input: { id: number } }
  | { op: 'njangi.confirmReceipt'; input: { id: number } }
  | { op: 'njangi.acceptSwap'; input: { id: number } }
  | { op: 'njangi.approveSwap'; input: { id: number } }
  | { op: 'polls.answerNomination'; input: { id: number; accept: true } }
  | { op: 'polls.vote'; input: { id: number }; choices: { id: number; label: string }[] }
  | { op: 'events.rsvp'; input: { id: number; status: 'going' } }
  | { op: 'invitations.acceptById'; input: { id: number } }
  | { op: 'welfare.confirmBenefit'; input: { id: number } };

export type NeedItem = {
  /** '<kind>:<id>': the same key names the notices about it, which read as handled once it is done. */
  key: string;
  kind: NeedKind;
  id: number;
  communityId: number | null;
  community: string | null;
  /** The community tab that holds it. */
  tab: string | null;
  /** Who did what made it wait (declared, asked, nominated, reported), by name. */
  who: string | null;
  amount: { amount: number; currency: string } | null;
  /** What it is about: a description, a circle, a poll or an event. */
  subject: string | null;
  /** More values of its sentence (a round number, a purpose, a number of hands). */
  details: Record<string, string | number>;
  /** Since when it waits (ISO 8601). */
  since: string;
  /** Its deadline, when it has one (a poll's closing, an event's or a meeting's start). */
  due: string | null;
  /** The exact item in the app. */
  link: string;
  action: NeedAction | null;
};

/** The work of one community, by the tab that holds it. */
export type NeedCounts = { count: number; communities: { communityId: number; count: number; tabs: Record<string, number> }[] };
