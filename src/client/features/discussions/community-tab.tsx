import { preloadable } from '../../lib/preloadable';
import { waitingOnTab, type CommunityTab } from '../../shell/parts';

/** The community's topics (its polls have their own tab, polls/community-tab.tsx). */
export const discussionsTab: CommunityTab = {
  id: 'discussions',
  label: 'communities.dashboard.tabs.discussions',
  count: waitingOnTab('discussions'),
  order: 40,
  Component: preloadable(() => import('./community-topics').then((m) => ({ default: m.CommunityTopics }))),
};
