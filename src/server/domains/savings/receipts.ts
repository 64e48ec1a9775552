import { and, eq } from 'drizzle-orm';
import { communities, savingsEntries, savingsGroups, savingsLoanRepayments, savingsLoans, savingsMeetings, users, type SavingsGroupRow } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import { translator } from '../../i18n';
import { notFound } from '../../services/errors';
import { personName } from '../../services/njangi/notices';
import { localDateTime, receiptDocumentPdf } from '../../services/finances/receipt';
import { ENTRY_NOT_FOUND } from './entries';
import { isActiveOfficer, placeIn } from './groups';

/*
 * Numbered PDF receipts of a savings group's money: one per entry a second officer confirmed
 * (shares, social fund, fines, grants, and each member's share-out when a cycle closes) and one per confirmed repayment, numbered 1, 2, 3… per group
 * across both (receipt-numbers.ts). A receipt is its member's paper: for them and the group's
 * officers only (anyone else is told it does not exist, so nobody learns who paid what), written
 * in the member's own language whoever downloads it, its time in the group's zone. A reversed
 * entry's receipt keeps its number and says it was reversed, when and why.
 */

const REPAYMENT_NOT_FOUND = 'errors.savings.repaymentNotFound';
/** Money the group hands to the member rather than takes from them. */
const PAID_TO = new Set<string>(['grant', 'share_out']);

const person = (db: DbLike, id: string | null) => (id ? personName(db, id) : '') || '—';
const languageOf = (db: DbLike, id: string): Language => db.select({ language: users.language }).from(users).where(eq(users.id, id)).get()?.language ?? 'en';
const communityName = (db: DbLike, id: number) => db.select({ name: communities.name }).from(communities).where(eq(communities.id, id)).get()?.name ?? '';

/** The paper's language and words, once its reader may read it: its member, or an active officer of the group. */
function paperFor(db: DbLike, group: SavingsGroupRow, owner: string, viewerId: string, missing: string) {
  if (owner !== viewerId && !isActiveOfficer(placeIn(db, group.id, viewerId))) throw notFound(missing);
  const language = languageOf(db, owner);
  const t = translator(language);
  return { language, t, money: (n: number) => formatMoney(n, group.currency as Currency, LOCALES[language]) };
}

/** A confirmed entry's receipt (or a reversed one's, marked so), within the community. */
export async function entryReceipt(db: DbLike, p: { communityId: number; id: number; viewerId: string; appName: string }) {
  const found = db
    .select({ entry: savingsEntries, group: savingsGroups, meeting: savingsMeetings.number })
    .from(savingsEntries)
    .innerJoin(savingsGroups, eq(savingsGroups.id, savingsEntries.groupId))
    .leftJoin(savingsMeetings, eq(savingsMeetings.id, savingsEntries.meetingId))
    .where(and(eq(savingsEntries.id, p.id), eq(savingsGroups.communityId, p.communityId)))
    .get();
  const e = found?.entry;
  if (!found || !e || e.receiptNo === null || e.decidedAt === null || (e.status !== 'confirmed' && e.status !== 'reversed')) throw notFound(ENTRY_NOT_FOUND);
  const { group } = found;
  const { language, t, money } = paperFor(db, group, e.memberId, p.viewerId, ENTRY_NOT_FOUND);
  const reversal = e.status === 'reversed' ? db.select().from(savingsEntries).where(eq(savingsEntries.reversesId, e.id)).get() : undefined;
  const what =
    e.kind === 'shares' || e.kind === 'share_out'
      ? t(`savingsFiles.receipt.kinds.${e.kind}`, { count: e.shares })
      : e.kind === 'fine' && e.fineReason
        ? t(`savingsFiles.receipt.fines.${e.fineReason}`)
        : t(`savingsFiles.receipt.kinds.${e.kind as 'social_fund' | 'grant'}`);
  const pdf = await receiptDocumentPdf({
    appName: p.appName,
    community: communityName(db, group.communityId),
    title: t(reversal ? 'savingsFiles.receipt.reversedTitle' : 'savingsFiles.receipt.title', { number: e.receiptNo }),
    rows: [
      { label: t('savingsFiles.receipt.group'), value: group.name },
      { label: t(PAID_TO.has(e.kind) ? 'savingsFiles.receipt.paidTo' : 'savingsFiles.receipt.receivedFrom'), value: person(db, e.memberId) },
      { label: t('savingsFiles.receipt.amount'), value: money(e.amount), bold: true },
      { label: t('savingsFiles.receipt.for'), value: found.meeting ? t('savingsFiles.receipt.atMeeting', { what, meeting: found.meeting }) : what },
      { label: t('savingsFiles.receipt.method'), value: t(`finances.methods.${e.method}`) },
      ...(e.reference ? [{ label: t('savingsFiles.receipt.reference'), value: e.reference }] : []),
      { label: t('savingsFiles.receipt.recordedBy'), value: person(db, e.recordedBy) },
      { label: t('savingsFiles.receipt.confirmedOn'), value: localDateTime(e.decidedAt, group.timeZone, language) },
      { label: t('savingsFiles.receipt.confirmedBy'), value: person(db, e.confirmedBy) },
      ...(reversal
        ? [{ label: t('savingsFiles.receipt.reversed'), value: t('savingsFiles.receipt.reversedDetail', { date: localDateTime(reversal.decidedAt ?? reversal.createdAt, group.timeZone, language), reason: reversal.reason ?? '' }), bold: true }]
        : []),
    ],
    footer: t('savingsFiles.receipt.footer'),
  });
  return { filename: `savings-${group.id}-receipt-${e.receiptNo}.pdf`, pdf };
}

/** A confirmed repayment's receipt, with what it paid of interest, penalties and principal. */
export async function repaymentReceipt(db: DbLike, p: { communityId: number; id: number; viewerId: string; appName: string }) {
  const found = db
    .select({ r: savingsLoanRepayments, loan: savingsLoans, group: savingsGroups })
    .from(savingsLoanRepayments)
    .innerJoin(savingsLoans, eq(savingsLoans.id, savingsLoanRepayments.loanId))
    .innerJoin(savingsGroups, eq(savingsGroups.id, savingsLoans.groupId))
    .where(and(eq(savingsLoanRepayments.id, p.id), eq(savingsGroups.communityId, p.communityId)))
    .get();
  if (!found || found.r.status !== 'confirmed' || found.r.receiptNo === null || found.r.decidedAt === null) throw notFound(REPAYMENT_NOT_FOUND);
  const { r, loan, group } = found;
  const { language, t, money } = paperFor(db, group, loan.borrowerId, p.viewerId, REPAYMENT_NOT_FOUND);
  // Its split, from the entries its confirmation wrote.
  const parts = db.select({ kind: savingsEntries.kind, amount: savingsEntries.amount }).from(savingsEntries).where(eq(savingsEntries.repaymentId, r.id)).all();
  const part = (kind: string) => parts.filter((x) => x.kind === kind).reduce((s, x) => s + x.amount, 0);
  const pdf = await receiptDocumentPdf({
    appName: p.appName,
    community: communityName(db, group.communityId),
    title: t('savingsFiles.receipt.repaymentTitle', { number: r.receiptNo }),
    rows: [
      { label: t('savingsFiles.receipt.group'), value: group.name },
      { label: t('savingsFiles.receipt.receivedFrom'), value: person(db, loan.borrowerId) },
      { label: t('savingsFiles.receipt.amount'), value: money(r.amount), bold: true },
      { label: t('savingsFiles.receipt.for'), value: t('savingsFiles.receipt.repaymentFor', { principal: money(loan.principal), purpose: loan.purpose }) },
      { label: t('savingsFiles.receipt.split'), value: t('savingsFiles.receipt.splitDetail', { interest: money(part('repayment_interest')), penalty: money(part('penalty')), principal: money(part('repayment_principal')) }) },
      { label: t('savingsFiles.receipt.method'), value: t(`finances.methods.${r.method}`) },
      ...(r.reference ? [{ label: t('savingsFiles.receipt.reference'), value: r.reference }] : []),
      { label: t('savingsFiles.receipt.recordedBy'), value: person(db, r.recordedBy) },
      { label: t('savingsFiles.receipt.confirmedOn'), value: localDateTime(r.decidedAt ?? r.createdAt, group.timeZone, language) },
      { label: t('savingsFiles.receipt.confirmedBy'), value: person(db, r.confirmedBy) },
    ],
    footer: t('savingsFiles.receipt.footer'),
  });
  return { filename: `savings-${group.id}-receipt-${r.receiptNo}.pdf`, pdf };
}
