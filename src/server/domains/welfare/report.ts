import type { DB } from '../../../../db/database';
import type { WelfareCaseRow } from '../../../../db/schema';
import type { Language } from '@shared/i18n/languages';
import type { Currency } from '@shared/money';
import type { Export } from '../../exports/table';
import { translator } from '../../i18n';
import { receiptDocumentPdf } from '../../services/finances/receipt';
import { nameOf } from './cases';
import { fundOf } from './funds';
import { collection } from './levies';
import { dateIn, moneyIn, relationshipIn } from './words';

/*
 * A case's report for the next meeting, as a PDF and as CSV or a workbook from one row builder:
 * whose case, the fund and its rules' version, when it was opened, approved and closed, the benefit,
 * and the collection as totals (levied, expected, collected, paid in full), then what the benefit
 * took from the fund and what the case carried to it: collected = benefit paid from the fund +
 * carried. No list of who paid or did not: the report goes to every member.
 */

type Frame = { communityName: string; currency: Currency; timeZone: string; appName: string };

export function reportFigures(db: DB, c: WelfareCaseRow) {
  const fund = fundOf(db, c.communityId, c.fundId);
  const col = c.levyIssuedAt === null ? { expected: 0, collected: 0, paidCount: 0, levied: 0 } : collection(db, c.id);
  const paid = c.benefitPaidAt !== null ? c.benefitAmount : 0;
  const fromFund = fund.financing === 'general' ? 0 : paid;
  return { fund, ...col, benefitPaid: paid, fromFund, fromGeneral: paid - fromFund, carried: col.collected - fromFund };
}

const day = (ms: number | null, zone: string) => (ms === null ? null : new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(ms));

/** The report as rows (one line per case), for the CSV and the workbook alike. */
export function caseReportExport(db: DB, c: WelfareCaseRow, f: Frame, language: Language): Export {
  const t = translator(language);
  const r = reportFigures(db, c);
  return {
    filename: `welfare-case-${c.id}`,
    tables: [
      {
        title: t('welfare.report.title', { id: c.id, community: f.communityName }),
        currency: f.currency,
        columns: [
          { header: t('welfare.report.case'), kind: 'integer' },
          { header: t('welfare.report.fund'), kind: 'text' },
          { header: t('welfare.report.member'), kind: 'text' },
          { header: t('welfare.report.relationship'), kind: 'text' },
          { header: t('welfare.report.status'), kind: 'text' },
          { header: t('welfare.report.opened'), kind: 'date' },
          { header: t('welfare.report.closed'), kind: 'date' },
          { header: t('welfare.report.benefit', { currency: f.currency }), kind: 'money' },
          { header: t('welfare.report.levyEach', { currency: f.currency }), kind: 'money' },
          { header: t('welfare.report.levied'), kind: 'integer' },
          { header: t('welfare.report.paidCount'), kind: 'integer' },
          { header: t('welfare.report.expected', { currency: f.currency }), kind: 'money' },
          { header: t('welfare.report.collected', { currency: f.currency }), kind: 'money' },
          { header: t('welfare.report.fromFund', { currency: f.currency }), kind: 'money' },
          { header: t('welfare.report.fromGeneral', { currency: f.currency }), kind: 'money' },
          { header: t('welfare.report.carried', { currency: f.currency }), kind: 'money' },
        ],
        rows: [
          [
            c.id,
            r.fund.name,
            nameOf(db, c.memberId),
            relationshipIn(c.relationship, language),
            t(`welfare.status.${c.status}`),
            day(c.createdAt, f.timeZone),
            day(c.closedAt, f.timeZone),
            c.benefitAmount,
            c.levyAmount,
            r.levied,
            r.paidCount,
            r.expected,
            r.collected,
            r.fromFund,
            r.fromGeneral,
            r.carried,
          ],
        ],
      },
    ],
  };
}

/** The report as a one-page PDF, in `language`, dated in the community's zone. */
export function caseReportPdf(db: DB, c: WelfareCaseRow, f: Frame, language: Language): Promise<Uint8Array> {
  const t = translator(language);
  const r = reportFigures(db, c);
  const money = (n: number) => moneyIn(n, f.currency, language);
  const when = (ms: number | null) => (ms === null ? '—' : dateIn(ms, f.timeZone, language));
  return receiptDocumentPdf({
    appName: f.appName,
    community: f.communityName,
    title: t('welfare.report.title', { id: c.id, community: f.communityName }),
    rows: [
      { label: t('welfare.report.fund'), value: `${r.fund.name} (${t(`welfare.kinds.${r.fund.kind}`)}, ${t('welfare.report.version', { version: c.fundVersion })})` },
      { label: t('welfare.report.member'), value: `${nameOf(db, c.memberId)} · ${relationshipIn(c.relationship, language)}` },
      { label: t('welfare.report.status'), value: t(`welfare.status.${c.status}`) },
      { label: t('welfare.report.dates'), value: t('welfare.report.datesValue', { opened: when(c.createdAt), closed: when(c.closedAt) }) },
      { label: t('welfare.report.benefitPaid'), value: r.benefitPaid ? t('welfare.report.benefitPaidValue', { amount: money(r.benefitPaid), date: when(c.benefitPaidAt), beneficiary: nameOf(db, c.beneficiaryId) }) : '—', bold: true },
      {
        label: t('welfare.report.collectionLabel'),
        value: c.levyIssuedAt === null ? t('welfare.report.noLevy') : t('welfare.report.collectionValue', { collected: money(r.collected), expected: money(r.expected), paid: r.paidCount, levied: r.levied }),
      },
      { label: t('welfare.report.balanceLabel'), value: t('welfare.report.balanceValue', { collected: money(r.collected), fromFund: money(r.fromFund), carried: money(r.carried) }), bold: true },
      ...(c.closeNote ? [{ label: t('welfare.report.note'), value: c.closeNote }] : []),
    ],
    footer: t('welfare.report.footer'),
  });
}
