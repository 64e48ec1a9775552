import type { DashboardCard } from '../../shell/parts';
import { loadQuery } from '../../lib/route-data';
import { preloadable } from '../../lib/preloadable';
import { myCirclesQuery } from './queries';

export const circlesCard: DashboardCard = { id: 'circles', place: 'top', order: 20, Component: preloadable(() => import('./dashboard-circles').then((m) => ({ default: m.DashboardCircles }))), load: (qc) => loadQuery(qc, myCirclesQuery()) };
