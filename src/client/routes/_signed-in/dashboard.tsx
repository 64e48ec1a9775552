import { Box, Button, Card, Container, EmptyState, Heading, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { CalendarDays, Flame, Plus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { notify } from '../../components/toaster';
import { useSignedInUser } from '../../features/auth/current-user';
import { VerifyBanner } from '../../features/auth/verify-banner';
import { CommunityCard } from '../../features/communities/community-card';
import { CreateCommunityDialog } from '../../features/communities/create-community';
import { dashboardCreatedQuery, dashboardJoinedQuery, myCountsQuery } from '../../features/communities/queries';
import type { Community } from '../../features/communities/shared';
import { formatDate, formatNumber } from '../../lib/format';
import { loadQuery } from '../../lib/route-data';

export const Route = createFileRoute('/_signed-in/dashboard')({
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([
      loadQuery(queryClient, myCountsQuery()),
      loadQuery(queryClient, dashboardJoinedQuery()),
      loadQuery(queryClient, dashboardCreatedQuery()),
    ]);
  },
  component: Dashboard,
});

function Counter({ label, value, unit, icon }: { label: string; value: ReactNode; unit?: string; icon?: ReactNode }) {
  const soon = value === null;
  return (
    <Stat.Root borderWidth="1px" rounded="lg" p="4" bg="bg">
      <Stat.Label>{label}</Stat.Label>
      {/* A <dl> may hold only dt/dd: unit and icon stay inside the value. */}
      <Stat.ValueText fontSize={soon ? 'md' : undefined} color={soon ? 'fg.muted' : undefined} alignItems="center">
        {soon ? 'Coming soon' : value}
        {!soon && unit && <Stat.ValueUnit>{unit}</Stat.ValueUnit>}
        {!soon && icon}
      </Stat.ValueText>
    </Stat.Root>
  );
}

/** Joined and created communities merged and de-duplicated by id (the creator is also a member). */
function mergeById(...lists: Community[][]): Community[] {
  const seen = new Map<number, Community>();
  for (const c of lists.flat()) if (!seen.has(c.id)) seen.set(c.id, c);
  return [...seen.values()];
}

function Dashboard() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const counts = useQuery(myCountsQuery());
  const joined = useQuery(dashboardJoinedQuery());
  const created = useQuery(dashboardCreatedQuery());
  const mine = mergeById(joined.data?.items ?? [], created.data?.items ?? []).slice(0, 6);
  const comingSoon = (what: string) => () => notify.info('Coming Soon', `${what} is on its way.`);
  const goTo = (c: Community) => navigate({ to: '/community/$id', params: { id: String(c.id) } });

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Welcome back, {user.firstName || 'User'}!
          </Heading>
          <Text color="fg.muted">Here is what is happening in your communities.</Text>
        </Box>
        <VerifyBanner user={user} />
        <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
          <Counter label="Communities" value={counts.data ? formatNumber(counts.data.joined) : <Skeleton h="6" w="8" />} />
          <Counter label="Njangi Groups" value={null} />
          <Counter label="Recognitions" value={null} />
          <Counter
            label="Login streak"
            value={formatNumber(user.loginStreak)}
            unit={user.loginStreak === 1 ? 'day' : 'days'}
            icon={<Flame size={18} aria-hidden color="var(--chakra-colors-orange-500)" />}
          />
        </SimpleGrid>

        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">Financial Overview</Card.Title>
          </Card.Header>
          <Card.Body>
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
              {['Total Balance', 'Money Sent', 'Money Received'].map((l) => (
                <Counter key={l} label={l} value={null} />
              ))}
            </SimpleGrid>
          </Card.Body>
        </Card.Root>

        <Card.Root>
          <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center">
            <Card.Title as="h2">My Communities</Card.Title>
            <Button asChild size="sm" variant="ghost">
              <Link to="/communities">View all</Link>
            </Button>
          </Card.Header>
          <Card.Body>
            {joined.isPending || created.isPending ? (
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
                <Skeleton h="280px" />
                <Skeleton h="280px" />
                <Skeleton h="280px" />
              </SimpleGrid>
            ) : mine.length === 0 ? (
              <EmptyState.Root size="sm">
                <EmptyState.Content>
                  <EmptyState.Indicator>
                    <Users aria-hidden />
                  </EmptyState.Indicator>
                  <EmptyState.Title>No communities yet</EmptyState.Title>
                  <EmptyState.Description>You haven&apos;t joined any communities yet.</EmptyState.Description>
                  <Button asChild colorPalette="brand" size="sm">
                    <Link to="/communities">Browse Communities</Link>
                  </Button>
                </EmptyState.Content>
              </EmptyState.Root>
            ) : (
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" data-testid="my-communities">
                {mine.map((c) => (
                  <CommunityCard key={c.id} community={c} />
                ))}
              </SimpleGrid>
            )}
          </Card.Body>
        </Card.Root>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Card.Root>
            <Card.Header>
              <Card.Title as="h2">Quick Actions</Card.Title>
            </Card.Header>
            <Card.Body>
              <SimpleGrid columns={2} gap="3">
                <CreateCommunityDialog
                  onCreated={goTo}
                  trigger={
                    <Button colorPalette="brand">
                      <Plus aria-hidden /> Create Community
                    </Button>
                  }
                />
                <Button variant="outline" onClick={comingSoon('Joining by invitation code')}>
                  Join Community
                </Button>
                <Button variant="outline" onClick={comingSoon('Njangi groups')}>
                  Start Njangi Group
                </Button>
                <Button variant="outline" onClick={comingSoon('Event scheduling')}>
                  Schedule Event
                </Button>
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Card.Title as="h2">Login Activity</Card.Title>
            </Card.Header>
            <Card.Body>
              <Text>
                {user.loginStreak > 1
                  ? `You have signed in ${user.loginStreak} days in a row. Keep it up!`
                  : 'Sign in again tomorrow to start a streak.'}
              </Text>
              <Text color="fg.muted" fontSize="sm" mt="2">
                Last login: {formatDate(user.lastLoginAt, { fallback: 'Never' })}
              </Text>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>

        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">Upcoming Events</Card.Title>
          </Card.Header>
          <Card.Body>
            <EmptyState.Root size="sm">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <CalendarDays aria-hidden />
                </EmptyState.Indicator>
                <EmptyState.Title>No upcoming events</EmptyState.Title>
                <EmptyState.Description>Events from your communities will show up here.</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
