import { createFileRoute } from '@tanstack/react-router';
import { DiscoverPage } from '../features/communities/discover-page';

export const Route = createFileRoute('/discover-authenticated')({ component: () => <DiscoverPage title="Discover Communities" /> });
