import { and, eq, ne } from 'drizzle-orm';
import { payments } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { fieldError, isUniqueViolation } from '../errors';

/*
 * One payment per provider transaction in a community: the same transfer cannot be claimed twice,
 * by the same member or another. The unique index (payments_transaction_unique) is the rule; the
 * read before the insert only finds the earlier payment to name in the refusal, and an insert that
 * loses a race to the index is answered the same way. A rejected payment frees its id.
 */

/** The payment of this community (not rejected) that already carries the transaction id: its number and day. */
export function earlierPayment(db: DbLike, communityId: number, transactionId: string): { payment: number; date: string } | null {
  const row = db
    .select({ id: payments.id, createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.communityId, communityId), eq(payments.transactionId, transactionId), ne(payments.status, 'rejected')))
    .get();
  return row ? { payment: row.id, date: new Date(row.createdAt).toISOString().slice(0, 10) } : null;
}

/** The refusal naming the payment that already carries this transaction id. */
function used(tx: DbLike, communityId: number, transactionId: string) {
  const earlier = earlierPayment(tx, communityId, transactionId);
  return fieldError('conflict', 'transactionId', 'errors.finances.transactionUsed', { transactionId, payment: earlier?.payment ?? '', date: earlier?.date ?? '' });
}

/** Refuses a transaction id this community's books already hold (409 naming the earlier payment). */
export function refuseUsedTransaction(tx: DbLike, communityId: number, transactionId: string | null | undefined) {
  if (transactionId && earlierPayment(tx, communityId, transactionId)) throw used(tx, communityId, transactionId);
}

/** Runs an insert, answering a lost race on the transaction id as the refusal above. */
export function insertingTransaction<T>(tx: DbLike, communityId: number, transactionId: string | null | undefined, insert: () => T): T {
  try {
    return insert();
  } catch (e) {
    if (transactionId && isUniqueViolation(e) && e instanceof Error && e.message.includes('transaction_id')) throw used(tx, communityId, transactionId);
    throw e;
  }
}
