import { inArray } from 'drizzle-orm';
import { users } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { notifyUser } from '../notifications';

/*
 * What an event change tells people. The in-app notification is written inside the change's
 * transaction (so it exists exactly when the change does); the same notice is returned so the
 * operation can email it after the commit (jobs/events.ts, mailEventNotices).
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

/**
 * One notice per person, in their own language, written in-app now. `params` gets the event's
 * start as each reader reads dates.
 */
export function noticeTo(
  tx: DbLike,
  userIds: readonly string[],
  p: { key: EventNoticeKey; event: { id: number; title: string; startsAt: number; timeZone: string }; params?: Record<string, string>; type?: 'info' | 'warning'; now: number },
): EventNotice[] {
  if (!userIds.length) return [];
  const readers = tx.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, [...new Set(userIds)])).all();
  return readers.map((r) => {
    const params = { title: p.event.title, when: whenText(p.event.startsAt, p.event.timeZone, r.language), ...p.params };
    const link = eventLink(p.event.id);
    notifyUser(tx, { userId: r.id, type: p.type ?? 'info', title: `notifications.${p.key}.title`, message: `notifications.${p.key}.message`, params, link, now: p.now });
    return { userId: r.id, key: p.key, params, link };
  });
}

