import { Button, DataList, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { formatNumber } from '../../lib/format';
import { myRecordQuery } from './queries';
import type { MemberRecord } from './shared';
import { SectionCard } from '../../components/section-card';

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
      {q.isPending ? (
        <Stack gap="2" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h="5" />
          <Skeleton h="5" />
          <Skeleton h="5" />
        </Stack>
      ) : q.isError ? (
        <HStack gap="3" role="alert" flexWrap="wrap">
          <Text color="red.fg">{t('circles.record.loadFailed')}</Text>
          <Button size="xs" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
            {t('circles.page.tryAgain')}
          </Button>
        </HStack>
      ) : (
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          {ROWS.map(([field, label]) => (
            <DataList.Item key={field} justifyContent="space-between">
              <DataList.ItemLabel flex="1">{t(label)}</DataList.ItemLabel>
              <DataList.ItemValue flex="0" fontWeight="semibold" color={(field === 'missed' || field === 'disputes') && q.data[field] > 0 ? 'red.fg' : undefined}>
                {formatNumber(q.data[field])}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      )}
    </SectionCard>
  );
}
