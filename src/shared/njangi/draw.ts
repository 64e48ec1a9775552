/*
 * The payout order of a 'random' circle, drawn so that anyone can check it. Before the draw the
 * server publishes a commitment (the SHA-256 of a secret seed); after it, the seed. Round r's pick
 * comes from SHA-256(`${seed}:${r}`), so the order follows from the seed alone: members recompute
 * it in their browser, and the commitment shows the seed was not chosen after the fact.
 *
 * Hashing is injected: the server hashes synchronously with node:crypto (draw-seed.ts), the browser
 * precomputes the hashes with crypto.subtle (draw-browser.ts). Changing anything here changes every
 * past draw's verification: the algorithm is fixed.
 */

const HEX_RE = /^[0-9a-f]+$/i;

/** The text hashed for round `round` (1-based) of the draw from `seedHex`. */
export function drawMessage(seedHex: string, round: number): string {
  return `${seedHex}:${round}`;
}

/**
 * The index (0..n-1) a round's hash picks among n remaining hands: the whole 256-bit hash modulo n.
 * Its bias is below n / 2^256, nothing anyone could notice; BigInt keeps it exact everywhere.
 */
export function pickIndex(hashHex: string, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`Cannot pick among ${n} hands`);
  if (typeof hashHex !== 'string' || !HEX_RE.test(hashHex)) throw new RangeError('Not a hex hash');
  return Number(BigInt(`0x${hashHex}`) % BigInt(n));
}

/**
 * The payout order of `handIds` (index 0 receives round 1). Round r = 1..n picks
 * remaining[pickIndex(hashOf(r), remaining.length)] from the hands not yet picked, kept sorted
 * ascending so that the order of the input does not matter. hashOf(r) must be the hex SHA-256 of
 * drawMessage(seed, r).
 */
export function drawOrder(handIds: readonly number[], hashOf: (round: number) => string): number[] {
  const remaining = [...handIds].sort((a, b) => a - b);
  for (let i = 1; i < remaining.length; i += 1) {
    if (remaining[i] === remaining[i - 1]) throw new RangeError(`Hand ${remaining[i]} is listed twice`);
  }
  const order: number[] = [];
  for (let round = 1; remaining.length > 0; round += 1) {
    const [picked] = remaining.splice(pickIndex(hashOf(round), remaining.length), 1);
    order.push(picked!);
  }
  return order;
}
