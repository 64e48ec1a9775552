import { preloadable } from '../../lib/preloadable';
import { waitingOnTab, type CommunityTab, type CommunityTabProps } from '../../shell/parts';

export const eventsTab: CommunityTab = {
  id: 'events',
  label: 'communities.dashboard.tabs.events',
  count: waitingOnTab('events'),
  order: 30,
  Component: preloadable(() => import('./community-events').then((m) => ({ default: ({ community }: CommunityTabProps) => <m.CommunityEvents community={community} /> }))),
};
