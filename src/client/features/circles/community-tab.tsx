import { preloadable } from '../../lib/preloadable';
import { can } from '@shared/permissions';
import type { CommunityTab, CommunityTabProps } from '../../shell/parts';

export const circlesTab: CommunityTab = {
  id: 'savings',
  label: 'circles.community.tab',
  order: 60,
  visible: (c) => can(c.role, 'circles.view'),
  Component: preloadable(() => import('./community-circles').then((m) => ({ default: ({ community }: CommunityTabProps) => <m.CommunityCircles community={community} /> }))),
};
