import { describe, expect, it } from 'vitest';
import { runEventsJob } from '../../src/server/jobs/events';
import { DAY, eventWorld, HOUR, newEvent, plain } from '../setup/events';
import { catchMail, type TestApp } from '../setup/app';

/*
 * The events job: 24 hours before the start, everyone going (and only them) is reminded in-app
 * and by email, once, however often the job runs; moving the event re-arms its reminder, and a
 * cancelled event reminds nobody.
 */

/** The job's own deps, and the mail it queued, caught when flushed (the server's sender mails it after the job's commit). */
function deps(t: TestApp) {
  const mail = catchMail(t);
  const d = { db: t.db, now: t.clock.now };
  return { sent: mail.sent, deps: d, run: async () => {
    const r = runEventsJob(d);
    await mail.flush();
    return r;
  } };
}

describe('event reminders', () => {
  it('reminds people going, once, 24 hours before; a moved event is reminded again; a cancelled one never', async () => {
    const w = await eventWorld();
    const { t, agents, users, community } = w;
    const { sent, run } = deps(t);
    // Starts in two days at 04:00 in Chicago (10:00 UTC).
    const id = (await agents.host.mutate('events.create', newEvent(t, community.id, { title: 'Harvest festival' }))).data.id;
    const other = (await agents.host.mutate('events.create', newEvent(t, community.id, { title: 'Rained out' }))).data.id;
    await agents.amara.mutate('events.rsvp', { id, status: 'going' });
    await agents.bih.mutate('events.rsvp', { id, status: 'going' });
    await agents.treasurer.mutate('events.rsvp', { id, status: 'maybe' });
    await agents.amara.mutate('events.rsvp', { id: other, status: 'going' });
    await agents.host.mutate('events.cancel', { id: other, reason: 'Rain' });

    expect(await run()).toEqual({ reminders: 0 });
    t.clock.advance(DAY - 1000);
    expect(await run()).toEqual({ reminders: 0 });
    t.clock.advance(2000);
    expect(await run()).toEqual({ reminders: 2 });
    expect(await run()).toEqual({ reminders: 0 });

    const reminder = w.notes(users.amara.id).find((n) => n.title === 'notifications.eventReminder.title');
    expect(reminder).toMatchObject({ title: 'notifications.eventReminder.title', params: { title: 'Harvest festival' }, link: `/events/${id}` });
    expect(plain(reminder!.params.when)).toBe('Wednesday, March 4, 2026 at 4:00 AM CST');
    expect(plain(w.notes(users.bih.id).find((n) => n.title === 'notifications.eventReminder.title')!.params.when)).toBe('mercredi 4 mars 2026 à 04:00 UTC−6');
    expect(w.notes(users.treasurer.id).some((n) => n.title === 'notifications.eventReminder.title')).toBe(false);
    expect(sent.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [users.amara.email, 'Event tomorrow'],
        [users.bih.email, 'Événement demain'],
      ].sort(),
    );
    expect(plain(sent.find((m) => m.to === users.amara.email)!.text)).toContain('Harvest festival starts on Wednesday, March 4, 2026 at 4:00 AM CST.');

    // Moved a week later: reminded again 24 hours before the new start.
    const event = (await agents.amara.query('events.get', { id })).data;
    await agents.host.mutate('events.update', { id, startsAt: event.startsAt + 7 * DAY });
    expect(await run()).toEqual({ reminders: 0 });
    t.clock.advance(7 * DAY);
    expect(await run()).toEqual({ reminders: 2 });
    expect(await run()).toEqual({ reminders: 0 });
    expect(sent).toHaveLength(4);
  });

  it('runs once per event even when two runners race', async () => {
    const { t, agents, community } = await eventWorld();
    const { run, sent } = deps(t);
    const id = (await agents.host.mutate('events.create', newEvent(t, community.id, { startsAt: t.clock.now() + 12 * HOUR, endsAt: t.clock.now() + 13 * HOUR }))).data.id;
    await agents.amara.mutate('events.rsvp', { id, status: 'going' });
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.reminders + b.reminders).toBe(1);
    expect(sent).toHaveLength(1);
  });
});
