import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { events, users } from '../../../db/schema';
import { EVENT_REMINDER_BEFORE_MS } from '@shared/events/rules';
import type { AppDeps } from '../context';
import { translate } from '../i18n';
import { mailCtx, sendMail } from '../mail/send';
import { noticeMail } from '../mail/templates';
import { eventLink, whenText, type EventNotice } from '../services/events/notices';
import { sendNotice, type Recipient } from '../mail/notice';

/*
 * The events job, run by the scheduler: 24 hours before an event starts, everyone going is
 * reminded, in-app and by email, once. The reminder is claimed by a conditional update of the
 * event's flag before anything is sent, so a second runner (or a rerun after a restart) finds it
 * taken; moving the event re-arms it.
 */

const recipients = (deps: AppDeps, ids: string[]): Recipient[] =>
  ids.length ? deps.db.select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language }).from(users).where(inArray(users.id, ids)).all() : [];

export async function runEventsJob(deps: AppDeps, now = deps.now()): Promise<{ reminders: number }> {
  const due = deps.db
    .select()
    .from(events)
    .where(and(eq(events.status, 'scheduled'), eq(events.reminderSent, false), gt(events.startsAt, now), lte(events.startsAt, now + EVENT_REMINDER_BEFORE_MS)))
    .all();
  let reminders = 0;
  for (const event of due) {
    const claimed = deps.db
      .update(events)
      .set({ reminderSent: true })
      .where(and(eq(events.id, event.id), eq(events.reminderSent, false), eq(events.status, 'scheduled')))
      .run().changes;
    if (!claimed) continue;
    // People going who are still members of the community.
    const going = deps.db.all<{ userId: string }>(sql`SELECT r.user_id AS userId FROM event_rsvps r
      WHERE r.event_id = ${event.id} AND r.status = 'going'
        AND EXISTS (SELECT 1 FROM memberships m WHERE m.community_id = ${event.communityId} AND m.user_id = r.user_id)`);
    for (const to of recipients(deps, going.map((g) => g.userId))) {
      await sendNotice(deps, to, { key: 'eventReminder', type: 'info', params: { title: event.title, when: whenText(event.startsAt, event.timeZone, to.language) }, link: eventLink(event.id), now });
      reminders += 1;
    }
  }
  return { reminders };
}

/**
 * The email side of notices a change already wrote in-app (cancellations, places that opened up),
 * sent after the change committed. Mail failures are logged by sendMail, never undo the change.
 */
export async function mailEventNotices(deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'log'>, notices: readonly EventNotice[]) {
  if (!notices.length) return;
  const byId = new Map(recipients(deps as AppDeps, [...new Set(notices.map((n) => n.userId))]).map((r) => [r.id, r]));
  for (const n of notices) {
    const to = byId.get(n.userId);
    if (!to) continue;
    const subject = translate(to.language, `notifications.${n.key}.title`);
    await sendMail(deps, noticeMail(mailCtx(deps), to, { subject, body: translate(to.language, `notifications.${n.key}.message`, n.params), link: n.link }));
  }
}
