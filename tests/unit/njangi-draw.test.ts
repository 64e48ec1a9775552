import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawMessage, drawOrder, pickIndex } from '../../src/shared/njangi/draw';
import { verifyDraw } from '../../src/shared/njangi/draw-browser';
import { drawOrderFromSeed, newSeed, seedCommitment, sha256Hex } from '../../src/server/services/njangi/draw-seed';

const hexSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex'));
const handIdSet = fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 60 });

describe('njangi draw', () => {
  it('hashes the seed and round as "seed:round" with SHA-256', () => {
    expect(drawMessage('ab12', 3)).toBe('ab12:3');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(seedCommitment('abc')).toBe(sha256Hex('abc'));
  });

  it('picks the hash modulo n, exactly for 256-bit hashes', () => {
    expect(pickIndex('ff', 10)).toBe(5);
    expect(pickIndex('FF', 10)).toBe(5);
    expect(pickIndex('00', 7)).toBe(0);
    expect(pickIndex('f'.repeat(64), 1)).toBe(0);
    // 2^256 − 1 ≡ 15 (mod 60): 2^256 ≡ 16 (mod 60) since 2^k mod 60 cycles 16, 32, 4, 8 from k = 4 (256 ≡ 0 mod 4).
    expect(pickIndex('f'.repeat(64), 60)).toBe(15);
    expect(() => pickIndex('ff', 0)).toThrow(RangeError);
    expect(() => pickIndex('xyz', 3)).toThrow(RangeError);
    expect(() => pickIndex('', 3)).toThrow(RangeError);
  });

  it('picks round by round from the remaining hands sorted ascending, whatever the input order', () => {
    const hashes = ['00', '01', '00'];
    expect(drawOrder([3, 1, 2], (r) => hashes[r - 1]!)).toEqual([1, 3, 2]);
    expect(drawOrder([2, 3, 1], (r) => hashes[r - 1]!)).toEqual([1, 3, 2]);
    expect(drawOrder([], () => '00')).toEqual([]);
    expect(() => drawOrder([1, 2, 2], () => '00')).toThrow(RangeError);
  });

  it('gives the same order as ever for a known seed (the order of past draws must never change)', () => {
    const seed = '00'.repeat(32);
    expect(drawOrderFromSeed([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], seed)).toEqual([6, 5, 3, 4, 2, 8, 10, 7, 9, 1]);
    expect(seedCommitment(seed)).toBe('60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55');
    expect(drawOrderFromSeed([40, 7, 13, 2, 99], 'a'.repeat(64))).toEqual([13, 99, 40, 7, 2]);
  });

  it('makes fresh 32-byte hex seeds', () => {
    const a = newSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(a);
  });

  it('is verified in the browser from the revealed seed, and a wrong seed or order fails', async () => {
    const seed = newSeed();
    const hands = [5, 9, 1, 12, 30, 2];
    const order = drawOrderFromSeed(hands, seed);
    const commitment = seedCommitment(seed);
    expect(await verifyDraw(seed, commitment, hands, order)).toEqual({ commitmentMatches: true, orderMatches: true, order });
    expect(await verifyDraw(seed, commitment.toUpperCase(), hands, order)).toMatchObject({ commitmentMatches: true, orderMatches: true });
    const other = newSeed();
    const withOther = await verifyDraw(other, commitment, hands, order);
    expect(withOther.commitmentMatches).toBe(false);
    expect(withOther.order).toEqual(drawOrderFromSeed(hands, other));
    const swapped = [order[1]!, order[0]!, ...order.slice(2)];
    expect(await verifyDraw(seed, commitment, hands, swapped)).toMatchObject({ commitmentMatches: true, orderMatches: false });
    expect(await verifyDraw(seed, commitment, hands, order.slice(1))).toMatchObject({ orderMatches: false });
  });

  it('for any seed and hands: a permutation, the same in Node and in the browser', async () => {
    await fc.assert(
      fc.asyncProperty(hexSeed, handIdSet, async (seed, hands) => {
        const order = drawOrderFromSeed(hands, seed);
        expect([...order].sort((a, b) => a - b)).toEqual([...hands].sort((a, b) => a - b));
        const check = await verifyDraw(seed, seedCommitment(seed), hands, order);
        expect(check).toEqual({ commitmentMatches: true, orderMatches: true, order });
        // The order depends on the set of hands, not on the order they were listed in.
        expect(drawOrderFromSeed([...hands].reverse(), seed)).toEqual(order);
      }),
      { numRuns: 200 },
    );
  });
});
