/*
 * A savings circle's money rules. Every amount is an integer count of the currency's minor unit
 * (see src/shared/money.ts) and every division rounds down, with what is left over carried, never
 * lost: a round always balances to the minor unit, and a whole cycle pays out all it collected.
 */

/** The organiser's fee is at most 5% of each pot (in basis points): members are protected from a greedy organiser. */
export const FEE_CAP_BPS = 500;

/** Rates are in basis points (1/100 of a percent), so no rate is ever a float. */
const BPS = 10_000;

function assertAmount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole, non-negative amount: ${value}`);
}

/**
 * floor(amount * bps / 10000), exact for any safe amount: split so that no product exceeds 2^53
 * (60 hands × a large contribution × 500 bps would).
 */
function applyBps(amount: number, bps: number): number {
  return Math.floor(amount / BPS) * bps + Math.floor(((amount % BPS) * bps) / BPS);
}

/** The organiser's fee on a pot: rounded down, so members never pay more than the rate says. */
export function organiserFee(pot: number, feeBps: number): number {
  assertAmount('pot', pot);
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > FEE_CAP_BPS) throw new RangeError(`Fee must be 0–${FEE_CAP_BPS} basis points: ${feeBps}`);
  return applyBps(pot, feeBps);
}

/** How a circle fines a late contribution: nothing, a fixed amount, or a share of the contribution. */
export type LateFineRule = { kind: 'none' } | { kind: 'fixed'; amount: number } | { kind: 'percent'; bps: number };

/** The fine for one late contribution (a percent fine is rounded down, like the fee). */
export function lateFine(contribution: number, rule: LateFineRule): number {
  assertAmount('contribution', contribution);
  switch (rule.kind) {
    case 'none':
      return 0;
    case 'fixed':
      assertAmount('fine', rule.amount);
      return rule.amount;
    case 'percent':
      if (!Number.isInteger(rule.bps) || rule.bps < 0 || rule.bps > BPS) throw new RangeError(`Fine must be 0–${BPS} basis points: ${rule.bps}`);
      return applyBps(contribution, rule.bps);
    default:
      throw new RangeError(`Unknown fine rule: ${String((rule as { kind: unknown }).kind)}`);
  }
}

/**
 * The bid that wins an auction round: only hands still eligible (not yet paid out) count; the
 * highest discount wins; a tie goes to the earliest bid, then the lowest id, so the result never
 * depends on the order the bids were read in.
 */
export function winningBid<B extends { handId: number; discount: number; createdAt: number; id: number }>(bids: readonly B[], eligible: ReadonlySet<number>): B | null {
  let best: B | null = null;
  for (const bid of bids) {
    if (!eligible.has(bid.handId)) continue;
    if (
      best === null ||
      bid.discount > best.discount ||
      (bid.discount === best.discount && (bid.createdAt < best.createdAt || (bid.createdAt === best.createdAt && bid.id < best.id)))
    ) {
      best = bid;
    }
  }
  return best;
}

/**
 * How a discount pool (this round's discount plus the previous round's carry) is shared: each of
 * the other hands gets the same whole amount, and the remainder is carried to the next round
 * rather than rounded away. With no other hands, everything is carried.
 */
export function shareDiscount(pool: number, otherHands: number): { share: number; carry: number } {
  assertAmount('pool', pool);
  if (!Number.isSafeInteger(otherHands) || otherHands < 0) throw new RangeError(`Not a count of hands: ${otherHands}`);
  if (otherHands === 0) return { share: 0, carry: pool };
  const share = Math.floor(pool / otherHands);
  return { share, carry: pool - share * otherHands };
}

export type RoundInput = { hands: number; contribution: number; feeBps: number; fines: number; discount: number; carryIn: number; lastRound: boolean };
export type RoundSettlement = { pot: number; fee: number; discount: number; share: number; sharedTotal: number; carryOut: number; payout: number };

/**
 * The money of one round. Every hand pays `contribution` into the pot; the organiser takes the
 * fee; the beneficiary receives the pot and the round's late fines, less the fee and the discount
 * it bid; the discount (with the carry in) is shared among the other hands, the remainder carried.
 * On the last round the beneficiary also takes the final carry, so the cycle ends with nothing
 * left. Always: pot + fines + carryIn − fee = payout + sharedTotal + carryOut.
 */
export function settleRound(p: RoundInput): RoundSettlement {
  if (!Number.isSafeInteger(p.hands) || p.hands < 1) throw new RangeError(`A circle needs at least one hand: ${p.hands}`);
  assertAmount('contribution', p.contribution);
  assertAmount('fines', p.fines);
  assertAmount('discount', p.discount);
  assertAmount('carryIn', p.carryIn);
  const pot = p.hands * p.contribution;
  assertAmount('pot', pot);
  const fee = organiserFee(pot, p.feeBps);
  if (p.discount > pot - fee) throw new RangeError(`Discount ${p.discount} exceeds the pot after the fee (${pot - fee})`);
  const { share, carry } = shareDiscount(p.discount + p.carryIn, p.hands - 1);
  const payout = pot + p.fines - fee - p.discount;
  return {
    pot,
    fee,
    discount: p.discount,
    share,
    sharedTotal: share * (p.hands - 1),
    carryOut: p.lastRound ? 0 : carry,
    payout: p.lastRound ? payout + carry : payout,
  };
}

/**
 * Money that reaches a round after its payout: a contribution confirmed late. The payout recorded
 * the round's shortfall (pot − collected) and paid settleRound's payout less that shortfall; the
 * fee and any auction discount were already taken on the whole pot. So every minor unit confirmed
 * later is owed on to the round's beneficiary in full: the top-up is the amount, and the round's
 * shortfall falls by as much. A round is never topped up beyond what it lacked.
 */
export function lateTopUp(p: { shortfall: number; amount: number }): { topUp: number; shortfall: number } {
  assertAmount('shortfall', p.shortfall);
  assertAmount('amount', p.amount);
  if (p.amount > p.shortfall) throw new RangeError(`A top-up of ${p.amount} exceeds the round's shortfall (${p.shortfall})`);
  return { topUp: p.amount, shortfall: p.shortfall - p.amount };
}
