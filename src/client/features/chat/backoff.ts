const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 30_000;

/**
 * The wait before reconnect attempt `n` (0-based): doubling from half a second up to the cap,
 * then anywhere in the upper half of that, so that clients dropped together (a server restart)
 * do not all come back in the same instant.
 */
export function backoffDelay(n: number, random = Math.random()): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(n, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
