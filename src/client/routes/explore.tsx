import { createFileRoute } from '@tanstack/react-router';
import { DiscoverPage } from '../features/communities/discover-page';

export const Route = createFileRoute('/explore')({ component: () => <DiscoverPage title="Explore Communities" /> });
