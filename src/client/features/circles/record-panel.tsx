import { DataList } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { formatNumber } from '../../lib/format';
import { myRecordQuery } from './queries';
import type { MemberRecord } from './labels';
import { SectionCard } from '../../components/section-card';
import { ListStates } from '../../components/list-states';

const ROWS = [
  ['onTime', 'circles.record.onTime'],
  ['late', 'circles.record.late'],
  ['missed', 'circles.record.missed'],
  ['circlesCompleted', 'circles.record.completed'],
  ['disputes', 'circles.record.disputes'],
] as const satisfies readonly (readonly [keyof MemberRecord, MessageKey])[];

/** The caller's own record across every circle: what an organiser sees when deciding on their request. */
export function RecordPanel() {
  const { t } = useTranslation();
  const q = useQuery(myRecordQuery());
  return (
    <SectionCard id="njangi-record" title={t('circles.record.title')} intro={t('circles.record.privacy')} testId="my-record" size="sm">
      <ListStates query={q} loading={t('common.loading')} rowHeight="5" failed={t('circles.record.loadFailed')} retry={t('circles.page.tryAgain')}>
        {() => (
          <DataList.Root orientation="horizontal" size="sm" gap="2">
            {ROWS.map(([field, label]) => (
              <DataList.Item key={field} justifyContent="space-between">
                <DataList.ItemLabel flex="1">{t(label)}</DataList.ItemLabel>
                <DataList.ItemValue flex="0" fontWeight="semibold" color={(field === 'missed' || field === 'disputes') && q.data![field] > 0 ? 'red.fg' : undefined}>
                  {formatNumber(q.data![field])}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        )}
      </ListStates>
    </SectionCard>
  );
}
