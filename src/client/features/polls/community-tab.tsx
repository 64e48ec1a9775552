import { preloadable } from '../../lib/preloadable';
import { waitingOnTab, type CommunityTab } from '../../shell/parts';

/** The community's polls and elections, open, taking nominations and closed (a poll may also sit under a topic). */
export const pollsTab: CommunityTab = {
  id: 'polls',
  label: 'communities.dashboard.tabs.polls',
  count: waitingOnTab('polls'),
  order: 45,
  Component: preloadable(() => import('./community-polls').then((m) => ({ default: m.CommunityPolls }))),
};
