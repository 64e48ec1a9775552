import { Button, type ButtonProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** What a cursor list's query tells the button (useInfiniteQuery's result has all three). */
export type MorePages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * The 'Load more' button of the cursor lists: shown while the server has more, busy while the
 * next page loads. (The chat's history loads older messages as it scrolls, with its own button.) Layout and wording come through the usual button props and children.
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
