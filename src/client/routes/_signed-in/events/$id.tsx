import { createFileRoute } from '@tanstack/react-router';
import { EventPage } from '../../../features/events/event/event-page';
import { eventQuery } from '../../../features/events/queries';
import { loadQuery } from '../../../lib/route-data';

/** One event: when and where, the viewer's answer, and the hosts' tools. */
export const Route = createFileRoute('/_signed-in/events/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = Number(params.id);
    if (Number.isSafeInteger(id) && id > 0) await loadQuery(queryClient, eventQuery(id));
  },
  component: EventRoute,
});

function EventRoute() {
  const { id } = Route.useParams();
  return <EventPage id={Number(id)} />;
}
