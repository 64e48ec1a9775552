import { createHash, randomBytes } from 'node:crypto';
import { drawMessage, drawOrder } from '@shared/njangi/draw';

/*
 * The server's side of a verifiable draw (see src/shared/njangi/draw.ts): a secret seed from the
 * system's CSPRNG, its published commitment, and the order it gives. Node-only (node:crypto), so
 * it is kept out of the shared modules the browser bundles.
 */

/** A fresh secret seed: 32 random bytes as lowercase hex, kept secret until the draw is revealed. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The lowercase hex SHA-256 of a text's UTF-8 bytes (what crypto.subtle gives the browser). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** What is published before the draw: it binds the server to the seed without revealing it. */
export function seedCommitment(seedHex: string): string {
  return sha256Hex(seedHex);
}

/** The payout order `seedHex` gives `handIds`, exactly as members' browsers recompute it. */
export function drawOrderFromSeed(handIds: readonly number[], seedHex: string): number[] {
  return drawOrder(handIds, (round) => sha256Hex(drawMessage(seedHex, round)));
}
