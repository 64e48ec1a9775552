import type { CommunityTab } from '../../shell/parts';
import { loadList, loadQuery } from '../../lib/route-data';
import { announcementsCardQuery } from '../announcements/queries';
import { recentDocumentsQuery } from '../documents/queries';
import { communityUpcomingQuery } from '../events/list-queries';
import { financeSummaryQuery, myDuesQuery } from '../finances/queries';
import { preloadable } from '../../lib/preloadable';
import { seesFinances } from './membership';

/** The two tabs every member sees first; the page opens on the Overview. */
export const communityTabs: CommunityTab[] = [
  {
    id: 'overview',
    label: 'communities.dashboard.tabs.overview',
    order: 10,
    Component: preloadable(() => import('./overview-tab').then((m) => ({ default: m.OverviewTab }))),
    // The Overview opens with the announcements, the next events, the recent documents and the member's dues status.
    load: (queryClient, c) =>
      Promise.all([
        loadQuery(queryClient, announcementsCardQuery(c.id)),
        loadList(queryClient, communityUpcomingQuery(c.id)),
        loadQuery(queryClient, recentDocumentsQuery(c.id)),
        seesFinances(c.role)
          ? loadQuery(queryClient, financeSummaryQuery(c.id)).then((s) => (s?.opened ? loadQuery(queryClient, myDuesQuery(c.id)) : undefined))
          : undefined,
      ]),
  },
  { id: 'members', label: 'communities.dashboard.tabs.members', order: 20, Component: preloadable(() => import('./members-tab').then((m) => ({ default: m.MembersTab }))) },
];
