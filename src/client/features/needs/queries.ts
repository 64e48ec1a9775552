import type { QueryClient } from '@tanstack/react-query';
import { cursorPaging } from '../../lib/cursor-paging';
import { trpc } from '../../trpc';

/** How much waits on the member (the community tabs' counts): kept fresh on focus and once a minute, like the bell. */
export const needsCountQuery = () => trpc.needs.count.queryOptions(undefined, { refetchOnWindowFocus: true, refetchInterval: 60_000, staleTime: 0 });

/** "Needs you", page by page; the dashboard's card and the bell read its first page. */
export const needsListQuery = (limit: number) => trpc.needs.list.infiniteQueryOptions({ limit }, { ...cursorPaging, staleTime: 0, refetchOnWindowFocus: true });

/**
 * After one tap: the list, the counts and the bell (all computed from the records) are read again,
 * and so is every other screen showing what the action changed (a payment list, a circle).
 */
export const afterNeedAction = (queryClient: QueryClient) => queryClient.invalidateQueries();
