import { eq, sql } from 'drizzle-orm';
import { savingsGroups } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';

/**
 * The group's next receipt number, 1, 2, 3… across its confirmed entries and repayments, given in
 * the confirming transaction: a confirmation that fails takes its number back with it, so no gap.
 */
export function nextReceiptNo(tx: DbLike, groupId: number): number {
  return tx.update(savingsGroups).set({ lastReceiptNo: sql`${savingsGroups.lastReceiptNo} + 1` }).where(eq(savingsGroups.id, groupId)).returning({ n: savingsGroups.lastReceiptNo }).get()!.n;
}

/** `count` consecutive receipt numbers at once (a share-out's entries, one a member), the first returned; same transaction rule. */
export function nextReceiptNos(tx: DbLike, groupId: number, count: number): number {
  const last = tx.update(savingsGroups).set({ lastReceiptNo: sql`${savingsGroups.lastReceiptNo} + ${count}` }).where(eq(savingsGroups.id, groupId)).returning({ n: savingsGroups.lastReceiptNo }).get()!.n;
  return last - count + 1;
}
