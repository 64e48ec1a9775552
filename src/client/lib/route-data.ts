import type { InfiniteData, InfiniteQueryExecuteOptions, QueryClient, QueryExecuteOptions, QueryKey } from '@tanstack/react-query';

/*
 * What a route's loader does with the queries its screen reads first. The router runs loaders
 * when a navigation starts, and on link hover or focus (intent preload), so the data is on its
 * way before the page's code has loaded. The component then reads the same cache entry with the
 * same options. Cached data is used as it is (the screen's own query refreshes it if stale), and
 * missing data is fetched and awaited. These never throw: a 403 or 404 is the screen's to show
 * (a private community's "members only", a missing community's "not found"), not the router's.
 */

/** A screen's query, from the cache or fetched; undefined when the server refused it. */
export async function loadQuery<TData, TError, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: QueryExecuteOptions<TData, TError, TData, TData, TKey>,
): Promise<TData | undefined> {
  const cached = queryClient.getQueryData<TData>(options.queryKey);
  if (cached !== undefined) return cached;
  return queryClient.query(options).catch(() => undefined);
}

/** A cursor list's first page, from the cache or fetched. */
export async function loadList<TPage, TError, TKey extends QueryKey, TParam>(
  queryClient: QueryClient,
  options: InfiniteQueryExecuteOptions<TPage, TError, InfiniteData<TPage, TParam>, TKey, TParam>,
): Promise<void> {
  if (queryClient.getQueryData(options.queryKey) !== undefined) return;
  await queryClient.infiniteQuery(options).catch(() => undefined);
}

/** A record page's id from its URL ('/events/$id'): the number, or undefined when it can name no record (not a positive whole number). */
export function recordId(param: string): number | undefined {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
