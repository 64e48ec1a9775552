import { and, desc, eq, lt, sql, sum } from 'drizzle-orm';
import { communities, financeSettings, memberships, payments, users, type PaymentStatus } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { conflict, forbidden, invalid, notFound } from '../errors';
import { notify } from '../notify';
import { handled, tellWhoMayAct } from '../needs/notices';
import { moneyText } from '../needs/sql';
import { toPage } from '../paging';
import { recordFinanceAction } from './audit';
import { accountOf, builtInCategoryId } from './books';
import { spreadDuesCredit } from './dues';
import { appendEntry } from './ledger';
import { attachUpload } from '../../uploads/registry';
import { prepared } from '../prepared';
import { levyCategory, settleLevy } from '../../domains/welfare/levies';
import { fineCategory, settleFine } from '../../domains/meetings/fine-payments';
import { financeLink } from '@shared/finances/sections';
import { insertingTransaction, refuseUsedTransaction } from './transaction-ids';

export type Declared = {
  amount: number;
  purpose: 'dues' | 'donation' | 'levy' | 'fine';
  method: 'cash' | 'mobile_money' | 'bank_transfer' | 'other';
  provider?: string | null;
  reference?: string | null;
  proofUrl?: string | null;
  note?: string | null;
  transactionId?: string | null;
  smsText?: string | null;
};

function assertDetails(d: Declared) {
  if (d.method === 'mobile_money' && !d.provider?.trim()) throw invalid('errors.finances.providerRequired', [{ path: ['provider'], message: 'errors.finances.providerRequired' }]);
}

/** The community a payment belongs to (for the guard), or undefined. */
export const paymentCommunity = (db: DbLike, id: number) => db.select({ communityId: payments.communityId }).from(payments).where(eq(payments.id, id)).get()?.communityId;

/** A member says they paid: the payment waits, pending, for the treasurer. */
export function declarePayment(db: DB, p: { communityId: number; memberId: string; details: Declared; now: number }) {
  assertDetails(p.details);
  const d = p.details;
  return db.transaction((tx) => {
    attachUpload(tx, { url: d.proofUrl, ownerId: p.memberId, field: 'proofUrl', now: p.now });
    refuseUsedTransaction(tx, p.communityId, d.transactionId);
    // Prepared once (prepared.ts), run on `db` inside this transaction: every member's declaration runs it.
    const row = insertingTransaction(tx, p.communityId, d.transactionId, () => insertDeclared(db).get({
      communityId: p.communityId,
      memberId: p.memberId,
      amount: d.amount,
      purpose: d.purpose,
      method: d.method,
      provider: d.provider ?? null,
      reference: d.reference ?? null,
      proofUrl: d.proofUrl ?? null,
      note: d.note ?? null,
      transactionId: d.transactionId ?? null,
      smsText: d.smsText ?? null,
      createdAt: p.now,
    })!);
    recordFinanceAction(db, { communityId: p.communityId, actorId: p.memberId, action: 'payment.declared', subject: `payment:${row.id}`, details: { amount: row.amount, purpose: row.purpose, method: row.method }, now: p.now });
    tellOfficers(db, tx, row, p.now);
    return toPaymentDto(row);
  });
}

/**
 * A payment now waits: the officers who may confirm it (never its authors) are told who paid how
 * much, each in their language; the notices read as handled once someone confirms or rejects it.
 */
/** What a member's declaration is called in the officers' notice, by what it pays. */
const WAITING_KEY = { dues: 'paymentWaitingDues', donation: 'paymentWaitingDonation', levy: 'paymentWaitingLevy', fine: 'paymentWaitingFine' } as const;

export function tellOfficers(db: DB, tx: DbLike, row: typeof payments.$inferSelect, now: number) {
  const who = (id: string | null) => {
    const u = id ? tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id)).get() : undefined;
    return u ? `${u.firstName} ${u.lastName}` : '';
  };
  const books = tx.select({ currency: financeSettings.currency, community: communities.name }).from(financeSettings).innerJoin(communities, eq(communities.id, financeSettings.communityId)).where(eq(financeSettings.communityId, row.communityId)).get()!;
  const recorded = row.recordedBy !== null && row.recordedBy !== row.memberId;
  tellWhoMayAct(db, tx, {
    kind: 'payment',
    id: row.id,
    by: row.recordedBy ?? row.memberId,
    key: recorded ? 'paymentRecordedWaiting' : WAITING_KEY[row.purpose],
    params: (language) => ({ name: who(recorded ? row.recordedBy : row.memberId), member: who(row.memberId), amount: moneyText(row.amount, books.currency, language), community: books.community }),
    link: financeLink(row.communityId, 'payments'),
    now,
  });
}

const insertDeclared = (db: DB) =>
  prepared(db, 'finances.declare', (d) => {
    const ph = sql.placeholder;
    return d
      .insert(payments)
      .values({
        communityId: ph('communityId'),
        memberId: ph('memberId'),
        amount: ph('amount'),
        purpose: ph('purpose'),
        method: ph('method'),
        provider: ph('provider'),
        reference: ph('reference'),
        proofUrl: ph('proofUrl'),
        note: ph('note'),
        transactionId: ph('transactionId'),
        smsText: ph('smsText'),
        status: 'pending',
        recordedBy: ph('memberId'),
        createdAt: ph('createdAt'),
      })
      .returning()
      .prepare();
  });

/** The next receipt number of the community: 1, 2, 3… with no gap, given in the confirming transaction. */
function nextReceiptNo(tx: DbLike, communityId: number): number {
  return tx
    .update(financeSettings)
    .set({ lastReceiptNo: sql`${financeSettings.lastReceiptNo} + 1` })
    .where(eq(financeSettings.communityId, communityId))
    .returning({ n: financeSettings.lastReceiptNo })
    .get()!.n;
}

function categoryOf(tx: DbLike, row: typeof payments.$inferSelect, now: number): number {
  if (row.purpose === 'levy' && row.levyId !== null) return levyCategory(tx, row.levyId);
  if (row.purpose === 'fine' && row.fineId !== null) return fineCategory(tx, row.communityId, now);
  return builtInCategoryId(tx, row.communityId, row.purpose === 'dues' ? 'dues' : 'donation');
}

/** Confirmation: into the ledger, a receipt number, the member told. Only a pending payment moves. */
function confirmIn(tx: DbLike, p: { communityId: number; paymentId: number; accountId: number; actorId: string; now: number }) {
  accountOf(tx, p.communityId, p.accountId);
  const receiptNo = nextReceiptNo(tx, p.communityId);
  const row = tx
    .update(payments)
    .set({ status: 'confirmed', accountId: p.accountId, receiptNo, decidedBy: p.actorId, decidedAt: p.now })
    .where(and(eq(payments.id, p.paymentId), eq(payments.communityId, p.communityId), eq(payments.status, 'pending')))
    .returning()
    .get();
  // The conditional UPDATE is the arbiter: of two confirmations at once, one finds it no longer pending.
  if (!row) throw conflict('errors.finances.paymentDecided');
  appendEntry(tx, {
    communityId: p.communityId,
    accountId: p.accountId,
    // A welfare levy lands in its fund's own category, a meeting fine in "Meeting fines"; dues and donations in the built-in ones.
    categoryId: categoryOf(tx, row, p.now),
    amount: row.amount,
    kind: 'payment',
    paymentId: row.id,
    memberId: row.memberId,
    description: row.reference ? `${row.purpose} · ${row.reference}` : row.purpose,
    createdBy: p.actorId,
    now: p.now,
  });
  // Dues paid cover the member's obligations, oldest first; a levy payment pays its levy.
  if (row.purpose === 'dues') spreadDuesCredit(tx, { communityId: p.communityId, memberId: row.memberId });
  if (row.purpose === 'levy' && row.levyId !== null) settleLevy(tx, row.levyId);
  if (row.purpose === 'fine' && row.fineId !== null) settleFine(tx, row.fineId);
  recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'payment.confirmed', subject: `payment:${row.id}`, details: { amount: row.amount, receiptNo, accountId: p.accountId }, now: p.now });
  handled(tx, 'payment', row.id, p.actorId, p.now);
  // The member's email of it is the receipt itself (its PDF written when the mail leaves).
  notify(tx, {
    to: [row.memberId],
    key: 'paymentConfirmed',
    type: 'success',
    params: { receiptNo },
    link: financeLink(p.communityId, 'payments'),
    mail: { template: 'receipt', payload: { communityId: p.communityId, paymentId: row.id } },
    once: `receipt:payment:${row.id}`,
    now: p.now,
  });
  return row;
}

function pendingOf(tx: DbLike, communityId: number, paymentId: number) {
  const row = tx.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.communityId, communityId))).get();
  if (!row) throw notFound('errors.finances.paymentNotFound');
  return row;
}

/**
 * Four eyes: the member a payment is for and whoever recorded it (the member who declared it, or
 * the officer who recorded cash) are its authors; neither confirms nor rejects it.
 */
function assertNotAuthor(row: typeof payments.$inferSelect, actorId: string) {
  if (row.memberId === actorId) throw forbidden('errors.finances.ownPayment');
  if (row.recordedBy === actorId) throw forbidden('errors.finances.recordedPayment');
}

export function confirmPayment(db: DB, p: { communityId: number; paymentId: number; accountId: number; actorId: string; now: number }) {
  return db.transaction((tx) => confirmPaymentIn(tx, p));
}

/** Confirmation inside a caller's transaction (a statement line matched with the payment is marked in the same one). */
export function confirmPaymentIn(tx: DbLike, p: { communityId: number; paymentId: number; accountId: number; actorId: string; now: number }) {
  assertNotAuthor(pendingOf(tx, p.communityId, p.paymentId), p.actorId);
  return toPaymentDto(confirmIn(tx, p));
}

export function rejectPayment(db: DB, p: { communityId: number; paymentId: number; reason: string; actorId: string; now: number }) {
  return db.transaction((tx) => {
    assertNotAuthor(pendingOf(tx, p.communityId, p.paymentId), p.actorId);
    const row = tx
      .update(payments)
      .set({ status: 'rejected', reason: p.reason, decidedBy: p.actorId, decidedAt: p.now })
      .where(and(eq(payments.id, p.paymentId), eq(payments.communityId, p.communityId), eq(payments.status, 'pending')))
      .returning()
      .get();
    if (!row) throw conflict('errors.finances.paymentDecided');
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'payment.rejected', subject: `payment:${row.id}`, details: { reason: p.reason }, now: p.now });
    handled(tx, 'payment', row.id, p.actorId, p.now);
    notify(tx, { to: [row.memberId], key: 'paymentRejected', type: 'warning', params: { reason: p.reason }, link: financeLink(p.communityId, 'payments'), now: p.now });
    return toPaymentDto(row);
  });
}

/**
 * Cash taken at a meeting, recorded by an officer for a member (or for themselves). It waits,
 * pending, like a declared payment: the officer who recorded it is one of its authors, so another
 * officer confirms it into the account the recorder named (or another) and the receipt goes out then.
 */
export function recordCashPayment(db: DB, p: { communityId: number; memberId: string; details: Declared; accountId: number; actorId: string; now: number }) {
  return db.transaction((tx) => recordPaymentIn(db, tx, p));
}

/** Recording inside a caller's transaction (a statement line recorded as a payment is marked in the same one). */
export function recordPaymentIn(db: DB, tx: DbLike, p: { communityId: number; memberId: string; details: Declared; accountId: number; actorId: string; now: number }) {
  assertDetails(p.details);
  const member = tx.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.communityId, p.communityId), eq(memberships.userId, p.memberId))).get();
  if (!member) throw notFound('errors.finances.notAMember');
  // The account named must be this community's, though the confirming officer chooses again.
  accountOf(tx, p.communityId, p.accountId);
  attachUpload(tx, { url: p.details.proofUrl, ownerId: p.actorId, field: 'proofUrl', now: p.now });
  refuseUsedTransaction(tx, p.communityId, p.details.transactionId);
  const pending = insertingTransaction(tx, p.communityId, p.details.transactionId, () =>
    tx.insert(payments).values({ communityId: p.communityId, memberId: p.memberId, ...p.details, status: 'pending', accountId: p.accountId, recordedBy: p.actorId, createdAt: p.now }).returning().get(),
  );
  recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'payment.recorded', subject: `payment:${pending.id}`, details: { amount: pending.amount, memberId: p.memberId, accountId: p.accountId }, now: p.now });
  tellOfficers(db, tx, pending, p.now);
  return toPaymentDto(pending);
}

export function toPaymentDto(r: typeof payments.$inferSelect, memberName: string | null = null) {
  return {
    id: r.id,
    memberId: r.memberId,
    member: memberName,
    // Who recorded it: the member who declared it, or the officer who recorded cash.
    recordedBy: r.recordedBy,
    // A recorded payment's account, suggested to the officer who confirms it (set for good then).
    accountId: r.accountId,
    amount: r.amount,
    purpose: r.purpose,
    method: r.method,
    provider: r.provider,
    reference: r.reference,
    proofUrl: r.proofUrl,
    note: r.note,
    // The provider's transaction id, and the confirmation text the member pasted (for the treasurer).
    transactionId: r.transactionId,
    smsText: r.smsText,
    status: r.status,
    reason: r.reason,
    receiptNo: r.receiptNo,
    // Brought in with the books' history: dated on the day it was paid, with no receipt of ours.
    imported: r.imported,
    createdAt: new Date(r.createdAt).toISOString(),
    decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
  };
}

/** Payments of a community (the treasurer's queue) or of one member (their statement), newest first. */
export function listPayments(db: DbLike, p: { communityId: number; memberId?: string; status?: PaymentStatus; cursor?: number; limit: number }) {
  const rows = db
    .select({ payment: payments, firstName: users.firstName, lastName: users.lastName })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.memberId))
    .where(
      and(
        eq(payments.communityId, p.communityId),
        p.memberId ? eq(payments.memberId, p.memberId) : undefined,
        p.status ? eq(payments.status, p.status) : undefined,
        p.cursor ? lt(payments.id, p.cursor) : undefined,
      ),
    )
    .orderBy(desc(payments.id))
    .limit(p.limit + 1)
    .all();
  return toPage(rows, p.limit, (r) => r.payment.id, (r) => toPaymentDto(r.payment, `${r.firstName} ${r.lastName}`));
}

/**
 * A member's own totals. Paid: from the ledger, their payments' entries made in the year (when the
 * money reached the books) net of their reversals, whenever those were made: a reversed payment
 * counts in no total. Pending: their payments waiting for an officer (declared, or recorded as
 * cash), not yet in the books.
 */
export function memberTotals(db: DbLike, p: { communityId: number; memberId: string; year: number }) {
  const from = Date.UTC(p.year, 0, 1);
  const to = Date.UTC(p.year + 1, 0, 1);
  const paid = db.get<{ n: number }>(sql`SELECT coalesce(sum(e.amount + coalesce(r.amount, 0)), 0) AS n
    FROM ledger_entries e LEFT JOIN ledger_entries r ON r.reverses_id = e.id
    WHERE e.community_id = ${p.communityId} AND e.member_id = ${p.memberId} AND e.kind = 'payment' AND e.created_at >= ${from} AND e.created_at < ${to}`).n;
  const pending = Number(
    db
      .select({ n: sum(payments.amount) })
      .from(payments)
      .where(and(eq(payments.communityId, p.communityId), eq(payments.memberId, p.memberId), eq(payments.status, 'pending')))
      .get()?.n ?? 0,
  );
  return { paidThisYear: paid, pending };
}

/** One payment of the community, for its receipt (the member's own, or any for the treasurer). */
export function paymentOf(db: DbLike, communityId: number, paymentId: number) {
  return pendingOf(db, communityId, paymentId);
}
