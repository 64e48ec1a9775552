import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { MessagePage } from '@shared/chat/protocol';
import { trpc, trpcClient } from '../../trpc';

/*
 * Chat's queries, named once for the screens, the socket and the route's loader. The history is
 * paged by `before` (a message id), so it is an infinite query of its own rather than the
 * procedure's cursor helper; every socket frame and write merges into these same cache entries.
 */

export { conversationsQuery } from './list-query';

/** The rail's badge: also re-read on focus and now and then, so a missed frame never leaves it wrong for long. */
export const unreadTotalQuery = () =>
  trpc.chat.unreadTotal.queryOptions(undefined, {
    refetchOnWindowFocus: true,
    refetchInterval: 120_000,
    staleTime: 0,
  });

export const historyKey = (conversationId: number) => ['chat', 'history', conversationId] as const;

export const historyQuery = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: historyKey(conversationId),
    queryFn: ({ pageParam }): Promise<MessagePage> =>
      trpcClient.chat.messages.query({
        conversationId,
        limit: 50,
        ...(pageParam ? { before: pageParam } : {}),
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: MessagePage) => last.nextBefore ?? undefined,
    // The socket keeps it current; a reconnect catches up by id rather than refetching.
    staleTime: Infinity,
  });

export const peopleQuery = (prefix: string, communityId?: number) => trpc.chat.people.queryOptions({ prefix, ...(communityId ? { communityId } : {}) }, { staleTime: 30_000 });

/** After a change the socket cannot describe (a new conversation, a lost access): the list and the badge from the server. */
export const refreshConversations = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({
      queryKey: trpc.chat.conversations.queryKey(),
    }),
    queryClient.invalidateQueries({
      queryKey: trpc.chat.unreadTotal.queryKey(),
    }),
  ]);
