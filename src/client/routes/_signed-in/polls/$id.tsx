import { createFileRoute } from '@tanstack/react-router';
import { PollPage } from '../../../features/polls/poll-page';
import { pollQuery } from '../../../features/polls/queries';
import { loadQuery } from '../../../lib/route-data';

/** One poll or election: its ballot, its results as the poll allows, and the managers' tools. */
export const Route = createFileRoute('/_signed-in/polls/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = Number(params.id);
    if (Number.isSafeInteger(id) && id > 0) await loadQuery(queryClient, pollQuery(id));
  },
  component: PollRoute,
});

function PollRoute() {
  const { id } = Route.useParams();
  return <PollPage id={Number(id)} />;
}
