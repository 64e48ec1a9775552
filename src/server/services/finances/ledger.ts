import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { financeAccounts, financeCategories, financeMonthly, ledgerEntries, payments, users } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { conflict, notFound } from '../errors';
import { notifyUser } from '../notifications';
import { toPage } from '../paging';
import { recordFinanceAction } from './audit';
import { spreadDuesCredit } from './dues';
import { shownTo, type LedgerViewer } from './entry-privacy';
import { afterReversal as afterWelfareReversal } from '../../domains/welfare/benefit';
import { afterFineReversal } from '../../domains/meetings/fine-payments';
import { financeLink } from '@shared/finances/sections';

export type EntryKind = 'payment' | 'expense' | 'reversal';
type NewEntry = {
  communityId: number;
  accountId: number;
  categoryId: number;
  /** Positive: money in; negative: money out. */
  amount: number;
  kind: EntryKind;
  paymentId?: number | null;
  expenseId?: number | null;
  reversesId?: number | null;
  memberId?: string | null;
  description: string;
  createdBy: string | null;
  now: number;
  /** A row brought in from the old spreadsheet: its fingerprint, so it is never written twice. */
  importKey?: string | null;
};

const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/**
 * Writes one entry and, in the same transaction, moves its account's balance and its month's
 * totals. Money out is refused (409) when the account holds less: the balance never goes below
 * zero, checked in the UPDATE itself so two payments cannot both spend the same money.
 */
export function appendEntry(tx: DbLike, e: NewEntry) {
  if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new Error(`ledger amounts are non-zero integers (got ${e.amount})`);
  const moved = tx
    .update(financeAccounts)
    .set({ balance: sql`${financeAccounts.balance} + ${e.amount}` })
    .where(and(eq(financeAccounts.id, e.accountId), eq(financeAccounts.communityId, e.communityId), sql`${financeAccounts.balance} + ${e.amount} >= 0`))
    .returning({ balance: financeAccounts.balance })
    .get();
  if (!moved) {
    const account = tx.select({ id: financeAccounts.id }).from(financeAccounts).where(and(eq(financeAccounts.id, e.accountId), eq(financeAccounts.communityId, e.communityId))).get();
    if (!account) throw notFound('errors.finances.accountNotFound');
    throw conflict('errors.finances.insufficient');
  }
  const moneyIn = e.amount > 0 ? e.amount : 0;
  const moneyOut = e.amount < 0 ? -e.amount : 0;
  tx.insert(financeMonthly)
    .values({ communityId: e.communityId, month: monthOf(e.now), categoryId: e.categoryId, moneyIn, moneyOut })
    .onConflictDoUpdate({
      target: [financeMonthly.communityId, financeMonthly.month, financeMonthly.categoryId],
      set: { moneyIn: sql`${financeMonthly.moneyIn} + ${moneyIn}`, moneyOut: sql`${financeMonthly.moneyOut} + ${moneyOut}` },
    })
    .run();
  return tx
    .insert(ledgerEntries)
    .values({
      communityId: e.communityId,
      accountId: e.accountId,
      categoryId: e.categoryId,
      amount: e.amount,
      kind: e.kind,
      paymentId: e.paymentId ?? null,
      expenseId: e.expenseId ?? null,
      reversesId: e.reversesId ?? null,
      memberId: e.memberId ?? null,
      description: e.description,
      createdBy: e.createdBy,
      createdAt: e.now,
      imported: e.importKey != null,
      importKey: e.importKey ?? null,
    })
    .returning()
    .get();
}

/** The entry of this community (scoped in the query), or 404. */
export function entryOf(db: DbLike, communityId: number, entryId: number) {
  const row = db.select().from(ledgerEntries).where(and(eq(ledgerEntries.id, entryId), eq(ledgerEntries.communityId, communityId))).get();
  if (!row) throw notFound('errors.finances.entryNotFound');
  return row;
}

/** The community an entry belongs to (for the guard), or undefined. */
export const entryCommunity = (db: DbLike, entryId: number) =>
  db.select({ communityId: ledgerEntries.communityId }).from(ledgerEntries).where(eq(ledgerEntries.id, entryId)).get()?.communityId;

/** A correction: the opposite amount, pointing at the entry it corrects; an entry is reversed once. */
export function reverseEntry(tx: DbLike, p: { communityId: number; entryId: number; reason: string; actorId: string; now: number }) {
  const original = entryOf(tx, p.communityId, p.entryId);
  if (original.kind === 'reversal') throw conflict('errors.finances.notReversible');
  const already = tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.reversesId, original.id)).get();
  if (already) throw conflict('errors.finances.alreadyReversed');
  const entry = appendEntry(tx, {
    communityId: p.communityId,
    accountId: original.accountId,
    categoryId: original.categoryId,
    amount: -original.amount,
    kind: 'reversal',
    reversesId: original.id,
    paymentId: original.paymentId,
    expenseId: original.expenseId,
    memberId: original.memberId,
    description: p.reason,
    createdBy: p.actorId,
    now: p.now,
  });
  if (original.kind === 'payment' && original.paymentId !== null) markPaymentReversed(tx, { ...p, paymentId: original.paymentId });
  // A reversed dues payment no longer covers the member's obligations.
  if (original.memberId) spreadDuesCredit(tx, { communityId: p.communityId, memberId: original.memberId });
  // A reversed levy payment no longer pays its levy; a reversed welfare benefit is to be paid again.
  afterWelfareReversal(tx, original, { actorId: p.actorId, reason: p.reason, now: p.now });
  // A reversed fine payment no longer pays its meeting fine.
  if (original.kind === 'payment') afterFineReversal(tx, original.paymentId);
  recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'entry.reversed', subject: `entry:${original.id}`, details: { reversal: entry.id, amount: entry.amount, reason: p.reason }, now: p.now });
  return entry;
}

/**
 * The payment whose entry was reversed reads "reversed" from now on (with the reason), and its
 * member is told. One conditional UPDATE from 'confirmed': the unique reversal index already
 * makes a second reversal fail, and a payment in another state has no entry to reverse.
 */
function markPaymentReversed(tx: DbLike, p: { communityId: number; paymentId: number; reason: string; now: number }) {
  const row = tx
    .update(payments)
    .set({ status: 'reversed', reason: p.reason })
    .where(and(eq(payments.id, p.paymentId), eq(payments.communityId, p.communityId), eq(payments.status, 'confirmed')))
    .returning({ memberId: payments.memberId, receiptNo: payments.receiptNo })
    .get();
  if (!row) throw conflict('errors.finances.alreadyReversed');
  notifyUser(tx, {
    userId: row.memberId,
    type: 'warning',
    title: 'notifications.paymentReversed.title',
    message: 'notifications.paymentReversed.message',
    params: { receiptNo: row.receiptNo ?? '', reason: p.reason },
    link: financeLink(p.communityId, 'payments'),
    now: p.now,
  });
}

const entryColumns = {
  id: ledgerEntries.id,
  accountId: ledgerEntries.accountId,
  categoryId: ledgerEntries.categoryId,
  amount: ledgerEntries.amount,
  kind: ledgerEntries.kind,
  paymentId: ledgerEntries.paymentId,
  expenseId: ledgerEntries.expenseId,
  reversesId: ledgerEntries.reversesId,
  description: ledgerEntries.description,
  memberId: ledgerEntries.memberId,
  memberFirstName: users.firstName,
  memberLastName: users.lastName,
  createdAt: ledgerEntries.createdAt,
  imported: ledgerEntries.imported,
};
/** The reversal of each entry, if any (an entry is reversed at most once). */
const reversedBy = sql<number | null>`(SELECT r.id FROM ledger_entries r WHERE r.reverses_id = ${ledgerEntries.id})`;
type EntryRow = { [K in keyof typeof entryColumns]: (typeof entryColumns)[K]['_']['data'] | (K extends 'memberFirstName' | 'memberLastName' ? null : never) } & { reversedBy: number | null };

const toEntryDto = (r: EntryRow, viewer: LedgerViewer) => ({
  id: r.id,
  accountId: r.accountId,
  categoryId: r.categoryId,
  amount: r.amount,
  kind: r.kind,
  paymentId: r.paymentId,
  expenseId: r.expenseId,
  reversesId: r.reversesId,
  reversedBy: r.reversedBy,
  // member: the payer's or the expense author's name; null with memberHidden: "a member" (entry-privacy.ts).
  ...shownTo(r, viewer),
  createdAt: new Date(r.createdAt).toISOString(),
  // Brought in from the old spreadsheet: dated on the day it happened, no receipt of ours.
  imported: r.imported,
});

/** A page of the ledger, newest first, by keyset on id (fast at any depth), as `viewer` may read it. */
export function listEntries(db: DbLike, p: { communityId: number; viewer: LedgerViewer; cursor?: number; limit: number; from?: number; to?: number }) {
  const rows = db
    .select({ ...entryColumns, reversedBy })
    .from(ledgerEntries)
    .leftJoin(users, eq(users.id, ledgerEntries.memberId))
    .where(
      and(
        eq(ledgerEntries.communityId, p.communityId),
        p.cursor ? lt(ledgerEntries.id, p.cursor) : undefined,
        p.from !== undefined ? gte(ledgerEntries.createdAt, p.from) : undefined,
        p.to !== undefined ? lte(ledgerEntries.createdAt, p.to) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(p.limit + 1)
    .all() as EntryRow[];
  return toPage(rows, p.limit, (r) => r.id, (r) => toEntryDto(r, p.viewer));
}

/** Every entry of a date range, oldest first, in pages of `batch` (for the CSV export), as `viewer` may read it. */
export function* entriesBetween(db: DbLike, p: { communityId: number; viewer: LedgerViewer; from: number; to: number; batch?: number }) {
  let after = 0;
  for (;;) {
    const rows = db
      .select({ ...entryColumns, reversedBy, accountName: financeAccounts.name, categoryBuiltIn: financeCategories.builtIn, categoryName: financeCategories.name })
      .from(ledgerEntries)
      .leftJoin(users, eq(users.id, ledgerEntries.memberId))
      .innerJoin(financeAccounts, eq(financeAccounts.id, ledgerEntries.accountId))
      .innerJoin(financeCategories, eq(financeCategories.id, ledgerEntries.categoryId))
      .where(and(eq(ledgerEntries.communityId, p.communityId), sql`${ledgerEntries.id} > ${after}`, gte(ledgerEntries.createdAt, p.from), lte(ledgerEntries.createdAt, p.to)))
      .orderBy(asc(ledgerEntries.id))
      .limit(p.batch ?? 1000)
      .all();
    if (rows.length === 0) return;
    for (const r of rows) yield { ...r, ...shownTo(r, p.viewer) };
    after = rows[rows.length - 1]!.id;
  }
}

/** Money in and out per month and category for a year (from the maintained monthly totals). */
export function monthlyTotals(db: DbLike, p: { communityId: number; year: number }) {
  return db
    .select({ month: financeMonthly.month, categoryId: financeMonthly.categoryId, moneyIn: financeMonthly.moneyIn, moneyOut: financeMonthly.moneyOut })
    .from(financeMonthly)
    .where(and(eq(financeMonthly.communityId, p.communityId), sql`${financeMonthly.month} LIKE ${`${p.year}-%`}`))
    .orderBy(asc(financeMonthly.month), asc(financeMonthly.categoryId))
    .all();
}

/**
 * Every account's maintained balance against the sum of its entries, and every month's totals
 * against its entries: the books verify when both lists of differences are empty.
 */
export function verifyBalances(db: DbLike): { accounts: { accountId: number; balance: number; entries: number }[]; months: { communityId: number; month: string; categoryId: number }[] } {
  const accounts = db
    .all<{ accountId: number; balance: number; entries: number }>(sql`SELECT a.id AS accountId, a.balance AS balance, coalesce(sum(e.amount), 0) AS entries
      FROM finance_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0)`);
  const months = db.all<{ communityId: number; month: string; categoryId: number }>(sql`SELECT m.community_id AS communityId, m.month AS month, m.category_id AS categoryId
    FROM finance_monthly m LEFT JOIN (
      SELECT community_id, strftime('%Y-%m', created_at / 1000, 'unixepoch') AS month, category_id,
        sum(CASE WHEN amount > 0 THEN amount ELSE 0 END) AS money_in, sum(CASE WHEN amount < 0 THEN -amount ELSE 0 END) AS money_out
      FROM ledger_entries GROUP BY 1, 2, 3) e
      ON e.community_id = m.community_id AND e.month = m.month AND e.category_id = m.category_id
    WHERE m.money_in <> coalesce(e.money_in, 0) OR m.money_out <> coalesce(e.money_out, 0)`);
  return { accounts, months };
}
