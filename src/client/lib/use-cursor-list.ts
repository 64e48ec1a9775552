import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CursorPage } from './cursor-paging';

export { cursorPaging, type CursorPage } from './cursor-paging';

/**
 * A cursor list's query and its pages' items in order, ready for a grid and a <LoadMore>. The
 * options come from the procedure's `infiniteQueryOptions(input, cursorPaging)`.
 */
export function useCursorList<TPage extends CursorPage, TError, TKey extends QueryKey, TParam>(
  options: UseInfiniteQueryOptions<TPage, TError, InfiniteData<TPage, TParam>, TKey, TParam>,
) {
  const query = useInfiniteQuery(options);
  const items = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.items as TPage['items'][number][]), [query.data]);
  return { query, items };
}
