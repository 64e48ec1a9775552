import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';

/** What the poll screens receive from the server. */
type Outputs = inferRouterOutputs<AppRouter>['polls'];
/** One poll as its page shows it (options, nominations, the viewer's vote, eligible, canManage). */
export type PollDetail = Outputs['get'];
/** A row of a community's polls. */
export type PollListItem = Outputs['list']['items'][number];
/** The results as members may see them. */
export type PollResults = Outputs['results'];
/** Who voted. */
export type PollVoters = Outputs['voters'];
