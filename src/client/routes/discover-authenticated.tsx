import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DiscoverPage } from '../features/communities/discover-page';
import { communityListQuery } from '../features/communities/queries';
import { loadList } from '../lib/route-data';

export const Route = createFileRoute('/discover-authenticated')({
  // The unfiltered list the page opens with (the server decides what this visitor may see).
  loader: async ({ context: { queryClient } }) => {
    await loadList(queryClient, communityListQuery());
  },
  component: Page,
});

function Page() {
  const { t } = useTranslation();
  return <DiscoverPage title={t('common.discoverCommunities')} />;
}
