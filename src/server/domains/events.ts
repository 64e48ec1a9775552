import { eq, sql } from 'drizzle-orm';
import { calendarTokens } from '../../../db/schema';
import { runEventsJob } from '../jobs/events';
import { events } from '../operations/events';
import { eventRoutes } from '../rest/events';
import { eventAnswerNeeds } from '../services/events/needs';
import { defineDomain } from './domain';

const KEPT = { kept: 'the community’s calendar and counts (shown as a former member)' } as const;

/** Events and series, answers and waiting lists, attendance, calendar feeds, reminders. */
export const eventsDomain = defineDomain({
  name: 'events',
  operations: { events },
  rest: eventRoutes,
  jobs: { events: runEventsJob },
  noticeKinds: Object.fromEntries(
    ['eventNew', 'eventSeriesNew', 'eventCancelled', 'eventSeriesCancelled', 'eventChanged', 'eventSeriesChanged', 'eventPromoted', 'eventReminder'].map((k) => [`notifications.${k}`, 'events' as const]),
  ),
  needs: [eventAnswerNeeds],
  exportData: (db, user) => ({
    eventAnswers: db
      .all<{ eventId: number; event: string; community: string; status: string; guests: number; note: string | null; answeredAt: number }>(
        sql`SELECT e.id AS eventId, e.title AS event, c.name AS community, r.status, r.guests, r.note, r.updated_at AS answeredAt
          FROM event_rsvps r JOIN events e ON e.id = r.event_id JOIN communities c ON c.id = e.community_id WHERE r.user_id = ${user.id} ORDER BY r.id`,
      )
      .map((r) => ({ ...r, answeredAt: new Date(r.answeredAt).toISOString() })),
  }),
  // The private calendar address would still answer (with nothing in it): it goes with the account.
  erase: (tx, { user }) => {
    tx.delete(calendarTokens).where(eq(calendarTokens.userId, user.id)).run();
  },
  personalData: {
    events: { export: { not: 'the community’s events' }, erase: KEPT },
    event_series: { export: { not: 'the community’s events' }, erase: KEPT },
    event_rsvps: { export: { key: 'eventAnswers' }, erase: KEPT },
    event_attendance: { export: { not: 'the hosts’ record of who came' }, erase: KEPT },
    calendar_tokens: { export: { not: 'a secret address' }, erase: 'deleted' },
  },
});
