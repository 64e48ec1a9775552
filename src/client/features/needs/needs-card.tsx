import { Badge, Button, Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '../../components/empty-state';
import { LoadMore } from '../../components/load-more';
import { useCursorList } from '../../lib/use-cursor-list';
import { formatNumber } from '../../lib/format';
import { useQuery } from '@tanstack/react-query';
import { unreadCountQuery } from '../../components/shell/notifications-menu';
import { NeedRow } from './need-row';
import { needsListQuery } from './queries';
import { NEEDS_PAGE } from './page-size';

/**
 * The dashboard's first card: everything waiting on the member across their communities, each
 * with its one action; "You're all caught up" when nothing waits.
 */
export function NeedsCard() {
  const { t } = useTranslation();
  const { query, items } = useCursorList(needsListQuery(NEEDS_PAGE));
  const count = useQuery(unreadCountQuery()).data?.waiting;
  return (
    <Card.Root as="section" aria-labelledby="dashboard-needs" data-testid="needs-card">
      <Card.Header>
        <HStack gap="2">
          <Card.Title as="h2" id="dashboard-needs">
            {t('needs.title')}
          </Card.Title>
          {!!count && (
            <Badge colorPalette="orange" variant="subtle" rounded="full" data-testid="needs-count">
              {t('needs.count', { count, formatted: formatNumber(count) })}
            </Badge>
          )}
        </HStack>
        {items.length > 0 && (
          <Text color="fg.muted" fontSize="sm">
            {t('needs.intro')}
          </Text>
        )}
      </Card.Header>
      <Card.Body pt="2">
        {query.isPending ? (
          <Stack gap="2" aria-busy="true">
            <Skeleton h="12" />
            <Skeleton h="12" />
          </Stack>
        ) : query.isError ? (
          <HStack gap="3" role="alert" flexWrap="wrap">
            <Text color="red.fg">{t('needs.error')}</Text>
            <Button size="xs" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('needs.retry')}
            </Button>
          </HStack>
        ) : items.length === 0 ? (
          <EmptyNote icon={<CircleCheck />} title={t('needs.empty')} testId="needs-empty">
            {t('needs.emptyHint')}
          </EmptyNote>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" aria-live="polite">
            {items.map((item) => (
              <NeedRow key={item.key} item={item} />
            ))}
          </Stack>
        )}
        <LoadMore query={query} size="sm" alignSelf="flex-start" mt="2">
          {t('needs.showMore')}
        </LoadMore>
      </Card.Body>
    </Card.Root>
  );
}
