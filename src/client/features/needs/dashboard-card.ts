import type { DashboardCard } from '../../shell/parts';
import { loadList } from '../../lib/route-data';
import { preloadable } from '../../lib/preloadable';
import { needsListQuery } from './queries';
import { NEEDS_PAGE } from './page-size';

/** "Needs you" heads the dashboard: the work waiting on the member comes before everything else. */
export const needsCard: DashboardCard = {
  id: 'needs',
  place: 'head',
  order: 1,
  Component: preloadable(() => import('./needs-card').then((m) => ({ default: m.NeedsCard }))),
  load: (qc) => loadList(qc, needsListQuery(NEEDS_PAGE)),
};
