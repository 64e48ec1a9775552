import { Badge, Button, Center, Container, HStack, Skeleton, Stack, Tabs, Text, VisuallyHidden, VStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollingTab, ScrollingTabList } from '../../../../components/scrolling-tab-list';
import { CommunityHeader } from '../../../../features/communities/community-header';
import { JoinButton } from '../../../../features/communities/join-button';
import { CommunityNotFound } from '../../../../features/communities/not-found';
import { communityQuery } from '../../../../features/communities/queries';
import { needsCountQuery } from '../../../../features/needs/queries';
import type { Community } from '../../../../features/communities/membership';
import { loadQuery } from '../../../../lib/route-data';
import { isCommunityTab, tabsFor } from '../../../../shell/community-tabs';
import { isFinanceSection, type FinanceSection } from '@shared/finances/sections';

export const Route = createFileRoute('/_signed-in/community/$id/')({
  // ?tab=finances (or savings) opens that tab (notifications link there); no tab, or an unknown one, is the Overview.
  // (An explicit undefined: the root route passes the raw search down, and `{}` would leave a bogus tab in place.)
  // With the Documents tab, ?doc=<id> opens that document's details (the Overview's Recent Documents link there).
  // With the Finances tab, ?section=payments (or expenses, dues…) opens that section of the books (notices and emails link there).
  validateSearch: (s: Record<string, unknown>): { tab?: string; doc?: number; section?: FinanceSection } => {
    const tab = isCommunityTab(s.tab) && s.tab !== 'overview' ? s.tab : undefined;
    const doc = Number(s.doc);
    return {
      tab,
      doc: tab === 'documents' && Number.isSafeInteger(doc) && doc > 0 ? doc : undefined,
      section: tab === 'finances' && isFinanceSection(s.section) && s.section !== 'overview' ? s.section : undefined,
    };
  },
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    const c = await loadQuery(queryClient, communityQuery(Number(params.id)));
    // Only members may read the inside; the tab the page opens on (the Overview unless ?tab= says) fetches what it shows first.
    if (c?.isMember) {
      const tabs = tabsFor(c);
      const open = tabs.find((x) => x.id === deps.tab) ?? tabs[0];
      await Promise.all([open?.Component.preload(), open?.load?.(queryClient, c)]);
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

function CommunityDashboard({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const tabs = tabsFor(c);
  // What waits on the viewer, counted on the tab that holds it.
  const counts = useQuery(needsCountQuery());
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  // The open tab lives in the URL (a link or a reload opens it again); one the viewer may not see is the Overview.
  const tab = tabs.find((x) => x.id === search.tab)?.id ?? 'overview';
  const openTab = (next: string) => {
    if (next === tab || !tabs.some((x) => x.id === next)) return;
    void navigate({ search: (prev) => ({ ...prev, tab: next === 'overview' ? undefined : next, doc: undefined, section: undefined }), replace: true, resetScroll: false });
  };
  const openDocument = (doc: number | null) => void navigate({ search: (prev) => ({ ...prev, doc: doc ?? undefined }), replace: true, resetScroll: false });
  return (
    <Container maxW="6xl" py={{ base: '4', md: '8' }}>
      <Stack gap="6">
        <CommunityHeader community={c} />
        <Tabs.Root value={tab} onValueChange={(e) => openTab(e.value)} colorPalette="brand" lazyMount>
          {/* On a phone the tabs are wider than the screen: the list scrolls sideways with a fade at
              the edge that has more, and no label shrinks under its neighbour. */}
          <ScrollingTabList data-testid="community-tabs">
            {tabs.map((x) => {
              const waiting = x.count && counts.data ? x.count(counts.data, c.id) : 0;
              return (
                <ScrollingTab key={x.id} value={x.id}>
                  {t(x.label)}
                  {waiting > 0 && (
                    <>
                      <Badge colorPalette="orange" variant="subtle" rounded="full" size="xs" ms="1.5" aria-hidden data-testid={`tab-count-${x.id}`}>
                        {waiting > 99 ? '99+' : waiting}
                      </Badge>
                      <VisuallyHidden>{t('needs.tabCount', { count: waiting })}</VisuallyHidden>
                    </>
                  )}
                </ScrollingTab>
              );
            })}
          </ScrollingTabList>
          {tabs.map(({ id, Component }) => (
            <Tabs.Content key={id} value={id}>
              {/* The tab the page opened on arrived with the loader's data; another shows a skeleton while its code loads. */}
              <Suspense fallback={<Skeleton h="300px" rounded="lg" />}>
                <Component community={c} search={search} openTab={openTab} openDocument={openDocument} />
              </Suspense>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
