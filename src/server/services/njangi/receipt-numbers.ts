import { eq, sql } from 'drizzle-orm';
import { circles } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';

/** How money moved in or out of a circle, as its recorder gives it. */
export type ContributionDetails = { method: 'cash' | 'mobile_money' | 'bank_transfer' | 'other'; reference?: string | null; proofUrl?: string | null };

/**
 * The circle's next receipt number: 1, 2, 3… across contributions, payouts and top-ups with no
 * gap, taken in the confirming transaction (and rolled back with it).
 */
export function nextCircleReceiptNo(tx: DbLike, circleId: number): number {
  return tx.update(circles).set({ lastReceiptNo: sql`${circles.lastReceiptNo} + 1` }).where(eq(circles.id, circleId)).returning({ n: circles.lastReceiptNo }).get()!.n;
}
