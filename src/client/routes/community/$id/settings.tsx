import { Badge, Box, Button, Center, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { AnnouncementsSettings } from '../../../features/announcements/announcements-settings';
import { CategoriesSettings } from '../../../features/announcements/categories-settings';
import { notify } from '../../../components/toaster';
import { RequireUser } from '../../../features/auth/require-user';
import { CommunityNotFound } from '../../../features/communities/not-found';
import { isLeader, type Community } from '../../../features/communities/shared';
import { GeneralSettings } from '../../../features/community-settings/general-settings';
import { MemberSettings } from '../../../features/community-settings/member-settings';
import { RequestSettings, usePendingRequests } from '../../../features/community-settings/request-settings';
import { trpc } from '../../../trpc';

const SECTIONS = ['announcements', 'categories', 'general', 'members', 'requests'] as const;
type Section = (typeof SECTIONS)[number];
const LABEL: Record<Section, string> = {
  announcements: 'Announcements',
  categories: 'Categories',
  general: 'General Settings',
  members: 'Members',
  requests: 'Requests',
};

export const Route = createFileRoute('/community/$id/settings')({
  validateSearch: (s: Record<string, unknown>): { section?: Section } =>
    SECTIONS.includes(s.section as Section) ? { section: s.section as Section } : {},
  component: () => <RequireUser>{() => <SettingsPage />}</RequireUser>,
});

function SettingsPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const valid = /^\d+$/.test(id);
  const q = useQuery(trpc.communities.byId.queryOptions({ id: Number(id) }, { enabled: valid }));
  const denied = q.data && !isLeader(q.data.role);
  useEffect(() => {
    if (!valid) void navigate({ to: '/', replace: true });
    else if (denied) {
      notify.error('Access Denied', "You don't have permission to access community settings.");
      void navigate({ to: '/community/$id', params: { id }, replace: true });
    }
  }, [valid, denied, id, navigate]);
  if (q.isError) return <CommunityNotFound />;
  if (!q.data || denied) {
    return (
      <Center py="24" role="status">
        <Stack align="center">
          <Spinner color="brand.solid" />
          <Text color="fg.muted">Loading settings...</Text>
        </Stack>
      </Center>
    );
  }
  return <Settings community={q.data} />;
}

function Settings({ community: c }: { community: Community }) {
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
              <ArrowLeft aria-hidden /> Back to Dashboard
            </Link>
          </Button>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {c.name} Settings
          </Heading>
        </Stack>
        <Stack direction={{ base: 'column', md: 'row' }} gap="6" align="flex-start">
          <Box as="nav" aria-label="Settings sections" w={{ base: 'full', md: '56' }} flexShrink={0}>
            <Stack direction={{ base: 'row', md: 'column' }} gap="1" overflowX="auto">
              {SECTIONS.map((s) => (
                <Button
                  key={s}
                  asChild
                  variant={s === section ? 'subtle' : 'ghost'}
                  colorPalette={s === section ? 'brand' : 'gray'}
                  justifyContent="flex-start"
                  size="sm"
                >
                  <Link to="/community/$id/settings" params={{ id: String(c.id) }} search={{ section: s }} aria-current={s === section ? 'page' : undefined}>
                    {LABEL[s]}
                    {s === 'requests' && pending > 0 && (
                      <Badge colorPalette="red" ms="auto" aria-label={`${pendingLabel} pending`}>
                        {pendingLabel}
                      </Badge>
                    )}
                  </Link>
                </Button>
              ))}
            </Stack>
          </Box>
          <Box flex="1" minW="0" w="full">
            {section === 'general' && <GeneralSettings community={c} />}
            {section === 'members' && <MemberSettings community={c} />}
            {section === 'requests' && <RequestSettings community={c} />}
            {section === 'announcements' && <AnnouncementsSettings communityId={c.id} />}
            {section === 'categories' && <CategoriesSettings communityId={c.id} />}
          </Box>
        </Stack>
      </Stack>
    </Container>
  );
}
