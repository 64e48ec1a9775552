import { preloadable } from '../../lib/preloadable';
import type { CommunityTab, CommunityTabProps } from '../../shell/parts';
import { seesFinances } from '../communities/membership';

export const financesTab: CommunityTab = {
  id: 'finances',
  label: 'communities.dashboard.tabs.finances',
  order: 70,
  visible: (c) => seesFinances(c.role),
  Component: preloadable(() => import('./finances-tab').then((m) => ({ default: ({ community }: CommunityTabProps) => <m.FinancesTab community={community} /> }))),
};
