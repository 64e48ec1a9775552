import { eq, sql } from 'drizzle-orm';
import { communities, payments, users } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import type { Language } from '@shared/i18n/languages';
import { LOCALES } from '@shared/i18n/languages';
import { formatMoney } from '@shared/money';
import { forbidden, notFound } from '../errors';
import { requireBooks } from './books';
import { receiptPdf, type ReceiptData } from './receipt';

/**
 * The dues periods a confirmed dues payment paid for. Dues paid are spread over the member's
 * obligations oldest first (dues.ts); this payment covers the stretch after what the member's
 * earlier dues entries (payments less reversals, in ledger order) had covered. Later entries do
 * not move it, so a receipt names the same periods whenever it is downloaded.
 */
function duesPeriodsOf(db: DbLike, p: { communityId: number; memberId: string; paymentId: number; amount: number }): string[] {
  const entry = db.get<{ id: number } | undefined>(sql`SELECT id FROM ledger_entries WHERE payment_id = ${p.paymentId} AND kind = 'payment'`);
  if (!entry) return [];
  const before = Math.max(
    0,
    db.get<{ total: number }>(sql`SELECT coalesce(sum(e.amount), 0) AS total FROM ledger_entries e JOIN finance_categories c ON c.id = e.category_id
      WHERE e.community_id = ${p.communityId} AND e.member_id = ${p.memberId} AND c.built_in = 'dues' AND e.kind IN ('payment', 'reversal') AND e.id < ${entry.id}`)?.total ?? 0,
  );
  const obligations = db.all<{ periodKey: string; amount: number }>(sql`SELECT period_key AS periodKey, amount FROM dues_obligations
    WHERE community_id = ${p.communityId} AND member_id = ${p.memberId} ORDER BY due_at, id`);
  const periods: string[] = [];
  let start = 0;
  for (const o of obligations) {
    const end = start + o.amount;
    // The payment's stretch is (before, before + amount]: an obligation it reaches into was paid by it.
    if (end > before && start < before + p.amount && !periods.includes(o.periodKey)) periods.push(o.periodKey);
    start = end;
  }
  return periods;
}

/** What a confirmed payment's receipt shows, or 404 when it has none (pending or rejected). */
export function receiptData(db: DbLike, p: { communityId: number; paymentId: number; appName: string }): ReceiptData & { memberId: string } {
  const row = db.select().from(payments).where(eq(payments.id, p.paymentId)).get();
  if (!row || row.communityId !== p.communityId || row.receiptNo === null || row.decidedAt === null) throw notFound('errors.finances.paymentNotFound');
  const books = requireBooks(db, p.communityId);
  const person = (id: string | null) => {
    const u = id ? db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id)).get() : undefined;
    return u ? `${u.firstName} ${u.lastName}` : '—';
  };
  const community = db.select({ name: communities.name, timeZone: communities.timeZone }).from(communities).where(eq(communities.id, p.communityId)).get()!;
  const member = db.select({ language: users.language }).from(users).where(eq(users.id, row.memberId)).get();
  return {
    appName: p.appName,
    community: community.name,
    timeZone: community.timeZone,
    memberLanguage: member?.language ?? 'en',
    periods: row.purpose === 'dues' ? duesPeriodsOf(db, { communityId: p.communityId, memberId: row.memberId, paymentId: row.id, amount: row.amount }) : [],
    receiptNo: row.receiptNo,
    member: person(row.memberId),
    memberId: row.memberId,
    amount: row.amount,
    currency: books.currency,
    purpose: row.purpose,
    fund:
      row.levyId === null
        ? null
        : (db.get<{ name: string } | undefined>(sql`SELECT f.name AS name FROM welfare_levies l JOIN welfare_funds f ON f.id = l.fund_id WHERE l.id = ${row.levyId}`)?.name ?? null),
    method: row.method,
    provider: row.provider,
    reference: row.reference,
    confirmedAt: row.decidedAt,
    confirmedBy: person(row.decidedBy),
  };
}

/** The receipt PDF for its member or an officer of the community, in the member's own language: it is the member's paper, whoever downloads it. */
export async function receiptFor(db: DbLike, p: { communityId: number; paymentId: number; viewerId: string; officer: boolean; appName: string }) {
  const data = receiptData(db, p);
  if (!p.officer && data.memberId !== p.viewerId) throw forbidden('errors.denied.finances');
  return { filename: `receipt-${data.receiptNo}.pdf`, pdf: await receiptPdf(data, data.memberLanguage), data };
}

export const amountText = (data: ReceiptData, language: Language) => formatMoney(data.amount, data.currency, LOCALES[language]);
