import { createFileRoute } from '@tanstack/react-router';
import { CasePage } from '../../../features/welfare/case-page';
import { caseQuery } from '../../../features/welfare/queries';
import { loadQuery, recordId } from '../../../lib/route-data';

/** One welfare case: what its reader may see of it, and the moves they may make. Notices link here. */
export const Route = createFileRoute('/_signed-in/welfare/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = recordId(params.id);
    if (id) await loadQuery(queryClient, caseQuery(id));
  },
  component: () => <CasePage id={Number(Route.useParams().id)} />,
});
