import type { DashboardCard } from '../../shell/parts';
import { loadQuery } from '../../lib/route-data';
import { nextEventsQuery } from './queries';
import { preloadable } from '../../lib/preloadable';

export const eventsCard: DashboardCard = { id: 'events', place: 'bottom', order: 10, Component: preloadable(() => import('./upcoming-events-card').then((m) => ({ default: m.DashboardEvents }))), load: (qc) => loadQuery(qc, nextEventsQuery(3)) };
