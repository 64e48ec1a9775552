import { createFileRoute } from '@tanstack/react-router';
import { DiscoverRoutePage } from '../features/communities/discover-page';
import { loadDiscover } from '../features/communities/discover-loader';

export const Route = createFileRoute('/discover')({
  loader: loadDiscover,
  component: DiscoverRoutePage,
});
