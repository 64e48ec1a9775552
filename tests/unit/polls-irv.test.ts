import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantRunoff } from '../../src/shared/polls/irv';
import { ballotProblem } from '../../src/shared/polls/rules';
import { tally, topSeats } from '../../src/shared/polls/tally';

/* Instant-runoff counting against hand-worked examples, then properties over random ballots. */

const A = 1;
const B = 2;
const C = 3;
const D = 4;
const many = (n: number, ballot: number[]) => Array.from({ length: n }, () => ballot);

describe('instant runoff: hand-worked examples', () => {
  it('a majority of first preferences wins in round one', () => {
    const r = instantRunoff([A, B, C], [...many(3, [A, B]), ...many(1, [B, A]), ...many(1, [C])]);
    expect(r.winner).toBe(A);
    expect(r.rounds).toEqual([{ round: 1, counts: { [A]: 3, [B]: 1, [C]: 1 }, exhausted: 0, continuing: 5, eliminated: [], tieBreak: null }]);
  });

  it('the lowest is eliminated and its ballots move to their next preference', () => {
    // A 4, B 3, C 2 (C voters prefer B next): C out, B 5 of 9 wins.
    const r = instantRunoff([A, B, C], [...many(4, [A]), ...many(3, [B, A]), ...many(2, [C, B])]);
    expect(r.rounds.map((x) => x.counts)).toEqual([{ [A]: 4, [B]: 3, [C]: 2 }, { [A]: 4, [B]: 5 }]);
    expect(r.rounds[0]!.eliminated).toEqual([C]);
    expect(r.winner).toBe(B);
  });

  it('exhausted ballots are counted per round and the majority is of the continuing ballots', () => {
    // A 4, B 3, C 2 (C voters rank nobody else): C out, 2 exhausted; A 4 of 7 continuing wins.
    const r = instantRunoff([A, B, C], [...many(4, [A]), ...many(3, [B]), ...many(2, [C])]);
    expect(r.rounds[1]).toEqual({ round: 2, counts: { [A]: 4, [B]: 3 }, exhausted: 2, continuing: 7, eliminated: [], tieBreak: null });
    expect(r.winner).toBe(A);
  });

  it('options tied for the lowest count go out together when others remain', () => {
    // A 4, B 3, C 1, D 1: C and D out at once; their ballots go to B: B 5 of 9.
    const r = instantRunoff([A, B, C, D], [...many(4, [A]), ...many(3, [B]), [C, B], [D, B]]);
    expect(r.rounds[0]!.eliminated).toEqual([C, D]);
    expect(r.rounds[1]!.counts).toEqual({ [A]: 4, [B]: 5 });
    expect(r.winner).toBe(B);
  });

  it('when everyone left is tied, the latest earlier round that differs decides, and says so', () => {
    // Round 1: A 3, B 2, C 2, D 1 → D out (to B). Round 2: A 3, B 3, C 2 → C out (exhausted).
    // Round 3: A 3, B 3, all tied: round 2 ties too, round 1 had B 2 < A 3 → B out; A wins.
    const r = instantRunoff([A, B, C, D], [...many(3, [A]), ...many(2, [B]), ...many(2, [C]), [D, B]]);
    expect(r.rounds.map((x) => x.counts)).toEqual([{ [A]: 3, [B]: 2, [C]: 2, [D]: 1 }, { [A]: 3, [B]: 3, [C]: 2 }, { [A]: 3, [B]: 3 }, { [A]: 3 }]);
    expect(r.rounds[2]).toMatchObject({ eliminated: [B], tieBreak: 'earlier-rounds', exhausted: 2 });
    expect(r.rounds[3]).toMatchObject({ exhausted: 5, continuing: 3 });
    expect(r.winner).toBe(A);
  });

  it('a tie no round tells apart ends without a winner, reported as a tie (option order never decides)', () => {
    const r = instantRunoff([A, B], [[A], [B]]);
    expect(r).toMatchObject({ winner: null, tied: [A, B] });
    expect(instantRunoff([B, A], [[A], [B]])).toMatchObject({ winner: null, tied: [B, A] });
  });

  it('no ballots: one round of zeros, no winner', () => {
    expect(instantRunoff([A, B], [])).toEqual({ rounds: [{ round: 1, counts: { [A]: 0, [B]: 0 }, exhausted: 0, continuing: 0, eliminated: [], tieBreak: null }], winner: null, tied: [], ballots: 0 });
  });
});

describe('counting the other kinds', () => {
  it('an election elects the top seats; a tie for the last seat elects neither and is reported', () => {
    expect(topSeats([{ optionId: A, votes: 5 }, { optionId: B, votes: 3 }, { optionId: C, votes: 3 }, { optionId: D, votes: 1 }], 2)).toEqual({ winners: [A], tied: [B, C] });
    expect(topSeats([{ optionId: A, votes: 5 }, { optionId: B, votes: 3 }, { optionId: C, votes: 2 }], 2)).toEqual({ winners: [A, B], tied: [] });
    expect(tally({ kind: 'election', seats: 2 }, [A, B, C], [[A, B], [A, C], [B, A]])).toMatchObject({ ballots: 3, counts: [{ optionId: A, votes: 3 }, { optionId: B, votes: 2 }, { optionId: C, votes: 1 }], winners: [A, B], tied: [] });
  });
  it('ballots are checked against the poll: one choice, a maximum, known options, no repeats', () => {
    expect(ballotProblem({ kind: 'single', maxChoices: null, seats: null }, [A, B], [A, B])).toBe('validation.polls.tooManyChoices');
    expect(ballotProblem({ kind: 'multiple', maxChoices: 2, seats: null }, [A, B, C], [A, C])).toBeNull();
    expect(ballotProblem({ kind: 'multiple', maxChoices: 2, seats: null }, [A, B, C], [A, B, C])).toBe('validation.polls.tooManyChoices');
    expect(ballotProblem({ kind: 'ranked', maxChoices: null, seats: null }, [A, B, C], [C, A, B])).toBeNull();
    expect(ballotProblem({ kind: 'ranked', maxChoices: null, seats: null }, [A, B, C], [C, C])).toBe('validation.polls.duplicateChoice');
    expect(ballotProblem({ kind: 'election', maxChoices: null, seats: 1 }, [A, B], [D])).toBe('validation.polls.unknownOption');
  });
});

describe('instant runoff: properties', () => {
  const OPTIONS = [1, 2, 3, 4, 5];
  const ballot = fc.shuffledSubarray(OPTIONS, { minLength: 1 });
  const ballots = fc.array(ballot, { maxLength: 60 });

  it('every round: continuing + exhausted = ballots, and no count exceeds the ballots', () => {
    fc.assert(
      fc.property(ballots, (bs) => {
        const r = instantRunoff(OPTIONS, bs);
        for (const round of r.rounds) {
          const sum = Object.values(round.counts).reduce((a, b) => a + b, 0);
          expect(sum).toBe(round.continuing);
          expect(round.continuing + round.exhausted).toBe(bs.length);
          for (const n of Object.values(round.counts)) expect(n).toBeLessThanOrEqual(bs.length);
        }
        // Exhausted ballots only grow; options only leave.
        for (let i = 1; i < r.rounds.length; i += 1) {
          expect(r.rounds[i]!.exhausted).toBeGreaterThanOrEqual(r.rounds[i - 1]!.exhausted);
          expect(Object.keys(r.rounds[i]!.counts).length).toBeLessThan(Object.keys(r.rounds[i - 1]!.counts).length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a one-round majority winner is the plurality winner of first preferences', () => {
    fc.assert(
      fc.property(ballots, (bs) => {
        const r = instantRunoff(OPTIONS, bs);
        if (r.rounds.length !== 1 || r.winner === null) return;
        const first = tally({ kind: 'single', seats: null }, OPTIONS, bs.map((b) => b.slice(0, 1)));
        expect(first.winners).toEqual([r.winner]);
      }),
      { numRuns: 300 },
    );
  });

  it('the winner, when there is one, holds a majority of the continuing ballots in the last round; otherwise a tie is reported', () => {
    fc.assert(
      fc.property(ballots, (bs) => {
        const r = instantRunoff(OPTIONS, bs);
        const last = r.rounds[r.rounds.length - 1]!;
        if (r.winner !== null) {
          expect(last.counts[r.winner]! * 2 > last.continuing || Object.keys(last.counts).length === 1).toBe(true);
        } else if (bs.length > 0) {
          expect(r.tied.length).toBeGreaterThan(1);
          expect(new Set(r.tied.map((id) => last.counts[id])).size).toBe(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
