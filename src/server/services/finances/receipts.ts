import { eq } from 'drizzle-orm';
import { communities, payments, users } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import type { Language } from '@shared/i18n/languages';
import { LOCALES } from '@shared/i18n/languages';
import { formatMoney } from '@shared/money';
import { forbidden, notFound } from '../errors';
import { requireBooks } from './books';
import { receiptPdf, type ReceiptData } from './receipt';

/** What a confirmed payment's receipt shows, or 404 when it has none (pending or rejected). */
export function receiptData(db: DbLike, p: { communityId: number; paymentId: number; appName: string }): ReceiptData & { memberId: string } {
  const row = db.select().from(payments).where(eq(payments.id, p.paymentId)).get();
  if (!row || row.communityId !== p.communityId || row.receiptNo === null || row.decidedAt === null) throw notFound('errors.finances.paymentNotFound');
  const books = requireBooks(db, p.communityId);
  const person = (id: string | null) => {
    const u = id ? db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id)).get() : undefined;
    return u ? `${u.firstName} ${u.lastName}` : '—';
  };
  const community = db.select({ name: communities.name }).from(communities).where(eq(communities.id, p.communityId)).get()!.name;
  return {
    appName: p.appName,
    community,
    receiptNo: row.receiptNo,
    member: person(row.memberId),
    memberId: row.memberId,
    amount: row.amount,
    currency: books.currency,
    purpose: row.purpose,
    method: row.method,
    provider: row.provider,
    reference: row.reference,
    confirmedAt: row.decidedAt,
    confirmedBy: person(row.decidedBy),
  };
}

/** The receipt PDF for its member or an officer of the community. */
export async function receiptFor(db: DbLike, p: { communityId: number; paymentId: number; viewerId: string; officer: boolean; appName: string; language: Language }) {
  const data = receiptData(db, p);
  if (!p.officer && data.memberId !== p.viewerId) throw forbidden('errors.denied.finances');
  return { filename: `receipt-${data.receiptNo}.pdf`, pdf: await receiptPdf(data, p.language), data };
}

export const amountText = (data: ReceiptData, language: Language) => formatMoney(data.amount, data.currency, LOCALES[language]);
