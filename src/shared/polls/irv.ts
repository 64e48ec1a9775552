/*
 * Instant-runoff counting of ranked ballots. Each round counts every ballot for its highest-ranked
 * option still in the count; a ballot whose ranked options are all out is exhausted (counted per
 * round). An option with more than half of the continuing ballots wins. Otherwise the options
 * with the fewest votes are eliminated:
 * - all options tied for the lowest count go out together, unless that would eliminate every
 *   option still in the count;
 * - when every option left has the same count, the earlier rounds decide: going back from the
 *   round before, the first round in which their counts differ eliminates those with the lowest
 *   count there (reported as tieBreak 'earlier-rounds');
 * - when no earlier round tells them apart either, the count ends in a tie between them (no
 *   winner; `tied` lists them). Option order never decides a result.
 * With no ballots at all there is one round of zeros and no winner.
 */

export type IrvRound = {
  round: number;
  /** Votes of each option still in the count, by option id. */
  counts: Record<number, number>;
  /** Ballots with no option left in the count. */
  exhausted: number;
  /** Ballots counted for an option this round (continuing ballots). */
  continuing: number;
  /** Eliminated at the end of this round (empty in the last round). */
  eliminated: number[];
  /** How a tie for the lowest count was resolved, when it needed more than "all tied-lowest go out". */
  tieBreak: 'earlier-rounds' | null;
};

export type IrvResult = { rounds: IrvRound[]; winner: number | null; tied: number[]; ballots: number };

export function instantRunoff(optionIds: readonly number[], ballots: readonly (readonly number[])[]): IrvResult {
  const continuing = new Set(optionIds);
  const rounds: IrvRound[] = [];
  const total = ballots.length;
  for (let round = 1; ; round += 1) {
    const counts: Record<number, number> = {};
    for (const id of optionIds) if (continuing.has(id)) counts[id] = 0;
    let exhausted = 0;
    for (const b of ballots) {
      const top = b.find((c) => continuing.has(c));
      if (top === undefined) exhausted += 1;
      else counts[top] = (counts[top] ?? 0) + 1;
    }
    const active = total - exhausted;
    const entry: IrvRound = { round, counts, exhausted, continuing: active, eliminated: [], tieBreak: null };
    rounds.push(entry);
    const left = optionIds.filter((id) => continuing.has(id));
    if (active === 0 || left.length === 0) return { rounds, winner: null, tied: active === 0 && total > 0 ? left : [], ballots: total };
    const leader = left.find((id) => counts[id]! * 2 > active);
    if (leader !== undefined) return { rounds, winner: leader, tied: [], ballots: total };
    if (left.length === 1) return { rounds, winner: left[0]!, tied: [], ballots: total };
    const lowest = Math.min(...left.map((id) => counts[id]!));
    let out = left.filter((id) => counts[id] === lowest);
    if (out.length === left.length) {
      // Everyone left is tied: the latest earlier round that tells them apart decides.
      out = [];
      for (let r = rounds.length - 2; r >= 0; r -= 1) {
        const earlier = rounds[r]!.counts;
        const min = Math.min(...left.map((id) => earlier[id] ?? 0));
        const low = left.filter((id) => (earlier[id] ?? 0) === min);
        if (low.length < left.length) {
          out = low;
          entry.tieBreak = 'earlier-rounds';
          break;
        }
      }
      if (!out.length) return { rounds, winner: null, tied: left, ballots: total };
    }
    entry.eliminated = out;
    for (const id of out) continuing.delete(id);
  }
}
