import { preloadable } from '../../lib/preloadable';
import { can } from '@shared/permissions';
import type { CommunityTab, CommunityTabProps } from '../../shell/parts';

/** The community's meetings: every member sees them and their own check-in code. */
export const meetingsTab: CommunityTab = {
  id: 'meetings',
  label: 'meetings.tab',
  order: 35,
  visible: (c) => can(c.role, 'meetings.view'),
  Component: preloadable(() => import('./meetings-tab').then((m) => ({ default: ({ community }: CommunityTabProps) => <m.MeetingsTab community={community} /> }))),
};
