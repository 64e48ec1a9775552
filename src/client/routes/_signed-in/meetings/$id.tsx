import { createFileRoute } from '@tanstack/react-router';
import { MeetingPage } from '../../../features/meetings/meeting-page';
import { meetingQuery } from '../../../features/meetings/queries';
import { loadQuery, recordId } from '../../../lib/route-data';

/** One meeting: its agenda, quorum, host, the caller's attendance and fine; attendance, fines and rules for those who keep them. */
export const Route = createFileRoute('/_signed-in/meetings/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = recordId(params.id);
    if (id) await loadQuery(queryClient, meetingQuery(id));
  },
  component: () => <MeetingPage id={Number(Route.useParams().id)} />,
});
