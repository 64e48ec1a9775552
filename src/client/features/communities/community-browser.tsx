import { Box, Button, Input, InputGroup, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { CircleAlert, MapPin, Search, Users } from 'lucide-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '../../components/empty-state';
import { LoadMore } from '../../components/load-more';
import { useCursorList } from '../../lib/use-cursor-list';
import { CommunityCard } from './community-card';
import { communityListQuery } from './queries';

export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" role="status" aria-busy="true" aria-label={t('communities.browser.loading')}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height="300px" rounded="lg" />
      ))}
    </SimpleGrid>
  );
}

/**
 * Search (name and description) and location filters over the server's list, newest first,
 * paged by cursor with 'Load more'. The server decides what the viewer may see.
 */
export function CommunityBrowser(props: {
  emptyTitle: string;
  emptyActions?: ReactNode;
  detailsPath?: 'community' | 'communities';
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [location, setLocation] = useState('');
  // Typing stays responsive; the query follows the deferred value.
  const filters = useDeferredValue({ search: search.trim(), location: location.trim() });
  const { query: q, items } = useCursorList(communityListQuery(filters));
  const filtered = !!(search || location);

  return (
    <Stack gap="5">
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" role="search">
        <InputGroup startElement={<Search size={16} aria-hidden />} flex="2">
          <Input
            aria-label={t('communities.browser.searchLabel')}
            placeholder={t('communities.browser.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </InputGroup>
        <InputGroup startElement={<MapPin size={16} aria-hidden />} flex="1">
          <Input
            aria-label={t('communities.browser.locationLabel')}
            placeholder={t('communities.browser.locationPlaceholder')}
            value={location}
            onChange={(e) => setLocation(e.target.value)}
          />
        </InputGroup>
      </Stack>
      {q.isPending ? (
        <CardGridSkeleton />
      ) : q.isError ? (
        <EmptyNote framed icon={<CircleAlert />} title={t('communities.browser.loadFailed')} action={<Button onClick={() => q.refetch()}>{t('communities.browser.tryAgain')}</Button>} />
      ) : items.length === 0 ? (
        <EmptyNote
          framed
          icon={<Users />}
          title={props.emptyTitle}
          action={
            <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
              {filtered && (
                <Button
                  variant="outline"
                  onClick={() => {
                    setSearch('');
                    setLocation('');
                  }}
                >
                  {t('communities.browser.clearFilters')}
                </Button>
              )}
              {props.emptyActions}
            </Stack>
          }
        >
          {filtered ? t('communities.browser.noMatch') : t('communities.browser.beFirst')}
        </EmptyNote>
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" opacity={q.isFetching && !q.isFetchingNextPage ? 0.7 : 1}>
            {items.map((c) => (
              <CommunityCard key={c.id} community={c} detailsPath={props.detailsPath} />
            ))}
          </SimpleGrid>
          {q.hasNextPage && (
            <Box textAlign="center">
              <LoadMore query={q} loadingText={t('communities.browser.loadingMore')}>
                {t('common.loadMore')}
              </LoadMore>
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
