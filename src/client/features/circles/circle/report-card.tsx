import { HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet, FileText } from 'lucide-react';
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
  return (
    <SectionCard
      id="circle-report"
      title={t('circle.report.title')}
      actions={
        <HStack gap="4" flexWrap="wrap">
          <Link href={reportPdfUrl(c.id)} download fontSize="sm" color="brand.fg" data-testid="report-pdf">
            <FileText size={14} aria-hidden /> {t('circle.report.pdf')}
          </Link>
          <Link href={reportCsvUrl(c.id)} download fontSize="sm" color="brand.fg" data-testid="report-csv">
            <FileSpreadsheet size={14} aria-hidden /> {t('circle.report.csv')}
          </Link>
          <Link href={reportXlsxUrl(c.id)} download fontSize="sm" color="brand.fg" data-testid="report-xlsx">
            <FileSpreadsheet size={14} aria-hidden /> {t('circle.report.xlsx')}
          </Link>
        </HStack>
      }
      bodyGap="5"
    >
      <ListStates query={q} loading={t('circle.report.loading')} rows={2} rowHeight="10" failed={t('circle.report.loadFailed')} retry={t('circle.tryAgain')}>
        {() => (
          <>
            <Stack gap="2">
              <Text fontWeight="medium" id="report-rounds">
                {t('circle.report.rounds')}
              </Text>
              <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-labelledby="report-rounds">
                <Table.Root size="sm" data-testid="report-rounds">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('circle.rounds.round')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('circle.rounds.due')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('circle.split.collected')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('circle.split.shortfall')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('circle.split.fines')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('circle.split.fee')}</Table.ColumnHeader>
                      {c.payoutMethod === 'auction' && <Table.ColumnHeader textAlign="end">{t('circle.split.discount')}</Table.ColumnHeader>}
                      <Table.ColumnHeader textAlign="end">{t('circle.split.payout')}</Table.ColumnHeader>
                      {topUps && <Table.ColumnHeader textAlign="end">{t('circle.report.topUps')}</Table.ColumnHeader>}
                      <Table.ColumnHeader>{t('circle.rounds.status')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {q.data!.rounds.map((r) => (
                      <Table.Row key={r.number}>
                        <Table.Cell>{r.number}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDay(r.dueDate)}</Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {m(r.collected)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {m(r.shortfall)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {m(r.fines)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {m(r.fee)}
                        </Table.Cell>
                        {c.payoutMethod === 'auction' && (
                          <Table.Cell textAlign="end" whiteSpace="nowrap">
                            {m(r.discount)}
                          </Table.Cell>
                        )}
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {m(r.payout)}
                        </Table.Cell>
                        {topUps && (
                          <Table.Cell textAlign="end" whiteSpace="nowrap">
                            {m(r.topUps)}
                          </Table.Cell>
                        )}
                        <Table.Cell whiteSpace="nowrap">{r.payoutStatus ? t(PAYOUT_STATUS_KEY[r.payoutStatus]) : t('circle.report.notPaid')}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                  <Table.Footer>
                    <Table.Row fontWeight="semibold">
                      <Table.Cell colSpan={2}>{t('circle.report.totals')}</Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {m(q.data!.totals.collected)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {m(q.data!.totals.shortfall)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {m(q.data!.totals.fines)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {m(q.data!.totals.fees)}
                      </Table.Cell>
                      {c.payoutMethod === 'auction' && (
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {m(q.data!.totals.discounts)}
                        </Table.Cell>
                      )}
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {m(q.data!.totals.paidOut)}
                      </Table.Cell>
                      {topUps && (
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {m(q.data!.totals.topUps)}
                        </Table.Cell>
                      )}
                      <Table.Cell />
                    </Table.Row>
                  </Table.Footer>
                </Table.Root>
              </Table.ScrollArea>
              <Text fontSize="xs" color="fg.muted" data-testid="report-balance">
                {t('circle.report.balance', {
                  moneyIn: m(q.data!.totals.collected + q.data!.totals.finesPaid),
                  collected: m(q.data!.totals.collected),
                  fines: m(q.data!.totals.finesPaid),
                  paidOut: m(q.data!.totals.paidOut),
                  topUps: m(q.data!.totals.topUps),
                  shared: m(q.data!.totals.shared),
                  fees: m(q.data!.totals.fees),
                  held: m(q.data!.totals.held),
                })}
              </Text>
            </Stack>
            <Stack gap="2">
              <Text fontWeight="medium" id="report-members">
                {q.data!.organiser ? t('circle.report.members') : t('circle.report.yourLine')}
              </Text>
              <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-labelledby="report-members">
                <Table.Root size="sm" data-testid="report-members">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('circle.report.member')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('circle.rules.hands')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('circle.report.paidIn')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('circle.report.received')}</Table.ColumnHeader>
                      {c.payoutMethod === 'auction' && <Table.ColumnHeader textAlign="end">{t('circle.report.shares')}</Table.ColumnHeader>}
                      <Table.ColumnHeader textAlign="end">{t('circle.report.finesPaid')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('circle.report.finesOwed')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('circle.report.net')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {q.data!.members.map((l) => (
                      <Table.Row key={l.userId} data-testid="report-member">
                        <Table.Cell>{l.name}</Table.Cell>
                        <Table.Cell textAlign="end">{l.hands}</Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {m(l.paidIn)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {m(l.received)}
                        </Table.Cell>
                        {c.payoutMethod === 'auction' && (
                          <Table.Cell textAlign="end" whiteSpace="nowrap">
                            {m(l.shares)}
                          </Table.Cell>
                        )}
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {m(l.finesPaid)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {m(l.finesOwed)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap" color={l.net < 0 ? 'fg.muted' : undefined}>
                          {m(l.net)}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              <Text fontSize="xs" color="fg.muted">
                {t('circle.report.netHelp')}
              </Text>
            </Stack>
          </>
        )}
      </ListStates>
    </SectionCard>
  );
}
