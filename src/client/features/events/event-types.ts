import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';

/** What the event screens receive from the server. */
type Outputs = inferRouterOutputs<AppRouter>['events'];
/** One event as its page shows it (with its community, counts, the viewer's answer, canManage). */
export type EventDetail = Outputs['get'];
/** A row of the caller's events across communities (with communityName). */
export type MyEventItem = Outputs['mine']['items'][number];
/** A row of one community's calendar. */
export type CommunityEventItem = Outputs['list']['items'][number];
/** Who answered, for the hosts. */
export type Attendees = Outputs['attendees'];
