import { preloadable } from '../../lib/preloadable';
import { waitingOnTab, type CommunityTab } from '../../shell/parts';

/** Topics, then the community's polls (which may be attached to a topic). */
export const discussionsTab: CommunityTab = {
  id: 'discussions',
  label: 'communities.dashboard.tabs.discussions',
  count: waitingOnTab('discussions'),
  order: 40,
  Component: preloadable(() => import('./discussions-tab').then((m) => ({ default: m.DiscussionsTab }))),
};
