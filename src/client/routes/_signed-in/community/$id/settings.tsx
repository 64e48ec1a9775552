import { Badge, Box, Button, Container, Heading, Stack } from '@chakra-ui/react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { DENIED, can } from '@shared/permissions';
import { PageLoading } from '../../../../components/page-loading';
import { SectionNav, SectionNavLink } from '../../../../components/section-nav';
import { notify } from '../../../../components/toaster';
import { AnnouncementsSettings } from '../../../../features/announcements/announcements-settings';
import { CategoriesSettings } from '../../../../features/announcements/categories-settings';
import { announcementsSettingsQuery, categoriesQuery } from '../../../../features/announcements/queries';
import { CommunityNotFound } from '../../../../features/communities/not-found';
import { communityQuery, memberSettingsQuery, pendingRequestsQuery } from '../../../../features/communities/queries';
import { SETTINGS_SECTION_CAPABILITY, canOpenSettings, type Community, type SettingsSection as Section } from '../../../../features/communities/membership';
import { InstantSettingCard } from '../../../../features/community-settings/instant-setting-card';
import { GeneralSettings } from '../../../../features/community-settings/general-settings';
import { MemberSettings } from '../../../../features/community-settings/member-settings';
import { RequestSettings, usePendingRequests } from '../../../../features/community-settings/request-settings';
import { CategoriesCard } from '../../../../features/standing/category-settings';
import { membershipCategoriesQuery, standingRulesQuery } from '../../../../features/standing/queries';
import { StandingRulesCard } from '../../../../features/standing/rules-settings';
import { loadList, loadQuery } from '../../../../lib/route-data';

const SECTIONS = ['announcements', 'categories', 'general', 'members', 'standing', 'requests'] as const satisfies readonly Section[];
const LABEL = {
  announcements: 'communitySettings.page.sections.announcements',
  categories: 'communitySettings.page.sections.categories',
  general: 'communitySettings.page.sections.general',
  members: 'communitySettings.page.sections.members',
  requests: 'communitySettings.page.sections.requests',
  standing: 'communitySettings.page.sections.standing',
} as const satisfies Record<Section, MessageKey>;

export const Route = createFileRoute('/_signed-in/community/$id/settings')({
  validateSearch: (s: Record<string, unknown>): { section?: Section } =>
    SECTIONS.includes(s.section as Section) ? { section: s.section as Section } : {},
  // An id that is not a number names no community: home, as before.
  beforeLoad: ({ params }) => {
    if (!/^\d+$/.test(params.id)) throw redirect({ to: '/', replace: true });
  },
  loaderDeps: ({ search }) => ({ section: search.section ?? 'announcements' }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    const c = await loadQuery(queryClient, communityQuery(Number(params.id)));
    if (!c || !canOpenSettings(c.role)) return;
    // The menu's Requests badge, and the open section's own list.
    await Promise.all([
      can(c.role, SETTINGS_SECTION_CAPABILITY.requests) && loadList(queryClient, pendingRequestsQuery(c.id)),
      can(c.role, SETTINGS_SECTION_CAPABILITY[deps.section]) && loadSection(queryClient, c.id, deps.section),
    ]);
  },
  component: SettingsPage,
});

function loadSection(queryClient: QueryClient, communityId: number, section: Section) {
  switch (section) {
    case 'announcements':
      return loadList(queryClient, announcementsSettingsQuery(communityId));
    case 'categories':
      return loadQuery(queryClient, categoriesQuery(communityId));
    case 'members':
      return loadList(queryClient, memberSettingsQuery(communityId));
    case 'standing':
      return Promise.all([loadQuery(queryClient, membershipCategoriesQuery(communityId)), loadQuery(queryClient, standingRulesQuery(communityId))]);
    case 'requests':
    case 'general':
      // The requests are loaded for the badge already; General edits the community itself.
      return undefined;
  }
}

function SettingsPage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const q = useQuery(communityQuery(Number(id)));
  const denied = q.data && !canOpenSettings(q.data.role);
  useEffect(() => {
    if (denied) {
      notify.error(t('communitySettings.page.accessDenied'), t(DENIED['community.manage']));
      void navigate({ to: '/community/$id', params: { id }, replace: true });
    }
  }, [denied, id, navigate, t]);
  if (q.isError) return <CommunityNotFound />;
  if (!q.data || denied) {
    return <PageLoading label={t('communitySettings.page.loading')} />;
  }
  return <Settings community={q.data} />;
}

function Settings({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const { section = 'announcements' } = Route.useSearch();
  // What has been loaded of the list; '+' while more pages remain (100 a page).
  const { q: requestsQuery, requests } = usePendingRequests(c.id);
  const pending = requests.length;
  const pendingLabel = `${pending}${requestsQuery.hasNextPage ? '+' : ''}`;
  return (
    <Container maxW="6xl" py={{ base: '4', md: '8' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
            <Link to="/community/$id" params={{ id: String(c.id) }}>
              <ArrowLeft aria-hidden /> {t('communitySettings.page.back')}
            </Link>
          </Button>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {t('communitySettings.page.title', { name: c.name })}
          </Heading>
        </Stack>
        <Stack direction={{ base: 'column', md: 'row' }} gap="6" align="flex-start">
          <SectionNav label={t('communitySettings.page.nav')} layout="side">
            {SECTIONS.filter((s) => can(c.role, SETTINGS_SECTION_CAPABILITY[s])).map((s) => (
              <SectionNavLink key={s} current={s === section}>
                <Link to="/community/$id/settings" params={{ id: String(c.id) }} search={{ section: s }}>
                  {t(LABEL[s])}
                  {s === 'requests' && pending > 0 && (
                    <Badge colorPalette="red" ms="auto" aria-label={t('communitySettings.page.pending', { label: pendingLabel })}>
                      {pendingLabel}
                    </Badge>
                  )}
                </Link>
              </SectionNavLink>
            ))}
          </SectionNav>
          <Box flex="1" minW="0" w="full">
            {section === 'general' && (
              <Stack gap="6">
                <GeneralSettings community={c} />
                <InstantSettingCard community={c} setting="membersOrganiseCircles" />
                <InstantSettingCard community={c} setting="membersInvite" />
              </Stack>
            )}
            {section === 'members' && <MemberSettings community={c} />}
            {section === 'requests' && <RequestSettings community={c} />}
            {section === 'standing' && (
              <Stack gap="6">
                <CategoriesCard communityId={c.id} />
                <StandingRulesCard communityId={c.id} />
              </Stack>
            )}
            {section === 'announcements' && <AnnouncementsSettings communityId={c.id} />}
            {section === 'categories' && <CategoriesSettings communityId={c.id} />}
          </Box>
        </Stack>
      </Stack>
    </Container>
  );
}
