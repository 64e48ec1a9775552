import { createFileRoute } from '@tanstack/react-router';
import { CommunityDetails } from '../../../features/communities/community-details';
import { communityQuery } from '../../../features/communities/queries';
import { loadQuery } from '../../../lib/route-data';

// Public: what anyone, signed in or not, may know about a community.
export const Route = createFileRoute('/community/$id/details')({
  loader: async ({ context: { queryClient }, params }) => {
    await loadQuery(queryClient, communityQuery(Number(params.id)));
  },
  component: () => <CommunityDetails id={Route.useParams().id} />,
});
