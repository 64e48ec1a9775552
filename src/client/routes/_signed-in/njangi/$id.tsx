import { createFileRoute } from '@tanstack/react-router';
import { CirclePage } from '../../../features/circles/circle/circle-page';
import { circleQuery } from '../../../features/circles/circle/queries';
import { loadQuery, recordId } from '../../../lib/route-data';

/** One savings circle: its rules, members and rounds, and what the viewer may do in it. */
export const Route = createFileRoute('/_signed-in/njangi/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = recordId(params.id);
    if (id) await loadQuery(queryClient, circleQuery(id));
  },
  component: () => <CirclePage id={Number(Route.useParams().id)} />,
});
