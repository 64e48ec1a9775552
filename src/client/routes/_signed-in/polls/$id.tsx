import { createFileRoute } from '@tanstack/react-router';
import { PollPage } from '../../../features/polls/poll-page';
import { pollQuery } from '../../../features/polls/queries';
import { loadQuery, recordId } from '../../../lib/route-data';

/** One poll or election: its ballot, its results as the poll allows, and the managers' tools. */
export const Route = createFileRoute('/_signed-in/polls/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = recordId(params.id);
    if (id) await loadQuery(queryClient, pollQuery(id));
  },
  component: () => <PollPage id={Number(Route.useParams().id)} />,
});
