import { HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MessageKey } from '@shared/i18n/catalogue';
import { useTranslation } from 'react-i18next';
import { circleReportQuery, reportCsvUrl, reportPdfUrl, reportXlsxUrl } from './queries';
import { PAYOUT_STATUS_KEY, type Detail } from './model';
import { formatAmount, formatDay } from '../../../lib/format';
import { SectionCard } from '../../../components/section-card';
import { ListStates } from '../../../components/list-states';

/**
 * The circle's report: each round's money (collected, shortfall, fines, fee, discount, payout,
 * top-ups), the totals (each its column's sum) and the sentence that checks them, and each
 * member's line (paid in, received, shares, fines, net), with CSV and PDF downloads. The
 * organiser gets every member's line, anyone else only their own: the server decides.
 */
export function ReportCard({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const c = d.circle;
  const q = useQuery(circleReportQuery(c.id));
  const m = (n: number | null) => (n === null ? '—' : formatAmount(n, c.currency));
  const totals = q.data?.totals;
  // Top-ups get a column once a round has one (on a phone every column counts).
  const topUps = !!totals && totals.topUps > 0;
  const auction = c.payoutMethod === 'auction';
  type Report = NonNullable<typeof q.data>;
  type Totals = Report['totals'];
  // The rounds' money columns: the header, the round's amount and the total's.
  const roundColumns = shown<MoneyColumn<Report['rounds'][number], Totals>>([
    { header: 'circle.split.collected', value: (r) => r.collected, total: (s) => s.collected },
    { header: 'circle.split.shortfall', value: (r) => r.shortfall, total: (s) => s.shortfall },
    { header: 'circle.split.fines', value: (r) => r.fines, total: (s) => s.fines },
    { header: 'circle.split.fee', value: (r) => r.fee, total: (s) => s.fees },
    { header: 'circle.split.discount', value: (r) => r.discount, total: (s) => s.discounts, shown: auction },
    { header: 'circle.split.payout', value: (r) => r.payout, total: (s) => s.paidOut },
    { header: 'circle.report.topUps', value: (r) => r.topUps, total: (s) => s.topUps, shown: topUps },
  ]);
  const memberColumns = shown<MoneyColumn<Report['members'][number]>>([
    { header: 'circle.report.paidIn', value: (l) => l.paidIn },
    { header: 'circle.report.received', value: (l) => l.received },
    { header: 'circle.report.shares', value: (l) => l.shares, shown: auction },
    { header: 'circle.report.finesPaid', value: (l) => l.finesPaid },
    { header: 'circle.report.finesOwed', value: (l) => l.finesOwed },
    { header: 'circle.report.net', value: (l) => l.net, muted: (l) => l.net < 0 },
  ]);
  const downloads: { href: string; testId: string; label: MessageKey; Icon: typeof FileText }[] = [
    { href: reportPdfUrl(c.id), testId: 'report-pdf', label: 'circle.report.pdf', Icon: FileText },
    { href: reportCsvUrl(c.id), testId: 'report-csv', label: 'circle.report.csv', Icon: FileSpreadsheet },
    { href: reportXlsxUrl(c.id), testId: 'report-xlsx', label: 'circle.report.xlsx', Icon: FileSpreadsheet },
  ];
  const links = (
    <HStack gap="4" flexWrap="wrap">
      {downloads.map(({ href, testId, label, Icon }) => (
        <Link key={testId} href={href} download fontSize="sm" color="brand.fg" data-testid={testId}>
          <Icon size={14} aria-hidden /> {t(label)}
        </Link>
      ))}
    </HStack>
  );
  return (
    <SectionCard id="circle-report" title={t('circle.report.title')} actions={links} bodyGap="5">
      <ListStates query={q} loading={t('circle.report.loading')} rows={2} rowHeight="10" failed={t('circle.report.loadFailed')} retry={t('circle.tryAgain')}>
        {() => {
          const report = q.data!;
          const s = report.totals;
          return (
            <>
              <Stack gap="2">
                <ReportTable id="report-rounds" title={t('circle.report.rounds')}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('circle.rounds.round')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('circle.rounds.due')}</Table.ColumnHeader>
                      <MoneyHeaders columns={roundColumns} />
                      <Table.ColumnHeader>{t('circle.rounds.status')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {report.rounds.map((r) => (
                      <Table.Row key={r.number}>
                        <Table.Cell>{r.number}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDay(r.dueDate)}</Table.Cell>
                        <MoneyCells columns={roundColumns} row={r} format={m} />
                        <Table.Cell whiteSpace="nowrap">{r.payoutStatus ? t(PAYOUT_STATUS_KEY[r.payoutStatus]) : t('circle.report.notPaid')}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                  <Table.Footer>
                    <Table.Row fontWeight="semibold">
                      <Table.Cell colSpan={2}>{t('circle.report.totals')}</Table.Cell>
                      <MoneyCells columns={roundColumns.map((col) => ({ header: col.header, value: col.total! }))} row={s} format={m} />
                      <Table.Cell />
                    </Table.Row>
                  </Table.Footer>
                </ReportTable>
                <Text fontSize="xs" color="fg.muted" data-testid="report-balance">
                  {t('circle.report.balance', {
                    moneyIn: m(s.collected + s.finesPaid),
                    collected: m(s.collected),
                    fines: m(s.finesPaid),
                    paidOut: m(s.paidOut),
                    topUps: m(s.topUps),
                    shared: m(s.shared),
                    fees: m(s.fees),
                    held: m(s.held),
                  })}
                </Text>
              </Stack>
              <Stack gap="2">
                <ReportTable id="report-members" title={report.organiser ? t('circle.report.members') : t('circle.report.yourLine')}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('circle.report.member')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('circle.rules.hands')}</Table.ColumnHeader>
                      <MoneyHeaders columns={memberColumns} />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {report.members.map((l) => (
                      <Table.Row key={l.userId} data-testid="report-member">
                        <Table.Cell>{l.name}</Table.Cell>
                        <Table.Cell textAlign="end">{l.hands}</Table.Cell>
                        <MoneyCells columns={memberColumns} row={l} format={m} />
                      </Table.Row>
                    ))}
                  </Table.Body>
                </ReportTable>
                <Text fontSize="xs" color="fg.muted">
                  {t('circle.report.netHelp')}
                </Text>
              </Stack>
            </>
          );
        }}
      </ListStates>
    </SectionCard>
  );
}

/** One money column of a report table: its header's key, the row's amount, the footer's (rounds only), and whether it is shown. */
type MoneyColumn<Row, Totals = never> = {
  header: MessageKey;
  value: (row: Row) => number | null;
  total?: (totals: Totals) => number | null;
  shown?: boolean;
  muted?: (row: Row) => boolean;
};

/** A titled, scrollable, focusable table (its region named by the title). */
function ReportTable({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <>
      <Text fontWeight="medium" id={id}>
        {title}
      </Text>
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-labelledby={id}>
        <Table.Root size="sm" data-testid={id}>
          {children}
        </Table.Root>
      </Table.ScrollArea>
    </>
  );
}

const shown = <C extends { shown?: boolean }>(columns: C[]) => columns.filter((col) => col.shown !== false);

function MoneyHeaders({ columns }: { columns: { header: MessageKey }[] }) {
  const { t } = useTranslation();
  return columns.map((col) => (
    <Table.ColumnHeader key={col.header} textAlign="end">
      {t(col.header)}
    </Table.ColumnHeader>
  ));
}

function MoneyCells<Row>({ columns, row, format }: { columns: Omit<MoneyColumn<Row>, 'total'>[]; row: Row; format: (n: number | null) => string }) {
  return columns.map((col) => (
    <Table.Cell key={col.header} textAlign="end" whiteSpace="nowrap" color={col.muted?.(row) ? 'fg.muted' : undefined}>
      {format(col.value(row))}
    </Table.Cell>
  ));
}
