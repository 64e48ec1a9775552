import type { QueryClient } from '@tanstack/react-query';
import { cursorPaging } from '../../lib/cursor-paging';
import { trpc } from '../../trpc';

/*
 * The events' queries, named once for the components and the routes' loaders (kept apart from the
 * components: loaders are part of the first bundle). Cursors are "startsAt.id" strings.
 */

/** 'asc': by start from `from`; 'desc': newest first, paged backwards from `to` (past events). */
type Order = 'asc' | 'desc';

/** The caller's events across their communities (or one), not over at `from` (default now), starting before `to`. */
export const myEventsQuery = (p: { communityId?: number; from?: number; to?: number; limit?: number; order?: Order } = {}) =>
  trpc.events.mine.infiniteQueryOptions({ limit: 50, ...p }, cursorPaging);

/** The next few events (dashboard card): one short page. */
export const nextEventsQuery = (limit = 3) => trpc.events.mine.queryOptions({ limit });

/** A community's calendar from `from` (default now), by start. */
export const communityEventsQuery = (communityId: number, p: { from?: number; to?: number; limit?: number; order?: Order } = {}) =>
  trpc.events.list.infiniteQueryOptions({ communityId, limit: 20, ...p }, cursorPaging);

/** One event as the viewer may see it (counts, never who answered; the viewer's own answer). */
export const eventQuery = (id: number) => trpc.events.get.queryOptions({ id });

/** Who answered, for the hosts. */
export const attendeesQuery = (id: number) => trpc.events.attendees.queryOptions({ id });

/** The caller's own figures: events attended, upcoming events they are going to. */
export const myEventStatsQuery = () => trpc.events.myStats.queryOptions();

/** Whether the caller has a live private calendar address. */
export const calendarFeedQuery = () => trpc.events.calendarFeed.queryOptions();

/** After any change every list and figure of events may be stale. */
export const refreshEvents = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });

/** One event as an .ics file (members; with its online link). */
export const eventIcsUrl = (id: number) => `/api/events/${id}/ics`;
/** The hosts' attendee list as CSV. */
export const attendeesCsvUrl = (id: number) => `/api/events/${id}/attendees.csv`;
/** A public community's public events, for calendar apps. */
export const communityCalendarUrl = (communityId: number) => `/api/communities/${communityId}/calendar.ics`;
