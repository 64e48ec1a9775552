import type { Language } from '@shared/i18n/languages';
import type { Currency } from '@shared/money';
import { dateInZone } from '@shared/njangi/schedule';
import type { Cell, Column, Export } from '../../exports/table';
import { translate, translator } from '../../i18n';
import type { circleReport } from './report';

/*
 * The circle's report as rows, for its CSV and its XLSX workbook: the rounds (due date, state in
 * words, each round's arithmetic with the top-ups owed on it since, the payout's receipt state and when it was paid in the circle's
 * zone), then the members' lines the viewer may see (the organiser every line, anyone else their
 * own). Amounts are integers of the circle's currency; the workbook adds a totals row.
 */

const localTime = (instant: number, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);

export function circleReportExport(report: ReturnType<typeof circleReport>, language: Language): Export {
  const t = translator(language);
  const c = report.circle;
  const currency = c.currency as Currency;
  const money = (key: Parameters<typeof t>[0], total = true): Column => ({ header: t('savings.report.withCurrency', { header: t(key as 'savings.report.collected'), currency }), kind: 'money', total });
  const word = (prefix: string, value: string | null) => (value === null ? null : translate(language, `${prefix}.${value}`));
  const rounds: Column[] = [
    { header: t('savings.report.round'), kind: 'integer', width: 8 },
    { header: t('savings.report.due'), kind: 'date' },
    { header: t('savings.report.roundStatus'), kind: 'text', width: 18 },
    money('savings.report.collected'),
    money('savings.report.shortfall'),
    money('savings.report.fines'),
    money('savings.report.fee'),
    money('savings.report.discount'),
    money('savings.report.sharePerHand', false),
    money('savings.report.payout'),
    money('savings.report.topUps'),
    { header: t('savings.report.payoutStatus'), kind: 'text', width: 14 },
    { header: t('savings.report.paidOn'), kind: 'date' },
    { header: t('savings.report.paidAt'), kind: 'text', width: 8 },
  ];
  const members: Column[] = [
    { header: t('savings.report.member'), kind: 'text', width: 28 },
    { header: t('savings.report.hands'), kind: 'integer', width: 8, total: true },
    money('savings.report.paidIn'),
    money('savings.report.received'),
    money('savings.report.shares'),
    money('savings.report.finesPaid'),
    money('savings.report.finesOwed'),
    money('savings.report.net'),
  ];
  return {
    filename: `circle-${c.id}-report`,
    tables: [
      {
        title: t('savings.report.roundsHeading'),
        currency,
        totalsLabel: t('savings.report.total'),
        columns: rounds,
        rows: report.rounds.map((r): Cell[] => [
          r.number,
          r.dueDate,
          word('savings.report.roundState', r.status),
          r.collected,
          r.shortfall,
          r.fines,
          r.fee,
          r.discount,
          r.share,
          r.payout,
          r.topUps,
          word('savings.report.payoutState', r.payoutStatus),
          r.paidAt === null ? null : dateInZone(r.paidAt, c.timeZone),
          r.paidAt === null ? null : localTime(r.paidAt, c.timeZone),
        ]),
      },
      {
        title: t(report.organiser ? 'savings.report.membersHeading' : 'savings.report.yourLine'),
        currency,
        totalsLabel: t('savings.report.total'),
        columns: members,
        rows: report.members.map((m): Cell[] => [m.name, m.hands, m.paidIn, m.received, m.shares, m.finesPaid, m.finesOwed, m.net]),
      },
    ],
  };
}
