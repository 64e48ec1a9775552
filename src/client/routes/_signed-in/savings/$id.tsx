import { createFileRoute } from '@tanstack/react-router';
import { GroupPage } from '../../../features/savings/group-page';
import { groupQuery } from '../../../features/savings/queries';
import { loadQuery, recordId } from '../../../lib/route-data';

/** One savings group: its rules, members, meetings and money as the viewer may see them; ?loan= opens one of its loans (notices link there). */
export const Route = createFileRoute('/_signed-in/savings/$id')({
  validateSearch: (s: Record<string, unknown>): { loan?: number } => {
    const loan = recordId(String(s.loan ?? ''));
    return loan ? { loan } : {};
  },
  loader: async ({ context: { queryClient }, params }) => {
    const id = recordId(params.id);
    if (id) await loadQuery(queryClient, groupQuery(id));
  },
  component: () => <GroupPage id={Number(Route.useParams().id)} loanId={Route.useSearch().loan} />,
});
