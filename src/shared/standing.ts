import type { MessageKey } from './i18n/catalogue';

/*
 * Membership standing: computed from the records, never typed by hand, by this one rule, which
 * the server (domains/standing/) and the screens both read.
 *
 * - suspended: a leaders' decision in force (a reason and an end date), or arrears older than the
 *   community's limit (suspend_after_days);
 * - in_arrears: something owed (dues, a welfare levy or contribution) still unpaid, wholly or
 *   partly, after its due date and grace days; how much, and since when it has been overdue;
 * - new: inside the community's waiting period after joining (nothing overdue);
 * - good: everything else. A community without dues plans, levies or a waiting period has every
 *   member in good standing.
 *
 * Rights declare the standings they accept (RIGHTS); a right refused comes with its reason and the
 * way back (rightRefusal), the same words on the server's refusal and on the screen.
 */

export const STANDINGS = ['new', 'good', 'in_arrears', 'suspended'] as const;
export type Standing = (typeof STANDINGS)[number];

/** What each right needs, in one place. */
export const RIGHTS = {
  /** Voting in polls and elections that ask for members in good standing. */
  vote: ['good'],
  /** Being a candidate in an election that asks for members in good standing. */
  standForOffice: ['good'],
  /** Asking to join a savings circle: new members may, members behind on what they owe may not. */
  joinCircle: ['good', 'new'],
  /** A welfare case for oneself or one's dependants: the covered member must be in good standing. */
  receiveWelfare: ['good'],
  /** Borrowing from a savings-and-loans group (when those exist). */
  borrow: ['good'],
} as const satisfies Record<string, readonly Standing[]>;
export type Right = keyof typeof RIGHTS;
export const RIGHT_NAMES = Object.keys(RIGHTS) as Right[];

export const DAY_MS = 86_400_000;

/** A community's standing rules (no row: the defaults). */
export type StandingRules = { waitingDays: number; suspendAfterDays: number | null };
export const DEFAULT_STANDING_RULES: StandingRules = { waitingDays: 0, suspendAfterDays: null };

/** What the records say of one member at one instant. */
export type StandingFacts = {
  joinedAt: number;
  /** Outstanding on obligations past their due date and grace days (minor units), and the earliest instant one of them became overdue. */
  arrears: number;
  arrearsSince: number | null;
  /** A leaders' suspension in force. */
  suspension: { until: number; reason: string } | null;
};

export type StandingResult = {
  standing: Standing;
  arrears: number;
  arrearsSince: number | null;
  /** 'new': when the waiting period ends. */
  newUntil: number | null;
  /** 'suspended': by a decision (until when, why) or by arrears older than the limit. */
  suspended: { by: 'decision'; until: number; reason: string } | { by: 'arrears' } | null;
};

/** The rule itself. */
export function standingOf(f: StandingFacts, rules: StandingRules, now: number): StandingResult {
  const arrears = Math.max(0, f.arrears);
  const since = arrears > 0 ? f.arrearsSince : null;
  const base = { arrears, arrearsSince: since, newUntil: null, suspended: null };
  if (f.suspension && f.suspension.until > now) return { ...base, standing: 'suspended', suspended: { by: 'decision', until: f.suspension.until, reason: f.suspension.reason } };
  if (arrears > 0 && since !== null && rules.suspendAfterDays !== null && now - since > rules.suspendAfterDays * DAY_MS) {
    return { ...base, standing: 'suspended', suspended: { by: 'arrears' } };
  }
  if (arrears > 0) return { ...base, standing: 'in_arrears' };
  // Without a waiting period nobody is new (whatever the clock says of their joining).
  const newUntil = f.joinedAt + rules.waitingDays * DAY_MS;
  if (rules.waitingDays > 0 && now < newUntil) return { ...base, standing: 'new', newUntil };
  return { ...base, standing: 'good' };
}

/** Why a right is refused, and what brings it back. */
export type Refusal =
  /** Pay `amount` of arrears. */
  | { reason: 'inArrears'; amount: number }
  /** Suspended for arrears: paying `amount` lifts it. */
  | { reason: 'suspendedForArrears'; amount: number }
  /** Suspended by the leaders until `until`, for `note`. */
  | { reason: 'suspended'; until: number; note: string }
  /** New: the waiting period ends at `until`. */
  | { reason: 'waiting'; until: number };

/** null when the standing allows the right; otherwise why not. */
export function rightRefusal(s: StandingResult, right: Right): Refusal | null {
  if ((RIGHTS[right] as readonly Standing[]).includes(s.standing)) return null;
  if (s.standing === 'suspended') {
    return s.suspended?.by === 'decision' ? { reason: 'suspended', until: s.suspended.until, note: s.suspended.reason } : { reason: 'suspendedForArrears', amount: s.arrears };
  }
  if (s.standing === 'in_arrears') return { reason: 'inArrears', amount: s.arrears };
  // 'new' is the only standing left that a right can refuse.
  return { reason: 'waiting', until: s.newUntil ?? 0 };
}

/** The catalogue key of a refusal's words ({{action}} is the right's, translated; {{amount}}, {{until}}, {{note}} as formatted by the reader). */
export const REFUSAL_KEY = {
  inArrears: 'standing.refusals.inArrears',
  suspendedForArrears: 'standing.refusals.suspendedForArrears',
  suspended: 'standing.refusals.suspended',
  waiting: 'standing.refusals.waiting',
} as const satisfies Record<Refusal['reason'], MessageKey>;

/** The catalogue key of a right's verb phrase ("vote", "join a savings circle"). */
export const rightActionKey = (right: Right): MessageKey => `standing.actions.${right}` as MessageKey;

/** A refusal's message values, formatted by the reader's own helpers (server: the caller's language; screen: the interface's). */
export function refusalParams(r: Refusal, right: Right, f: { t: (key: MessageKey) => string; money: (amount: number) => string; date: (ms: number) => string }): Record<string, string> {
  const action = f.t(rightActionKey(right));
  switch (r.reason) {
    case 'inArrears':
    case 'suspendedForArrears':
      return { action, amount: f.money(r.amount) };
    case 'suspended':
      return { action, until: f.date(r.until), note: r.note };
    case 'waiting':
      return { action, until: f.date(r.until) };
  }
}
