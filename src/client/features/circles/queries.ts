import type { QueryClient } from '@tanstack/react-query';
import { cursorPaging } from '../../lib/cursor-paging';
import { trpc } from '../../trpc';

/*
 * The savings circles' list queries, named once for the components and the routes' loaders
 * (kept apart from the components: loaders are part of the first bundle).
 */

/** The caller's circles in every community, with the next contribution due (/njangi and the dashboard). */
export const myCirclesQuery = () => trpc.njangi.mine.queryOptions();

/** The caller's own record across every circle. */
export const myRecordQuery = () => trpc.njangi.myRecord.queryOptions();

export type CircleFilter = 'recruiting' | 'active' | 'completed' | undefined;
/** A community's circles, newest first, optionally of one status (the community's Savings tab). */
export const communityCirclesQuery = (communityId: number, status?: CircleFilter) =>
  trpc.njangi.list.infiniteQueryOptions({ communityId, status, limit: 20 }, cursorPaging);

/** The caller's communities (up to the page maximum): where a circle may be started, where to look for one. */
export const myCommunitiesQuery = () => trpc.communities.joined.queryOptions({ limit: 100 });

/** After a circle is created (or changed) every list of circles may be stale. */
export const refreshCircles = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: trpc.njangi.pathKey() });
