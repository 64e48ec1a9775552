import { Button, Container, SimpleGrid, Stack, Tabs } from '@chakra-ui/react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Plus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { ScrollingTab, ScrollingTabList } from '../../../components/scrolling-tab-list';
import { CardGridSkeleton, CommunityBrowser } from '../../../features/communities/community-browser';
import { CommunityCard } from '../../../features/communities/community-card';
import { CreateCommunityDialog } from '../../../features/communities/dialogs';
import { communityListQuery, joinedListQuery } from '../../../features/communities/queries';
import { MyInvitations } from '../../../features/invitations/invitations-tab';
import { PageHeader } from '../../../components/page-header';
import { loadList } from '../../../lib/route-data';
import { useCursorList } from '../../../lib/use-cursor-list';

const TABS = ['discover', 'mine', 'invitations'] as const;
type Tab = (typeof TABS)[number];

export const Route = createFileRoute('/_signed-in/communities/')({
  // ?tab=invitations: where the invitation notices lead.
  validateSearch: (s: Record<string, unknown>): { tab?: Tab } => ({ tab: TABS.includes(s.tab as Tab) && s.tab !== 'discover' ? (s.tab as Tab) : undefined }),
  // The Discover tab opens first, unfiltered.
  loader: async ({ context: { queryClient } }) => {
    await loadList(queryClient, communityListQuery());
  },
  component: CommunitiesPage,
});

function CommunitiesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab } = Route.useSearch();
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <PageHeader title={t('communities.page.title')} intro={t('communities.page.intro')}>
          <CreateCommunityDialog
            onCreated={(c) => navigate({ to: '/community/$id', params: { id: String(c.id) } })}
            trigger={
              <Button colorPalette="brand" alignSelf={{ sm: 'center' }}>
                <Plus aria-hidden /> {t('communities.page.create')}
              </Button>
            }
          />
        </PageHeader>
        <Tabs.Root
          value={tab ?? 'discover'}
          onValueChange={(e) => void navigate({ to: '/communities', search: e.value === 'discover' ? {} : { tab: e.value as Tab }, replace: true })}
          colorPalette="brand"
          lazyMount
        >
          <ScrollingTabList>
            <ScrollingTab value="discover">{t('communities.page.tabs.discover')}</ScrollingTab>
            <ScrollingTab value="mine">{t('communities.page.tabs.mine')}</ScrollingTab>
            <ScrollingTab value="invitations">{t('communities.page.tabs.invitations')}</ScrollingTab>
          </ScrollingTabList>
          <Tabs.Content value="discover">
            <CommunityBrowser emptyTitle={t('communities.page.noneFound')} detailsPath="communities" />
          </Tabs.Content>
          <Tabs.Content value="mine">
            <MyCommunities />
          </Tabs.Content>
          <Tabs.Content value="invitations">
            <MyInvitations />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}

function MyCommunities() {
  const { t } = useTranslation();
  const { query: q, items } = useCursorList(joinedListQuery());
  if (q.isPending) return <CardGridSkeleton count={3} />;
  if (items.length === 0) {
    return (
      <EmptyNote framed icon={<Users />} title={t('communities.page.noneFound')}>
        {t('communities.page.notJoined')}
      </EmptyNote>
    );
  }
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
        {items.map((c) => (
          <CommunityCard key={c.id} community={c} detailsPath="communities" />
        ))}
      </SimpleGrid>
      <LoadMore query={q} alignSelf="center">
        {t('common.loadMore')}
      </LoadMore>
    </Stack>
  );
}
