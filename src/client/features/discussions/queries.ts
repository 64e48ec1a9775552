import type { QueryClient } from '@tanstack/react-query';
import { cursorPaging } from '../../lib/cursor-paging';
import { trpc } from '../../trpc';

/*
 * The discussions' queries, named once for the components and the route's loader (kept apart
 * from the components: loaders are part of the first bundle).
 */

/** A community's topics, pinned first then by last activity; `search` is the server's. */
export const communityTopicsQuery = (communityId: number, search = '', limit = 20) =>
  trpc.discussions.list.infiniteQueryOptions({ communityId, limit, ...(search ? { search } : {}) }, cursorPaging);

/** One topic, each page carrying the topic and a page of its replies (oldest first). */
export const topicQuery = (id: number) =>
  trpc.discussions.get.infiniteQueryOptions({ id, limit: 50 }, { getNextPageParam: (last: { replies: { nextCursor: number | null } }) => last.replies.nextCursor });

/** The Overview's "active discussions" count. */
export const activeTopicsQuery = (communityId: number) => trpc.discussions.activeCount.queryOptions({ communityId });

/** The @mention autocomplete's members for what was typed after the @. */
export const mentionableQuery = (communityId: number, prefix: string) => trpc.discussions.mentionable.queryOptions({ communityId, prefix }, { staleTime: 30_000 });

/** After any change every topic list, topic and count may be stale. */
export const refreshDiscussions = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: trpc.discussions.pathKey() });
