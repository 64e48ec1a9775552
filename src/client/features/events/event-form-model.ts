import { z } from 'zod';
import { EVENT_DESCRIPTION_MAX, EVENT_PLACE_MAX, MAX_CAPACITY, MAX_EVENT_DURATION_MS, MAX_OCCURRENCES, type RepeatFrequency } from '@shared/events/rules';
import { instantOfLocal, isValidLocalTime, localOf } from '@shared/events/time';
import { addDays, isValidDate, isValidTimeZone } from '@shared/njangi/schedule';
import { createEventInput } from '@shared/schemas/events';
import { weekdayName, weekdayOrdinal, type Ordinal } from './calendar-model';

/*
 * The event form's rules, apart from React so they can be tested: an event is chosen as a local
 * date and wall-clock times in its own zone ("19:00 in Chicago"), which become instants only when
 * the form is sent (instantOfLocal), and a series is labelled by what the server's recurrence
 * (src/server/services/events/recurrence.ts) really does with the first date.
 */

export type RepeatChoice = 'none' | RepeatFrequency;
export const REPEAT_CHOICES = ['none', 'weekly', 'biweekly', 'monthly_date', 'monthly_weekday'] as const satisfies readonly RepeatChoice[];
/** What a repeat choice means for a first date: the weekday, the day of month, which weekday of the month. */
export function repeatMeaning(date: string, locale: string): { weekday: string; day: number; late: boolean; ordinal: Ordinal } {
  const day = Number(date.slice(8, 10));
  return { weekday: weekdayName(date, locale), day, late: day > 28, ordinal: weekdayOrdinal(date) };
}

/** Local date and time → the event's instants; null while a part is missing or not a date/time. */
export function toInstants(v: { date: string; startTime: string; endDate?: string; endTime: string; timeZone: string }): { startsAt: number; endsAt: number } | null {
  const endDate = v.endDate || v.date;
  if (!isValidDate(v.date) || !isValidDate(endDate) || !isValidLocalTime(v.startTime) || !isValidLocalTime(v.endTime) || !isValidTimeZone(v.timeZone)) return null;
  return { startsAt: instantOfLocal(v.date, v.startTime, v.timeZone), endsAt: instantOfLocal(endDate, v.endTime, v.timeZone) };
}

/** The form's fields for an existing event: its local date and times in its own zone. */
export function localFields(e: { startsAt: number; endsAt: number; timeZone: string }) {
  const start = localOf(e.startsAt, e.timeZone);
  const end = localOf(e.endsAt, e.timeZone);
  return { date: start.date, startTime: start.time, multiDay: end.date !== start.date, endDate: end.date, endTime: end.time };
}

/** Today's date and the next whole hour in a zone: a new event's defaults (19:00 is a guess people change anyway). */
export function defaultSchedule(now: number, timeZone: string): { date: string; startTime: string; endTime: string } {
  const local = localOf(now, timeZone);
  const hour = Number(local.time.slice(0, 2));
  // Late in the day: tomorrow evening rather than a start that passes before the form is sent.
  if (hour >= 18) return { date: addDays(local.date, 1), startTime: '19:00', endTime: '21:00' };
  return { date: local.date, startTime: '19:00', endTime: '21:00' };
}

/** A time 'HH:MM' moved by whole minutes, kept within the day (for the end time that follows a new start). */
export function shiftTime(time: string, minutes: number): string {
  if (!isValidLocalTime(time)) return time;
  const total = Math.min(23 * 60 + 59, Math.max(0, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

const shape = createEventInput.shape;
const text = (max: number, message: 'validation.events.placeLong' | 'validation.events.descriptionLong') => z.string().trim().max(max, message);

/** The fields both forms share (schedule, place, people), as typed. */
const common = {
  title: shape.title,
  description: text(EVENT_DESCRIPTION_MAX, 'validation.events.descriptionLong'),
  date: z.string().refine(isValidDate, 'events.form.dateInvalid'),
  startTime: z.string().refine(isValidLocalTime, 'events.form.timeInvalid'),
  multiDay: z.boolean(),
  endDate: z.string(),
  endTime: z.string().refine(isValidLocalTime, 'events.form.timeInvalid'),
  timeZone: shape.timeZone,
  place: text(EVENT_PLACE_MAX, 'validation.events.placeLong'),
  onlineUrl: z
    .string()
    .trim()
    .refine((v) => shape.onlineUrl.safeParse(v).success, 'validation.events.onlineUrl'),
  coverUrl: z.string().nullable(),
  capacity: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_CAPACITY), 'validation.events.capacity'),
  visibility: z.enum(['members', 'public'], { message: 'validation.events.visibility' }),
  guestListHidden: z.boolean(),
};

type Common = { [K in keyof typeof common]: z.output<(typeof common)[K]> };

/** Checks the schedule as a whole: a real end after the start, at most 7 days, a start ahead (when it is new). */
function checkTimes(v: Common, ctx: z.RefinementCtx, p: { now: number; startMayBePast?: (startsAt: number) => boolean }) {
  if (v.multiDay && !isValidDate(v.endDate)) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'events.form.dateInvalid' });
    return;
  }
  const when = toInstants({ ...v, endDate: v.multiDay ? v.endDate : v.date });
  if (!when) return;
  if (when.startsAt < p.now && !p.startMayBePast?.(when.startsAt)) ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'errors.events.startInPast' });
  if (when.endsAt <= when.startsAt)
    ctx.addIssue({ code: 'custom', path: [v.multiDay ? 'endDate' : 'endTime'], message: v.multiDay ? 'validation.events.endBeforeStart' : 'events.form.endBeforeStartSameDay' });
  else if (when.endsAt - when.startsAt > MAX_EVENT_DURATION_MS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.events.tooLong' });
}

/** The fields as the procedures take them. */
function payloadOf(v: Common) {
  const when = toInstants({ ...v, endDate: v.multiDay ? v.endDate : v.date })!;
  return {
    title: v.title,
    description: v.description,
    ...when,
    timeZone: v.timeZone,
    place: v.place || null,
    onlineUrl: v.onlineUrl || null,
    coverUrl: v.coverUrl || null,
    capacity: v.capacity === '' ? null : Number(v.capacity),
    visibility: v.visibility,
    guestListHidden: v.guestListHidden,
  };
}
export type EventFields = ReturnType<typeof payloadOf>;

const repeatFields = {
  repeat: z.enum(REPEAT_CHOICES),
  ends: z.enum(['until', 'count']),
  until: z.string(),
  count: z.string().trim(),
};

/** The Schedule Event form: what it holds, checked as the procedure would, turned into events.create's input (less the community). */
export const createEventForm = (now: number) =>
  z
    .object({ ...common, ...repeatFields })
    .superRefine((v, ctx) => {
      checkTimes(v, ctx, { now });
      if (v.repeat === 'none') return;
      if (v.ends === 'until') {
        if (!isValidDate(v.until)) ctx.addIssue({ code: 'custom', path: ['until'], message: 'validation.events.until' });
        else if (isValidDate(v.date) && v.until < v.date) ctx.addIssue({ code: 'custom', path: ['until'], message: 'validation.events.untilBeforeStart' });
      } else if (!/^\d+$/.test(v.count) || Number(v.count) < 2 || Number(v.count) > MAX_OCCURRENCES) {
        ctx.addIssue({ code: 'custom', path: ['count'], message: 'validation.events.count' });
      }
    })
    .transform((v) => ({
      ...payloadOf(v),
      repeat: v.repeat === 'none' ? null : { frequency: v.repeat, until: v.ends === 'until' ? v.until : null, count: v.ends === 'count' ? Number(v.count) : null },
    }));
export type CreateEventValues = z.input<ReturnType<typeof createEventForm>>;

/** The Edit Event form: the same fields less community and repetition. A start already past may stay as it is. */
export const editEventForm = (now: number, original: { startsAt: number }) =>
  z
    .object(common)
    .superRefine((v, ctx) => checkTimes(v, ctx, { now, startMayBePast: (startsAt) => startsAt === original.startsAt }))
    .transform(payloadOf);
export type EditEventValues = z.input<ReturnType<typeof editEventForm>>;

type Editable = Pick<EventFields, 'title' | 'description' | 'startsAt' | 'endsAt' | 'timeZone' | 'place' | 'onlineUrl' | 'coverUrl' | 'capacity' | 'visibility' | 'guestListHidden'>;

/**
 * Only what changed, for events.update. A new time, end or zone sends all three (a series moves
 * each later date by the same local shift, which needs the whole new schedule).
 */
export function changedFields(original: Editable, next: Editable): Partial<Editable> {
  const out: Partial<Editable> = {};
  for (const k of ['title', 'description', 'place', 'onlineUrl', 'coverUrl', 'capacity', 'visibility', 'guestListHidden'] as const) {
    if ((next[k] ?? null) !== (original[k] ?? null)) (out as Record<string, unknown>)[k] = next[k];
  }
  if (next.startsAt !== original.startsAt || next.endsAt !== original.endsAt || next.timeZone !== original.timeZone) {
    Object.assign(out, { startsAt: next.startsAt, endsAt: next.endsAt, timeZone: next.timeZone });
  }
  return out;
}

/** Which form field shows an error the server put on an input path. */
export function fieldOfServerPath(path: readonly (string | number)[], repeatEnds: 'until' | 'count' = 'until'): string {
  const [head, sub] = path;
  if (head === 'startsAt') return 'startTime';
  if (head === 'endsAt') return 'endTime';
  if (head === 'repeat') return sub === 'count' ? 'count' : sub === 'until' ? (repeatEnds === 'count' ? 'count' : 'until') : 'repeat';
  return String(head ?? '');
}
