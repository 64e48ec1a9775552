import { z } from 'zod';
import { UPLOAD_URL_PATTERN } from '../constants';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_PLACE_MAX,
  EVENT_TITLE_MAX,
  EVENT_VISIBILITIES,
  MAX_CAPACITY,
  MAX_EVENT_DURATION_MS,
  MAX_GUESTS,
  MAX_OCCURRENCES,
  REPEAT_FREQUENCIES,
  RSVP_ANSWERS,
  RSVP_NOTE_MAX,
} from '../events/rules';
import { isValidDate, isValidTimeZone } from '../njangi/schedule';
import { communityId } from './communities';

/*
 * Inputs of the event operations. Instants are epoch milliseconds (or an ISO 8601 date-time with
 * its offset, for integrators); the event's IANA zone says which wall clock they were chosen on,
 * which is what a series repeats.
 */

const MIN_INSTANT = Date.parse('2000-01-01T00:00:00Z');
const MAX_INSTANT = Date.parse('2100-01-01T00:00:00Z');

const id = z.coerce.number({ message: 'validation.events.eventId' }).int('validation.events.eventId').positive('validation.events.eventId').max(Number.MAX_SAFE_INTEGER, 'validation.events.eventId');
export const eventIdInput = z.object({ id });

const instant = (message: 'validation.events.startsAt' | 'validation.events.endsAt' | 'validation.events.from' | 'validation.events.to') =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/).transform((s) => Date.parse(s)), z.string().trim().regex(/^\d{1,16}$/).transform(Number)], { message })
    .pipe(z.number({ message }).int(message).min(MIN_INSTANT, message).max(MAX_INSTANT, message));

const title = z.string({ message: 'validation.events.title' }).trim().min(1, 'validation.events.title').max(EVENT_TITLE_MAX, 'validation.events.titleLong');
const description = z.string({ message: 'validation.events.descriptionLong' }).trim().max(EVENT_DESCRIPTION_MAX, 'validation.events.descriptionLong');
const timeZone = z.string({ message: 'validation.events.timeZone' }).trim().max(64, 'validation.events.timeZone').refine(isValidTimeZone, 'validation.events.timeZone');
const emptyIsNull = (v: string) => v || null;
const place = z.string({ message: 'validation.events.placeLong' }).trim().max(EVENT_PLACE_MAX, 'validation.events.placeLong').transform(emptyIsNull).nullable();
// https only: the link goes into calendars and is opened with one tap.
const onlineUrl = z
  .string({ message: 'validation.events.onlineUrl' })
  .trim()
  .max(500, 'validation.events.onlineUrl')
  .refine((v) => v === '' || (/^https:\/\/[^\s<>"'`]+$/i.test(v) && URL.canParse(v)), 'validation.events.onlineUrl')
  .transform(emptyIsNull)
  .nullable();
const coverUrl = z
  .string({ message: 'validation.uploadAgain' })
  .trim()
  .refine((v) => v === '' || UPLOAD_URL_PATTERN.test(v), 'validation.uploadAgain')
  .transform(emptyIsNull)
  .nullable();
const capacity = z.coerce.number({ message: 'validation.events.capacity' }).int('validation.events.capacity').min(1, 'validation.events.capacity').max(MAX_CAPACITY, 'validation.events.capacity').nullable();
const visibility = z.enum(EVENT_VISIBILITIES, { message: 'validation.events.visibility' });

export const repeatInput = z
  .object({
    frequency: z.enum(REPEAT_FREQUENCIES, { message: 'validation.events.frequency' }),
    until: z.string({ message: 'validation.events.until' }).refine(isValidDate, 'validation.events.until').nullish(),
    count: z.coerce.number({ message: 'validation.events.count' }).int('validation.events.count').min(2, 'validation.events.count').max(MAX_OCCURRENCES, 'validation.events.count').nullish(),
  })
  .refine((r) => (r.until == null) !== (r.count == null), { path: ['until'], message: 'validation.events.bound' });
export type RepeatInput = z.output<typeof repeatInput>;

export const timesFit = (e: { startsAt?: number; endsAt?: number }) => e.startsAt === undefined || e.endsAt === undefined || e.endsAt > e.startsAt;
export const durationFits = (e: { startsAt?: number; endsAt?: number }) => e.startsAt === undefined || e.endsAt === undefined || e.endsAt - e.startsAt <= MAX_EVENT_DURATION_MS;

export const createEventInput = z
  .object({
    communityId,
    title,
    description: description.default(''),
    startsAt: instant('validation.events.startsAt'),
    endsAt: instant('validation.events.endsAt'),
    timeZone,
    place: place.optional(),
    onlineUrl: onlineUrl.optional(),
    coverUrl: coverUrl.optional(),
    capacity: capacity.optional(),
    visibility: visibility.default('members'),
    /** Members then see how many are going, not who (the hosts always see who). */
    guestListHidden: z.boolean({ message: 'validation.events.guestListHidden' }).default(false),
    /** A series: the first occurrence is startsAt–endsAt, repeated at the same local time in timeZone. */
    repeat: repeatInput.nullish(),
  })
  .refine(timesFit, { path: ['endsAt'], message: 'validation.events.endBeforeStart' })
  .refine(durationFits, { path: ['endsAt'], message: 'validation.events.tooLong' });
export type CreateEventInput = z.output<typeof createEventInput>;

/** 'one': this occurrence only; 'following': this one and every later one of its series. */
export const EDIT_SCOPES = ['one', 'following'] as const;
const scope = z.enum(EDIT_SCOPES, { message: 'validation.events.scope' }).default('one');

export const updateEventInput = z
  .object({
    id,
    scope,
    title: title.optional(),
    description: description.optional(),
    startsAt: instant('validation.events.startsAt').optional(),
    endsAt: instant('validation.events.endsAt').optional(),
    timeZone: timeZone.optional(),
    place: place.optional(),
    onlineUrl: onlineUrl.optional(),
    coverUrl: coverUrl.optional(),
    capacity: capacity.optional(),
    visibility: visibility.optional(),
    guestListHidden: z.boolean({ message: 'validation.events.guestListHidden' }).optional(),
  })
  .refine((e) => Object.entries(e).some(([k, v]) => k !== 'id' && k !== 'scope' && v !== undefined), { path: ['title'], message: 'validation.events.nothingToChange' })
  .refine(timesFit, { path: ['endsAt'], message: 'validation.events.endBeforeStart' })
  .refine(durationFits, { path: ['endsAt'], message: 'validation.events.tooLong' });
export type UpdateEventInput = z.output<typeof updateEventInput>;
export type EventChanges = Omit<UpdateEventInput, 'id' | 'scope'>;

export const cancelEventInput = z.object({
  id,
  scope,
  reason: z.string({ message: 'validation.events.reason' }).trim().min(1, 'validation.events.reason').max(300, 'validation.events.reasonLong'),
});

const cursor = z.string({ message: 'validation.invalidCursor' }).regex(/^\d{1,16}\.\d{1,16}$/, 'validation.invalidCursor').optional();
const limit = z.coerce.number({ message: 'validation.limitNumber' }).int('validation.limitNumber').min(1, 'validation.limitMin').max(100, 'validation.limitMax').default(100);
const window = {
  from: instant('validation.events.from').optional(),
  to: instant('validation.events.to').optional(),
  cursor,
  limit,
  /** 'desc': newest first (past events), paged backwards from `to`. */
  order: z.enum(['asc', 'desc'], { message: 'validation.events.order' }).default('asc'),
};
const windowFits = (w: { from?: number; to?: number }) => w.from === undefined || w.to === undefined || w.to > w.from;

/** A community's calendar: events not yet over at `from` (default: now) and starting before `to`, by start. */
export const listEventsInput = z.object({ communityId, ...window }).refine(windowFits, { path: ['to'], message: 'validation.events.window' });
/** The caller's events across their communities, optionally one community's (no input: everything ahead). */
export const myEventsInput = z
  .object({ ...window, communityId: communityId.optional() })
  .refine(windowFits, { path: ['to'], message: 'validation.events.window' })
  .optional();

const answer = z.enum(RSVP_ANSWERS, { message: 'validation.events.answer' });
// Left out: the guests of the person's earlier answer (none for a first answer).
const guests = z.coerce.number({ message: 'validation.events.guests' }).int('validation.events.guests').min(0, 'validation.events.guests').max(MAX_GUESTS, 'validation.events.guests').optional();
const note = z.string({ message: 'validation.events.noteLong' }).trim().max(RSVP_NOTE_MAX, 'validation.events.noteLong').transform(emptyIsNull).nullish();
const userId = z.string({ message: 'validation.community.chooseMember' }).trim().min(1, 'validation.community.chooseMember').max(64, 'validation.community.chooseMember');

export const rsvpInput = z.object({
  id,
  status: answer,
  guests,
  note,
  /** 'series': the same answer for this and every later occurrence of its series. */
  scope: z.enum(['one', 'series'], { message: 'validation.events.rsvpScope' }).default('one'),
});
export type RsvpInput = z.output<typeof rsvpInput>;

/** A host records an answer someone gave offline. */
export const hostRsvpInput = z.object({ id, userId, status: answer, guests, note });

export const attendanceInput = z.object({
  id,
  entries: z
    .array(z.object({ userId, attended: z.boolean({ message: 'validation.events.attended' }) }), { message: 'validation.events.entries' })
    .min(1, 'validation.events.entries')
    .max(1000, 'validation.events.entries'),
});

// Any text: a token of the wrong shape is simply one that does not exist (404, like a revoked one).
export const calendarFeedInput = z.object({ token: z.string({ message: 'validation.events.token' }).max(200, 'validation.events.token') });
export const communityFeedInput = z.object({ communityId });
/** A public community's public events, upcoming, for anyone (its public page). */
export const publicEventsInput = z.object({ communityId, cursor, limit: z.coerce.number({ message: 'validation.limitNumber' }).int('validation.limitNumber').min(1, 'validation.limitMin').max(20, 'validation.limitMax').default(5) });
