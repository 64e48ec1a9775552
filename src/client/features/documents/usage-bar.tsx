import { HStack, Progress, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatSize } from './format';
import { documentUsageQuery } from './queries';

/** "312 MB of 1 GB used" with a bar (managers): what all the versions of all the documents take. */
export function UsageBar({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const q = useQuery(documentUsageQuery(communityId));
  if (q.isPending) return <Skeleton h="8" w="full" maxW="sm" />;
  if (q.isError) return null;
  const { usedBytes, quotaBytes } = q.data;
  const ratio = quotaBytes > 0 ? Math.min(1, usedBytes / quotaBytes) : 1;
  const text = t('documents.quota.used', { used: formatSize(usedBytes), total: formatSize(quotaBytes) });
  const full = usedBytes >= quotaBytes;
  return (
    <Stack gap="1.5" maxW={{ base: 'full', md: 'sm' }} w="full" data-testid="documents-usage">
      <HStack justify="space-between" gap="2" flexWrap="wrap" fontSize="sm">
        <Text fontWeight="medium">{t('documents.quota.label')}</Text>
        <Text color="fg.muted" data-testid="documents-usage-text">
          {text}
        </Text>
      </HStack>
      <Progress.Root
        value={Math.round(ratio * 100)}
        max={100}
        size="sm"
        colorPalette={ratio >= 0.9 ? 'red' : ratio >= 0.75 ? 'orange' : 'brand'}
        aria-label={t('documents.quota.label')}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {full && (
        <Text fontSize="sm" color="fg.error" role="status">
          {t('documents.quota.full')}
        </Text>
      )}
    </Stack>
  );
}
