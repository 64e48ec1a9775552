import type { QueryClient } from '@tanstack/react-query';
import { cursorPaging } from '../../lib/cursor-paging';
import { trpc } from '../../trpc';

/*
 * The polls' queries, named once for the components and the route's loader (kept apart from the
 * components: loaders are part of the first bundle).
 */

/** A community's polls by status ('open', 'nominating' or 'closed'), newest first. */
export const communityPollsQuery = (communityId: number, status: 'open' | 'nominating' | 'closed' | 'cancelled', limit = 20) =>
  trpc.polls.list.infiniteQueryOptions({ communityId, status, limit }, cursorPaging);

/** One poll with its options, nominations, the viewer's vote state and whether they may vote. */
export const pollQuery = (id: number) => trpc.polls.get.queryOptions({ id });

/** The results as members may see them now ({ visible: false } while hidden). */
export const pollResultsQuery = (id: number) => trpc.polls.results.queryOptions({ id });

/** Who voted, never how. */
export const pollVotersQuery = (id: number) => trpc.polls.voters.queryOptions({ id });

/** After any change every poll list, poll and result may be stale. */
export const refreshPolls = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: trpc.polls.pathKey() });

/** The results as CSV (only while members may see them). */
export const pollResultsCsvUrl = (id: number) => `/api/polls/${id}/results.csv`;
