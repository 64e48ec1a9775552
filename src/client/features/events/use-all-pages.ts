import { useEffect, useRef } from 'react';

type Paged = { hasNextPage: boolean; isFetchingNextPage: boolean; isError: boolean; fetchNextPage: () => unknown; data?: { pages: unknown[] } };

/**
 * Fetches a cursor list's every page, one after the other, up to `maxPages` (a month: a bounded
 * list the screen needs whole to place each event on its day).
 */
export function useAllPages(query: Paged, maxPages = 10) {
  const latest = useRef(query);
  latest.current = query;
  const pages = query.data?.pages.length ?? 0;
  const more = query.hasNextPage && !query.isFetchingNextPage && !query.isError && pages > 0 && pages < maxPages;
  useEffect(() => {
    if (more) void latest.current.fetchNextPage();
  }, [more, pages]);
  return {
    loading: query.hasNextPage && pages < maxPages && !query.isError,
    /** The cap was reached with pages left: the screen shows only part of the list (and should say so). */
    capped: query.hasNextPage && pages >= maxPages,
  };
}
