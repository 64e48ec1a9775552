import { useEffect, useRef } from 'react';

type Paged = { hasNextPage: boolean; isFetchingNextPage: boolean; isError: boolean; fetchNextPage: () => unknown; data?: { pages: unknown[] } };

/**
 * Fetches a cursor list's every page, one after the other, up to `maxPages` (a month, a window
 * of past events: bounded lists the screen needs whole, e.g. to show the newest first).
 */
export function useAllPages(query: Paged, maxPages = 10) {
  const latest = useRef(query);
  latest.current = query;
  const pages = query.data?.pages.length ?? 0;
  const more = query.hasNextPage && !query.isFetchingNextPage && !query.isError && pages > 0 && pages < maxPages;
  useEffect(() => {
    if (more) void latest.current.fetchNextPage();
  }, [more, pages]);
  return { loading: query.hasNextPage && pages < maxPages && !query.isError };
}
