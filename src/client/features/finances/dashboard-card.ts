import type { DashboardCard } from '../../shell/parts';
import { loadQuery } from '../../lib/route-data';
import { preloadable } from '../../lib/preloadable';
import { financeOverviewQuery } from './queries';

export const financesCard: DashboardCard = { id: 'finances', place: 'top', order: 10, Component: preloadable(() => import('./financial-overview').then((m) => ({ default: m.FinancialOverview }))), load: (qc) => loadQuery(qc, financeOverviewQuery()) };
