import { Button, type ButtonProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** What a cursor list's query tells the button (useInfiniteQuery's result has all three). */
export type MorePages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * The one 'Load more' button of every cursor list: shown while the server has more, busy while
 * the next page loads. Layout and wording come through the usual button props and children.
 */
export function LoadMore({ query, children, ...button }: { query: MorePages } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <Button variant="outline" {...button} onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
      {children ?? t('common.loadMore')}
    </Button>
  );
}
