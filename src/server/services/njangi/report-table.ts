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
  const money = (key: Parameters<typeof t>[0], total = true): Column => ({ header: t('circleFiles.report.withCurrency', { header: t(key as 'circleFiles.report.collected'), currency }), kind: 'money', total });
  const word = (prefix: string, value: string | null) => (value === null ? null : translate(language, `${prefix}.${value}`));
  const rounds: Column[] = [
    { header: t('circleFiles.report.round'), kind: 'integer', width: 8 },
    { header: t('circleFiles.report.due'), kind: 'date' },
    { header: t('circleFiles.report.roundStatus'), kind: 'text', width: 18 },
    money('circleFiles.report.collected'),
    money('circleFiles.report.shortfall'),
    money('circleFiles.report.fines'),
    money('circleFiles.report.fee'),
    money('circleFiles.report.discount'),
    money('circleFiles.report.sharePerHand', false),
    money('circleFiles.report.payout'),
    money('circleFiles.report.topUps'),
    { header: t('circleFiles.report.payoutStatus'), kind: 'text', width: 14 },
    { header: t('circleFiles.report.paidOn'), kind: 'date' },
    { header: t('circleFiles.report.paidAt'), kind: 'text', width: 8 },
  ];
  const members: Column[] = [
    { header: t('circleFiles.report.member'), kind: 'text', width: 28 },
    { header: t('circleFiles.report.hands'), kind: 'integer', width: 8, total: true },
    money('circleFiles.report.paidIn'),
    money('circleFiles.report.received'),
    money('circleFiles.report.shares'),
    money('circleFiles.report.finesPaid'),
    money('circleFiles.report.finesOwed'),
    money('circleFiles.report.net'),
  ];
  return {
    filename: `circle-${c.id}-report`,
    tables: [
      {
        title: t('circleFiles.report.roundsHeading'),
        currency,
        totalsLabel: t('circleFiles.report.total'),
        columns: rounds,
        rows: report.rounds.map((r): Cell[] => [
          r.number,
          r.dueDate,
          word('circleFiles.report.roundState', r.status),
          r.collected,
          r.shortfall,
          r.fines,
          r.fee,
          r.discount,
          r.share,
          r.payout,
          r.topUps,
          word('circleFiles.report.payoutState', r.payoutStatus),
          r.paidAt === null ? null : dateInZone(r.paidAt, c.timeZone),
          r.paidAt === null ? null : localTime(r.paidAt, c.timeZone),
        ]),
      },
      {
        title: t(report.organiser ? 'circleFiles.report.membersHeading' : 'circleFiles.report.yourLine'),
        currency,
        totalsLabel: t('circleFiles.report.total'),
        columns: members,
        rows: report.members.map((m): Cell[] => [m.name, m.hands, m.paidIn, m.received, m.shares, m.finesPaid, m.finesOwed, m.net]),
      },
    ],
  };
}
