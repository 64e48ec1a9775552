import { currentLocale as locale } from '../../i18n';

/** Since when an item waits, in words: "2 days ago", "il y a 3 heures", "yesterday". */
export function sinceText(iso: string, now = Date.now()): string {
  const s = (Date.parse(iso) - now) / 1000;
  const f = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' });
  const abs = Math.abs(s);
  if (abs < 60) return f.format(Math.round(s), 'second');
  if (abs < 3600) return f.format(Math.round(s / 60), 'minute');
  if (abs < 86_400) return f.format(Math.round(s / 3600), 'hour');
  return f.format(Math.round(s / 86_400), 'day');
}

/** A deadline as the reader reads it, in the thing's own zone when it has one: "Friday, March 6 at 7:00 PM CST". */
export function dueText(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale(), { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone, timeZoneName: 'short' } : {}) }).format(Date.parse(iso));
}
