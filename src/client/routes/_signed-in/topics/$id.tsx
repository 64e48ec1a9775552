import { createFileRoute } from '@tanstack/react-router';
import { topicQuery } from '../../../features/discussions/queries';
import { TopicPage } from '../../../features/discussions/topic-page';
import { loadList, recordId } from '../../../lib/route-data';

/** One discussion topic: its body, its replies and the reply composer (notices link here). */
export const Route = createFileRoute('/_signed-in/topics/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = recordId(params.id);
    if (id) await loadList(queryClient, topicQuery(id));
  },
  component: () => <TopicPage id={Number(Route.useParams().id)} />,
});
