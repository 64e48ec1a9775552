import { Box, Button, HStack, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ChartColumn } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashFlowMonth } from '@shared/finances/cash-flow';
import { EmptyNote } from '../../components/empty-state';
import { SectionCard } from '../../components/section-card';
import { StackedCell, StackedTable } from '../../components/stacked-table';
import { currentLocale } from '../../i18n';
import { dateTimeFormat, formatAmount } from '../../lib/format';
import { cashFlowQuery } from './queries';
import { BooksStates } from './books-states';

/*
 * Money in and out month by month, and the balance over time, as the server computed them from
 * the ledger. Drawn as a small SVG (bars for in and out, a line for the balance, one scale for
 * all three) with no chart library; the SVG is for the eye only: the same figures are a table,
 * always read by screen readers and shown to anyone on "Show the figures".
 */

const W = 640;
const H = 220;
const PAD = { top: 12, bottom: 28, left: 8, right: 8 };
const COLORS = { moneyIn: 'var(--chakra-colors-green-solid)', moneyOut: 'var(--chakra-colors-red-solid)', balance: 'var(--chakra-colors-blue-fg)' };

/** 'Mar' ('mars') for '2026-03', the month read in UTC as the ledger buckets it. */
const monthName = (month: string, style: 'short' | 'long') => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return dateTimeFormat(currentLocale(), { month: style, ...(style === 'long' ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 15)));
};

export function CashFlowChart({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const q = useQuery(cashFlowQuery(communityId));
  // Members who see only their own statement see no totals: the server answers months: null.
  if (q.data && q.data.months === null) return null;
  const months = q.data?.months ?? [];
  const moved = months.some((m) => m.moneyIn > 0 || m.moneyOut > 0) || (months.at(-1)?.balance ?? 0) !== 0;
  return (
    <SectionCard id="finance-cash-flow" title={t('finances.cashFlow.title')} intro={t('finances.cashFlow.intro')} bodyGap="4" testId="cash-flow">
      <BooksStates query={q} rows={1} rowHeight="40" failed={t('finances.cashFlow.loadFailed')} empty={q.data && !moved && <EmptyNote icon={<ChartColumn />}>{t('finances.cashFlow.empty')}</EmptyNote>}>
        {() => <Figures months={months} currency={q.data!.currency} />}
      </BooksStates>
    </SectionCard>
  );
}

function Figures({ months, currency }: { months: CashFlowMonth[]; currency: string }) {
  const { t } = useTranslation();
  const [table, setTable] = useState(false);
  const tableId = useId();
  const money = (n: number) => formatAmount(n, currency);
  const total = (k: 'moneyIn' | 'moneyOut') => months.reduce((s, m) => s + m[k], 0);
  const max = Math.max(1, ...months.flatMap((m) => [m.moneyIn, m.moneyOut, m.balance]));
  const slot = (W - PAD.left - PAD.right) / months.length;
  const bar = Math.max(2, slot * 0.32);
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - Math.max(0, v) / max);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const line = months.map((m, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(m.balance).toFixed(1)}`).join(' ');
  return (
    <Stack gap="3">
      <Text fontSize="sm" data-testid="cash-flow-summary">
        {t('finances.cashFlow.summary', { months: months.length, moneyIn: money(total('moneyIn')), moneyOut: money(total('moneyOut')), balance: money(months.at(-1)?.balance ?? 0) })}
      </Text>
      <HStack gap="4" flexWrap="wrap" fontSize="xs" color="fg.muted" aria-hidden>
        {(['moneyIn', 'moneyOut', 'balance'] as const).map((k) => (
          <HStack key={k} gap="1.5">
            <Box w="3" h={k === 'balance' ? '0.5' : '3'} rounded="sm" style={{ background: COLORS[k] }} />
            <Text as="span">{t(`finances.cashFlow.${k}`)}</Text>
          </HStack>
        ))}
      </HStack>
      {/* For the eye: the table below says the same to everyone else. */}
      <chakra.svg viewBox={`0 0 ${W} ${H}`} w="full" h="auto" maxH="64" aria-hidden="true" focusable="false" data-testid="cash-flow-svg">
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="currentColor" strokeOpacity="0.2" />
        {months.map((m, i) => (
          <g key={m.month}>
            <rect x={x(i) - bar - 1} y={y(m.moneyIn)} width={bar} height={y(0) - y(m.moneyIn)} fill={COLORS.moneyIn} rx="2" />
            <rect x={x(i) + 1} y={y(m.moneyOut)} width={bar} height={y(0) - y(m.moneyOut)} fill={COLORS.moneyOut} rx="2" />
            <text x={x(i)} y={H - 8} textAnchor="middle" fontSize="13" fill="currentColor" fillOpacity="0.7">
              {monthName(m.month, 'short')}
            </text>
          </g>
        ))}
        <path d={line} fill="none" stroke={COLORS.balance} strokeWidth="2.5" strokeLinejoin="round" />
        {months.map((m, i) => (
          <circle key={m.month} cx={x(i)} cy={y(m.balance)} r="3" fill={COLORS.balance} />
        ))}
      </chakra.svg>
      <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => setTable((v) => !v)} aria-expanded={table} aria-controls={tableId}>
        {table ? t('finances.cashFlow.hideTable') : t('finances.cashFlow.showTable')}
      </Button>
      {/* Always in the page for screen readers; on screen once asked for. */}
      <Box id={tableId} srOnly={!table}>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <StackedTable size="sm" data-testid="cash-flow-table">
            <Table.Caption srOnly>{t('finances.cashFlow.caption')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('finances.cashFlow.month')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('finances.cashFlow.moneyIn')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('finances.cashFlow.moneyOut')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('finances.cashFlow.balance')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {months.map((m) => (
                <Table.Row key={m.month} data-testid="cash-flow-month" data-month={m.month}>
                  <StackedCell label={t('finances.cashFlow.month')} fontWeight="medium">
                    {monthName(m.month, 'long')}
                  </StackedCell>
                  <StackedCell label={t('finances.cashFlow.moneyIn')} textAlign="end" whiteSpace="nowrap">
                    {money(m.moneyIn)}
                  </StackedCell>
                  <StackedCell label={t('finances.cashFlow.moneyOut')} textAlign="end" whiteSpace="nowrap">
                    {money(m.moneyOut)}
                  </StackedCell>
                  <StackedCell label={t('finances.cashFlow.balance')} textAlign="end" whiteSpace="nowrap">
                    {money(m.balance)}
                  </StackedCell>
                </Table.Row>
              ))}
            </Table.Body>
          </StackedTable>
        </Table.ScrollArea>
      </Box>
    </Stack>
  );
}
