import { trpc } from '../../trpc';

/** The conversation list, apart from the other chat queries: the route's loader (in every page's first bundle) needs only this. */
export const conversationsQuery = () => trpc.chat.conversations.queryOptions(undefined, { staleTime: 30_000 });
