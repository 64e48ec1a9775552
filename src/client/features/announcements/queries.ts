import { cursorPaging } from '../../lib/cursor-paging';
import { trpc } from '../../trpc';

/** The announcements' queries, shared by the components and the routes' loaders (see communities/queries.ts). */

/** The community dashboard's card: the newest twenty, of which it shows the published five. */
export const announcementsCardQuery = (communityId: number) =>
  trpc.announcements.list.queryOptions({ communityId, limit: 20 }, { staleTime: 2 * 60 * 1000 });

/** Settings → Announcements: drafts and published, fifty a page. */
export const announcementsSettingsQuery = (communityId: number) =>
  trpc.announcements.list.infiniteQueryOptions({ communityId, limit: 50 }, cursorPaging);

/** A community's categories (Settings → Categories, and the announcement form's choices). */
export const categoriesQuery = (communityId: number) => trpc.categories.list.queryOptions({ communityId });
