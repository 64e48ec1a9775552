import { Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '../../components/empty-state';
import { SectionCard } from '../../components/section-card';
import { StackedCell, StackedHeader, StackedTable } from '../../components/stacked-table';
import { BooksStates } from '../finances/books-states';
import { CopyButton } from './copy-button';
import { referencesQuery } from './queries';

/** The officers' list of every member's payment reference: what a statement line's note is read against. */
export function ReferencesCard({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const q = useQuery(referencesQuery(communityId));
  const rows = q.data ?? [];
  const columns = [{ label: t('collecting.references.member') }, { label: t('collecting.references.reference') }];
  return (
    <SectionCard id="member-references" title={t('collecting.references.title')} intro={t('collecting.references.intro')} bodyGap="3" testId="member-references">
      <BooksStates query={q} rows={2} rowHeight="10" failed={t('collecting.references.loadFailed')} empty={rows.length === 0 && <EmptyNote icon={<Hash />}>{t('collecting.references.empty')}</EmptyNote>}>
        <StackedTable size="sm">
          <StackedHeader columns={columns} />
          <Table.Body role="rowgroup">
            {rows.map((r) => (
              <Table.Row role="row" key={r.userId}>
                <StackedCell label={columns[0]!.label}>{r.name}</StackedCell>
                <StackedCell label={columns[1]!.label}>
                  <Text as="span" fontFamily="mono">
                    {r.reference ?? '—'}
                  </Text>
                  {r.reference && <CopyButton value={r.reference} label={t('collecting.references.copy', { name: r.name })} />}
                </StackedCell>
              </Table.Row>
            ))}
          </Table.Body>
        </StackedTable>
      </BooksStates>
    </SectionCard>
  );
}
