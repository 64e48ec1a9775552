import { payments } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { attachUpload } from '../../uploads/registry';
import { conflict, forbidden } from '../errors';
import { recordFinanceAction } from './audit';
import { accountOf, assertBooksCurrency, requireBooks } from './books';
import { tellOfficers, toPaymentDto } from './payments';

/*
 * A payment of something a member owes (a welfare levy, a meeting fine), waiting for an officer:
 * declared by the member themselves, or cash an officer took for them. Either way it is pending and
 * another officer confirms it (payments.ts), which lands it in the books and settles what it pays.
 */

type Method = 'cash' | 'mobile_money' | 'bank_transfer' | 'other';
export type ObligationPayment = {
  communityId: number;
  memberId: string;
  amount: number;
  owed: { purpose: 'levy'; levyId: number } | { purpose: 'fine'; fineId: number };
  method: Method;
  provider?: string | null;
  reference?: string | null;
  proofUrl?: string | null;
  /** Cash recorded by an officer: the account it went into. */
  accountId?: number | null;
  recordedBy: string;
  now: number;
};

/** Writes the pending payment and its audit record (declared by the member, or recorded by an officer) in the caller's transaction. */
export function insertObligationPayment(db: DB, tx: DbLike, p: ObligationPayment) {
  const { purpose } = p.owed;
  const owedId = p.owed.purpose === 'levy' ? p.owed.levyId : p.owed.fineId;
  const row = tx
    .insert(payments)
    .values({
      communityId: p.communityId,
      memberId: p.memberId,
      amount: p.amount,
      purpose,
      levyId: p.owed.purpose === 'levy' ? p.owed.levyId : null,
      fineId: p.owed.purpose === 'fine' ? p.owed.fineId : null,
      method: p.method,
      provider: p.provider ?? null,
      reference: p.reference ?? null,
      proofUrl: p.proofUrl ?? null,
      status: 'pending',
      accountId: p.accountId ?? null,
      recordedBy: p.recordedBy,
      createdAt: p.now,
    })
    .returning()
    .get();
  // Cash an officer recorded names the account it went into; a member's declaration none yet.
  const declared = p.accountId == null;
  recordFinanceAction(tx, {
    communityId: p.communityId,
    actorId: p.recordedBy,
    action: declared ? 'payment.declared' : 'payment.recorded',
    subject: `payment:${row.id}`,
    details: declared ? { amount: row.amount, purpose, [purpose]: owedId, method: row.method } : { amount: row.amount, purpose, [purpose]: owedId, memberId: p.memberId, accountId: p.accountId },
    now: p.now,
  });
  // It waits on the officers who may confirm it (never its authors), through the one pipeline.
  tellOfficers(db, tx, row, p.now);
  return toPaymentDto(row);
}

type Declaration = { communityId: number; memberId: string; amount: number; currency?: string; method: Method; provider?: string | null; reference?: string | null; proofUrl?: string | null; now: number };
/** What is owed, found in the transaction: whose it is, what it is, and a check that `amount` fits in what is left to pay. */
type Owed = (tx: DbLike) => { memberId: string; owed: ObligationPayment['owed']; checkRoom: (amount: number) => void };

/** A member declares a payment of something they owe: it waits, pending, for an officer (four eyes). Refused (`notYours`) for another's. */
export function declareObligationPayment(db: DB, p: Declaration & { find: Owed; notYours: string }) {
  return db.transaction((tx) => {
    assertBooksCurrency(requireBooks(tx, p.communityId), p.currency);
    const owed = p.find(tx);
    if (owed.memberId !== p.memberId) throw forbidden(p.notYours);
    if (p.method === 'mobile_money' && !p.provider?.trim()) throw conflict('errors.finances.providerRequired');
    owed.checkRoom(p.amount);
    attachUpload(tx, { url: p.proofUrl, ownerId: p.memberId, field: 'proofUrl', now: p.now });
    return insertObligationPayment(db, tx, { communityId: p.communityId, memberId: p.memberId, amount: p.amount, owed: owed.owed, method: p.method, provider: p.provider, reference: p.reference, proofUrl: p.proofUrl, recordedBy: p.memberId, now: p.now });
  });
}

/** Cash an officer took for a member's debt (at a meeting, say): recorded, and another officer confirms it. */
export function recordObligationCash(db: DB, p: { communityId: number; actorId: string; accountId: number; amount: number; currency?: string; reference?: string | null; find: Owed; now: number }) {
  return db.transaction((tx) => {
    assertBooksCurrency(requireBooks(tx, p.communityId), p.currency);
    const owed = p.find(tx);
    accountOf(tx, p.communityId, p.accountId);
    owed.checkRoom(p.amount);
    return insertObligationPayment(db, tx, { communityId: p.communityId, memberId: owed.memberId, amount: p.amount, owed: owed.owed, method: 'cash', reference: p.reference, accountId: p.accountId, recordedBy: p.actorId, now: p.now });
  });
}
