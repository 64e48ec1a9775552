import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEE_CAP_BPS, lateFine, lateTopUp, organiserFee, settleRound, shareDiscount, winningBid } from '../../src/shared/njangi/money';

const bid = (id: number, handId: number, discount: number, createdAt: number) => ({ id, handId, discount, createdAt });

describe('njangi money', () => {
  it('caps the organiser fee at 5% and rounds it down', () => {
    expect(FEE_CAP_BPS).toBe(500);
    expect(organiserFee(100_000, 500)).toBe(5_000);
    expect(organiserFee(100_000, 0)).toBe(0);
    expect(organiserFee(1_999, 250)).toBe(49); // 49.975
    expect(organiserFee(19, 500)).toBe(0);
    expect(organiserFee(0, 500)).toBe(0);
    // Exact where pot × bps exceeds 2^53: 60 hands × 10^13.
    expect(organiserFee(6 * 10 ** 14 + 9_999, 499)).toBe(Number((BigInt(6 * 10 ** 14 + 9_999) * 499n) / 10_000n));
    expect(() => organiserFee(1000, 501)).toThrow(RangeError);
    expect(() => organiserFee(1000, -1)).toThrow(RangeError);
    expect(() => organiserFee(1000, 2.5)).toThrow(RangeError);
    expect(() => organiserFee(10.5, 100)).toThrow(RangeError);
    expect(() => organiserFee(-10, 100)).toThrow(RangeError);
  });

  it('fines a late contribution by its rule', () => {
    expect(lateFine(5_000, { kind: 'none' })).toBe(0);
    expect(lateFine(5_000, { kind: 'fixed', amount: 500 })).toBe(500);
    expect(lateFine(5_000, { kind: 'percent', bps: 1_000 })).toBe(500);
    expect(lateFine(999, { kind: 'percent', bps: 1_000 })).toBe(99);
    expect(() => lateFine(5_000, { kind: 'fixed', amount: -1 })).toThrow(RangeError);
    expect(() => lateFine(5_000, { kind: 'percent', bps: 10_001 })).toThrow(RangeError);
  });

  it('gives an auction to the highest eligible discount, then the earliest bid, then the lowest id', () => {
    const bids = [bid(1, 10, 500, 100), bid(2, 11, 700, 300), bid(3, 12, 700, 200), bid(4, 13, 900, 50), bid(5, 14, 700, 200)];
    expect(winningBid(bids, new Set([10, 11, 12, 13, 14]))).toBe(bids[3]);
    expect(winningBid(bids, new Set([10, 11, 12, 14]))).toBe(bids[2]); // 700 at 200: ids 3 and 5, lowest id
    expect(winningBid([...bids].reverse(), new Set([10, 11, 12, 14]))).toBe(bids[2]);
    expect(winningBid(bids, new Set([10, 11]))).toBe(bids[1]);
    expect(winningBid(bids, new Set([99]))).toBeNull();
    expect(winningBid([], new Set([1]))).toBeNull();
    expect(winningBid([bid(1, 10, 0, 5)], new Set([10]))).toEqual(bid(1, 10, 0, 5));
  });

  it('shares a discount pool equally and carries the remainder', () => {
    expect(shareDiscount(1_000, 3)).toEqual({ share: 333, carry: 1 });
    expect(shareDiscount(2, 3)).toEqual({ share: 0, carry: 2 });
    expect(shareDiscount(0, 3)).toEqual({ share: 0, carry: 0 });
    expect(shareDiscount(700, 0)).toEqual({ share: 0, carry: 700 });
    expect(() => shareDiscount(-1, 2)).toThrow(RangeError);
  });

  it('settles a round: the beneficiary takes pot and fines less fee and discount; the last round takes the carry', () => {
    const round = settleRound({ hands: 4, contribution: 10_000, feeBps: 250, fines: 500, discount: 2_000, carryIn: 2, lastRound: false });
    expect(round).toEqual({ pot: 40_000, fee: 1_000, discount: 2_000, share: 667, sharedTotal: 2_001, carryOut: 1, payout: 37_500 });
    const last = settleRound({ hands: 4, contribution: 10_000, feeBps: 250, fines: 0, discount: 0, carryIn: 1, lastRound: true });
    expect(last).toEqual({ pot: 40_000, fee: 1_000, discount: 0, share: 0, sharedTotal: 0, carryOut: 0, payout: 39_001 });
    const alone = settleRound({ hands: 1, contribution: 5_000, feeBps: 0, fines: 0, discount: 0, carryIn: 0, lastRound: true });
    expect(alone).toEqual({ pot: 5_000, fee: 0, discount: 0, share: 0, sharedTotal: 0, carryOut: 0, payout: 5_000 });
  });

  it('refuses a discount larger than the pot after the fee, and bad inputs', () => {
    const base = { hands: 3, contribution: 1_000, feeBps: 500, fines: 0, carryIn: 0, lastRound: false };
    expect(settleRound({ ...base, discount: 2_850 }).payout).toBe(0);
    expect(() => settleRound({ ...base, discount: 2_851 })).toThrow(RangeError);
    expect(() => settleRound({ ...base, discount: -1 })).toThrow(RangeError);
    expect(() => settleRound({ ...base, discount: 0, hands: 0 })).toThrow(RangeError);
    expect(() => settleRound({ ...base, discount: 0, feeBps: 600 })).toThrow(RangeError);
    expect(() => settleRound({ ...base, discount: 0, fines: 0.5 })).toThrow(RangeError);
  });

  it('for any round: money balances to the minor unit and the fee stays within 5%', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 10 ** 7 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 10 ** 4 }),
        fc.boolean(),
        (hands, contribution, feeBps, fines, discountShare, carryIn, lastRound) => {
          const pot = hands * contribution;
          const discount = Math.floor((pot - organiserFee(pot, feeBps)) * discountShare);
          const r = settleRound({ hands, contribution, feeBps, fines, discount, carryIn, lastRound });
          expect(r.pot + fines + carryIn - r.fee).toBe(r.payout + r.sharedTotal + r.carryOut);
          expect(r.fee * 10_000).toBeLessThanOrEqual(r.pot * FEE_CAP_BPS);
          expect(r.payout).toBeGreaterThanOrEqual(0);
          if (lastRound) expect(r.carryOut).toBe(0);
          else if (hands === 1) expect(r.carryOut).toBe(discount + carryIn); // nobody to share with yet
          else expect(r.carryOut).toBeLessThan(hands - 1); // only a remainder is ever carried
          for (const v of Object.values(r)) expect(Number.isSafeInteger(v)).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('money paid into a round after its payout', () => {
  it('tops the beneficiary up by all of it: what a full round would have paid, less what is still short', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 10 ** 7 }), fc.integer({ min: 0, max: 500 }), fc.nat(), fc.nat(), (hands, contribution, feeBps, paid, late) => {
        const pot = hands * contribution;
        const collected = (paid % (hands + 1)) * contribution;
        const full = settleRound({ hands, contribution, feeBps, fines: 0, discount: 0, carryIn: 0, lastRound: false });
        // The payout recorded before: the settlement less the shortfall.
        const paidOut = full.payout - (pot - collected);
        let shortfall = pot - collected;
        let toppedUp = 0;
        for (let i = 0; i < late % (hands - collected / contribution + 1); i += 1) {
          const r = lateTopUp({ shortfall, amount: contribution });
          toppedUp += r.topUp;
          shortfall = r.shortfall;
        }
        // Payout and top-ups together are what the round pays with what has come in since.
        expect(paidOut + toppedUp).toBe(full.payout - shortfall);
        expect(shortfall).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 1_000 },
    );
  });

  it('never tops a round up beyond what it lacked', () => {
    expect(lateTopUp({ shortfall: 10_000, amount: 10_000 })).toEqual({ topUp: 10_000, shortfall: 0 });
    expect(() => lateTopUp({ shortfall: 0, amount: 1 })).toThrow(RangeError);
    expect(() => lateTopUp({ shortfall: 5, amount: -1 })).toThrow(RangeError);
  });
});
