import { preloadable } from '../../lib/preloadable';
import { can } from '@shared/permissions';
import { waitingOnTab, type CommunityTab, type CommunityTabProps } from '../../shell/parts';

export const welfareTab: CommunityTab = {
  id: 'welfare',
  label: 'welfare.tab',
  count: waitingOnTab('welfare'),
  order: 65,
  visible: (c) => can(c.role, 'welfare.view'),
  Component: preloadable(() => import('./welfare-tab').then((m) => ({ default: ({ community }: CommunityTabProps) => <m.WelfareTab community={community} /> }))),
};
