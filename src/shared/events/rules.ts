/*
 * The rules of community events, shared by the database schema, the input schemas, the server
 * and (later) the screens.
 */

/** 'members': seen by the community's members only; 'public': also in the community's public calendar feed. */
export const EVENT_VISIBILITIES = ['members', 'public'] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];

export const EVENT_STATUSES = ['scheduled', 'cancelled'] as const;

/** 'meeting': an event with a meetings row beside it (agenda, attendance, minutes, votes). */
export const EVENT_KINDS = ['event', 'meeting'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** What a member answers; 'waitlisted' is never chosen, it is what "going" becomes when the event is full. */
export const RSVP_ANSWERS = ['going', 'maybe', 'not_going'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];
export const RSVP_STATUSES = [...RSVP_ANSWERS, 'waitlisted'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** How a series repeats: every week, every two weeks, monthly on the same date, monthly on the same weekday (e.g. the first Saturday). */
export const REPEAT_FREQUENCIES = ['weekly', 'biweekly', 'monthly_date', 'monthly_weekday'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** A series is materialised as one row per occurrence, so it is bounded: two years of weekly meetings. */
export const MAX_OCCURRENCES = 104;
export const MAX_GUESTS = 10;
export const MAX_CAPACITY = 100_000;
/** Longer than any gathering we expect (a weekend retreat, a festival week); bounds the list windows too. */
export const MAX_EVENT_DURATION_MS = 7 * 86_400_000;
/** The same safe Markdown subset and limit as announcements (src/shared/markdown.ts renders both). */
export const EVENT_DESCRIPTION_MAX = 20_000;
export const EVENT_TITLE_MAX = 200;
export const EVENT_PLACE_MAX = 300;
export const RSVP_NOTE_MAX = 300;
/** People going are reminded this long before the start. */
export const EVENT_REMINDER_BEFORE_MS = 24 * 3_600_000;
