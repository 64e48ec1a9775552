/** A page of a cursor list as the server sends it: the items, and where the next page starts (null: the end). */
export type CursorPage<C = unknown> = { items: readonly unknown[]; nextCursor: C | null };

/**
 * Paging for every cursor list: the next page starts at the last page's `nextCursor`. Spread it
 * into the procedure's `infiniteQueryOptions`, in the component and in the route's loader alike,
 * so both name the same query. (Apart from the hook: loaders are part of the first bundle.)
 */
export const cursorPaging = {
  getNextPageParam: <C>(last: { nextCursor: C | null }): C | null => last.nextCursor,
};
