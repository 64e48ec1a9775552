import type { AppDeps } from '../context';
import { DIGEST_HOUR } from '@shared/notices';
import { offsetAt } from '@shared/events/time';
import { queueMail } from '../mail/outbox';
import { digestContent, isEmpty } from '../services/digest';

/*
 * The digest, run by the scheduler: at 7:00 in each member's time zone (their own, else their first
 * community's, else UTC), once a day (or on Mondays for a weekly digest), what waits on them and what happened
 * (services/digest.ts). The member's day is claimed by a conditional update of
 * notice_settings.digest_done_on in the transaction that queues the mail (whose "sent once" key is
 * digest:<member>:<local date>), so two servers sharing the database, or a rerun after a restart
 * or a crash between members, give each member exactly one digest that day: a member whose day is
 * claimed has their mail queued, and one whose day is not was not touched. Past 7:00 a member not
 * yet served that day is served at the next run (a server that was down at 7:00 sends late, never
 * twice). A day with nothing to say is claimed without mail.
 */

const DAY = 86_400_000;

/** The member's local date, hour and weekday (0 Sunday) at `now` in `timeZone`, across daylight-saving changes. */
export function localDay(now: number, timeZone: string): { date: string; hour: number; weekday: number } {
  const wall = new Date(now + offsetAt(now, timeZone));
  return { date: wall.toISOString().slice(0, 10), hour: wall.getUTCHours(), weekday: wall.getUTCDay() };
}

type Candidate = { id: string; digest: 'daily' | 'weekly'; timeZone: string; doneOn: string | null };

// A member who set no zone of their own has the zone of the community they joined first, else UTC.
const CANDIDATES = `SELECT u.id, coalesce(s.digest, 'daily') AS digest, s.digest_done_on AS doneOn,
    coalesce(s.time_zone, (SELECT c.time_zone FROM memberships m JOIN communities c ON c.id = m.community_id WHERE m.user_id = u.id ORDER BY m.joined_at, m.community_id LIMIT 1), 'UTC') AS timeZone
  FROM users u LEFT JOIN notice_settings s ON s.user_id = u.id
  WHERE u.deleted_at IS NULL AND coalesce(s.digest, 'daily') <> 'off' AND (s.digest_done_on IS NULL OR s.digest_done_on < ?)`;
const CLAIM = `INSERT INTO notice_settings (user_id, digest_done_on, updated_at) VALUES (@user, @date, @now)
  ON CONFLICT (user_id) DO UPDATE SET digest_done_on = excluded.digest_done_on WHERE digest_done_on IS NULL OR digest_done_on < excluded.digest_done_on`;

export function runDigestJob(
  deps: Pick<AppDeps, 'db' | 'now'>,
  now = deps.now(),
  /** Runs after each member's day is settled (tests stop the run there, as a crash would). */
  opts: { afterMember?: (userId: string) => void } = {},
): { digests: number; quiet: number } {
  const db = deps.db;
  // No zone is more than a day ahead of UTC: members whose day is done up to tomorrow's UTC date need nothing.
  const latest = new Date(now + DAY).toISOString().slice(0, 10);
  const candidates = db.$client.prepare(CANDIDATES).all(latest) as Candidate[];
  const claim = db.$client.prepare(CLAIM);
  const days = new Map<string, ReturnType<typeof localDay>>();
  let digests = 0;
  let quiet = 0;
  for (const c of candidates) {
    let day = days.get(c.timeZone);
    if (!day) days.set(c.timeZone, (day = localDay(now, c.timeZone)));
    if (day.hour < DIGEST_HOUR || (c.doneOn !== null && c.doneOn >= day.date)) continue;
    // A weekly digest comes on Mondays; the other days are not claimed, so a change to daily takes effect the next morning.
    if (c.digest === 'weekly' && day.weekday !== 1) continue;
    const date = day.date;
    const content = digestContent(db, { userId: c.id, since: now - (c.digest === 'weekly' ? 7 : 1) * DAY, now, weekly: c.digest === 'weekly' });
    const sent = db.transaction((tx) => {
      if (claim.run({ user: c.id, date, now }).changes === 0) return null;
      if (isEmpty(content)) return false;
      return queueMail(tx, { template: 'digest', to: { userId: c.id }, payload: { content, date, weekly: c.digest === 'weekly' }, once: `digest:${c.id}:${date}`, now });
    });
    if (sent === true) digests += 1;
    else if (sent === false) quiet += 1;
    opts.afterMember?.(c.id);
  }
  return { digests, quiet };
}
