import { inArray } from 'drizzle-orm';
import { users } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { notify } from '../notify';

/*
 * What an event change tells people: in the app and by email (a cancellation, a new time or
 * place, a place that opened up, the reminder), written inside the change's transaction through
 * notify(), so a notice exists exactly when the change does; the email leaves after the commit.
 */

export type EventNoticeKey = 'eventCancelled' | 'eventSeriesCancelled' | 'eventChanged' | 'eventSeriesChanged' | 'eventPromoted' | 'eventReminder';
export type EventNotice = { userId: string; key: EventNoticeKey; params: Record<string, string | number>; link: string };

const whenFormats = new Map<string, Intl.DateTimeFormat>();
/** "Tuesday, March 10, 2026 at 7:00 PM CDT": the event's own zone, named, for members living elsewhere. */
export function whenText(startsAt: number, timeZone: string, language: Language): string {
  const key = `${language} ${timeZone}`;
  let f = whenFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[language], { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    whenFormats.set(key, f);
  }
  return f.format(startsAt);
}

export const eventLink = (eventId: number) => `/events/${eventId}`;

/** One notice per person, in their own language, in the app and by email. `params` gets the event's start as each reader reads dates. */
export function noticeTo(
  tx: DbLike,
  userIds: readonly string[],
  p: { key: EventNoticeKey; event: { id: number; title: string; startsAt: number; timeZone: string }; params?: Record<string, string>; type?: 'info' | 'warning'; now: number },
): EventNotice[] {
  if (!userIds.length) return [];
  const readers = tx.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, [...new Set(userIds)])).all();
  const link = eventLink(p.event.id);
  const paramsIn = (language: Language) => ({ title: p.event.title, when: whenText(p.event.startsAt, p.event.timeZone, language), ...p.params });
  // About a date that is near and that they answered for: it cannot wait for a digest.
  notify(tx, { to: readers.map((r) => r.id), key: p.key, type: p.type ?? 'info', params: paramsIn, link, urgent: true, now: p.now });
  return readers.map((r) => ({ userId: r.id, key: p.key, params: paramsIn(r.language), link }));
}

