import { createFileRoute } from '@tanstack/react-router';
import { DayScreen } from '../../../features/meetings/day/day-screen';
import { meetingQuery } from '../../../features/meetings/day/queries';
import { loadQuery, recordId } from '../../../lib/route-data';

/** The meeting day screen: attendance and cash for the secretary's phone, beside (not inside) the meeting's page. */
export const Route = createFileRoute('/_signed-in/meetings/$id_/day')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = recordId(params.id);
    if (id) await loadQuery(queryClient, meetingQuery(id));
  },
  component: () => <DayScreen id={Number(Route.useParams().id)} />,
});
