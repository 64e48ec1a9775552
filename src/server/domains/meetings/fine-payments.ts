import { and, eq, sql } from 'drizzle-orm';
import { financeCategories, meetingFines, payments, type MeetingFineRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { conflict, notFound } from '../../services/errors';
import { declareObligationPayment, recordObligationCash } from '../../services/finances/obligation-payments';
import { FINE_NOT_FOUND } from './fines';

/*
 * Paying a meeting fine goes through the books under the money rules, as a welfare levy does: the
 * member declares a payment of purpose 'fine' naming it (or an officer records cash taken for them
 * at the meeting), another officer confirms it (services/finances/payments.ts), and the confirmed
 * entry lands in the "Meeting fines" income category; the fine's `paid` is then its payments'
 * entries net of reversals, written in the transaction of each confirmation and reversal.
 */

/** The category fines land in: the built-in 'meetingFines', added to a community's books the first time one is confirmed. */
export function fineCategory(tx: DbLike, communityId: number, now: number): number {
  const found = tx
    .select({ id: financeCategories.id })
    .from(financeCategories)
    .where(and(eq(financeCategories.communityId, communityId), eq(financeCategories.builtIn, 'meetingFines')))
    .get();
  if (found) return found.id;
  return tx.insert(financeCategories).values({ communityId, kind: 'income', builtIn: 'meetingFines', createdAt: now }).returning({ id: financeCategories.id }).get().id;
}

/** A fine's paid amount from the ledger: its payments' entries, net of their reversals. */
export function settleFine(tx: DbLike, fineId: number) {
  const paid = tx.get<{ n: number }>(sql`SELECT coalesce(sum(e.amount), 0) AS n FROM ledger_entries e JOIN payments x ON x.id = e.payment_id
    WHERE x.fine_id = ${fineId} AND e.kind IN ('payment', 'reversal')`).n;
  tx.update(meetingFines).set({ paid: Math.max(0, paid) }).where(eq(meetingFines.id, fineId)).run();
}

/** The fine side of a reversal (services/finances/ledger.ts): a reversed fine payment no longer pays it. */
export function afterFineReversal(tx: DbLike, paymentId: number | null) {
  if (paymentId === null) return;
  const row = tx.select({ fineId: payments.fineId }).from(payments).where(eq(payments.id, paymentId)).get();
  if (row?.fineId) settleFine(tx, row.fineId);
}

function fineOf(db: DbLike, communityId: number, id: number): MeetingFineRow {
  const row = db.select().from(meetingFines).where(and(eq(meetingFines.id, id), eq(meetingFines.communityId, communityId))).get();
  if (!row || row.status === 'cancelled') throw notFound(FINE_NOT_FOUND);
  return row;
}

/** What can still be paid: an owed fine's amount less what is paid and what waits for confirmation. */
function assertRoom(db: DbLike, fine: MeetingFineRow, amount: number) {
  const pending = db.get<{ n: number }>(sql`SELECT coalesce(sum(amount), 0) AS n FROM payments WHERE fine_id = ${fine.id} AND status = 'pending'`).n;
  const room = fine.status === 'owed' ? fine.amount - fine.paid - pending : 0;
  if (room <= 0) throw conflict('errors.meetings.fineSettled');
  if (amount > room) throw conflict('errors.meetings.fineOverpaid');
}

/** The fine a payment is for, and the check that an amount fits in what is left of it. */
const fineFor = (communityId: number, fineId: number) => (tx: DbLike) => {
  const fine = fineOf(tx, communityId, fineId);
  return { memberId: fine.memberId, owed: { purpose: 'fine' as const, fineId: fine.id }, checkRoom: (amount: number) => assertRoom(tx, fine, amount) };
};

/** A member declares a payment of their own fine: it waits, pending, for an officer (four eyes). */
export function declareFinePayment(
  db: DB,
  p: { communityId: number; fineId: number; memberId: string; amount: number; currency?: string; method: 'cash' | 'mobile_money' | 'bank_transfer' | 'other'; provider?: string | null; reference?: string | null; proofUrl?: string | null; now: number },
) {
  return declareObligationPayment(db, { ...p, find: fineFor(p.communityId, p.fineId), notYours: 'errors.meetings.notYourFine' });
}

/** Cash a finance officer took for a member's fine (at the meeting, say): recorded, and another officer confirms it. */
export function recordFineCash(db: DB, p: { communityId: number; fineId: number; actorId: string; accountId: number; amount: number; currency?: string; reference?: string | null; now: number }) {
  return recordObligationCash(db, { ...p, find: fineFor(p.communityId, p.fineId) });
}
