import { createFileRoute } from '@tanstack/react-router';
import { DiscoverPage } from '../features/communities/discover-page';
import { communityListQuery } from '../features/communities/queries';
import { loadList } from '../lib/route-data';

export const Route = createFileRoute('/discover')({
  // The unfiltered list the page opens with (the server decides what this visitor may see).
  loader: async ({ context: { queryClient } }) => {
    await loadList(queryClient, communityListQuery());
  },
  component: () => <DiscoverPage title="Discover Communities" />,
});
