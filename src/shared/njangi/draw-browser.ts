import { drawMessage, drawOrder } from './draw';

/*
 * A member's check of a revealed draw, in the browser: crypto.subtle only hashes asynchronously,
 * so every round's hash is computed first and drawOrder then runs on them. Node 20 has
 * globalThis.crypto.subtle too, which lets the tests compare it with the server's draw.
 */

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a revealed seed is the one committed to (SHA-256 of the seed text = `commitment`) and
 * gives `recordedOrder` for `handIds`; `order` is the recomputed order, to show the member.
 */
export async function verifyDraw(
  seedHex: string,
  commitment: string,
  handIds: readonly number[],
  recordedOrder: readonly number[],
): Promise<{ commitmentMatches: boolean; orderMatches: boolean; order: number[] }> {
  const hashes = await Promise.all(handIds.map((_, i) => sha256Hex(drawMessage(seedHex, i + 1))));
  const order = drawOrder(handIds, (round) => hashes[round - 1]!);
  return {
    commitmentMatches: (await sha256Hex(seedHex)) === commitment.toLowerCase(),
    orderMatches: order.length === recordedOrder.length && order.every((id, i) => id === recordedOrder[i]),
    order,
  };
}
