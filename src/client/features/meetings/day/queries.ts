import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/root';
import { trpc } from '../../../trpc';

/*
 * What the meeting day screen reads: the meeting and its roster (each member's status and check-in
 * code). Both are kept on the phone (lib/offline/persist.ts), so the screen opens in a room with no
 * signal once it has been opened with one; online, they are asked again each time it opens.
 */

type Outputs = inferRouterOutputs<AppRouter>['meetings'];
export type MeetingView = Outputs['get'];
export type RosterEntry = Outputs['roster'][number];

const fresh = { staleTime: 0, refetchOnMount: 'always' as const };
export const meetingQuery = (meetingId: number) => ({ ...trpc.meetings.get.queryOptions({ meetingId }), ...fresh });
export const rosterQuery = (meetingId: number) => ({ ...trpc.meetings.roster.queryOptions({ meetingId }), ...fresh });
