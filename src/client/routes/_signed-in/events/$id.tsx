import { createFileRoute } from '@tanstack/react-router';
import { EventPage } from '../../../features/events/event/event-page';
import { eventQuery } from '../../../features/events/queries';
import { loadQuery, recordId } from '../../../lib/route-data';

/** One event: when and where, the viewer's answer, and the hosts' tools. */
export const Route = createFileRoute('/_signed-in/events/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = recordId(params.id);
    if (id) await loadQuery(queryClient, eventQuery(id));
  },
  component: () => <EventPage id={Number(Route.useParams().id)} />,
});
