import { describe, expect, it } from 'vitest';
import { eventRsvps } from '../../db/schema';
import { startSmtp } from '../setup/smtp';
import { transportsFor, REST } from '../setup/transport';
import { DAY, E, eventWorld, HOUR, mailText, newEvent, pageOf, plain } from '../setup/events';
import { expectError } from '../setup/errors';

/*
 * Places: going people plus their guests fill the capacity; "going" beyond it waits in line, and
 * whoever waits is promoted (and told) the moment places free up. Two requests for the last
 * place at the same time: exactly one gets it.
 */

for (const T of transportsFor(REST)) {
  describe(`${T.name}: capacity and the waiting list`, () => {
    it('two concurrent requests for the last place: one going, one waitlisted; a leaver lets the first in line in', async () => {
      const w = await eventWorld();
      const { t, agents, users, community } = w;
      const id = (await T.call(agents.host, E.create, newEvent(t, community.id, { capacity: 3 }))).data.id;
      // Amara and her guest take two of the three places.
      expect((await T.call(agents.amara, E.rsvp, { id, status: 'going', guests: 1 })).data.rsvp).toMatchObject({ status: 'going', placesLeft: 1 });

      const [bih, treasurer] = await Promise.all([T.call(agents.bih, E.rsvp, { id, status: 'going' }), T.call(agents.treasurer, E.rsvp, { id, status: 'going' })]);
      expect([bih.status, treasurer.status]).toEqual([200, 200]);
      const outcomes = [bih.data.rsvp.status, treasurer.data.rsvp.status].sort();
      expect(outcomes).toEqual(['going', 'waitlisted']);
      const waiting = bih.data.rsvp.status === 'waitlisted' ? { agent: agents.bih, user: users.bih } : { agent: agents.treasurer, user: users.treasurer };
      expect([bih, treasurer].find((r) => r.data.rsvp.status === 'waitlisted')!.data.rsvp).toMatchObject({ waitlistPosition: 1, placesLeft: 0 });
      const stored = t.db.select().from(eventRsvps).all();
      expect(stored.filter((r) => r.status === 'going').reduce((n, r) => n + 1 + r.guests, 0)).toBe(3);

      // The admin joins the line behind.
      expect((await T.call(agents.admin, E.rsvp, { id, status: 'going' })).data.rsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
      // Re-answering while waiting keeps one's place.
      expect((await T.call(waiting.agent, E.rsvp, { id, status: 'going', note: 'Still hoping' })).data.rsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });

      // Amara leaves: her two places go to the first in line, then the next one who fits.
      const left = await T.call(agents.amara, E.rsvp, { id, status: 'not_going' });
      expect(left.data.rsvp).toMatchObject({ status: 'not_going', placesLeft: 0 });
      expect((await T.call(waiting.agent, E.get, { id })).data.myRsvp).toMatchObject({ status: 'going', note: 'Still hoping' });
      expect((await T.call(agents.admin, E.get, { id })).data.myRsvp).toMatchObject({ status: 'going' });
      for (const u of [waiting.user, users.admin]) {
        expect(w.notes(u.id).find((n) => n.title === 'notifications.eventPromoted.title')).toMatchObject({ params: { title: 'Monthly meeting' }, link: `/events/${id}` });
      }
      expect((await T.call(agents.host, E.get, { id })).data.counts).toMatchObject({ going: 3, waitlisted: 0, placesTaken: 3, placesLeft: 0 });
    });

    it('first in line that fits: a bigger party waits while a smaller one behind it gets the freed place', async () => {
      const { t, agents, community } = await eventWorld();
      const id = (await T.call(agents.host, E.create, newEvent(t, community.id, { capacity: 4 }))).data.id;
      expect((await T.call(agents.amara, E.rsvp, { id, status: 'going', guests: 3 })).data.rsvp.status).toBe('going');
      // Bih wants three places, the admin one: both wait, Bih first.
      expect((await T.call(agents.bih, E.rsvp, { id, status: 'going', guests: 2 })).data.rsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
      t.clock.advance(1000);
      expect((await T.call(agents.admin, E.rsvp, { id, status: 'going' })).data.rsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
      // Amara brings one guest fewer: one place frees, too few for Bih's party, enough for the admin.
      expect((await T.call(agents.amara, E.rsvp, { id, status: 'going', guests: 2 })).data.rsvp).toMatchObject({ status: 'going', placesLeft: 0 });
      expect((await T.call(agents.admin, E.get, { id })).data.myRsvp.status).toBe('going');
      expect((await T.call(agents.bih, E.get, { id })).data.myRsvp).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });

      // Someone already going cannot bring more guests than fit: refused, and keeps their place.
      const more = await T.call(agents.amara, E.rsvp, { id, status: 'going', guests: 5 });
      expect(more.status).toBe(409);
      expectError(more, 'CONFLICT', 'errors.events.guestsDontFit', { free: 2 });
      expect((await T.call(agents.amara, E.get, { id })).data.myRsvp).toMatchObject({ status: 'going', guests: 2 });

      // The host raises the capacity: Bih's party now fits and is promoted.
      const raised = await T.call(agents.host, E.update, { id, capacity: 7 });
      expect(raised.status, JSON.stringify(raised.raw)).toBe(200);
      expect((await T.call(agents.bih, E.get, { id })).data.myRsvp).toMatchObject({ status: 'going', guests: 2 });
      // No capacity at all: nobody waits.
      expect((await T.call(agents.treasurer, E.rsvp, { id, status: 'going', guests: 10 })).data.rsvp.status).toBe('waitlisted');
      await T.call(agents.host, E.update, { id, capacity: null });
      expect((await T.call(agents.treasurer, E.get, { id })).data.myRsvp).toMatchObject({ status: 'going', placesLeft: null });
    });

    it('one answer for a whole series: each later occurrence counts its own places', async () => {
      const { t, agents, community } = await eventWorld();
      const created = await T.call(agents.host, E.create, newEvent(t, community.id, { capacity: 1, repeat: { frequency: 'weekly', count: 4 } }));
      expect(created.data.occurrences).toBe(4);
      const list = pageOf(T, await T.call(agents.amara, E.list, { communityId: community.id })).items;
      // Bih already took the third occurrence's only place.
      expect((await T.call(agents.bih, E.rsvp, { id: list[2].id, status: 'going' })).data.rsvp.status).toBe('going');
      const series = await T.call(agents.amara, E.rsvp, { id: list[1].id, status: 'going', scope: 'series' });
      expect(series.status, JSON.stringify(series.raw)).toBe(200);
      expect(series.data.series).toEqual({ going: 2, maybe: 0, not_going: 0, waitlisted: 1, skipped: 0 });
      const mine = pageOf(T, await T.call(agents.amara, E.list, { communityId: community.id })).items.map((e) => e.myStatus);
      // The first occurrence is before the one answered: untouched.
      expect(mine).toEqual([null, 'going', 'waitlisted', 'going']);
      // A single answer changes only its occurrence.
      await T.call(agents.amara, E.rsvp, { id: list[3].id, status: 'maybe' });
      expect(pageOf(T, await T.call(agents.amara, E.list, { communityId: community.id })).items.map((e) => e.myStatus)).toEqual([null, 'going', 'waitlisted', 'maybe']);
    });

    it('answers close when the event is over', async () => {
      const { t, agents, community } = await eventWorld();
      const id = (await T.call(agents.host, E.create, newEvent(t, community.id))).data.id;
      t.clock.advance(3 * DAY);
      const r = await T.call(agents.amara, E.rsvp, { id, status: 'going' });
      expect(r.status).toBe(409);
      expectError(r, 'CONFLICT', 'errors.events.ended');
    });

    it('an answer without guests (as the lists send it) keeps the guests of the earlier answer', async () => {
      const { t, agents, community } = await eventWorld();
      const id = (await T.call(agents.host, E.create, newEvent(t, community.id, { capacity: 10 }))).data.id;
      expect((await T.call(agents.amara, E.rsvp, { id, status: 'going', guests: 2, note: 'With my cousins' })).data.rsvp).toMatchObject({ guests: 2, placesLeft: 7 });
      expect((await T.call(agents.amara, E.rsvp, { id, status: 'maybe' })).data.rsvp).toMatchObject({ status: 'maybe', guests: 2, note: 'With my cousins', placesLeft: 10 });
      expect((await T.call(agents.amara, E.rsvp, { id, status: 'going' })).data.rsvp).toMatchObject({ status: 'going', guests: 2, placesLeft: 7 });
      expect((await T.call(agents.amara, E.rsvp, { id, status: 'going', guests: 0 })).data.rsvp).toMatchObject({ guests: 0, placesLeft: 9 });
      // A first answer without guests brings none.
      expect((await T.call(agents.bih, E.rsvp, { id, status: 'going' })).data.rsvp).toMatchObject({ guests: 0, placesLeft: 8 });
    });
  });
}

describe('hosts record answers given offline, and the waiting list is emailed when it moves', () => {
  it('a host adds a member’s answer; a non-member is refused; promotion and cancellation reach the inbox', async () => {
    const smtp = await startSmtp();
    try {
      const w = await eventWorld({ smtpUrl: smtp.url });
      const { t, agents, users, community } = w;
      const id = (await agents.host.mutate('events.create', newEvent(t, community.id, { capacity: 1, endsAt: t.clock.now() + 2 * DAY + 3 * HOUR }))).data.id;
      const added = await agents.host.mutate('events.addRsvp', { id, userId: users.amara.id, status: 'going' });
      expect(added.status, JSON.stringify(added)).toBe(200);
      expect(added.data.rsvp).toMatchObject({ userId: users.amara.id, status: 'going' });
      const list = (await agents.host.query('events.attendees', { id })).data;
      expect(list.attendees[0]).toMatchObject({ status: 'going', addedByHost: true });
      const outsider = await agents.host.mutate('events.addRsvp', { id, userId: users.outsider.id, status: 'going' });
      expect(outsider.status).toBe(400);
      expectError(outsider, 'BAD_REQUEST', 'errors.events.notAMember');
      // A member cannot record answers for others.
      expect((await agents.bih.mutate('events.addRsvp', { id, userId: users.bih.id, status: 'going' })).status).toBe(403);

      expect((await agents.bih.mutate('events.rsvp', { id, status: 'going' })).data.rsvp.status).toBe('waitlisted');
      await agents.host.mutate('events.addRsvp', { id, userId: users.amara.id, status: 'not_going' });
      const promoted = await smtp.lastTo(users.bih.email);
      // Bih reads French.
      expect(plain(mailText(promoted.raw))).toContain('Une place s’est libérée pour Monthly meeting le mercredi 4 mars 2026');
      expect(mailText(promoted.raw)).toContain(`/events/${id}`);

      const cancelled = await agents.host.mutate('events.cancel', { id, reason: 'Storm warning' });
      expect(cancelled.status).toBe(200);
      const mail = await smtp.lastTo(users.amara.email);
      expect(mail.subject).toBe('Event cancelled');
      expect(plain(mailText(mail.raw))).toContain('Monthly meeting on Wednesday, March 4, 2026 at 4:00 AM CST has been cancelled: Storm warning');
    } finally {
      await smtp.close();
    }
  });
});
