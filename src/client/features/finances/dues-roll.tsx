import { Button, Table } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, ClipboardList } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { DuesBadge } from './dues-badge';
import { duesRollQuery } from './queries';
import { formatAmount } from '../../lib/format';
import type { DuesRollRow, DuesStatus } from './types';
import { SectionCard } from '../../components/section-card';
import { EmptyNote } from '../../components/empty-state';
import { BooksStates } from './books-states';
import { StackedCell, StackedTable } from '../../components/stacked-table';

type SortKey = 'name' | 'status' | 'outstanding';
type Sort = { key: SortKey; dir: 'asc' | 'desc' };

/** Worst first: who is overdue, then who has a payment due, then the rest. */
const STATUS_RANK: Record<DuesStatus, number> = { overdue: 0, due: 1, none: 2, paidUp: 3 };

function compare(sort: Sort) {
  const collator = new Intl.Collator(currentLocale());
  const byName = (a: DuesRollRow, b: DuesRollRow) => collator.compare(a.name, b.name);
  const primary = (a: DuesRollRow, b: DuesRollRow) =>
    sort.key === 'status' ? STATUS_RANK[a.status] - STATUS_RANK[b.status] : sort.key === 'outstanding' ? a.outstanding - b.outstanding : byName(a, b);
  const sign = sort.dir === 'asc' ? 1 : -1;
  return (a: DuesRollRow, b: DuesRollRow) => sign * primary(a, b) || byName(a, b);
}

/**
 * The dues roll, for officers only (the server refuses it to anyone else): every member's status,
 * what they owe by now, paid and outstanding; sortable by member, status or outstanding.
 */
export function DuesRoll({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const q = useQuery(duesRollQuery(communityId));
  const [sort, setSort] = useState<Sort>({ key: 'status', dir: 'asc' });
  const rows = q.data ? [...q.data.members].sort(compare(sort)) : [];
  const c = q.data?.currency;

  const header = (key: SortKey, label: string, end?: boolean): ReactNode => {
    const active = sort.key === key;
    const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
    return (
      <Table.ColumnHeader role="columnheader" aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} textAlign={end ? 'end' : undefined}>
        <Button
          size="xs"
          variant="ghost"
          mx="-2"
          fontWeight="semibold"
          onClick={() => setSort(active ? { key, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: key === 'outstanding' ? 'desc' : 'asc' })}
        >
          {label} <Icon aria-hidden size={14} />
        </Button>
      </Table.ColumnHeader>
    );
  };

  return (
    <SectionCard id="finance-roll" title={t('finances.roll.title')} intro={t('finances.roll.intro')} bodyGap="3">
      <BooksStates query={q} rowHeight="10" failed={t('finances.roll.loadFailed')} empty={(rows.length === 0 || !c) && <EmptyNote icon={<ClipboardList />}>{t('finances.roll.empty')}</EmptyNote>}>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          {/* On a phone each member is a small card, every figure named (components/stacked-table.tsx); the order stays the one chosen. */}
          <StackedTable size="sm" data-testid="dues-roll">
            <Table.Caption srOnly>{t('finances.roll.caption')}</Table.Caption>
            <Table.Header role="rowgroup">
              <Table.Row role="row">
                {header('name', t('finances.roll.member'))}
                {header('status', t('finances.roll.status'))}
                <Table.ColumnHeader role="columnheader" textAlign="end">
                  {t('finances.roll.owed')}
                </Table.ColumnHeader>
                <Table.ColumnHeader role="columnheader" textAlign="end">
                  {t('finances.roll.paid')}
                </Table.ColumnHeader>
                {header('outstanding', t('finances.roll.outstanding'), true)}
              </Table.Row>
            </Table.Header>
            <Table.Body role="rowgroup">
              {rows.map((m) => (
                <Table.Row role="row" key={m.memberId} data-testid="dues-roll-row">
                  <StackedCell label={t('finances.roll.member')} fontWeight={{ base: 'semibold', md: 'normal' }}>
                    {m.name}
                  </StackedCell>
                  <StackedCell label={t('finances.roll.status')}>
                    <DuesBadge status={m.status} />
                  </StackedCell>
                  <StackedCell label={t('finances.roll.owed')} textAlign={{ md: 'end' }} whiteSpace="nowrap">
                    {formatAmount(m.owed, c!)}
                  </StackedCell>
                  <StackedCell label={t('finances.roll.paid')} textAlign={{ md: 'end' }} whiteSpace="nowrap">
                    {formatAmount(m.paid, c!)}
                  </StackedCell>
                  <StackedCell label={t('finances.roll.outstanding')} textAlign={{ md: 'end' }} whiteSpace="nowrap" color={m.outstanding > 0 ? 'red.fg' : undefined} fontWeight={m.outstanding > 0 ? 'medium' : undefined}>
                    {formatAmount(m.outstanding, c!)}
                  </StackedCell>
                </Table.Row>
              ))}
            </Table.Body>
          </StackedTable>
        </Table.ScrollArea>
      </BooksStates>
    </SectionCard>
  );
}
