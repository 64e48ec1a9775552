import { markdownToPlainText } from '@shared/markdown';

/*
 * "Add to calendar" addresses. One event: Google Calendar's and Outlook's "new event" pages,
 * filled in (times in UTC, the description as plain text, shortened: these are URLs). The
 * private feed: the webcal: address calendar apps subscribe to (Apple Calendar opens it at once),
 * and Google's and Outlook's "subscribe from a URL" pages.
 */

export type CalendarEvent = { title: string; startsAt: number; endsAt: number; description: string; place: string | null; onlineUrl: string | null };

/** Long enough for a useful description, short enough for every browser's address bar. */
const DETAILS_MAX = 1000;

/** 20260307T230000Z: iCalendar's UTC form, which Google takes. */
export const utcStamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

function details(e: CalendarEvent): string {
  const text = [markdownToPlainText(e.description), e.onlineUrl ?? ''].filter(Boolean).join('\n\n');
  return text.length > DETAILS_MAX ? `${text.slice(0, DETAILS_MAX - 1)}…` : text;
}

const where = (e: CalendarEvent) => e.place ?? e.onlineUrl ?? '';

export function googleEventLink(e: CalendarEvent): string {
  const q = new URLSearchParams({ action: 'TEMPLATE', text: e.title, dates: `${utcStamp(e.startsAt)}/${utcStamp(e.endsAt)}`, details: details(e), location: where(e) });
  return `https://calendar.google.com/calendar/render?${q}`;
}

export function outlookEventLink(e: CalendarEvent): string {
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const q = new URLSearchParams({ path: '/calendar/action/compose', rru: 'addevent', subject: e.title, startdt: iso(e.startsAt), enddt: iso(e.endsAt), body: details(e), location: where(e) });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${q}`;
}

/** The same feed for calendar apps: webcal:// is https:// (or http://) that asks to subscribe. */
export const webcalOf = (feedUrl: string) => feedUrl.replace(/^https?:\/\//i, 'webcal://');

export const googleSubscribeLink = (feedUrl: string) => `https://calendar.google.com/calendar/render?${new URLSearchParams({ cid: webcalOf(feedUrl) })}`;

export const outlookSubscribeLink = (feedUrl: string, name: string) => `https://outlook.live.com/calendar/0/addfromweb?${new URLSearchParams({ url: feedUrl, name })}`;
