import { can } from '@shared/permissions';
import { trpc } from '../../trpc';
import { communityEventsQuery, myEventsQuery } from './queries';

/*
 * The lists' own queries beside queries.ts: windows into the past, a month, the figures of a
 * community's Overview. Instants in a key are fixed by the caller (a window chosen once, a
 * month's bounds), never "now" at each render.
 */

/** The caller's communities (up to the page maximum; the same query the savings screens use). */
export const myCommunitiesQuery = () => trpc.communities.joined.queryOptions({ limit: 100 });

/** Where the caller may create and edit events. */
export const mayManageEvents = (c: { role: string | null }) => can(c.role, 'events.manage');

export const PAST_WINDOW_MS = 180 * 86_400_000;

/** Past events a page at a time. */
export const PAST_PAGE = 20;

/** The caller's events between two instants (the last six months), newest first, a page at a time. */
export const myPastQuery = (p: { communityId?: number; from: number; to: number }) => myEventsQuery({ ...p, limit: PAST_PAGE, order: 'desc' });

/** The month view reads at most this many pages of a month (500 events); beyond, it says so. */
export const MONTH_MAX_PAGES = 10;

/**
 * One month of the caller's events, 50 a page like the list (the month view pages through them
 * all): a busy month costs a few small answers rather than one large one (npm run bench measures
 * this request).
 */
export const myMonthQuery = (p: { communityId?: number; from: number; to: number }) => myEventsQuery({ ...p, limit: 50 });

/** A community's events between two instants (the last six months), newest first, a page at a time. */
export const communityPastQuery = (communityId: number, p: { from: number; to: number }) => communityEventsQuery(communityId, { ...p, limit: PAST_PAGE, order: 'desc' });

/** A community's coming events, 100 a page: its Events tab, the Overview's card and its count. */
export const communityUpcomingQuery = (communityId: number) => communityEventsQuery(communityId, { limit: 100 });
