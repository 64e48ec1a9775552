import { createFileRoute } from '@tanstack/react-router';
import { CommunityDetails } from '../../features/communities/community-details';
import { communityQuery } from '../../features/communities/queries';
import { loadQuery } from '../../lib/route-data';

// Public, like /community/$id/details (the same page under the Communities section's path).
export const Route = createFileRoute('/communities/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    await loadQuery(queryClient, communityQuery(Number(params.id)));
  },
  component: () => <CommunityDetails id={Route.useParams().id} />,
});
