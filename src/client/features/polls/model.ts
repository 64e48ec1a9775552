import { z } from 'zod';
import { instantOfLocal, isValidLocalTime } from '@shared/events/time';
import type { IrvRound } from '@shared/polls/irv';
import {
  ballotProblem,
  MAX_OPTIONS,
  MAX_SEATS,
  MIN_OPTIONS,
  OPTION_LABEL_MAX,
  POLL_DESCRIPTION_MAX,
  POLL_ELIGIBILITIES,
  POLL_KINDS,
  POLL_TITLE_MAX,
  RESULTS_VISIBILITIES,
  type PollKind,
} from '@shared/polls/rules';
import { isValidDate, isValidTimeZone } from '@shared/njangi/schedule';

/*
 * The poll screens' rules, apart from React so they can be tested: shares to one decimal, the
 * ranked rounds as a table, a ballot's choices as the form edits them, and the Create poll form
 * checked as the procedure would and turned into polls.create's input (less the community).
 */

/** An option's share of the ballots, in percent rounded to one decimal (0 without ballots). */
export function sharePercent(votes: number, ballots: number): number {
  if (ballots <= 0 || votes <= 0) return 0;
  return Math.round((votes * 1000) / ballots) / 10;
}

export type RoundsRow = {
  optionId: number;
  label: string;
  /** Votes in each round; null once the option is out of the count. */
  counts: (number | null)[];
  /** The round at whose end it was eliminated (1-based), or null. */
  eliminatedIn: number | null;
};
export type RoundsTable = { rounds: number[]; rows: RoundsRow[]; exhausted: number[]; continuing: number[]; tieBreaks: (string | null)[] };

/** A ranked poll's instant-runoff rounds as a table: one row per option, one column per round. */
export function roundsTable(rounds: readonly IrvRound[], options: readonly { id: number; label: string }[]): RoundsTable {
  const rows = options.map((o) => {
    const out = rounds.find((r) => r.eliminated.includes(o.id));
    return {
      optionId: o.id,
      label: o.label,
      counts: rounds.map((r) => (o.id in r.counts ? (r.counts[o.id] ?? 0) : null)),
      eliminatedIn: out ? out.round : null,
    };
  });
  return {
    rounds: rounds.map((r) => r.round),
    rows,
    exhausted: rounds.map((r) => r.exhausted),
    continuing: rounds.map((r) => r.continuing),
    tieBreaks: rounds.map((r) => r.tieBreak),
  };
}

/** A checkbox ticked or unticked; a tick beyond `max` is refused (the list comes back unchanged). */
export function toggleChoice(selected: readonly number[], id: number, max: number): number[] {
  if (selected.includes(id)) return selected.filter((c) => c !== id);
  if (selected.length >= max) return [...selected];
  return [...selected, id];
}

/** A ranking with the entry at `index` moved by `delta` places (kept within the list). */
export function moveRank<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Why the ballot cannot be sent yet, as a catalogue key (null: it can), by the server's own rule. */
export function ballotError(p: { kind: PollKind; maxChoices: number | null; seats: number | null }, optionIds: readonly number[], choices: readonly number[]): string | null {
  return ballotProblem(p, optionIds, choices);
}

/** The options that take part in a ballot of this kind: an election's are its candidates (fixed once voting opens). */
export const OPTIONED_KINDS: readonly PollKind[] = ['single', 'multiple', 'ranked'];

/** The Create poll form's values, as typed. */
const formShape = {
  kind: z.enum(POLL_KINDS, { message: 'validation.polls.kind' }),
  title: z.string().trim().min(1, 'validation.polls.title').max(POLL_TITLE_MAX, 'validation.polls.titleLong'),
  description: z.string().trim().max(POLL_DESCRIPTION_MAX, 'validation.polls.descriptionLong'),
  options: z.array(z.string()),
  maxChoices: z.string().trim(),
  seats: z.string().trim(),
  closesDate: z.string(),
  closesTime: z.string(),
  timeZone: z.string(),
  anonymous: z.boolean(),
  resultsVisibility: z.enum(RESULTS_VISIBILITIES, { message: 'validation.polls.resultsVisibility' }),
  eligibility: z.enum(POLL_ELIGIBILITIES, { message: 'validation.polls.eligibility' }),
  joinedBefore: z.string(),
};
export type PollFormValues = { [K in keyof typeof formShape]: z.input<(typeof formShape)[K]> };

/** A closing date and time in the viewer's zone → epoch ms; null while either is missing or invalid. */
export function closingInstant(date: string, time: string, timeZone: string): number | null {
  if (!isValidDate(date) || !isValidLocalTime(time) || !isValidTimeZone(timeZone)) return null;
  return instantOfLocal(date, time, timeZone);
}

const countIn = (v: string, min: number, max: number) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max;

/** The Create poll form: checked as polls.create would (with "now" for the closing time), turned into its input less the community. */
export const createPollForm = (now: number) =>
  z
    .object(formShape)
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (OPTIONED_KINDS.includes(v.kind)) {
        const labels = v.options.map((o) => o.trim());
        if (labels.length < MIN_OPTIONS || labels.length > MAX_OPTIONS) issue('options', 'validation.polls.options');
        else if (labels.some((l) => l === '')) issue('options', 'validation.polls.option');
        else if (labels.some((l) => l.length > OPTION_LABEL_MAX)) issue('options', 'validation.polls.optionLong');
        else if (new Set(labels.map((l) => l.toLocaleLowerCase())).size !== labels.length) issue('options', 'validation.polls.duplicateOption');
        if (v.kind === 'multiple' && v.maxChoices !== '' && !countIn(v.maxChoices, 1, Math.max(1, labels.length))) issue('maxChoices', 'validation.polls.maxChoices');
      }
      if (v.kind === 'election' && !countIn(v.seats, 1, MAX_SEATS)) issue('seats', 'validation.polls.seats');
      const closesAt = closingInstant(v.closesDate, v.closesTime, v.timeZone);
      if (closesAt === null) issue(isValidDate(v.closesDate) ? 'closesTime' : 'closesDate', 'validation.polls.closesAt');
      else if (closesAt <= now) issue('closesDate', 'errors.polls.closingInPast');
      if (v.eligibility === 'joined_before' && !isValidDate(v.joinedBefore)) issue('joinedBefore', 'validation.polls.joinedBefore');
    })
    .transform((v) => {
      const optioned = OPTIONED_KINDS.includes(v.kind);
      return {
        kind: v.kind,
        title: v.title,
        description: v.description,
        options: optioned ? v.options.map((o) => o.trim()) : undefined,
        maxChoices: v.kind === 'multiple' && v.maxChoices !== '' ? Number(v.maxChoices) : undefined,
        seats: v.kind === 'election' ? Number(v.seats) : undefined,
        closesAt: closingInstant(v.closesDate, v.closesTime, v.timeZone)!,
        anonymous: v.anonymous,
        resultsVisibility: v.resultsVisibility,
        eligibility: v.eligibility,
        // Joined before the start of that day, in the viewer's zone.
        joinedBefore: v.eligibility === 'joined_before' ? instantOfLocal(v.joinedBefore, '00:00', v.timeZone) : undefined,
      };
    });

/** Which form field a server issue belongs to ('options.3' → 'options', 'closesAt' → 'closesDate'). */
export function fieldOfServerPath(path: readonly (string | number)[]): string {
  const first = String(path[0] ?? '');
  if (first === 'closesAt') return 'closesDate';
  return first;
}

/** Which list a poll row belongs to: still to vote in (open, taking nominations) or over. */
export const isActive = (status: string) => status === 'open' || status === 'nominating';

/** The viewer's button on a poll row: "Vote Now", "Change Vote" or "Voting closed". */
export function rowAction(p: { status: string; voted: boolean }): 'vote' | 'change' | 'closed' | 'view' {
  if (p.status === 'nominating') return 'view';
  if (p.status !== 'open') return 'closed';
  return p.voted ? 'change' : 'vote';
}
