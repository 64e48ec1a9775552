/*
 * The rules of polls and elections, shared by the database schema, the input schemas, the server
 * and (later) the screens.
 */

/**
 * 'single': one option; 'multiple': one to `maxChoices` options; 'yes_no': yes, no or abstain;
 * 'ranked': options in order of preference (counted by instant runoff, irv.ts); 'election':
 * one to `seats` of the candidates who accepted their nomination, the top `seats` win.
 */
export const POLL_KINDS = ['single', 'multiple', 'yes_no', 'ranked', 'election'] as const;
export type PollKind = (typeof POLL_KINDS)[number];

/** An election starts 'nominating' (voting opens by hand); every other kind starts 'open'. */
export const POLL_STATUSES = ['nominating', 'open', 'closed', 'cancelled'] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];

/** 'live': members see the results while voting is open; 'after_close': only once it has closed. */
export const RESULTS_VISIBILITIES = ['live', 'after_close'] as const;
export type ResultsVisibility = (typeof RESULTS_VISIBILITIES)[number];

/**
 * Who may vote: every member, members who joined before a date, or members in good standing when
 * they vote (src/shared/standing.ts RIGHTS.vote; in an election its candidates too, RIGHTS.standForOffice).
 * 'good_standing' replaced 'dues_paid' ("paid up on dues"); migration 0025 moved the polls that had it.
 */
export const POLL_ELIGIBILITIES = ['all', 'joined_before', 'good_standing'] as const;
export type PollEligibility = (typeof POLL_ELIGIBILITIES)[number];

export const NOMINATION_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type NominationStatus = (typeof NOMINATION_STATUSES)[number];

/** The fixed options of a yes / no / abstain poll, in this order (the screens translate them). */
export const YES_NO_OPTIONS = ['yes', 'no', 'abstain'] as const;

export const POLL_TITLE_MAX = 200;
export const POLL_DESCRIPTION_MAX = 5_000;
export const OPTION_LABEL_MAX = 200;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 20;
export const MAX_SEATS = 20;
/** Voting lasts at most this long (a year): closing times are required and bounded. */
export const MAX_POLL_DURATION_MS = 366 * 86_400_000;

/** The most options a ballot of this poll may choose (a ranking may list every option). */
export function maxChoicesOf(p: { kind: PollKind; maxChoices: number | null; seats: number | null }, optionCount: number): number {
  switch (p.kind) {
    case 'single':
    case 'yes_no':
      return 1;
    case 'multiple':
      return Math.min(p.maxChoices ?? optionCount, optionCount);
    case 'election':
      return Math.min(p.seats ?? 1, optionCount);
    case 'ranked':
      return optionCount;
  }
}

/** Why a ballot is refused, as a catalogue key (null: it is valid). Choices are option ids, in preference order for ranked polls. */
export function ballotProblem(p: { kind: PollKind; maxChoices: number | null; seats: number | null }, optionIds: readonly number[], choices: readonly number[]): string | null {
  if (choices.length === 0) return 'validation.polls.choices';
  if (new Set(choices).size !== choices.length) return 'validation.polls.duplicateChoice';
  const known = new Set(optionIds);
  if (choices.some((c) => !known.has(c))) return 'validation.polls.unknownOption';
  if (choices.length > maxChoicesOf(p, optionIds.length)) return 'validation.polls.tooManyChoices';
  return null;
}

/** An election needs a real contest: at least one more accepted candidate than seats. */
export const candidatesNeeded = (seats: number) => seats + 1;
