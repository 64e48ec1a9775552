import { HStack, Progress, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { PencilLine, PiggyBank } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@shared/money';
import { formatNumber, formatAmount } from '../../lib/format';
import { BudgetDialog } from './budget-dialog';
import { budgetQuery } from './queries';
import { categoryName } from './labels';
import type { Books, BudgetLine } from './types';
import { SectionCard } from '../../components/section-card';
import { EmptyNote } from '../../components/empty-state';
import { FilterActions } from '../../components/filter-actions';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { BooksStates } from './books-states';
import { StackedCell, StackedHeader, StackedTable } from '../../components/stacked-table';

/** The years offered: next year's budget down to four years back. */
const yearsAround = (year: number) => Array.from({ length: 6 }, (_, i) => year + 1 - i);

/**
 * The budget: for a year, what was planned against what actually came in or went out, per
 * category. Managers edit the planned amounts. Hidden from members where the community shows
 * them only their own statement (the server answers `lines: null`).
 */
export function BudgetCard({ communityId, books, canManage }: { communityId: number; books: Books; canManage: boolean }) {
  const { t } = useTranslation();
  const [year, setYear] = useState(books.year);
  // Members who see only their own statement see no totals (byCategory is null) and no budget: not even asked.
  const visible = books.byCategory !== null;
  const q = useQuery({ ...budgetQuery(communityId, year), enabled: visible });
  if (!visible || (q.data && q.data.lines === null)) return null;
  const lines = q.data?.lines ?? [];
  const shown = lines.filter((l) => l.planned > 0 || l.actual !== 0);
  const c = q.data?.currency ?? books.currency;
  return (
    <SectionCard
      id="finance-budget"
      title={t('finances.budget.title')}
      actions={
        <FilterActions
          label={t('finances.budget.year')}
          value={String(year)}
          onChange={(e) => setYear(Number(e.target.value))}
          options={yearsAround(books.year).map((y) => ({ value: y, label: String(y) }))}
        >
          {canManage && q.data?.lines && (
            <BudgetDialog
              communityId={communityId}
              year={year}
              currency={c}
              lines={q.data.lines}
              trigger={<ButtonWithIcon icon={PencilLine} variant="outline">{t('finances.budget.edit')}</ButtonWithIcon>}
            />
          )}
        </FilterActions>
      }
      bodyGap="4"
      testId="budget"
    >
      <BooksStates query={q} rows={2} rowHeight="10" failed={t('finances.budget.loadFailed')} empty={shown.length === 0 && <EmptyNote icon={<PiggyBank />}>{canManage ? t('finances.budget.emptyManager', { year }) : t('finances.budget.empty', { year })}</EmptyNote>}>
        <>
          <BudgetTable title={t('finances.budget.income')} lines={shown.filter((l) => l.kind === 'income')} currency={c} testId="budget-income" />
          <BudgetTable title={t('finances.budget.expenses')} lines={shown.filter((l) => l.kind === 'expense')} currency={c} testId="budget-expense" />
        </>
      </BooksStates>
    </SectionCard>
  );
}

function BudgetTable({ title, lines, currency, testId }: { title: string; lines: BudgetLine[]; currency: Currency; testId: string }) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  const planned = lines.reduce((s, l) => s + l.planned, 0);
  const actual = lines.reduce((s, l) => s + l.actual, 0);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      {/* On a phone each category is a small card, every figure named (components/stacked-table.tsx). */}
      <StackedTable size="sm" data-testid={testId}>
        <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" fontSize="sm" px="3" pt="2">
          {title}
        </Table.Caption>
        <StackedHeader columns={[{ label: t('finances.budget.category') }, { label: t('finances.budget.planned'), end: true }, { label: t('finances.budget.actual'), end: true }, { label: t('finances.budget.progress') }]} />
        <Table.Body role="rowgroup">
          {lines.map((l) => (
            <Row key={l.categoryId} label={categoryName(t, l)} line={l} currency={currency} />
          ))}
        </Table.Body>
        {lines.length > 1 && (
          <Table.Footer role="rowgroup">
            <Row label={t('finances.budget.total')} line={{ kind: lines[0]!.kind, planned, actual }} currency={currency} strong />
          </Table.Footer>
        )}
      </StackedTable>
    </Table.ScrollArea>
  );
}

function Row({ label, line, currency, strong }: { label: string; line: Pick<BudgetLine, 'kind' | 'planned' | 'actual'>; currency: Currency; strong?: boolean }) {
  const { t } = useTranslation();
  const actual = Math.max(0, line.actual);
  const percent = line.planned > 0 ? Math.round((actual / line.planned) * 100) : null;
  // Spending past the plan is a warning; income past it is good news.
  const over = percent !== null && percent > 100;
  const palette = over ? (line.kind === 'expense' ? 'red' : 'green') : line.kind === 'expense' ? 'orange' : 'green';
  return (
    <Table.Row role="row" fontWeight={strong ? 'semibold' : undefined} data-testid="budget-line">
      <StackedCell label={t('finances.budget.category')} fontWeight={{ base: 'semibold', md: 'inherit' }}>
        {label}
      </StackedCell>
      <StackedCell label={t('finances.budget.planned')} textAlign={{ md: 'end' }} whiteSpace="nowrap">
        {line.planned > 0 ? formatAmount(line.planned, currency) : t('finances.budget.notPlanned')}
      </StackedCell>
      <StackedCell label={t('finances.budget.actual')} textAlign={{ md: 'end' }} whiteSpace="nowrap">
        {formatAmount(line.actual, currency)}
      </StackedCell>
      <StackedCell label={t('finances.budget.progress')} minW={{ md: '32' }}>
        {percent === null ? (
          // Nothing planned: the Planned column already says so.
          <Text color="fg.muted" aria-hidden>
            —
          </Text>
        ) : (
          <HStack gap="2" flex="1">
            <Progress.Root value={Math.min(100, percent)} max={100} size="sm" flex="1" minW="20" colorPalette={palette}>
              {/* The track is the progressbar: its name says the figures the eye reads. */}
              <Progress.Track
                aria-label={t('finances.budget.bar', { category: label, actual: formatAmount(line.actual, currency), planned: formatAmount(line.planned, currency), percent: formatNumber(percent) })}
              >
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text fontSize="xs" color={over && line.kind === 'expense' ? 'red.fg' : 'fg.muted'} minW="10" textAlign="end">
              {t('finances.budget.percent', { percent: formatNumber(percent) })}
            </Text>
          </HStack>
        )}
      </StackedCell>
    </Table.Row>
  );
}
