import { createFileRoute } from '@tanstack/react-router';
import { topicQuery } from '../../../features/discussions/queries';
import { TopicPage } from '../../../features/discussions/topic-page';
import { loadList } from '../../../lib/route-data';

/** One discussion topic: its body, its replies and the reply composer (notices link here). */
export const Route = createFileRoute('/_signed-in/topics/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = Number(params.id);
    if (Number.isSafeInteger(id) && id > 0) await loadList(queryClient, topicQuery(id));
  },
  component: TopicRoute,
});

function TopicRoute() {
  const { id } = Route.useParams();
  return <TopicPage id={Number(id)} />;
}
