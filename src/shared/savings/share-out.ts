/*
 * The share-out at a savings-and-loans cycle's end: the fund (savings, interest earned, fines, less
 * what it lost) goes back to the members in proportion to their shares. Each member receives
 *
 *   floor(shares × fund ÷ total shares)
 *
 * in integer minor units, and the minor units that rounding leaves (fewer than the number of
 * members) are carried to the next cycle, so paid out + carried = the fund exactly. The social
 * fund is not shared out: it stays apart, for members' emergencies.
 */

export type ShareOutLine = { id: string; shares: number; amount: number };
export type ShareOut = {
  lines: ShareOutLine[];
  /** Σ lines' amounts. */
  paidOut: number;
  /** What rounding left, carried to the next cycle. */
  carried: number;
  totalShares: number;
};

/** Splits `fund` by shares; members without a share receive nothing (and are listed with 0). */
export function shareOut(fund: number, holdings: { id: string; shares: number }[]): ShareOut {
  if (!Number.isSafeInteger(fund) || fund < 0) throw new RangeError(`The fund must be a whole, non-negative amount: ${fund}`);
  for (const h of holdings) if (!Number.isSafeInteger(h.shares) || h.shares < 0) throw new RangeError(`Shares must be whole: ${h.shares}`);
  const totalShares = holdings.reduce((s, h) => s + h.shares, 0);
  if (totalShares === 0) return { lines: holdings.map((h) => ({ id: h.id, shares: 0, amount: 0 })), paidOut: 0, carried: fund, totalShares: 0 };
  // BigInt: shares × fund passes 2^53 for a large fund.
  const lines = holdings.map((h) => ({ id: h.id, shares: h.shares, amount: Number((BigInt(h.shares) * BigInt(fund)) / BigInt(totalShares)) }));
  const paidOut = lines.reduce((s, l) => s + l.amount, 0);
  return { lines, paidOut, carried: fund - paidOut, totalShares };
}
