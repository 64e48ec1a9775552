import { Badge, Button, Card, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { CalendarDays, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerBadge, DateBadge, type ListEvent } from './event-badges';
import { CreateEventDialog } from './dialogs';
import { communityUpcomingQuery, mayManageEvents } from './list-queries';
import { nextEventsQuery } from './queries';
import { formatEventStart } from './when';
import { EmptyNote } from '../../components/empty-state';

/*
 * "Upcoming Events" cards: the dashboard's (the caller's next three across their communities)
 * and a community Overview's (its next three, with the count for Quick Stats).
 */

/** One event in a card: date badge, title link, community, time, the viewer's answer. */
function CardRow({ event: e, showCommunity }: { event: ListEvent; showCommunity: boolean }) {
  const { t } = useTranslation();
  const cancelled = e.status === 'cancelled';
  return (
    <HStack as="li" gap="3" py="3" align="flex-start" data-testid="upcoming-event" data-event-id={e.id}>
      <DateBadge startsAt={e.startsAt} muted={cancelled} />
      <Stack gap="0.5" minW="0" flex="1">
        <Link asChild fontWeight="semibold" color={cancelled ? 'fg.muted' : 'brand.fg'} textDecoration={cancelled ? 'line-through' : undefined} overflowWrap="anywhere">
          <RouterLink to="/events/$id" params={{ id: String(e.id) }}>
            {e.title}
          </RouterLink>
        </Link>
        {showCommunity && e.communityName && (
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {e.communityName}
          </Text>
        )}
        <Text fontSize="sm">{formatEventStart(e.startsAt)}</Text>
        <HStack gap="1" flexWrap="wrap">
          {cancelled && (
            <Badge colorPalette="red" variant="solid">
              {t('events.row.cancelled')}
            </Badge>
          )}
          <AnswerBadge status={e.myStatus} />
        </HStack>
      </Stack>
    </HStack>
  );
}

function CardShell({ id, title, action, children, testId }: { id: string; title: string; action: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card.Root as="section" aria-labelledby={id} data-testid={testId} flex="1" minW="0">
      <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center" gap="2" flexWrap="wrap">
        <Card.Title as="h2" id={id}>
          {title}
        </Card.Title>
        <HStack gap="1" flexWrap="wrap">
          {action}
        </HStack>
      </Card.Header>
      <Card.Body pt="0">{children}</Card.Body>
    </Card.Root>
  );
}

function CardBody({
  isPending,
  isError,
  isFetching,
  refetch,
  events,
  showCommunity,
  empty,
}: {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  events: readonly ListEvent[];
  showCommunity: boolean;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  if (isPending) {
    return (
      <Stack gap="2" role="status" aria-busy="true" aria-label={t('events.page.loading')}>
        <Skeleton h="14" />
        <Skeleton h="14" />
      </Stack>
    );
  }
  if (isError) {
    return (
      <HStack gap="3" role="alert" flexWrap="wrap">
        <Text color="red.fg">{t('events.card.loadFailed')}</Text>
        <Button size="xs" variant="outline" onClick={() => void refetch()} loading={isFetching}>
          {t('event.tryAgain')}
        </Button>
      </HStack>
    );
  }
  if (events.length === 0) return <>{empty}</>;
  return (
    <Stack as="ul" gap="0" listStyleType="none" p="0" m="0" css={{ '& > li + li': { borderTopWidth: '1px' } }}>
      {events.map((e) => (
        <CardRow key={e.id} event={e} showCommunity={showCommunity} />
      ))}
    </Stack>
  );
}

function Empty({ title, body }: { title: string; body?: string }) {
  return (
    <EmptyNote icon={<CalendarDays />} title={title} titleAs="h3">
      {body}
    </EmptyNote>
  );
}

/** The dashboard's card: the caller's next three events. */
export function DashboardEvents() {
  const { t } = useTranslation();
  const q = useQuery(nextEventsQuery(3));
  const now = Date.now();
  const events = (q.data?.items ?? []).filter((e) => e.endsAt > now);
  const viewAll = (
    <Button asChild size="sm" variant="ghost">
      <RouterLink to="/events">{t('events.card.viewAll')}</RouterLink>
    </Button>
  );
  return (
    <CardShell id="dashboard-events" testId="dashboard-events" title={t('events.card.title')} action={viewAll}>
      <CardBody
        isPending={q.isPending}
        isError={q.isError}
        isFetching={q.isFetching}
        refetch={q.refetch}
        events={events}
        showCommunity
        empty={<Empty title={t('events.card.emptyTitle')} body={t('events.card.emptyBody')} />}
      />
    </CardShell>
  );
}

/** A community's coming events (one query for the Overview's card, its count and the Events tab). */
export function useCommunityUpcoming(communityId: number) {
  const q = useInfiniteQuery(communityUpcomingQuery(communityId));
  const now = Date.now();
  const rows = (q.data?.pages ?? []).flatMap((p) => p.items);
  const items = rows.filter((e) => e.endsAt > now);
  return { query: q, items, rows: rows.length, more: q.hasNextPage };
}

/**
 * "Upcoming events" in Quick Stats: how many are scheduled. With more pages on the server the
 * exact figure is unknown: it reads as the rows the pages held ("100+"), never a lower figure
 * such as "95+" left after setting aside the cancelled and the ended.
 */
export function useUpcomingCount(communityId: number): string | null {
  const { t } = useTranslation();
  const { query, items, rows, more } = useCommunityUpcoming(communityId);
  if (query.isPending) return null;
  if (query.isError) return '–';
  if (more) return t('events.community.upcomingCount', { n: rows });
  return String(items.filter((e) => e.status !== 'cancelled').length);
}

/** A community Overview's card: its next three events, "View all events" (the Events tab), Schedule for its hosts. */
export function CommunityUpcomingCard({ community: c, onViewAll }: { community: { id: number; name: string; role: string | null }; onViewAll: () => void }) {
  const { t } = useTranslation();
  const { query: q, items } = useCommunityUpcoming(c.id);
  const host = mayManageEvents(c);
  const actions = (
    <>
      {host && (
        <CreateEventDialog
          communityId={c.id}
          communityName={c.name}
          trigger={
            <Button size="sm" variant="outline" data-testid="overview-schedule-event">
              <Plus aria-hidden /> {t('events.card.schedule')}
            </Button>
          }
        />
      )}
      <Button size="sm" variant="ghost" onClick={onViewAll}>
        {t('events.card.viewAllEvents')}
      </Button>
    </>
  );
  return (
    <CardShell id={`community-${c.id}-upcoming`} testId="community-upcoming-events" title={t('events.card.title')} action={actions}>
      <CardBody
        isPending={q.isPending}
        isError={q.isError}
        isFetching={q.isFetching}
        refetch={q.refetch}
        events={items.slice(0, 3)}
        showCommunity={false}
        empty={<Empty title={t('events.card.emptyCommunity')} />}
      />
    </CardShell>
  );
}
