import { cursorPaging } from '../../lib/cursor-paging';
import { trpc } from '../../trpc';

/*
 * The communities' queries, named once: each screen's component and its route's loader build
 * them here, so the loader fills exactly the cache entry the screen then reads. (Kept apart from
 * the components: loaders are part of the first bundle, components load with their page.)
 */

const FIVE_MINUTES = 5 * 60 * 1000;
/** A page of the browsing grids. */
export const BROWSE_PAGE = 24;

/** One community as the viewer may see it (details, dashboard, settings). */
export const communityQuery = (id: number) => trpc.communities.byId.queryOptions({ id }, { staleTime: FIVE_MINUTES });

/** The searchable list of communities (Discover, Explore, the Communities page). */
export const communityListQuery = (filters: { search?: string; location?: string } = {}) =>
  trpc.communities.list.infiniteQueryOptions(
    { search: filters.search || undefined, location: filters.location || undefined, limit: BROWSE_PAGE },
    { ...cursorPaging, staleTime: FIVE_MINUTES },
  );

/** The viewer's communities, a grid page at a time (Communities → My Communities). */
export const joinedListQuery = () => trpc.communities.joined.infiniteQueryOptions({ limit: BROWSE_PAGE }, cursorPaging);

/** The dashboard's counters and its first six joined and created communities. */
export const myCountsQuery = () => trpc.communities.myCounts.queryOptions();
export const dashboardJoinedQuery = () => trpc.communities.joined.queryOptions({ limit: 6 });
export const dashboardCreatedQuery = () => trpc.communities.created.queryOptions({ limit: 6 });

/** The members tab's directory. */
export const memberDirectoryQuery = (communityId: number) =>
  trpc.communities.members.infiniteQueryOptions({ communityId, limit: 48 }, { ...cursorPaging, staleTime: FIVE_MINUTES });

/** Settings → Members. */
export const memberSettingsQuery = (communityId: number) =>
  trpc.communities.members.infiniteQueryOptions({ communityId, limit: 100 }, cursorPaging);

/** Settings → Requests, and the settings menu's badge (one query for both). */
export const pendingRequestsQuery = (communityId: number) =>
  trpc.communities.requests.infiniteQueryOptions({ communityId, limit: 100 }, cursorPaging);
