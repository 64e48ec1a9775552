import { and, eq } from 'drizzle-orm';
import { financeAccounts, paymentInstructions, statementImports, statementLines } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { conflict, DomainError, notFound } from '../../services/errors';
import { recordFinanceAction } from '../../services/finances/audit';
import { confirmPaymentIn, recordPaymentIn } from '../../services/finances/payments';
import { translate } from '../../i18n';
import type { Language } from '@shared/i18n/languages';

/*
 * Deciding a statement's lines. Each decision is one conditional update of the line (it must still
 * be open) in the same transaction as what it does with the money, which is always the payments'
 * own path: a match confirms the declared payment (receipt, ledger, audit, four eyes), a recorded
 * line becomes a payment another officer confirms, an ignored line keeps its reason.
 */

function openLine(tx: DbLike, communityId: number, id: number) {
  const line = tx.select().from(statementLines).where(and(eq(statementLines.id, id), eq(statementLines.communityId, communityId))).get();
  if (!line) throw notFound('errors.collecting.lineNotFound');
  return line;
}

function claim(tx: DbLike, p: { lineId: number; status: 'matched' | 'recorded' | 'ignored'; paymentId?: number; reason?: string; actorId: string; now: number }) {
  const done = tx
    .update(statementLines)
    .set({ status: p.status, paymentId: p.paymentId ?? null, reason: p.reason ?? null, decidedBy: p.actorId, decidedAt: p.now })
    .where(and(eq(statementLines.id, p.lineId), eq(statementLines.status, 'open')))
    .run().changes;
  if (!done) throw conflict('errors.collecting.lineDecided');
}

/**
 * Confirms proposals one by one or all at once: each in its own transaction, so one refused (the
 * payment was decided meanwhile, the line already matched, the caller's own payment) leaves the
 * others confirmed; the answer says what became of each, in the caller's language.
 */
export function confirmMatches(db: DB, p: { communityId: number; id: number; items: { lineId: number; paymentId: number }[]; actorId: string; language: Language; now: number }) {
  const head = db.select({ accountId: statementImports.accountId }).from(statementImports).where(and(eq(statementImports.id, p.id), eq(statementImports.communityId, p.communityId))).get();
  if (!head) throw notFound('errors.collecting.statementNotFound');
  return p.items.map((item) => {
    try {
      const payment = db.transaction((tx) => {
        const line = openLine(tx, p.communityId, item.lineId);
        if (line.importId !== p.id) throw notFound('errors.collecting.lineNotFound');
        if (line.amount <= 0) throw conflict('errors.collecting.lineOutgoing');
        claim(tx, { lineId: line.id, status: 'matched', paymentId: item.paymentId, actorId: p.actorId, now: p.now });
        const confirmed = confirmPaymentIn(tx, { communityId: p.communityId, paymentId: item.paymentId, accountId: head.accountId, actorId: p.actorId, now: p.now });
        recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'statement.matched', subject: `statementLine:${line.id}`, details: { paymentId: item.paymentId, amount: line.amount, paid: confirmed.amount }, now: p.now });
        return confirmed;
      });
      return { lineId: item.lineId, outcome: 'confirmed' as const, paymentId: payment.id, receiptNo: payment.receiptNo };
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      return { lineId: item.lineId, outcome: 'refused' as const, code: e.message, message: translate(p.language, e.message, e.params) };
    }
  });
}

const METHOD_OF_KIND = { cash: 'cash', mobile: 'mobile_money', bank: 'bank_transfer' } as const;

/** A line no declaration matches becomes a payment of a chosen member (dues or a donation), waiting for another officer. */
export function recordLine(db: DB, p: { communityId: number; lineId: number; memberId: string; purpose: 'dues' | 'donation'; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const line = openLine(tx, p.communityId, p.lineId);
    if (line.amount <= 0) throw conflict('errors.collecting.lineOutgoing');
    const account = tx.select({ kind: financeAccounts.kind, name: financeAccounts.name, provider: paymentInstructions.provider }).from(financeAccounts).leftJoin(paymentInstructions, eq(paymentInstructions.accountId, financeAccounts.id)).where(eq(financeAccounts.id, line.accountId)).get()!;
    const method = METHOD_OF_KIND[account.kind];
    const payment = recordPaymentIn(db, tx, {
      communityId: p.communityId,
      memberId: p.memberId,
      accountId: line.accountId,
      actorId: p.actorId,
      now: p.now,
      details: { amount: line.amount, purpose: p.purpose, method, provider: method === 'mobile_money' ? (account.provider ?? account.name) : null, reference: line.reference?.slice(0, 80) ?? null, transactionId: line.transactionId, note: line.counterparty?.slice(0, 500) ?? null },
    });
    claim(tx, { lineId: line.id, status: 'recorded', paymentId: payment.id, actorId: p.actorId, now: p.now });
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'statement.recorded', subject: `statementLine:${line.id}`, details: { paymentId: payment.id, memberId: p.memberId, amount: line.amount }, now: p.now });
    return payment;
  });
}

/** A line set aside with its reason (a transfer between the community's own accounts, a refund…). */
export function ignoreLine(db: DB, p: { communityId: number; lineId: number; reason: string; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const line = openLine(tx, p.communityId, p.lineId);
    claim(tx, { lineId: line.id, status: 'ignored', reason: p.reason, actorId: p.actorId, now: p.now });
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'statement.ignored', subject: `statementLine:${line.id}`, details: { reason: p.reason, amount: line.amount }, now: p.now });
    return { id: line.id, status: 'ignored' as const, reason: p.reason };
  });
}
