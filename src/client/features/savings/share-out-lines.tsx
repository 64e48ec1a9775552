import { Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { StackedCell as Cell, StackedHeader, StackedTable } from '../../components/stacked-table';
import { formatAmount, formatNumber } from '../../lib/format';

export type ShareOutLine = { userId: string; name: string; shares: number; amount: number };

/** Each member's shares and what they receive, as the server computed them (the preview's, or the confirmed entries'). */
export function ShareOutLines({ lines, currency }: { lines: ShareOutLine[]; currency: string }) {
  const { t } = useTranslation();
  const columns = [{ label: t('savings.shareOut.member') }, { label: t('savings.shareOut.shares'), end: true }, { label: t('savings.shareOut.amount'), end: true }];
  return (
    <StackedTable size="sm" data-testid="share-out-lines">
      <StackedHeader columns={columns} />
      <Table.Body role="rowgroup">
        {lines.map((l) => (
          <Table.Row key={l.userId} role="row" data-testid="share-out-line" data-member={l.name}>
            <Cell label={columns[0]!.label} overflowWrap="anywhere">
              {l.name}
            </Cell>
            <Cell label={columns[1]!.label} textAlign="end">
              {formatNumber(l.shares)}
            </Cell>
            <Cell label={columns[2]!.label} textAlign="end" data-testid="share-out-amount">
              {formatAmount(l.amount, currency)}
            </Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </StackedTable>
  );
}
