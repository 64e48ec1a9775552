import { describe, expect, it } from 'vitest';
import { cashFlowMonths, monthBefore } from '../../src/shared/finances/cash-flow';
import { overdueAtOnce } from '../../src/server/services/finances/dues-preview';
import { spreadOldestFirst } from '../../src/server/services/finances/dues';

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

describe('cash flow: month buckets and the running balance', () => {
  it('counts months back across a year boundary, by UTC month', () => {
    expect([0, 1, 2, 12, 13].map((n) => monthBefore(at('2026-02-15'), n))).toEqual(['2026-02', '2026-01', '2025-12', '2025-02', '2025-01']);
    // The last instant of January in UTC is still January, whatever the reader's zone.
    expect(monthBefore(Date.parse('2026-01-31T23:59:59Z'), 0)).toBe('2026-01');
  });

  it('every month of the window is present; earlier months make the opening balance, later ones are left out; categories add up', () => {
    const totals = [
      { month: '2025-06', moneyIn: 10_000, moneyOut: 2_000 },
      { month: '2025-12', moneyIn: 1_000, moneyOut: 0 },
      { month: '2025-12', moneyIn: 500, moneyOut: 300 },
      { month: '2026-02', moneyIn: 0, moneyOut: 4_000 },
      { month: '2026-05', moneyIn: 99_999, moneyOut: 0 },
    ];
    expect(cashFlowMonths(totals, at('2026-02-10'), 3)).toEqual([
      { month: '2025-12', moneyIn: 1_500, moneyOut: 300, balance: 9_200 },
      { month: '2026-01', moneyIn: 0, moneyOut: 0, balance: 9_200 },
      { month: '2026-02', moneyIn: 0, moneyOut: 4_000, balance: 5_200 },
    ]);
    expect(cashFlowMonths([], at('2026-02-10'), 2)).toEqual([
      { month: '2026-01', moneyIn: 0, moneyOut: 0, balance: 0 },
      { month: '2026-02', moneyIn: 0, moneyOut: 0, balance: 0 },
    ]);
  });
});

describe('dues: the members a back-dated plan makes overdue at once', () => {
  const now = at('2026-03-10');
  const monthly = { amount: 1_000, graceDays: 5, periods: ['2026-01-01', '2026-02-01', '2026-03-01', '2026-03-20'].map((d) => ({ dueAt: Date.parse(d) })) };

  it('spreads a credit over obligations oldest first, never below zero', () => {
    expect(spreadOldestFirst(2_500, [{ amount: 1_000 }, { amount: 1_000 }, { amount: 1_000 }])).toEqual([1_000, 1_000, 500]);
    expect(spreadOldestFirst(-300, [{ amount: 1_000 }])).toEqual([0]);
  });

  it('counts only periods past their grace days, and members whose credit does not reach them', () => {
    const result = overdueAtOnce(
      [
        { credit: 0, existing: [] }, // nothing paid: overdue
        { credit: 3_000, existing: [] }, // pays Jan, Feb, Mar: March 20 is not due yet
        { credit: 3_000, existing: [{ amount: 2_000, dueAt: Date.parse('2025-12-05') }] }, // December's old dues come first: March is left unpaid
        { credit: 2_000, existing: [] }, // Jan and Feb paid; March 1 + 5 days has passed: overdue
      ],
      monthly,
      now,
    );
    expect(result).toEqual({ periods: 3, members: 3 });
  });

  it('a plan whose periods are all within their grace counts nobody', () => {
    expect(overdueAtOnce([{ credit: 0, existing: [] }], { ...monthly, graceDays: 30, periods: [{ dueAt: now - 10 * DAY }] }, now)).toEqual({ periods: 0, members: 0 });
  });
});
