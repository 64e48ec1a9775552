import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { events } from '../../../db/schema';
import { EVENT_REMINDER_BEFORE_MS } from '@shared/events/rules';
import type { AppDeps } from '../context';
import { noticeTo } from '../services/events/notices';

/*
 * The events job, run by the scheduler: 24 hours before an event starts, everyone going is
 * reminded, in-app and by email, once. The reminder is claimed by a conditional update of the
 * event's flag in the transaction that writes the notices (and queues their mail), so a second
 * runner (or a rerun after a restart) finds it taken; moving the event re-arms it.
 */

export function runEventsJob(deps: Pick<AppDeps, 'db' | 'now'>, now = deps.now()): { reminders: number } {
  const due = deps.db
    .select()
    .from(events)
    .where(and(eq(events.status, 'scheduled'), eq(events.reminderSent, false), gt(events.startsAt, now), lte(events.startsAt, now + EVENT_REMINDER_BEFORE_MS)))
    .all();
  let reminders = 0;
  for (const event of due) {
    reminders += deps.db.transaction((tx) => {
      const claimed = tx
        .update(events)
        .set({ reminderSent: true })
        .where(and(eq(events.id, event.id), eq(events.reminderSent, false), eq(events.status, 'scheduled')))
        .run().changes;
      if (!claimed) return 0;
      // People going who are still members of the community.
      const going = tx.all<{ userId: string }>(sql`SELECT r.user_id AS userId FROM event_rsvps r
        WHERE r.event_id = ${event.id} AND r.status = 'going'
          AND EXISTS (SELECT 1 FROM memberships m WHERE m.community_id = ${event.communityId} AND m.user_id = r.user_id)`);
      return noticeTo(tx, going.map((g) => g.userId), { key: 'eventReminder', event, now }).length;
    });
  }
  return { reminders };
}
