import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { obligationStatus, overallStatus, periodsUntil } from '../../src/server/services/finances/dues';

const DAY = 86_400_000;
const day = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

describe('dues periods', () => {
  it('are monthly, quarterly or yearly from the start up to the period of today, and once is once', () => {
    const now = Date.UTC(2026, 5, 15); // 15 June 2026
    expect(periodsUntil({ period: 'monthly', dueDay: 5, startsOn: '2026-03-20' }, now).map((p) => p.key)).toEqual(['2026-03', '2026-04', '2026-05', '2026-06']);
    expect(periodsUntil({ period: 'quarterly', dueDay: 10, startsOn: '2025-11-01' }, now)).toEqual([
      { key: '2025-Q4', dueAt: Date.UTC(2025, 9, 10) },
      { key: '2026-Q1', dueAt: Date.UTC(2026, 0, 10) },
      { key: '2026-Q2', dueAt: Date.UTC(2026, 3, 10) },
    ]);
    expect(periodsUntil({ period: 'yearly', dueDay: 1, startsOn: '2024-09-01' }, now).map((p) => p.key)).toEqual(['2024', '2025']);
    expect(periodsUntil({ period: 'once', dueDay: 1, startsOn: '2026-08-31' }, now)).toEqual([{ key: 'once', dueAt: Date.UTC(2026, 7, 31) }]);
    expect(periodsUntil({ period: 'monthly', dueDay: 1, startsOn: '2026-07-01' }, now)).toEqual([]);
  });

  it('for any plan: one per period, in order, each due on its day, as many as the months allow', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('monthly' as const, 'quarterly' as const, 'yearly' as const),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 2000, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 150 }),
        (period, dueDay, y, m, monthsLater) => {
          const nowDate = new Date(Date.UTC(y, m - 1 + monthsLater, 20));
          const list = periodsUntil({ period, dueDay, startsOn: day(y, m, 1) }, nowDate.getTime());
          expect(new Set(list.map((p) => p.key)).size).toBe(list.length);
          for (let i = 1; i < list.length; i += 1) expect(list[i]!.dueAt).toBeGreaterThan(list[i - 1]!.dueAt);
          for (const p of list) expect(new Date(p.dueAt).getUTCDate()).toBe(dueDay);
          const step = { monthly: 1, quarterly: 3, yearly: 12 }[period];
          const firstMonth = period === 'quarterly' ? m - 1 - ((m - 1) % 3) : m - 1;
          expect(list.length).toBe(Math.floor((m - 1 + monthsLater - firstMonth) / step) + 1);
        },
      ),
    );
  });

  it('give each obligation its status and the member an overall one', () => {
    const o = { amount: 2000, dueAt: Date.UTC(2026, 0, 5) };
    expect(obligationStatus({ ...o, paid: 2000 }, 10, o.dueAt + 100 * DAY)).toBe('paid');
    expect(obligationStatus({ ...o, paid: 1999 }, 10, o.dueAt - DAY)).toBe('upcoming');
    expect(obligationStatus({ ...o, paid: 0 }, 10, o.dueAt + 10 * DAY)).toBe('due');
    expect(obligationStatus({ ...o, paid: 0 }, 10, o.dueAt + 10 * DAY + 1)).toBe('overdue');
    expect(overallStatus([])).toBe('none');
    expect(overallStatus(['paid', 'upcoming'])).toBe('paidUp');
    expect(overallStatus(['paid', 'due', 'upcoming'])).toBe('due');
    expect(overallStatus(['due', 'overdue'])).toBe('overdue');
  });
});
