import { describe, expect, it } from 'vitest';
import { ballotError, closingInstant, createPollForm, fieldOfServerPath, moveRank, roundsTable, rowAction, sharePercent, toggleChoice } from '../../src/client/features/polls/model';
import { formatPercent } from '../../src/client/lib/format';
import { instantRunoff } from '../../src/shared/polls/irv';

describe('poll screens: shares', () => {
  it('gives each option’s share of the ballots to one decimal', () => {
    expect(sharePercent(1, 3)).toBe(33.3);
    expect(sharePercent(2, 3)).toBe(66.7);
    expect(sharePercent(1, 8)).toBe(12.5);
    expect(sharePercent(3, 3)).toBe(100);
    expect(sharePercent(0, 5)).toBe(0);
    expect(sharePercent(4, 0)).toBe(0);
  });

  it('writes the share with exactly one decimal, in the locale', () => {
    expect(formatPercent(0.333, { locale: 'en-US', minDigits: 1, maxDigits: 1 })).toBe('33.3%');
    expect(formatPercent(1, { locale: 'en-US', minDigits: 1, maxDigits: 1 })).toBe('100.0%');
    expect(formatPercent(0.125, { locale: 'fr-FR', minDigits: 1, maxDigits: 1 }).replace(/\s/g, ' ')).toBe('12,5 %');
  });
});

describe('poll screens: the ranked rounds table', () => {
  const options = [
    { id: 1, label: 'A' },
    { id: 2, label: 'B' },
    { id: 3, label: 'C' },
  ];
  it('has a column per round, a row per option, null once it is out, and the exhausted ballots', () => {
    const irv = instantRunoff([1, 2, 3], [[1], [1], [2, 1], [3], [3, 2]]);
    const table = roundsTable(irv.rounds, options);
    expect(table.rounds).toEqual([1, 2]);
    expect(table.rows.find((r) => r.optionId === 2)).toEqual({ optionId: 2, label: 'B', counts: [1, null], eliminatedIn: 1 });
    expect(table.rows.find((r) => r.optionId === 1)!.counts).toEqual([2, 3]);
    expect(table.rows.find((r) => r.optionId === 3)!.counts).toEqual([2, 2]);
    expect(table.exhausted).toEqual([0, 0]);
    expect(irv.winner).toBe(1);
  });

  it('counts ballots that run out of options as exhausted', () => {
    const irv = instantRunoff([1, 2, 3], [[1], [1], [2], [3], [3]]);
    const table = roundsTable(irv.rounds, options);
    expect(table.exhausted.at(-1)).toBe(1);
    expect(table.rows.find((r) => r.optionId === 2)!.eliminatedIn).toBe(1);
  });
});

describe('poll screens: choices', () => {
  it('ticks up to the maximum and unticks', () => {
    expect(toggleChoice([], 1, 2)).toEqual([1]);
    expect(toggleChoice([1], 2, 2)).toEqual([1, 2]);
    expect(toggleChoice([1, 2], 3, 2)).toEqual([1, 2]);
    expect(toggleChoice([1, 2], 1, 2)).toEqual([2]);
  });

  it('moves a ranked option within the list only', () => {
    expect(moveRank([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveRank([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveRank([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveRank([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('refuses a ballot as the server would', () => {
    const single = { kind: 'single' as const, maxChoices: null, seats: null };
    expect(ballotError(single, [1, 2], [])).toBe('validation.polls.choices');
    expect(ballotError(single, [1, 2], [1, 2])).toBe('validation.polls.tooManyChoices');
    expect(ballotError(single, [1, 2], [1])).toBeNull();
    expect(ballotError({ kind: 'multiple', maxChoices: 2, seats: null }, [1, 2, 3], [1, 2, 3])).toBe('validation.polls.tooManyChoices');
    expect(ballotError({ kind: 'election', maxChoices: null, seats: 2 }, [1, 2, 3], [1, 3])).toBeNull();
    expect(ballotError({ kind: 'ranked', maxChoices: null, seats: null }, [1, 2, 3], [3, 1])).toBeNull();
  });

  it('tells the row’s button: Vote Now, Change Vote or Voting closed', () => {
    expect(rowAction({ status: 'open', voted: false })).toBe('vote');
    expect(rowAction({ status: 'open', voted: true })).toBe('change');
    expect(rowAction({ status: 'closed', voted: true })).toBe('closed');
    expect(rowAction({ status: 'cancelled', voted: false })).toBe('closed');
    expect(rowAction({ status: 'nominating', voted: false })).toBe('view');
  });
});

describe('poll screens: the Create poll form', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  const base = {
    kind: 'single' as const,
    title: 'Picnic',
    description: '',
    options: ['Park', 'Beach'],
    maxChoices: '',
    seats: '1',
    closesDate: '2026-05-08',
    closesTime: '18:00',
    timeZone: 'Europe/Paris',
    anonymous: false,
    resultsVisibility: 'live' as const,
    eligibility: 'all' as const,
    joinedBefore: '',
  };
  const issues = (v: object) => {
    const r = createPollForm(now).safeParse({ ...base, ...v });
    return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
  };

  it('turns the closing date and time in the viewer’s zone into an instant', () => {
    expect(closingInstant('2026-05-08', '18:00', 'Europe/Paris')).toBe(Date.parse('2026-05-08T16:00:00Z'));
    expect(closingInstant('2026-05-08', '', 'Europe/Paris')).toBeNull();
    const r = createPollForm(now).parse(base);
    expect(r).toMatchObject({ kind: 'single', options: ['Park', 'Beach'], closesAt: Date.parse('2026-05-08T16:00:00Z'), maxChoices: undefined, seats: undefined, joinedBefore: undefined });
  });

  it('asks for 2 to 20 distinct options, only for the kinds that have them', () => {
    expect(issues({ options: ['Park'] })).toEqual(['options:validation.polls.options']);
    expect(issues({ options: ['Park', 'park'] })).toEqual(['options:validation.polls.duplicateOption']);
    expect(issues({ options: ['Park', ' '] })).toEqual(['options:validation.polls.option']);
    expect(createPollForm(now).parse({ ...base, kind: 'yes_no', options: ['x'] }).options).toBeUndefined();
  });

  it('checks the maximum of choices, the seats, the closing time and the date members joined before', () => {
    expect(issues({ kind: 'multiple', maxChoices: '3' })).toEqual(['maxChoices:validation.polls.maxChoices']);
    expect(createPollForm(now).parse({ ...base, kind: 'multiple', maxChoices: '2' }).maxChoices).toBe(2);
    expect(issues({ kind: 'election', seats: '0' })).toEqual(['seats:validation.polls.seats']);
    expect(createPollForm(now).parse({ ...base, kind: 'election', seats: '2' })).toMatchObject({ seats: 2, options: undefined });
    expect(issues({ closesDate: '2026-04-30' })).toEqual(['closesDate:errors.polls.closingInPast']);
    expect(issues({ closesTime: '' })).toEqual(['closesTime:validation.polls.closesAt']);
    expect(issues({ eligibility: 'joined_before' })).toEqual(['joinedBefore:validation.polls.joinedBefore']);
    expect(createPollForm(now).parse({ ...base, eligibility: 'joined_before', joinedBefore: '2026-01-01' }).joinedBefore).toBe(Date.parse('2025-12-31T23:00:00Z'));
  });

  it('places the server’s issues on the form’s fields', () => {
    expect(fieldOfServerPath(['options', 2])).toBe('options');
    expect(fieldOfServerPath(['closesAt'])).toBe('closesDate');
    expect(fieldOfServerPath(['title'])).toBe('title');
  });
});
