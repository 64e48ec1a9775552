import type { DashboardCard } from '../../shell/parts';
import { loadQuery } from '../../lib/route-data';
import { preloadable } from '../../lib/preloadable';
import { myRecognitionsQuery } from './queries';

export const recognitionsCard: DashboardCard = {
  id: 'recognitions',
  place: 'bottom',
  order: 20,
  Component: preloadable(() => import('./recognitions-card').then((m) => ({ default: m.DashboardRecognitions }))),
  load: (qc) => loadQuery(qc, myRecognitionsQuery()),
};
