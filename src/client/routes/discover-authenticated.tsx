import { createFileRoute } from '@tanstack/react-router';
import { DiscoverRoutePage, loadDiscover } from '../features/communities/discover-page';

export const Route = createFileRoute('/discover-authenticated')({
  loader: loadDiscover,
  component: DiscoverRoutePage,
});
