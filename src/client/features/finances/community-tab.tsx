import { preloadable } from '../../lib/preloadable';
import { waitingOnTab, type CommunityTab, type CommunityTabProps } from '../../shell/parts';
import { seesFinances } from '../communities/membership';

export const financesTab: CommunityTab = {
  id: 'finances',
  label: 'communities.dashboard.tabs.finances',
  count: waitingOnTab('finances'),
  order: 70,
  visible: (c) => seesFinances(c.role),
  Component: preloadable(() => import('./finances-tab').then((m) => ({ default: ({ community, search }: CommunityTabProps) => <m.FinancesTab community={community} section={search.section} /> }))),
};
