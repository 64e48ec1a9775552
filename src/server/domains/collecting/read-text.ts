import { eq } from 'drizzle-orm';
import { financeSettings } from '../../../../db/schema';
import { earlierPayment } from '../../services/finances/transaction-ids';
import type { DbLike } from '../../../../db/database';
import { parseSms } from '@shared/payments/sms';
import type { Currency } from '@shared/money';

/**
 * What a pasted confirmation text says, ready to fill a declaration: the amount in the community's
 * currency when the text's currency can be it (a CFA franc text fits XAF and XOF books alike), and
 * whether this community already holds a payment with the same transaction id (the declaration
 * would be refused; saying so before the member submits spares them a wasted step).
 */
export function readPaymentText(db: DbLike, p: { communityId: number; text: string }) {
  const parsed = parseSms(p.text);
  if (!parsed) return { known: false as const };
  const books = db.select({ currency: financeSettings.currency }).from(financeSettings).where(eq(financeSettings.communityId, p.communityId)).get();
  const currency = (books?.currency ?? null) as Currency | null;
  const fits = currency !== null && parsed.currencies.includes(currency);
  return {
    known: true as const,
    provider: parsed.provider,
    direction: parsed.direction,
    transactionId: parsed.transactionId,
    // Null when the text is in another currency than the books: the member types the amount.
    amount: fits ? parsed.amount : null,
    amountText: parsed.amountText,
    currencyText: parsed.currencyText,
    currencyFits: fits,
    date: parsed.date,
    time: parsed.time,
    counterparty: parsed.counterparty,
    usedBy: earlierPayment(db, p.communityId, parsed.transactionId),
  };
}
