import { eventsCard } from '../features/events/dashboard-card';
import { financesCard } from '../features/finances/dashboard-card';
import { circlesCard } from '../features/circles/dashboard-card';
import { needsCard } from '../features/needs/dashboard-card';
import { recognitionsCard } from '../features/recognitions/dashboard-card';
import type { DashboardCard } from './parts';

/** The dashboard's cards from each feature (its dashboard-card file), one line each. */
export const DASHBOARD_CARDS: DashboardCard[] = [needsCard, financesCard, circlesCard, eventsCard, recognitionsCard].sort((a, b) => a.order - b.order);

export const cardsAt = (place: DashboardCard['place']) => DASHBOARD_CARDS.filter((c) => c.place === place);
