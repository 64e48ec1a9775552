import { createFileRoute } from '@tanstack/react-router';
import { EventsPage } from '../../../features/events/events-page';
import { myEventsQuery } from '../../../features/events/queries';
import { loadList } from '../../../lib/route-data';

/** Upcoming events across the caller's communities, as a list and a month view (signed in: the layout sends others to /signin). */
export const Route = createFileRoute('/_signed-in/events/')({
  loader: async ({ context: { queryClient } }) => {
    await loadList(queryClient, myEventsQuery());
  },
  component: EventsPage,
});
