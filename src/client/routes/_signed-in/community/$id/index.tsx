import { Button, Center, Container, HStack, Skeleton, Stack, Tabs, Text, VStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { can } from '@shared/permissions';
import { AnnouncementsCard } from '../../../../features/announcements/announcements-card';
import { announcementsCardQuery } from '../../../../features/announcements/queries';
import { ScrollingTab, ScrollingTabList } from '../../../../components/scrolling-tab-list';
import { CommunityHeader } from '../../../../features/communities/community-header';
import { JoinButton } from '../../../../features/communities/join-button';
import { MemberDirectory } from '../../../../features/communities/member-directory';
import { QuickStats, type QuickStat } from '../../../../features/communities/quick-stats';
import { CommunityNotFound } from '../../../../features/communities/not-found';
import { communityQuery } from '../../../../features/communities/queries';
import { seesFinances, type Community } from '../../../../features/communities/shared';
import { useDuesStatus } from '../../../../features/finances/dues-status';
import { communityUpcomingQuery } from '../../../../features/events/list-queries';
import { CommunityUpcomingCard, useUpcomingCount } from '../../../../features/events/upcoming-events-card';
import { financeSummaryQuery, myDuesQuery } from '../../../../features/finances/queries';
import { useActiveTopicCount } from '../../../../features/discussions/active-count';
import { useActivePollCount } from '../../../../features/polls/active-count';
import { RecentDocumentsCard } from '../../../../features/documents/recent-documents-card';
import { recentDocumentsQuery } from '../../../../features/documents/queries';
import { formatNumber } from '../../../../lib/format';
import { loadList, loadQuery } from '../../../../lib/route-data';

// The Finances tab's code loads when the tab is first opened, not with the Overview.
const FinancesTab = lazy(() => import('../../../../features/finances/finances-tab').then((m) => ({ default: m.FinancesTab })));
const CommunityCircles = lazy(() => import('../../../../features/njangi/community-circles').then((m) => ({ default: m.CommunityCircles })));
const CommunityEvents = lazy(() => import('../../../../features/events/community-events').then((m) => ({ default: m.CommunityEvents })));
const CommunityPolls = lazy(() => import('../../../../features/polls/community-polls').then((m) => ({ default: m.CommunityPolls })));
const CommunityTopics = lazy(() => import('../../../../features/discussions/community-topics').then((m) => ({ default: m.CommunityTopics })));
const CommunityDocuments = lazy(() => import('../../../../features/documents/community-documents').then((m) => ({ default: m.CommunityDocuments })));

const TABS = ['overview', 'members', 'events', 'discussions', 'documents', 'savings', 'finances'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: unknown): value is Tab => TABS.includes(value as Tab);

export const Route = createFileRoute('/_signed-in/community/$id/')({
  // ?tab=finances (or savings) opens that tab (notifications link there); no tab, or an unknown one, is the Overview.
  // (An explicit undefined: the root route passes the raw search down, and `{}` would leave a bogus tab in place.)
  // With the Documents tab, ?doc=<id> opens that document's details (the Overview's Recent Documents link there).
  validateSearch: (s: Record<string, unknown>): { tab?: Tab; doc?: number } => {
    const tab = isTab(s.tab) && s.tab !== 'overview' ? s.tab : undefined;
    const doc = Number(s.doc);
    return { tab, doc: tab === 'documents' && Number.isSafeInteger(doc) && doc > 0 ? doc : undefined };
  },
  loader: async ({ context: { queryClient }, params }) => {
    const c = await loadQuery(queryClient, communityQuery(Number(params.id)));
    // The overview opens with the announcements and the member's dues status, which only members may read.
    if (c?.isMember) {
      await Promise.all([
        loadQuery(queryClient, announcementsCardQuery(c.id)),
        loadList(queryClient, communityUpcomingQuery(c.id)),
        loadQuery(queryClient, recentDocumentsQuery(c.id)),
        seesFinances(c.role)
          ? loadQuery(queryClient, financeSummaryQuery(c.id)).then((s) => (s?.opened ? loadQuery(queryClient, myDuesQuery(c.id)) : undefined))
          : undefined,
      ]);
    }
  },
  component: CommunityDashboardPage,
});

function CommunityDashboardPage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const q = useQuery(communityQuery(Number(id)));
  if (q.isPending) {
    return (
      <Container maxW="6xl" py="8" aria-busy="true">
        <Skeleton h="14" w="50%" mb="6" />
        <Skeleton h="300px" />
      </Container>
    );
  }
  if (q.isError || !q.data) return <CommunityNotFound />;
  const c = q.data;
  if (!c.isMember) {
    return (
      <Center py="24" px="4">
        <VStack gap="4" textAlign="center">
          <Text fontWeight="semibold">{c.name}</Text>
          <Text color="fg.muted">{t('communities.dashboard.membersOnly')}</Text>
          <HStack>
            <Button asChild variant="outline">
              <Link to="/community/$id/details" params={{ id }}>
                {t('communities.dashboard.viewDetails')}
              </Link>
            </Button>
            <JoinButton community={c} size="md" withdrawable />
          </HStack>
        </VStack>
      </Center>
    );
  }
  return <CommunityDashboard community={c} />;
}

const TAB_LABEL = {
  overview: 'communities.dashboard.tabs.overview',
  members: 'communities.dashboard.tabs.members',
  events: 'communities.dashboard.tabs.events',
  discussions: 'communities.dashboard.tabs.discussions',
  documents: 'communities.dashboard.tabs.documents',
  savings: 'njangi.community.tab',
  finances: 'communities.dashboard.tabs.finances',
} as const satisfies Record<Tab, MessageKey>;

function CommunityDashboard({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const finances = seesFinances(c.role);
  const savings = can(c.role, 'circles.view');
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  // The open tab lives in the URL (a link or a reload opens it again); one the viewer may not see is the Overview.
  const wanted: Tab = isTab(search.tab) ? search.tab : 'overview';
  const tab: Tab = (wanted === 'finances' && !finances) || (wanted === 'savings' && !savings) ? 'overview' : wanted;
  const setTab = (next: string) => {
    if (!isTab(next) || next === tab) return;
    void navigate({ search: (prev) => ({ ...prev, tab: next === 'overview' ? undefined : next, doc: undefined }), replace: true, resetScroll: false });
  };
  const openDocument = (doc: number | null) => void navigate({ search: (prev) => ({ ...prev, doc: doc ?? undefined }), replace: true, resetScroll: false });
  return (
    <Container maxW="6xl" py={{ base: '4', md: '8' }}>
      <Stack gap="6">
        <CommunityHeader community={c} />
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} colorPalette="brand" lazyMount>
          {/* On a phone the seven tabs are wider than the screen: the list scrolls sideways with a fade at
              the edge that has more, and no label shrinks under its neighbour. */}
          <ScrollingTabList data-testid="community-tabs">
            {TABS.filter((tab) => (tab !== 'finances' || finances) && (tab !== 'savings' || savings)).map((tab) => (
              <ScrollingTab key={tab} value={tab}>
                {t(TAB_LABEL[tab])}
              </ScrollingTab>
            ))}
          </ScrollingTabList>
          <Tabs.Content value="overview">
            <Overview community={c} onJump={setTab} />
          </Tabs.Content>
          <Tabs.Content value="members">
            <Stack gap="4">
              {can(c.role, 'members.manage') && (
                <Button asChild size="sm" variant="outline" alignSelf="flex-end">
                  <Link to="/community/$id/settings" params={{ id: String(c.id) }} search={{ section: 'members' }}>
                    {t('communities.dashboard.manage')}
                  </Link>
                </Button>
              )}
              <MemberDirectory communityId={c.id} />
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="events">
            <Suspense fallback={<Skeleton h="300px" rounded="lg" />}>
              <CommunityEvents community={c} />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="discussions">
            <Suspense fallback={<Skeleton h="300px" rounded="lg" />}>
              <Stack gap="5">
                <CommunityTopics community={c} />
                <CommunityPolls community={c} />
              </Stack>
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="documents">
            <Suspense fallback={<Skeleton h="300px" rounded="lg" />}>
              <CommunityDocuments community={c} openId={search.doc ?? null} onOpen={openDocument} />
            </Suspense>
          </Tabs.Content>
          {finances && (
            <Tabs.Content value="finances">
              <Suspense fallback={<Skeleton h="300px" rounded="lg" />}>
                <FinancesTab community={c} />
              </Suspense>
            </Tabs.Content>
          )}
          {savings && (
            <Tabs.Content value="savings">
              <Suspense fallback={<Skeleton h="300px" rounded="lg" />}>
                <CommunityCircles community={c} />
              </Suspense>
            </Tabs.Content>
          )}
        </Tabs.Root>
      </Stack>
    </Container>
  );
}

function Overview({ community: c, onJump }: { community: Community; onJump: (tab: string) => void }) {
  const { t } = useTranslation();
  const finances = seesFinances(c.role);
  const dues = useDuesStatus(c.id, finances);
  const upcoming = useUpcomingCount(c.id);
  const activePolls = useActivePollCount(c.id);
  const activeTopics = useActiveTopicCount(c.id);
  // The label names the figure, so the members row shows the number alone (not "Members … 3 members").
  const rows: QuickStat[] = [
    { label: t('communities.dashboard.overview.members'), value: formatNumber(c.memberCount), onOpen: () => onJump('members') },
    { label: t('communities.dashboard.overview.upcomingEvents'), value: upcoming ?? '…', onOpen: () => onJump('events'), testId: 'upcoming-events-count' },
    { label: t('communities.dashboard.overview.activePolls'), value: activePolls ?? '…', onOpen: () => onJump('discussions'), testId: 'active-polls-count' },
    ...(finances ? [{ label: t('communities.dashboard.overview.duesStatus'), value: dues, onOpen: () => onJump('finances') }] : []),
    { label: t('communities.dashboard.overview.activeDiscussions'), value: activeTopics ?? '…', onOpen: () => onJump('discussions'), testId: 'active-discussions-count' },
  ];
  return (
    <Stack direction={{ base: 'column', lg: 'row' }} gap="5" align="stretch">
      <QuickStats title={t('communities.dashboard.overview.quickStats')} rows={rows} />
      <Stack flex="2" gap="5">
        <AnnouncementsCard communityId={c.id} canManage={can(c.role, 'announcements.manage')} />
        <HStack gap="5" align="stretch" flexDirection={{ base: 'column', md: 'row' }}>
          <CommunityUpcomingCard community={c} onViewAll={() => onJump('events')} />
          <RecentDocumentsCard communityId={c.id} onViewAll={() => onJump('documents')} />
        </HStack>
      </Stack>
    </Stack>
  );
}
