import { Button, Card, DataList, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { formatNumber } from '../../lib/format';
import { myRecordQuery } from './queries';
import type { MemberRecord } from './shared';

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
    <Card.Root as="section" aria-labelledby="njangi-record" size="sm" data-testid="my-record">
      <Card.Header>
        <Card.Title as="h2" id="njangi-record">
          {t('circles.record.title')}
        </Card.Title>
        <Text color="fg.muted" fontSize="sm">
          {t('circles.record.privacy')}
        </Text>
      </Card.Header>
      <Card.Body>
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
      </Card.Body>
    </Card.Root>
  );
}
