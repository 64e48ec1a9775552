import { and, eq, isNull } from 'drizzle-orm';
import { ledgerEntries, payments, welfareCases } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { Currency } from '@shared/money';
import { conflict } from '../../services/errors';
import { createAnnouncement } from '../../services/announcements';
import { recordFinanceAction } from '../../services/finances/audit';
import { accountOf, builtInCategoryId, requireBooks } from '../../services/finances/books';
import { appendEntry } from '../../services/finances/ledger';
import { handled, itemKey } from '../../services/needs/notices';
import { notify } from '../../services/notify';
import { attachUpload } from '../../uploads/registry';
import { assertMove, caseOf, moveCase, officersOf, partiesOf } from './cases';
import { fundHeld, fundOf } from './funds';
import { settleLevy } from './levies';
import { caseLink, moneyIn } from './words';

/*
 * The benefit: money out, paid by an officer who is no party to the case (the case was approved by
 * two such officers), with a proof, into the hands of the named beneficiary, who alone confirms
 * receipt. A fund financed by levies or contributions pays from what it holds (its own categories
 * in the ledger: refused when it holds too little); a fund financed by the general fund pays from
 * the books' welfare category. The ledger entry names no member: a bereavement or an illness is
 * not shown to members who read the ledger; the case says who received it.
 */

export function payBenefit(
  db: DB,
  p: { communityId: number; communityName: string; caseId: number; actorId: string; accountId: number; method: string; reference?: string | null; proofUrl: string; now: number },
) {
  return db.transaction((tx) => {
    const c = caseOf(tx, p.communityId, p.caseId);
    const fund = fundOf(tx, p.communityId, c.fundId);
    assertMove(c, 'payBenefit', p.actorId, fund.financing);
    const books = requireBooks(tx, p.communityId);
    accountOf(tx, p.communityId, p.accountId);
    if (fund.financing !== 'general' && fundHeld(tx, fund).held < c.benefitAmount) throw conflict('errors.welfare.fundShort');
    attachUpload(tx, { url: p.proofUrl, ownerId: p.actorId, field: 'proofUrl', now: p.now });
    const entry = appendEntry(tx, {
      communityId: p.communityId,
      accountId: p.accountId,
      categoryId: fund.financing === 'general' ? builtInCategoryId(tx, p.communityId, 'welfare') : fund.expenseCategoryId,
      amount: -c.benefitAmount,
      kind: 'expense',
      memberId: null,
      description: `${fund.name} · #${c.id}`,
      createdBy: p.actorId,
      now: p.now,
    });
    const moved = moveCase(
      tx,
      c,
      'paid',
      { benefitEntryId: entry.id, benefitAccountId: p.accountId, benefitMethod: p.method, benefitReference: p.reference ?? null, benefitProofUrl: p.proofUrl, benefitPaidBy: p.actorId, benefitPaidAt: p.now },
      p.now,
    );
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'welfare.benefit_paid', subject: `case:${c.id}`, details: { amount: c.benefitAmount, accountId: p.accountId, entry: entry.id, from: fund.financing === 'general' ? 'general' : 'fund' }, now: p.now });
    notify(tx, {
      to: [c.beneficiaryId],
      key: 'welfareBenefitPaid',
      type: 'success',
      params: (l) => ({ amount: moneyIn(c.benefitAmount, books.currency as Currency, l), fund: fund.name, community: p.communityName }),
      link: caseLink(c.id),
      item: itemKey('benefitToConfirm', c.id),
      now: p.now,
    });
    return moved;
  });
}

/** Only the beneficiary confirms they received the benefit. */
export function confirmBenefit(db: DB, p: { communityId: number; communityName: string; caseId: number; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const c = caseOf(tx, p.communityId, p.caseId);
    const fund = fundOf(tx, p.communityId, c.fundId);
    assertMove(c, 'confirmBenefit', p.actorId, fund.financing);
    const moved = moveCase(tx, c, 'confirmed', { benefitConfirmedAt: p.now }, p.now);
    handled(tx, 'benefitToConfirm', c.id, p.actorId, p.now);
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'welfare.benefit_confirmed', subject: `case:${c.id}`, now: p.now });
    notify(tx, { to: officersOf(tx, p.communityId).filter((id) => !partiesOf(c).includes(id)), key: 'welfareBenefitConfirmed', params: { fund: fund.name, community: p.communityName }, link: caseLink(c.id), item: itemKey('caseToClose', c.id), now: p.now });
    return moved;
  });
}

/**
 * A condolence announcement to the community, once the case is approved, with the family's
 * consent noted on the case; once per case (a conditional update).
 */
export function announceCondolence(db: DB, p: { communityId: number; caseId: number; actorId: string; consent: string; title: string; message: string; now: number }) {
  return db.transaction((tx) => {
    const c = caseOf(tx, p.communityId, p.caseId);
    if (['open', 'verified', 'rejected'].includes(c.status)) throw conflict('errors.welfare.caseState');
    const claimed = tx
      .update(welfareCases)
      .set({ condolenceConsent: p.consent, updatedAt: p.now })
      .where(and(eq(welfareCases.id, c.id), isNull(welfareCases.condolenceAnnouncementId), isNull(welfareCases.condolenceConsent)))
      .run();
    if (!claimed.changes) throw conflict('errors.welfare.condolenceDone');
    const announcement = createAnnouncement(db, { communityId: p.communityId, authorId: p.actorId, input: { title: p.title, content: p.message, isPublished: true, isPinned: false, categoryId: null }, now: p.now });
    const done = tx.update(welfareCases).set({ condolenceAnnouncementId: announcement.id }).where(eq(welfareCases.id, c.id)).returning().get()!;
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'welfare.condolence', subject: `case:${c.id}`, details: { consent: p.consent, announcement: announcement.id }, now: p.now });
    return done;
  });
}

/**
 * The welfare side of a reversal (services/finances/ledger.ts calls it in the reversal's own
 * transaction): a levy payment's entry no longer pays the levy; a benefit's entry un-pays the
 * case, which goes back to be paid again (its proof and confirmation cleared).
 */
export function afterReversal(tx: DbLike, original: typeof ledgerEntries.$inferSelect, p: { actorId: string; reason: string; now: number }) {
  if (original.kind === 'payment' && original.paymentId !== null) {
    const levy = tx.select({ levyId: payments.levyId }).from(payments).where(eq(payments.id, original.paymentId)).get();
    if (levy?.levyId) settleLevy(tx, levy.levyId);
    return;
  }
  if (original.kind !== 'expense') return;
  const c = tx.select().from(welfareCases).where(and(eq(welfareCases.benefitEntryId, original.id), eq(welfareCases.communityId, original.communityId))).get();
  if (!c || !['paid', 'confirmed', 'closed'].includes(c.status)) return;
  const back = c.levyIssuedAt !== null ? 'collecting' : 'approved';
  tx.update(welfareCases)
    .set({ status: back, benefitEntryId: null, benefitAccountId: null, benefitMethod: null, benefitReference: null, benefitProofUrl: null, benefitPaidBy: null, benefitPaidAt: null, benefitConfirmedAt: null, closedAt: null, closedBy: null, updatedAt: p.now })
    .where(and(eq(welfareCases.id, c.id), eq(welfareCases.status, c.status)))
    .run();
  // The benefit is to be paid again: nothing waits to be confirmed or closed any more.
  for (const kind of ['benefitToConfirm', 'caseToClose'] as const) handled(tx, kind, c.id, p.actorId, p.now);
  recordFinanceAction(tx, { communityId: c.communityId, actorId: p.actorId, action: 'welfare.benefit_reversed', subject: `case:${c.id}`, details: { entry: original.id, reason: p.reason }, now: p.now });
}
