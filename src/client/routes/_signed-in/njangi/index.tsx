import { createFileRoute } from '@tanstack/react-router';
import { MyCirclesPage } from '../../../features/circles/my-circles-page';
import { myCirclesQuery, myRecordQuery } from '../../../features/circles/queries';
import { loadQuery } from '../../../lib/route-data';

/** The caller's savings circles across their communities, and their own record (signed in: the layout sends others to /signin). */
export const Route = createFileRoute('/_signed-in/njangi/')({
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([loadQuery(queryClient, myCirclesQuery()), loadQuery(queryClient, myRecordQuery())]);
  },
  component: MyCirclesPage,
});
