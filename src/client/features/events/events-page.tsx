import { Box, Button, Container, EmptyState, Field, Heading, Stack, Tabs } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { CalendarDays, List, Plus, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AddToCalendar, CreateEventDialog } from './dialogs';
import { NoEvents, PastEvents, UpcomingEvents, ZoneHint } from './events-list';
import { mayManageEvents, myCommunitiesQuery } from './list-queries';
import { MonthView } from './month-view';
import { EmptyNote } from '../../components/empty-state';
import { Select } from '../../components/select';

/*
 * /events: the caller's events across their communities (or one of them), as a list (coming
 * events by day with their answer buttons, then the past six months) or as a month. Hosts
 * schedule from here too.
 */

const VIEWS = ['list', 'month'] as const;
type View = (typeof VIEWS)[number];
const VIEW_KEY = 'harambee-events-view';

/** The view last chosen in this tab (coming back from an event keeps the month open). */
function storedView(): View {
  try {
    const v = sessionStorage.getItem(VIEW_KEY);
    return v === 'month' ? 'month' : 'list';
  } catch {
    return 'list';
  }
}

export function EventsPage() {
  const { t } = useTranslation();
  const communities = useQuery(myCommunitiesQuery());
  const mine = communities.data?.items ?? [];
  const hosts = mine.filter(mayManageEvents);
  const [chosen, setChosen] = useState<number | null>(null);
  // A community left meanwhile is no longer a filter.
  const communityId = chosen !== null && mine.some((c) => c.id === chosen) ? chosen : undefined;
  const [view, setView] = useState<View>(storedView);
  const filterId = useId();

  const changeView = (next: string) => {
    if (!VIEWS.includes(next as View)) return;
    setView(next as View);
    try {
      sessionStorage.setItem(VIEW_KEY, next);
    } catch {
      // Private browsing without storage: the choice lasts until the page is left.
    }
  };

  const schedule =
    hosts.length > 0 ? (
      <CreateEventDialog
        defaultCommunityId={communityId}
        trigger={
          <Button colorPalette="brand" alignSelf={{ sm: 'center' }} data-testid="schedule-event">
            <Plus aria-hidden /> {t('events.page.schedule')}
          </Button>
        }
      />
    ) : null;

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <PageHeader title={t('events.title')} intro={t('events.page.intro')}>
          <Stack direction="row" gap="2" flexWrap="wrap" align="flex-start">
            {mine.length > 0 && <AddToCalendar />}
            {schedule}
          </Stack>
        </PageHeader>

        {communities.isSuccess && mine.length === 0 ? (
          <EmptyNote
            framed
            icon={<Users />}
            title={t('events.page.noCommunitiesTitle')}
            titleAs="h2"
            action={
              <>
                <EmptyState.Description maxW="prose">{t('events.page.noCommunitiesBody')}</EmptyState.Description>
                <Button asChild colorPalette="brand" size="sm">
                  <RouterLink to="/communities">{t('events.page.browse')}</RouterLink>
                </Button>
              </>
            }
            testId="events-no-communities"
          />
        ) : (
          <Tabs.Root value={view} onValueChange={(e) => changeView(e.value)} colorPalette="brand" variant="enclosed" size="sm" lazyMount>
            <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'flex-end' }} gap="3" mb="5">
              {mine.length > 1 ? (
                <Field.Root id={filterId} maxW={{ sm: 'xs' }}>
                  <Field.Label>{t('events.page.community')}</Field.Label>
                  <Select
                    value={communityId === undefined ? '' : String(communityId)}
                    onChange={(e) => setChosen(e.target.value ? Number(e.target.value) : null)}
                    data-testid="events-community-filter"
                    placeholder={t('events.page.allCommunities')}
                    root={{ size: 'sm' }}
                    options={mine.map((c) => ({ value: String(c.id), label: c.name }))}
                  />
                </Field.Root>
              ) : (
                <Box />
              )}
              <Tabs.List aria-label={t('events.page.view')} alignSelf={{ base: 'flex-start', sm: 'auto' }}>
                <Tabs.Trigger value="list" data-testid="events-view-list">
                  <List aria-hidden size={16} /> {t('events.page.list')}
                </Tabs.Trigger>
                <Tabs.Trigger value="month" data-testid="events-view-month">
                  <CalendarDays aria-hidden size={16} /> {t('events.page.month')}
                </Tabs.Trigger>
              </Tabs.List>
            </Stack>
            <Tabs.Content value="list" p="0">
              <Stack gap="10">
                <Stack as="section" aria-labelledby="events-upcoming" gap="3">
                  <Stack gap="0.5">
                    <Heading as="h2" size="md" id="events-upcoming">
                      {t('events.page.upcoming')}
                    </Heading>
                    <ZoneHint />
                  </Stack>
                  <UpcomingEvents
                    source={{ mine: true, communityId }}
                    showCommunity={communityId === undefined}
                    empty={<NoEvents title={t('events.page.emptyTitle')} body={communityId === undefined ? t('events.page.emptyBody') : t('events.page.emptyCommunity')} />}
                  />
                </Stack>
                <PastEvents source={{ mine: true, communityId }} showCommunity={communityId === undefined} />
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="month" p="0">
              <MonthView communityId={communityId} />
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Stack>
    </Container>
  );
}
