import { preloadable } from '../../lib/preloadable';
import { can } from '@shared/permissions';
import { waitingOnTab, type CommunityTab, type CommunityTabProps } from '../../shell/parts';

/** The savings-and-loans groups (the savings circles' tab is 'savings'): "Needs you" files their work under this id. */
export const savingsGroupsTab: CommunityTab = {
  id: 'savings-groups',
  label: 'savings.tab',
  count: waitingOnTab('savings-groups'),
  order: 62,
  visible: (c) => can(c.role, 'savings.view'),
  Component: preloadable(() => import('./groups-tab').then((m) => ({ default: ({ community }: CommunityTabProps) => <m.GroupsTab community={community} /> }))),
};
