/*
 * A savings-and-loans group's loan arithmetic (table banking, ASCA, VSLA). Every amount is an
 * integer count of the currency's minor unit (src/shared/money.ts); rates are basis points per
 * period, so no rate is ever a float; interest is rounded down, so a borrower never pays more than
 * the rate says. The rules in words are in docs/product-rules.md, "Savings and loans groups".
 */

/** Rates are in basis points (1/100 of a percent). */
const BPS = 10_000n;

/** The two ways groups charge interest. */
export const INTEREST_METHODS = ['flat', 'declining'] as const;
export type InterestMethod = (typeof INTEREST_METHODS)[number];

export type LoanTerms = {
  /** What the borrower receives. */
  principal: number;
  /** How many repayments (one a period: a month, or the group's meeting interval). */
  periods: number;
  /** Interest a period, in basis points (300 = 3% a period). */
  rateBps: number;
  method: InterestMethod;
};

export type Installment = {
  /** 1 for the first repayment. */
  number: number;
  principal: number;
  interest: number;
  /** principal + interest. */
  total: number;
  /** The principal still owed after this installment is paid. */
  balanceAfter: number;
};

/** Above this many periods a schedule is not a group's loan (ten years of monthly repayments). */
export const MAX_PERIODS = 120;
/** A rate above 100% a period is a mistake, not a loan. */
export const MAX_RATE_BPS = 10_000;

function assertAmount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole, non-negative amount: ${value}`);
}

function assertTerms(t: LoanTerms): void {
  assertAmount('principal', t.principal);
  if (t.principal === 0) throw new RangeError('A loan lends something');
  if (!Number.isInteger(t.periods) || t.periods < 1 || t.periods > MAX_PERIODS) throw new RangeError(`Periods must be 1–${MAX_PERIODS}: ${t.periods}`);
  if (!Number.isInteger(t.rateBps) || t.rateBps < 0 || t.rateBps > MAX_RATE_BPS) throw new RangeError(`Rate must be 0–${MAX_RATE_BPS} basis points: ${t.rateBps}`);
  // The whole schedule's sums stay exact numbers (a flat loan at most charges the rate every period).
  if (BigInt(t.principal) * (BPS + BigInt(t.periods) * BigInt(t.rateBps)) > BigInt(Number.MAX_SAFE_INTEGER) * BPS) throw new RangeError('The loan is too large to count exactly');
}

/** floor(amount × bps / 10,000), exact for any safe amount (BigInt: a large balance × rate passes 2^53). */
export function interestOn(amount: number, rateBps: number): number {
  return Number((BigInt(amount) * BigInt(rateBps)) / BPS);
}

/**
 * The principal split into `periods` parts that differ by at most one minor unit, the larger ones
 * first, so they add up to the principal exactly.
 */
export function principalParts(principal: number, periods: number): number[] {
  const base = Math.floor(principal / periods);
  const extra = principal - base * periods;
  return Array.from({ length: periods }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * The repayment schedule fixed when the loan is disbursed. Both methods repay the principal in
 * equal parts; they differ in the interest:
 *   flat:      interest_k = floor(principal × rate), every period;
 *   declining: interest_k = floor(balance_k × rate), where balance_k is the principal still owed
 *              before installment k (balance_1 = principal, balance_k+1 = balance_k − part_k).
 */
export function repaymentSchedule(terms: LoanTerms): Installment[] {
  assertTerms(terms);
  const parts = principalParts(terms.principal, terms.periods);
  let balance = terms.principal;
  return parts.map((part, i) => {
    const interest = interestOn(terms.method === 'flat' ? terms.principal : balance, terms.rateBps);
    balance -= part;
    return { number: i + 1, principal: part, interest, total: part + interest, balanceAfter: balance };
  });
}

/** What a loan's schedule charges in all: the principal back and the interest. */
export function scheduleTotals(schedule: Installment[]): { principal: number; interest: number; total: number } {
  const principal = schedule.reduce((s, i) => s + i.principal, 0);
  const interest = schedule.reduce((s, i) => s + i.interest, 0);
  return { principal, interest, total: principal + interest };
}

export type LoanPosition = {
  /** Interest of the installments already due, not yet paid. */
  interestDue: number;
  /** Principal of the installments already due, not yet paid. */
  principalDue: number;
  /** All the principal still owed (due or not). */
  principalOutstanding: number;
  /** Late penalties posted on the loan and not yet paid (none when the caller keeps no penalties). */
  penaltyDue?: number;
};

/**
 * Where a loan stands once `dueCount` installments have fallen due and `paid` has been allocated.
 * Interest is owed as installments fall due (paying early saves the interest of periods not yet
 * reached); principal is owed whole and may be repaid early.
 */
export function loanPosition(schedule: Installment[], dueCount: number, paid: { interest: number; principal: number }): LoanPosition {
  const due = schedule.slice(0, Math.max(0, Math.min(dueCount, schedule.length)));
  const interestCharged = due.reduce((s, i) => s + i.interest, 0);
  const principalScheduled = due.reduce((s, i) => s + i.principal, 0);
  const principal = schedule.reduce((s, i) => s + i.principal, 0);
  return {
    interestDue: Math.max(0, interestCharged - paid.interest),
    principalDue: Math.max(0, principalScheduled - paid.principal),
    principalOutstanding: Math.max(0, principal - paid.principal),
  };
}

export type Allocation = { interest: number; penalty: number; principal: number; /** What the loan cannot take: handed back, never kept. */ excess: number };

/**
 * A repayment allocated interest first, then late penalties, then principal: the interest due, the
 * penalties posted and unpaid, then the principal (what is due first, then any more of it,
 * repaying early); what is left over is not the loan's. Penalties before principal, so a late
 * borrower clears what lateness cost before their balance goes down.
 */
export function allocateRepayment(amount: number, position: LoanPosition): Allocation {
  assertAmount('repayment', amount);
  const interest = Math.min(amount, position.interestDue);
  const penalty = Math.min(amount - interest, position.penaltyDue ?? 0);
  const principal = Math.min(amount - interest - penalty, position.principalOutstanding);
  return { interest, penalty, principal, excess: amount - interest - penalty - principal };
}

/** The most a member may borrow: their savings × the group's multiple (in tenths: 30 = three times). */
export function borrowingLimit(savings: number, multipleTenths: number): number {
  assertAmount('savings', savings);
  if (!Number.isInteger(multipleTenths) || multipleTenths < 0) throw new RangeError(`Multiple must be whole tenths: ${multipleTenths}`);
  return Number((BigInt(savings) * BigInt(multipleTenths)) / 10n);
}

/**
 * What each guarantor's savings hold against a loan: `amount` split in proportion to what each
 * has free (floor of each share; the minor units left go one each to the largest remainders, then
 * in the order given). Every hold is within what the guarantor has free, and the holds add up to
 * `amount` exactly; more than they have free together is refused.
 */
export function guarantorHolds(amount: number, guarantors: { id: string; free: number }[]): { id: string; hold: number }[] {
  assertAmount('amount', amount);
  for (const g of guarantors) assertAmount('free savings', g.free);
  const total = guarantors.reduce((s, g) => s + BigInt(g.free), 0n);
  if (BigInt(amount) > total) throw new RangeError('The guarantors do not have that much free');
  if (amount === 0) return guarantors.map((g) => ({ id: g.id, hold: 0 }));
  const shares = guarantors.map((g, index) => {
    const exact = BigInt(amount) * BigInt(g.free);
    return { id: g.id, index, free: g.free, hold: Number(exact / total), remainder: exact % total };
  });
  let left = amount - shares.reduce((s, g) => s + g.hold, 0);
  const order = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const g of order) {
    if (left === 0) break;
    if (g.hold < g.free) {
      g.hold += 1;
      left -= 1;
    }
  }
  return shares.map((g) => ({ id: g.id, hold: g.hold }));
}
