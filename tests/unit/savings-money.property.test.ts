import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateRepayment, borrowingLimit, guarantorHolds, loanPosition, MAX_PERIODS, repaymentSchedule, scheduleTotals, type LoanTerms } from '../../src/shared/savings/loans';
import { shareOut } from '../../src/shared/savings/share-out';
import { depth } from '../setup/depth';

/*
 * A savings-and-loans group's money, checked against independent implementations written here:
 * repayment schedules of both methods (the principal comes back exactly, interest as the formula
 * says), repayments allocated interest first, guarantors' holds, and the share-out, which pays out
 * and carries the fund to the minor unit over random cycles.
 *
 * The oracles work in rationals of BigInt and loops where the module uses closed forms, so a
 * shared mistake is unlikely. `npm test` runs a sample; `npm run test:deep` the full numbers.
 */

const RUNS = depth(300, 20_000);
/** Thousands of cases: room for a busy machine (the deep run takes minutes). */
const SLOW = depth(60_000, 900_000);

const terms = fc.record({
  principal: fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000_000_000 })),
  periods: fc.integer({ min: 1, max: MAX_PERIODS }),
  rateBps: fc.integer({ min: 0, max: 10_000 }),
  method: fc.constantFrom('flat' as const, 'declining' as const),
});

/** floor(a × b ÷ c) by repeated subtraction's cousin: long division on BigInt, written out. */
const floorDiv = (n: bigint, d: bigint) => (n - (((n % d) + d) % d)) / d;

/** The schedule by the formula, one installment at a time, without principalParts. */
function oracleSchedule(t: LoanTerms) {
  const out: { principal: bigint; interest: bigint }[] = [];
  let owed = BigInt(t.principal);
  for (let k = 0; k < t.periods; k++) {
    // Remaining installments share what is owed; the earlier ones take the odd units.
    const left = BigInt(t.periods - k);
    const part = owed % left === 0n ? owed / left : floorDiv(owed, left) + 1n;
    const base = t.method === 'flat' ? BigInt(t.principal) : owed;
    out.push({ principal: part, interest: floorDiv(base * BigInt(t.rateBps), 10_000n) });
    owed -= part;
  }
  return out;
}

describe('loan schedules', () => {
  it('repay the principal exactly, in parts a minor unit apart at most, with interest as the formula says', { timeout: SLOW }, () => {
    fc.assert(
      fc.property(terms, (t) => {
        const schedule = repaymentSchedule(t);
        const oracle = oracleSchedule(t);
        expect(schedule).toHaveLength(t.periods);
        schedule.forEach((row, i) => {
          expect(BigInt(row.principal)).toBe(oracle[i]!.principal);
          expect(BigInt(row.interest)).toBe(oracle[i]!.interest);
          expect(row.total).toBe(row.principal + row.interest);
        });
        const totals = scheduleTotals(schedule);
        expect(totals.principal).toBe(t.principal);
        expect(schedule.at(-1)!.balanceAfter).toBe(0);
        const parts = schedule.map((r) => r.principal);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        // Flat never charges less than declining on the same terms.
        const other = repaymentSchedule({ ...t, method: t.method === 'flat' ? 'declining' : 'flat' });
        const [flat, declining] = t.method === 'flat' ? [totals.interest, scheduleTotals(other).interest] : [scheduleTotals(other).interest, totals.interest];
        expect(flat).toBeGreaterThanOrEqual(declining);
      }),
      { numRuns: RUNS },
    );
  });

  it('a worked example: 120,000 over 4 months at 2% a month', () => {
    expect(repaymentSchedule({ principal: 120_000, periods: 4, rateBps: 200, method: 'flat' }).map((r) => [r.principal, r.interest])).toEqual([
      [30_000, 2_400],
      [30_000, 2_400],
      [30_000, 2_400],
      [30_000, 2_400],
    ]);
    expect(repaymentSchedule({ principal: 120_000, periods: 4, rateBps: 200, method: 'declining' }).map((r) => [r.principal, r.interest])).toEqual([
      [30_000, 2_400],
      [30_000, 1_800],
      [30_000, 1_200],
      [30_000, 600],
    ]);
  });

  it('refuses what is not a loan', () => {
    for (const bad of [
      { principal: 0, periods: 3, rateBps: 100, method: 'flat' },
      { principal: 100, periods: 0, rateBps: 100, method: 'flat' },
      { principal: 100, periods: MAX_PERIODS + 1, rateBps: 100, method: 'flat' },
      { principal: 100, periods: 3, rateBps: -1, method: 'declining' },
      { principal: 1.5, periods: 3, rateBps: 100, method: 'declining' },
    ] as LoanTerms[])
      expect(() => repaymentSchedule(bad)).toThrow(RangeError);
  });
});

describe('repayments', () => {
  it('go to the interest due first, then to principal, never beyond what is owed; a loan repaid in any pieces is repaid exactly', { timeout: SLOW }, () => {
    fc.assert(
      fc.property(terms, fc.array(fc.tuple(fc.nat({ max: 10 }), fc.nat({ max: 2_000_000 })), { maxLength: 30 }), (t, payments) => {
        const schedule = repaymentSchedule(t);
        const paid = { interest: 0, principal: 0 };
        let due = 0;
        for (const [periodsPassed, amount] of payments) {
          due = Math.min(t.periods, due + periodsPassed);
          const before = loanPosition(schedule, due, paid);
          const a = allocateRepayment(amount, before);
          // The oracle: interest takes all it can, then principal, the rest goes back.
          const interest = Math.min(amount, before.interestDue);
          expect(a.interest).toBe(interest);
          expect(a.principal).toBe(Math.min(amount - interest, before.principalOutstanding));
          expect(a.interest + a.principal + a.excess).toBe(amount);
          if (a.principal > 0) expect(a.interest).toBe(before.interestDue);
          paid.interest += a.interest;
          paid.principal += a.principal;
        }
        const after = loanPosition(schedule, due, paid);
        expect(paid.principal + after.principalOutstanding).toBe(t.principal);
        // Everything due and then all principal: nothing left, and exactly the schedule's interest to date.
        const final = loanPosition(schedule, t.periods, paid);
        const last = allocateRepayment(final.interestDue + final.principalOutstanding, final);
        expect(last.excess).toBe(0);
        expect(paid.interest + last.interest).toBe(scheduleTotals(schedule).interest);
        expect(paid.principal + last.principal).toBe(t.principal);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('borrowing and guarantees', () => {
  it('the limit is savings × the multiple, rounded down', () => {
    expect(borrowingLimit(50_000, 30)).toBe(150_000);
    expect(borrowingLimit(33_333, 15)).toBe(49_999);
    expect(borrowingLimit(0, 30)).toBe(0);
  });

  it('guarantors hold the amount exactly, each within what they have free, in proportion to it', { timeout: SLOW }, () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 5_000_000 }), { minLength: 1, maxLength: 12 }), fc.double({ min: 0, max: 1, noNaN: true }), (frees, fraction) => {
        const guarantors = frees.map((free, i) => ({ id: `g${i}`, free }));
        const total = frees.reduce((s, f) => s + f, 0);
        const amount = Math.floor(total * fraction);
        const holds = guarantorHolds(amount, guarantors);
        expect(holds.reduce((s, h) => s + h.hold, 0)).toBe(amount);
        holds.forEach((h, i) => {
          expect(h.hold).toBeGreaterThanOrEqual(0);
          expect(h.hold).toBeLessThanOrEqual(frees[i]!);
          // Within one minor unit of the exact proportional share (oracle: rational arithmetic).
          if (total > 0) {
            const exactTimesTotal = BigInt(amount) * BigInt(frees[i]!);
            const diff = BigInt(h.hold) * BigInt(total) - exactTimesTotal;
            expect(diff < BigInt(total) && diff > -BigInt(total)).toBe(true);
          }
        });
        if (total > 0) expect(() => guarantorHolds(total + 1, guarantors)).toThrow(RangeError);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('share-out', () => {
  it('pays out plus carries the fund exactly, carries less than one unit a member, and pays each member their shares’ worth', { timeout: SLOW }, () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.nat({ max: 10_000_000 }), fc.nat({ max: Number.MAX_SAFE_INTEGER })),
        fc.array(fc.nat({ max: 2_000 }), { minLength: 1, maxLength: 80 }),
        (fund, shares) => {
          const holdings = shares.map((s, i) => ({ id: `m${i}`, shares: s }));
          const r = shareOut(fund, holdings);
          expect(r.paidOut + r.carried).toBe(fund);
          const total = shares.reduce((s, x) => s + x, 0);
          expect(r.totalShares).toBe(total);
          if (total === 0) {
            expect(r.carried).toBe(fund);
            return;
          }
          expect(r.carried).toBeGreaterThanOrEqual(0);
          expect(r.carried).toBeLessThan(shares.filter((s) => s > 0).length || 1);
          r.lines.forEach((line, i) => {
            // amount ≤ shares × fund ÷ total < amount + 1, in rationals.
            const exact = BigInt(shares[i]!) * BigInt(fund);
            expect(BigInt(line.amount) * BigInt(total) <= exact).toBe(true);
            expect((BigInt(line.amount) + 1n) * BigInt(total) > exact).toBe(true);
          });
          // More shares never receive less; equal shares receive the same.
          const byShares = [...r.lines].sort((a, b) => a.shares - b.shares);
          for (let i = 1; i < byShares.length; i++) expect(byShares[i]!.amount).toBeGreaterThanOrEqual(byShares[i - 1]!.amount);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a worked example: 1,000,003 over 3 members with 10, 20 and 30 shares', () => {
    const r = shareOut(1_000_003, [
      { id: 'a', shares: 10 },
      { id: 'b', shares: 20 },
      { id: 'c', shares: 30 },
    ]);
    expect(r.lines.map((l) => l.amount)).toEqual([166_667, 333_334, 500_001]);
    expect(r.carried).toBe(1);
  });
});
