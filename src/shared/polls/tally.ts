import { instantRunoff, type IrvRound } from './irv';
import type { PollKind } from './rules';

/*
 * A poll's result from its ballots: integer counts and the number of ballots (the screens compute
 * percentages, to one decimal, from these). Multiple-choice and election ballots may count for
 * several options, so an option's share is of the ballots, not of the votes.
 */

export type OptionCount = { optionId: number; votes: number };
export type PollResult = {
  kind: PollKind;
  ballots: number;
  counts: OptionCount[];
  /** Single, yes/no, multiple: the options with the most votes (several when tied; none without votes). Ranked: the IRV winner. Election: those elected. */
  winners: number[];
  /** Options tied for the last winning place (election) or for the win (single, yes/no, multiple, ranked); none are winners then. */
  tied: number[];
  /** Ranked polls: each round of the instant runoff. */
  rounds: IrvRound[] | null;
};

export function tally(p: { kind: PollKind; seats: number | null }, optionIds: readonly number[], ballots: readonly (readonly number[])[]): PollResult {
  const votes = new Map(optionIds.map((id) => [id, 0]));
  // First preferences for ranked ballots; every choice for the others.
  for (const b of ballots) for (const c of p.kind === 'ranked' ? b.slice(0, 1) : b) if (votes.has(c)) votes.set(c, votes.get(c)! + 1);
  const counts = optionIds.map((optionId) => ({ optionId, votes: votes.get(optionId)! }));
  const base = { kind: p.kind, ballots: ballots.length, counts };
  if (p.kind === 'ranked') {
    const irv = instantRunoff(optionIds, ballots);
    return { ...base, winners: irv.winner === null ? [] : [irv.winner], tied: irv.tied, rounds: irv.rounds };
  }
  const seats = p.kind === 'election' ? (p.seats ?? 1) : 1;
  const { winners, tied } = topSeats(counts, seats);
  return { ...base, winners, tied, rounds: null };
}

/**
 * The `seats` options with the most votes (only options with at least one vote win). When options
 * tied for the last place would take more seats than are left, none of them is elected: they are
 * reported as tied and the places stay undecided. A single-winner poll is the case seats = 1.
 */
export function topSeats(counts: readonly OptionCount[], seats: number): { winners: number[]; tied: number[] } {
  const sorted = counts.filter((c) => c.votes > 0).sort((a, b) => b.votes - a.votes);
  const winners: number[] = [];
  let i = 0;
  while (i < sorted.length && winners.length < seats) {
    const level = sorted[i]!.votes;
    const group = sorted.filter((c) => c.votes === level).map((c) => c.optionId);
    if (winners.length + group.length > seats) return { winners, tied: group };
    winners.push(...group);
    i += group.length;
  }
  return { winners, tied: [] };
}
