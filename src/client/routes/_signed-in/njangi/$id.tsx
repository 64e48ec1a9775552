import { createFileRoute } from '@tanstack/react-router';
import { CirclePage } from '../../../features/circles/circle/circle-page';
import { circleQuery } from '../../../features/circles/circle/queries';
import { loadQuery } from '../../../lib/route-data';

/** One savings circle: its rules, members and rounds, and what the viewer may do in it. */
export const Route = createFileRoute('/_signed-in/njangi/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = Number(params.id);
    if (Number.isSafeInteger(id) && id > 0) await loadQuery(queryClient, circleQuery(id));
  },
  component: CircleRoute,
});

function CircleRoute() {
  const { id } = Route.useParams();
  return <CirclePage id={Number(id)} />;
}
