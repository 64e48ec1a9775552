import { Box, Button, Card, Container, Grid, Heading, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { Plus, Users } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '../../components/empty-state';
import { useSignedInUser } from '../../features/auth/current-user';
import { VerifyBanner } from '../../features/auth/verify-banner';
import { CommunityCard } from '../../features/communities/community-card';
import { CreateCommunityDialog } from '../../features/communities/dialogs';
import { dashboardCreatedQuery, dashboardJoinedQuery, myCountsQuery } from '../../features/communities/queries';
import type { Community } from '../../features/communities/membership';
import { CreateEventDialog } from '../../features/events/dialogs';
import { myRecognitionsQuery } from '../../features/recognitions/queries';
import { JoinWithLinkDialog } from '../../features/invitations/dialogs';
import { trpc } from '../../trpc';
import { can, canIn } from '@shared/permissions';
import { CreateCircleDialog } from '../../features/circles/dialogs';
import { currentCircles } from '../../features/circles/dashboard-circles';
import { cardsAt, DASHBOARD_CARDS } from '../../shell/dashboard-cards';
import { myCirclesQuery } from '../../features/circles/queries';
import { formatDate, formatNumber } from '../../lib/format';
import { loadQuery } from '../../lib/route-data';
import type { MessageKey } from '@shared/i18n/catalogue';
import { currentLoginStreak, streakMessage } from '@shared/login-streak';
import { FLAT_ON_PHONE } from '../../components/ui/flat-on-phone';

export const Route = createFileRoute('/_signed-in/dashboard')({
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([
      loadQuery(queryClient, myCountsQuery()),
      loadQuery(queryClient, dashboardJoinedQuery()),
      loadQuery(queryClient, dashboardCreatedQuery()),
      ...DASHBOARD_CARDS.flatMap((card) => [card.Component.preload(), card.load?.(queryClient)]),
    ]);
  },
  component: Dashboard,
});

function Counter({ label, value, unit, icon, testId }: { label: string; value: ReactNode; unit?: string; icon?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const soon = value === null;
  return (
    <Stat.Root borderWidth="1px" rounded="lg" p="4" bg="bg" data-testid={testId}>
      <Stat.Label>{label}</Stat.Label>
      {/* A <dl> may hold only dt/dd: unit and icon stay inside the value. */}
      <Stat.ValueText fontSize={soon ? 'md' : undefined} color={soon ? 'fg.muted' : undefined} alignItems="center">
        {soon ? t('dashboard.counters.comingSoon') : value}
        {!soon && unit && <Stat.ValueUnit>{unit}</Stat.ValueUnit>}
        {!soon && icon}
      </Stat.ValueText>
    </Stat.Root>
  );
}

const STREAK_SENTENCE = { none: 'dashboard.activity.startStreak', firstDay: 'dashboard.activity.firstDay', running: 'dashboard.activity.streak' } as const satisfies Record<string, MessageKey>;

/** Joined and created communities merged and de-duplicated by id (the creator is also a member). */
function mergeById(...lists: Community[][]): Community[] {
  const seen = new Map<number, Community>();
  for (const c of lists.flat()) if (!seen.has(c.id)) seen.set(c.id, c);
  return [...seen.values()];
}

function Dashboard() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const counts = useQuery(myCountsQuery());
  const joined = useQuery(dashboardJoinedQuery());
  const created = useQuery(dashboardCreatedQuery());
  const circles = useQuery(myCirclesQuery());
  const mine = mergeById(joined.data?.items ?? [], created.data?.items ?? []).slice(0, 6);
  const recognitions = useQuery(myRecognitionsQuery());
  // Quick actions offer only what the person can do in at least one of their communities.
  const all = useQuery(trpc.communities.joined.queryOptions({ limit: 100 }));
  const mayStartCircle = (all.data?.items ?? []).some((c) => canIn(c.role, c, 'circles.organise'));
  const maySchedule = (all.data?.items ?? []).some((c) => can(c.role, 'events.manage'));
  // One number for the counter and the sentence under it, so they never disagree.
  const streak = currentLoginStreak(user.loginStreak, user.lastLoginAt, Date.now());
  const goTo = (c: Community) => navigate({ to: '/community/$id', params: { id: String(c.id) } });

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t(user.firstVisit ? 'dashboard.welcomeFirst' : 'dashboard.welcome', { name: user.firstName || t('dashboard.fallbackName') })}
          </Heading>
          <Text color="fg.muted">{t('dashboard.subtitle')}</Text>
        </Box>
        <VerifyBanner user={user} />
        {cardsAt('head').map(({ id, Component }) => (
          <Suspense key={id} fallback={<Skeleton h="32" rounded="lg" />}>
            <Component />
          </Suspense>
        ))}
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="4">
          <Counter label={t('dashboard.counters.communities')} value={counts.data ? formatNumber(counts.data.joined) : <Skeleton h="6" w="8" />} />
          <Counter
            label={t('dashboard.counters.circles')}
            value={circles.data ? formatNumber(currentCircles(circles.data).length) : circles.isError ? '–' : <Skeleton h="6" w="8" />}
            testId="njangi-counter"
          />
          <Counter
            label={t('dashboard.counters.recognitions')}
            value={recognitions.data ? formatNumber(recognitions.data.items.length) : recognitions.isError ? '–' : <Skeleton h="6" w="8" />}
            testId="recognitions-counter"
          />
        </SimpleGrid>

        {cardsAt('top').map(({ id, Component }) => (
          <Suspense key={id} fallback={<Skeleton h="40" rounded="lg" />}>
            <Component />
          </Suspense>
        ))}

        <Card.Root {...FLAT_ON_PHONE.root}>
          <Card.Header flexDirection="row" flexWrap="wrap" justifyContent="space-between" alignItems="center" {...FLAT_ON_PHONE.header}>
            <Card.Title as="h2">{t('dashboard.communities.title')}</Card.Title>
            <Button asChild size="sm" variant="ghost">
              <Link to="/communities">{t('dashboard.communities.viewAll')}</Link>
            </Button>
          </Card.Header>
          <Card.Body {...FLAT_ON_PHONE.body}>
            {joined.isPending || created.isPending ? (
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
                <Skeleton h="280px" />
                <Skeleton h="280px" />
                <Skeleton h="280px" />
              </SimpleGrid>
            ) : mine.length === 0 ? (
              <EmptyNote
                icon={<Users />}
                title={t('dashboard.communities.emptyTitle')}
                action={
                  <Button asChild colorPalette="brand" size="sm">
                    <Link to="/communities">{t('dashboard.communities.browse')}</Link>
                  </Button>
                }
              >
                {t('dashboard.communities.emptyDescription')}
              </EmptyNote>
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
              <Card.Title as="h2">{t('dashboard.quickActions.title')}</Card.Title>
            </Card.Header>
            <Card.Body>
              {/* As many columns as fit buttons of 12rem: one on a phone (and in a half-width card on a
                  tablet), two on a laptop; a long label wraps inside its button, never past its edge. */}
              <Grid templateColumns="repeat(auto-fill, minmax(min(12rem, 100%), 1fr))" gap="3" css={{ '& > button': { whiteSpace: 'normal', height: 'auto', minH: '10', py: '2' } }} data-testid="quick-actions">
                <CreateCommunityDialog
                  onCreated={goTo}
                  trigger={
                    <Button colorPalette="brand">
                      <Plus aria-hidden /> {t('dashboard.quickActions.create')}
                    </Button>
                  }
                />
                <JoinWithLinkDialog
                  trigger={
                    <Button variant="outline" data-testid="quick-join-link">
                      {t('dashboard.quickActions.join')}
                    </Button>
                  }
                />
                {mayStartCircle && (
                  <CreateCircleDialog
                    trigger={
                      <Button variant="outline">{t('dashboard.quickActions.startCircle')}</Button>
                    }
                  />
                )}
                {maySchedule && (
                  <CreateEventDialog
                    trigger={
                      <Button variant="outline" data-testid="quick-schedule-event">
                        {t('dashboard.quickActions.scheduleEvent')}
                      </Button>
                    }
                  />
                )}
              </Grid>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Card.Title as="h2">{t('dashboard.activity.title')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <Text>
                {t(STREAK_SENTENCE[streakMessage(streak)], { days: formatNumber(streak) })}
              </Text>
              <Text color="fg.muted" fontSize="sm" mt="2">
                {t('dashboard.activity.lastLogin', { date: formatDate(user.lastLoginAt, { fallback: t('dashboard.activity.never') }) })}
              </Text>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>

        {cardsAt('bottom').map(({ id, Component }) => (
          <Suspense key={id} fallback={<Skeleton h="40" rounded="lg" />}>
            <Component />
          </Suspense>
        ))}
      </Stack>
    </Container>
  );
}
