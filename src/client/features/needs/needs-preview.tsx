import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useCursorList } from '../../lib/use-cursor-list';
import { NeedRow } from './need-row';
import { needsListQuery } from './queries';

/** Under the bell: the first things waiting on the member, each with its one action. */
export function NeedsPreview({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const { query, items } = useCursorList(needsListQuery(3));
  if (query.isPending) return <Text fontSize="sm" color="fg.muted">{t('common.loading')}</Text>;
  if (query.isError) return <Text fontSize="sm" color="red.fg">{t('needs.error')}</Text>;
  return (
    <Stack as="ul" gap="0" listStyleType="none" onClickCapture={(e) => (e.target as HTMLElement).closest('a') && onOpen()}>
      {items.map((item) => (
        <NeedRow key={item.key} item={item} compact />
      ))}
    </Stack>
  );
}
