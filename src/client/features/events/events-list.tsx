import { Button, EmptyState, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CalendarDays, History } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/load-more';
import { useCursorList } from '../../lib/use-cursor-list';
import type { ListEvent } from './event-badges';
import { groupByDay } from './calendar-model';
import { EventRow } from './event-row';
import { communityPastQuery, communityUpcomingQuery, myPastQuery, PAST_WINDOW_MS } from './list-queries';
import { myEventsQuery } from './queries';
import { dayHeading, todayIn, viewerTimeZone, zoneName } from './when';
import { EmptyNote } from '../../components/empty-state';
import { useWideScreen } from '../../lib/use-wide-screen';
import { oneRowPerSeries } from './series-rows';

/*
 * Lists of events grouped by day (in the viewer's zone): the coming ones, paged, with answers;
 * and the past six months, newest first.
 */

/** Events under a heading per day ("Today · Saturday, March 14"). */
export function EventsByDay({
  events,
  now,
  showCommunity = true,
  headingLevel = 'h3',
  testId = 'events-list',
  onePerSeries = false,
}: {
  events: readonly ListEvent[];
  /** The coming list on a phone: each series once, at its next date. */
  onePerSeries?: boolean;
  now: number;
  showCommunity?: boolean;
  headingLevel?: 'h2' | 'h3' | 'h4';
  testId?: string;
}) {
  const { t } = useTranslation();
  const zone = viewerTimeZone();
  const today = todayIn(zone, now);
  const wide = useWideScreen();
  const days = useMemo(() => groupByDay(onePerSeries && !wide ? oneRowPerSeries(events) : events.map((e) => ({ ...e, moreDates: 0 })), zone), [events, zone, onePerSeries, wide]);
  return (
    <Stack gap="5" data-testid={testId}>
      {days.map((day) => (
        <Stack key={day.date} gap="2" data-date={day.date}>
          <Heading as={headingLevel} size="sm" color={day.date === today ? 'brand.fg' : 'fg.muted'} fontWeight="semibold">
            {dayHeading(t, day.date, today)}
          </Heading>
          <Stack as="ul" gap="2" p="0" m="0">
            {day.items.map((e) => (
              <EventRow key={e.id} event={e} now={now} showCommunity={showCommunity} moreDates={e.moreDates} />
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label={t('events.page.loading')}>
      <Skeleton h="5" w="40" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h="24" rounded="md" />
      ))}
    </Stack>
  );
}

export function LoadFailed({ message, onRetry, busy }: { message: string; onRetry: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <HStack gap="3" role="alert" flexWrap="wrap" borderWidth="1px" rounded="lg" p="4">
      <Text color="red.fg">{message}</Text>
      <Button size="sm" variant="outline" onClick={onRetry} loading={busy}>
        {t('event.tryAgain')}
      </Button>
    </HStack>
  );
}

type Source = { mine: true; communityId?: number } | { communityId: number };
/** What the views read of a list's infinite query (the caller's and a community's alike). */
type Paged = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
  data?: { pages: { items: readonly ListEvent[] }[] };
};

/** The coming events (the caller's, or one community's), by start, grouped by day, with "Load more". */
export function UpcomingEvents({ source, empty, showCommunity = true }: { source: Source; empty: ReactNode; showCommunity?: boolean }) {
  return 'mine' in source ? <MyUpcoming communityId={source.communityId} empty={empty} showCommunity={showCommunity} /> : <CommunityUpcoming communityId={source.communityId} empty={empty} />;
}

function MyUpcoming({ communityId, empty, showCommunity }: { communityId?: number; empty: ReactNode; showCommunity: boolean }) {
  // The route preloads the caller's whole list (no community): the same options hit that cache.
  const { query, items } = useCursorList(myEventsQuery(communityId === undefined ? undefined : { communityId }));
  return <UpcomingView query={query} items={items} empty={empty} showCommunity={showCommunity} />;
}

function CommunityUpcoming({ communityId, empty }: { communityId: number; empty: ReactNode }) {
  const { query, items } = useCursorList(communityUpcomingQuery(communityId));
  return <UpcomingView query={query} items={items} empty={empty} showCommunity={false} />;
}

function UpcomingView({ query: q, items, empty, showCommunity }: { query: Paged; items: readonly ListEvent[]; empty: ReactNode; showCommunity: boolean }) {
  const { t } = useTranslation();
  const now = Date.now();
  // A list read a while ago may hold events that have ended since.
  const upcoming = items.filter((e) => e.endsAt > now);
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadFailed message={t('events.page.loadFailed')} onRetry={() => void q.refetch()} busy={q.isFetching} />;
  if (upcoming.length === 0 && !q.hasNextPage) return <>{empty}</>;
  return (
    <Stack gap="4">
      <EventsByDay events={upcoming} now={now} showCommunity={showCommunity} onePerSeries />
      <LoadMore query={q} alignSelf="center" size="sm" data-testid="events-load-more" />
    </Stack>
  );
}

/** The past six months' events (the caller's, or one community's), newest first (as the server pages them), with "Show more". */
export function PastEvents({ source, showCommunity = true, headingLevel = 'h2' }: { source: Source; showCommunity?: boolean; headingLevel?: 'h2' | 'h3' }) {
  // The window is chosen once, when the section opens: "now" in a query key would refetch at every render.
  const [span] = useState(() => {
    const now = Date.now();
    return { from: now - PAST_WINDOW_MS, to: now };
  });
  return 'mine' in source ? (
    <MyPast span={span} communityId={source.communityId} showCommunity={showCommunity} headingLevel={headingLevel} />
  ) : (
    <CommunityPast span={span} communityId={source.communityId} headingLevel={headingLevel} />
  );
}

type Span = { from: number; to: number };

function MyPast({ span, communityId, showCommunity, headingLevel }: { span: Span; communityId?: number; showCommunity: boolean; headingLevel: 'h2' | 'h3' }) {
  const q = useInfiniteQuery(myPastQuery({ ...span, communityId }));
  return <PastView id="events-past" query={q} span={span} showCommunity={showCommunity} headingLevel={headingLevel} />;
}

function CommunityPast({ span, communityId, headingLevel }: { span: Span; communityId: number; headingLevel: 'h2' | 'h3' }) {
  const q = useInfiniteQuery(communityPastQuery(communityId, span));
  return <PastView id={`community-${communityId}-past`} query={q} span={span} showCommunity={false} headingLevel={headingLevel} />;
}

function PastView({ id, query: q, span, showCommunity, headingLevel }: { id: string; query: Paged; span: Span; showCommunity: boolean; headingLevel: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  // Newest first from the server; an event still going on when the section opened is not past yet.
  const past = useMemo(() => (q.data?.pages ?? []).flatMap((p) => p.items).filter((e) => e.endsAt <= span.to), [q.data, span.to]);
  return (
    <Stack as="section" aria-labelledby={id} gap="3" data-testid="events-past">
      <Stack gap="0.5">
        <Heading as={headingLevel} size="md" id={id}>
          {t('events.page.past')}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('events.page.pastIntro')}
        </Text>
      </Stack>
      {q.isPending ? (
        <ListSkeleton rows={2} />
      ) : q.isError ? (
        <LoadFailed message={t('events.page.pastLoadFailed')} onRetry={() => void q.refetch()} busy={q.isFetching} />
      ) : past.length === 0 && !q.hasNextPage ? (
        <EmptyNote framed icon={<History />}>
          {t('events.page.pastEmpty')}
        </EmptyNote>
      ) : (
        <>
          <EventsByDay events={past} now={span.to} showCommunity={showCommunity} headingLevel={headingLevel === 'h2' ? 'h3' : 'h4'} testId="events-past-list" />
          <LoadMore query={q} alignSelf="center" size="sm" data-testid="events-past-more">
            {t('events.page.showMore')}
          </LoadMore>
        </>
      )}
    </Stack>
  );
}

/** "Times are shown in your time zone (CDT)." */
export function ZoneHint() {
  const { t } = useTranslation();
  return (
    <Text fontSize="sm" color="fg.muted">
      {t('events.row.yourTime', { zone: zoneName(Date.now()) })}
    </Text>
  );
}

/** "No upcoming events", with what to do about it. */
export function NoEvents({ title, body, action }: { title: string; body?: string; action?: ReactNode }) {
  return (
    <EmptyNote
      framed
      icon={<CalendarDays />}
      title={title}
      titleAs="h3"
      action={
        <>
          {body && <EmptyState.Description maxW="prose">{body}</EmptyState.Description>}
          {action}
        </>
      }
      testId="events-empty"
    />
  );
}
