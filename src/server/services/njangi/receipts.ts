import { eq } from 'drizzle-orm';
import { circleContributions, circleHands, circlePayouts, circleRounds, circleTopUps, communities, users } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import { translator } from '../../i18n';
import { forbidden, notFound } from '../errors';
import { localDateTime, receiptDocumentPdf } from '../finances/receipt';
import { circleOf } from './circles';

/*
 * Numbered PDF receipts of a circle: one per confirmed contribution (for its member and the
 * organiser), one per payout its beneficiary confirmed (for the beneficiary and the organiser)
 * and one per top-up its beneficiary confirmed. Numbers run 1, 2, 3… per circle across all three,
 * so a gap would show. A receipt is its member's (or beneficiary's) paper: written in the language
 * of their profile, whoever downloads it, its dates in words and its time in the circle's own zone.
 */

const person = (db: DbLike, id: string | null) => {
  const u = id ? db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id)).get() : undefined;
  return u ? `${u.firstName} ${u.lastName}` : '—';
};
const languageOf = (db: DbLike, id: string): Language => db.select({ language: users.language }).from(users).where(eq(users.id, id)).get()?.language ?? 'en';
/** A calendar date ('2026-11-30') in words: "30 November 2026". */
const day = (date: string, language: Language) => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${date}T12:00:00Z`));
const communityName = (db: DbLike, id: number) => db.select({ name: communities.name }).from(communities).where(eq(communities.id, id)).get()?.name ?? '';

/**
 * What every circle receipt needs once its row is found: the circle, who may read it (its
 * member or beneficiary, and the organiser), its round, and the words and amounts in the
 * language of the person the paper is for.
 */
function paperFor(db: DbLike, row: { circleId: number; roundId: number }, owner: string, viewerId: string, refusal: 'errors.njangi.organiserOnly' | 'errors.njangi.beneficiaryOnly') {
  const circle = circleOf(db, row.circleId);
  if (owner !== viewerId && circle.organiserId !== viewerId) throw forbidden(refusal);
  const round = db.select().from(circleRounds).where(eq(circleRounds.id, row.roundId)).get()!;
  const language = languageOf(db, owner);
  const money = (n: number) => formatMoney(n, circle.currency as Currency, LOCALES[language]);
  return { circle, round, language, t: translator(language), money };
}

/** The community a contribution or payout belongs to is checked by the operation's guard; here, who may read it. */
export async function contributionReceipt(db: DbLike, p: { id: number; viewerId: string; appName: string }) {
  const row = db.select().from(circleContributions).where(eq(circleContributions.id, p.id)).get();
  if (!row || row.status !== 'confirmed' || row.receiptNo === null || row.decidedAt === null) throw notFound('errors.njangi.contributionNotFound');
  const { circle, round, language, t, money } = paperFor(db, row, row.userId, p.viewerId, 'errors.njangi.organiserOnly');
  const hand = db.select({ handNo: circleHands.handNo }).from(circleHands).where(eq(circleHands.id, row.handId)).get()!;
  const pdf = await receiptDocumentPdf({
    appName: p.appName,
    community: communityName(db, circle.communityId),
    title: t('circleFiles.receipt.contributionTitle', { number: row.receiptNo }),
    rows: [
      { label: t('circleFiles.receipt.circle'), value: circle.name },
      { label: t('circleFiles.receipt.receivedFrom'), value: person(db, row.userId) },
      { label: t('circleFiles.receipt.amount'), value: money(row.amount), bold: true },
      { label: t('circleFiles.receipt.for'), value: t('circleFiles.receipt.contributionFor', { round: round.number, date: day(round.dueDate, language), hand: hand.handNo }) + (row.late ? ` · ${t('circleFiles.receipt.late')}` : '') },
      { label: t('circleFiles.receipt.method'), value: t(`finances.methods.${row.method}`) },
      ...(row.reference ? [{ label: t('circleFiles.receipt.reference'), value: row.reference }] : []),
      { label: t('circleFiles.receipt.confirmedOn'), value: localDateTime(row.decidedAt, circle.timeZone, language) },
      { label: t('circleFiles.receipt.confirmedBy'), value: person(db, row.decidedBy) },
    ],
    footer: t('circleFiles.receipt.footer'),
  });
  return { filename: `circle-${circle.id}-receipt-${row.receiptNo}.pdf`, pdf };
}

export async function payoutReceipt(db: DbLike, p: { id: number; viewerId: string; appName: string }) {
  const row = db.select().from(circlePayouts).where(eq(circlePayouts.id, p.id)).get();
  if (!row || row.status !== 'confirmed' || row.receiptNo === null || row.decidedAt === null) throw notFound('errors.njangi.payoutNotFound');
  const { circle, round, language, t, money } = paperFor(db, row, row.beneficiaryId, p.viewerId, 'errors.njangi.beneficiaryOnly');
  const pdf = await receiptDocumentPdf({
    appName: p.appName,
    community: communityName(db, circle.communityId),
    title: t('circleFiles.receipt.payoutTitle', { number: row.receiptNo }),
    rows: [
      { label: t('circleFiles.receipt.circle'), value: circle.name },
      { label: t('circleFiles.receipt.paidTo'), value: person(db, row.beneficiaryId) },
      { label: t('circleFiles.receipt.amount'), value: money(row.amount), bold: true },
      { label: t('circleFiles.receipt.for'), value: t('circleFiles.receipt.payoutFor', { round: round.number }) },
      { label: t('circleFiles.receipt.pot'), value: t('circleFiles.receipt.potDetail', { collected: money(row.collected), fee: money(row.fee), discount: money(row.discount), fines: money(row.fines) }) },
      { label: t('circleFiles.receipt.method'), value: t(`finances.methods.${row.method}`) },
      ...(row.reference ? [{ label: t('circleFiles.receipt.reference'), value: row.reference }] : []),
      { label: t('circleFiles.receipt.recordedBy'), value: person(db, row.recordedBy) },
      { label: t('circleFiles.receipt.confirmedOn'), value: localDateTime(row.decidedAt, circle.timeZone, language) },
    ],
    footer: t('circleFiles.receipt.footer'),
  });
  return { filename: `circle-${circle.id}-receipt-${row.receiptNo}.pdf`, pdf };
}

export async function topUpReceipt(db: DbLike, p: { id: number; viewerId: string; appName: string }) {
  const row = db.select().from(circleTopUps).where(eq(circleTopUps.id, p.id)).get();
  if (!row || row.status !== 'confirmed' || row.receiptNo === null || row.decidedAt === null) throw notFound('errors.njangi.topUpNotFound');
  const { circle, round, language, t, money } = paperFor(db, row, row.beneficiaryId, p.viewerId, 'errors.njangi.beneficiaryOnly');
  const pdf = await receiptDocumentPdf({
    appName: p.appName,
    community: communityName(db, circle.communityId),
    title: t('circleFiles.receipt.topUpTitle', { number: row.receiptNo }),
    rows: [
      { label: t('circleFiles.receipt.circle'), value: circle.name },
      { label: t('circleFiles.receipt.paidTo'), value: person(db, row.beneficiaryId) },
      { label: t('circleFiles.receipt.amount'), value: money(row.amount), bold: true },
      { label: t('circleFiles.receipt.for'), value: t('circleFiles.receipt.topUpFor', { round: round.number }) },
      ...(row.method ? [{ label: t('circleFiles.receipt.method'), value: t(`finances.methods.${row.method}`) }] : []),
      ...(row.reference ? [{ label: t('circleFiles.receipt.reference'), value: row.reference }] : []),
      { label: t('circleFiles.receipt.recordedBy'), value: person(db, row.recordedBy) },
      { label: t('circleFiles.receipt.confirmedOn'), value: localDateTime(row.decidedAt, circle.timeZone, language) },
    ],
    footer: t('circleFiles.receipt.footer'),
  });
  return { filename: `circle-${circle.id}-receipt-${row.receiptNo}.pdf`, pdf };
}
