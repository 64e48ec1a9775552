import {
  attendanceInput,
  calendarFeedInput,
  cancelEventInput,
  communityFeedInput,
  createEventInput,
  eventIdInput,
  hostRsvpInput,
  listEventsInput,
  myEventsInput,
  publicEventsInput,
  rsvpInput,
  updateEventInput,
} from '@shared/schemas/events';
import { can } from '@shared/permissions';
import type { Context } from '../context';
import { cancelEvent, countEvents, createEvent, eventCommunity, eventDetail, listEvents, myEvents, publicEvents, updateEvent } from '../services/events/events';
import { calendarTokenStatus, communityFeed, createCalendarToken, eventIcs, memberFeed, revokeCalendarToken } from '../services/events/feeds';
import { answerEvent, attendees, attendeesCsv, hostAnswer, markAttendance, myEventStats } from '../services/events/rsvps';
import { anyone, groupedMutation, inCommunity, mutation, query, signedIn, staff } from './define';

/*
 * Community events. Members (events.view) see the calendar, one event with its counts and who is
 * going (unless its hosts hide the list), answer it and download it; hosts (events.manage: the creator and admins) create,
 * edit and cancel, see and export who answered, record offline answers and attendance. Notices a
 * change writes in-app are emailed once it has committed.
 */

const NOT_FOUND = 'errors.events.notFound';
const ofEvent = (input: { id: number }, ctx: Context) => eventCommunity(ctx.db, input.id);
const member = inCommunity('events.view', ofEvent, NOT_FOUND);
const host = inCommunity('events.manage', ofEvent, NOT_FOUND);
const feedCtx = (ctx: Context) => ({ appUrl: ctx.env.APP_URL, appName: ctx.env.APP_NAME });

export const events = {
  /** A community's calendar: events not over at `from` (default now) and starting before `to`, by start, paged. */
  list: query({
    input: listEventsInput,
    access: inCommunity('events.view'),
    run: (ctx, input, { community }) => listEvents(ctx.db, { communityId: community.id, viewerId: ctx.user.id, from: input.from ?? ctx.now(), to: input.to, cursor: input.cursor, limit: input.limit, order: input.order }),
  }),

  /** A public community's upcoming public events, for anyone (its public page): no online links, no answers. */
  public: query({
    input: publicEventsInput,
    access: anyone,
    run: (ctx, input) => publicEvents(ctx.db, { communityId: input.communityId, now: ctx.now(), cursor: input.cursor, limit: input.limit }),
  }),

  /** The caller's upcoming events across their communities (or one of them). */
  mine: query({
    input: myEventsInput,
    access: signedIn,
    run: (ctx, input) => myEvents(ctx.db, { userId: ctx.user.id, communityId: input?.communityId, from: input?.from ?? ctx.now(), to: input?.to, cursor: input?.cursor, limit: input?.limit ?? 100, order: input?.order }),
  }),

  /** One event with its community and whether the viewer hosts it (the page shows the hosts' tools then). */
  get: query({
    input: eventIdInput,
    access: member,
    run: (ctx, input, { community, role }) => ({
      ...eventDetail(ctx.db, { id: input.id, viewerId: ctx.user.id, host: can(role, 'events.manage') }),
      community: { id: community.id, name: community.name },
      canManage: can(role, 'events.manage'),
    }),
  }),

  /** One event, or a series (`repeat`) materialised as its occurrences; the members are told. */
  create: mutation({
    input: createEventInput,
    access: inCommunity('events.manage'),
    run: (ctx, input, { community }) => {
      const { communityId: _, ...fields } = input;
      return createEvent(ctx.db, { community: { id: community.id, name: community.name }, createdBy: ctx.user.id, input: fields, now: ctx.now() });
    },
  }),

  /** Edits this occurrence (scope 'one') or this and every later one of its series ('following'). */
  update: mutation({
    input: updateEventInput,
    access: host,
    run: (ctx, input) => {
      const { id, scope, ...changes } = input;
      const { notices: _, ...result } = updateEvent(ctx.db, { id, scope, changes, now: ctx.now() });
      return result;
    },
  }),

  cancel: mutation({
    input: cancelEventInput,
    access: host,
    run: (ctx, input) => {
      const { notices: _, ...result } = cancelEvent(ctx.db, { id: input.id, scope: input.scope, reason: input.reason, now: ctx.now() });
      return result;
    },
  }),

  /** The caller's answer; "going" beyond the capacity waits in line. */
  rsvp: groupedMutation({
    input: rsvpInput,
    access: member,
    run: (ctx, input) => answerEvent(ctx.db, { eventId: input.id, userId: ctx.user.id, answer: { status: input.status, guests: input.guests, note: input.note }, scope: input.scope, now: ctx.now() }),
    // The notices' mail was queued in the batch; it leaves once the batch has committed.
    after: (_ctx, { notices: _, ...result }) => result,
  }),

  /** A host records a member's answer given offline. */
  addRsvp: mutation({
    input: hostRsvpInput,
    access: host,
    run: (ctx, input) => {
      const { notices: _, ...result } = hostAnswer(ctx.db, { eventId: input.id, hostId: ctx.user.id, userId: input.userId, answer: { status: input.status, guests: input.guests, note: input.note }, now: ctx.now() });
      return result;
    },
  }),

  /** Who answered, with the counts, for the hosts only. */
  attendees: query({ input: eventIdInput, access: host, run: (ctx, input) => attendees(ctx.db, { eventId: input.id }) }),
  attendeesCsv: query({ input: eventIdInput, access: host, run: (ctx, input) => attendeesCsv(ctx.db, { eventId: input.id, language: ctx.user.language }) }),

  /** After the start: who came (feeds each member's "Events attended"). */
  markAttendance: mutation({
    input: attendanceInput,
    access: host,
    run: (ctx, input) => markAttendance(ctx.db, { eventId: input.id, hostId: ctx.user.id, entries: input.entries, now: ctx.now() }),
  }),

  /** The caller's own figures: events attended, upcoming events they are going to. */
  myStats: query({ access: signedIn, run: (ctx) => myEventStats(ctx.db, { userId: ctx.user.id, now: ctx.now() }) }),

  /** A new private calendar feed address (shown once; any earlier address stops working). */
  calendarToken: mutation({ access: signedIn, run: (ctx) => createCalendarToken(ctx.db, { userId: ctx.user.id, appUrl: ctx.env.APP_URL, now: ctx.now() }) }),
  revokeCalendarToken: mutation({ access: signedIn, run: (ctx) => revokeCalendarToken(ctx.db, { userId: ctx.user.id, now: ctx.now() }) }),
  /** Whether the caller has a live feed address (not the address). */
  calendarFeed: query({ access: signedIn, run: (ctx) => calendarTokenStatus(ctx.db, { userId: ctx.user.id }) }),

  /** Every event row, for the staff overview. */
  count: query({ access: staff('admin.panel'), run: (ctx) => ({ count: countEvents(ctx.db) }) }),
};

/** Calendar files are REST routes only (rest/events.ts): calendar apps fetch a URL, they do not speak tRPC. */
export const eventFiles = {
  /** One event as .ics, for members (with its online link). */
  ics: query({ input: eventIdInput, access: member, run: (ctx, input) => eventIcs(ctx.db, { eventId: input.id, ...feedCtx(ctx) }) }),
  /** A member's private feed; the unguessable token is the credential, so no session is needed. */
  memberFeed: query({ input: calendarFeedInput, access: anyone, run: (ctx, input) => memberFeed(ctx.db, { token: input.token, now: ctx.now(), ...feedCtx(ctx) }) }),
  /** A public community's public events, for anyone. */
  communityFeed: query({ input: communityFeedInput, access: anyone, run: (ctx, input) => communityFeed(ctx.db, { communityId: input.communityId, now: ctx.now(), ...feedCtx(ctx) }) }),
};
