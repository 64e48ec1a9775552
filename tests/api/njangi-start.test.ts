import { describe, expect, it } from 'vitest';
import { createCircle } from '../../src/server/services/njangi/circles';
import { decideJoin, joinCircle } from '../../src/server/services/njangi/membership';
import { makeTestApp, type TestApp } from '../setup/app';
import { circleCommunity, circleTable, NJ, rules, type Person } from '../setup/njangi';
import { type Transport, transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Starting a circle: only a filled circle starts, never with its first due date already past in
 * the circle's zone; a fixed order must list each member once per hand; requests still waiting are
 * declined; the round calendar is stored as the end of each due date where the circle meets
 * (month ends clamped, DST days 23 or 25 hours long); and the rules then belong to the circle.
 */

const at = (iso: string) => Date.parse(iso);
const CREATE = { name: 'Weekly Savers', currency: 'XAF', contribution: 5000, payoutMethod: 'fixed' } as const;

/**
 * A recruiting circle created by the organiser a month ago (2026-02-01, when its start date was
 * still ahead) with `hands` hands, filled by the first members (one hand each).
 */
function filled(t: TestApp, c: { community: { id: number }; organiser: Person; members: Person[] }, over: Parameters<typeof rules>[0] = {}) {
  const hands = over.hands ?? c.members.length + 1;
  const id = createCircle(t.db, { communityId: c.community.id, organiserId: c.organiser.user.id, circle: rules({ hands, ...over }), now: at('2026-02-01T12:00:00Z') }).id;
  c.members.slice(0, hands - 1).forEach((m, i) => {
    joinCircle(t.db, { circleId: id, userId: m.user.id, hands: 1, now: t.clock.now() + i + 1 });
    decideJoin(t.db, { circleId: id, organiserId: c.organiser.user.id, userId: m.user.id, approve: true, now: t.clock.now() + i + 1 });
  });
  return id;
}

const statusOf = (t: TestApp, id: number) => t.db.$client.prepare('SELECT status FROM circles WHERE id = ?').pluck().get(id);

for (const T of transportsFor(REST)) {
  describe(`${T.name}: starting a circle`, () => {
    it('a circle with free hands does not start (409), nor does it for a member (403)', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 3 });
      const id = filled(t, { ...c, members: c.members.slice(0, 2) }, { hands: 4 });
      const r = await T.call(c.organiser.a, NJ.start, { id });
      expect(r.status).toBe(409);
      expect(r.error?.code).toBe('CONFLICT');
      expect((await T.call(c.members[0]!.a, NJ.start, { id })).status).toBe(403);
      expect(statusOf(t, id)).toBe('recruiting');
      expect(circleTable(t, 'circle_hands', id)).toEqual([]);
    });

    it('the first due date must not have passed in the circle’s zone when it starts (409), today is fine', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 1 });
      // The test clock reads 2026-03-02T10:00Z: 11:00 on 2 March in Douala.
      const yesterday = filled(t, c, { startDate: '2026-03-01' });
      const past = await T.call(c.organiser.a, NJ.start, { id: yesterday });
      expect(past.status).toBe(409);
      expect(statusOf(t, yesterday)).toBe('recruiting');
      const today = filled(t, c, { startDate: '2026-03-02' });
      expect((await T.call(c.organiser.a, NJ.start, { id: today })).status).toBe(200);
      // 23:30Z on 2 March is already 3 March in Douala, still 2 March in New York.
      t.clock.set(at('2026-03-02T23:30:00Z'));
      const douala = filled(t, c, { startDate: '2026-03-02' });
      expect((await T.call(c.organiser.a, NJ.start, { id: douala })).status).toBe(409);
      const newYork = filled(t, c, { startDate: '2026-03-02', timeZone: 'America/New_York' });
      expect((await T.call(c.organiser.a, NJ.start, { id: newYork })).status).toBe(200);
    });

    it('a fixed order must list each member once per hand (400 orderMismatch on `order`); nothing is written', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 3 });
      const id = createCircle(t.db, { communityId: c.community.id, organiserId: c.organiser.user.id, circle: rules({ hands: 4, maxHandsPerMember: 2 }), now: t.clock.now() }).id;
      const [a, b] = c.members;
      joinCircle(t.db, { circleId: id, userId: a!.user.id, hands: 2, now: t.clock.now() + 1 });
      decideJoin(t.db, { circleId: id, organiserId: c.organiser.user.id, userId: a!.user.id, approve: true, now: t.clock.now() + 1 });
      joinCircle(t.db, { circleId: id, userId: b!.user.id, hands: 1, now: t.clock.now() + 2 });
      decideJoin(t.db, { circleId: id, organiserId: c.organiser.user.id, userId: b!.user.id, approve: true, now: t.clock.now() + 2 });
      const o = c.organiser.user.id;
      const wrong = [
        [o, a!.user.id, b!.user.id], // too short
        [o, a!.user.id, b!.user.id, b!.user.id], // b holds one hand, a two
        [o, a!.user.id, a!.user.id, c.members[2]!.user.id], // someone outside the circle
        [o, a!.user.id, a!.user.id, b!.user.id, o], // too long
      ];
      for (const order of wrong) {
        const r = await T.call(c.organiser.a, NJ.start, { id, order });
        expect(r.status, JSON.stringify(order)).toBe(400);
        expect(r.error?.issues?.map((i) => i.path)).toEqual([['order']]);
        expectError(r, 'BAD_REQUEST', 'errors.njangi.orderMismatch');
      }
      expect(statusOf(t, id)).toBe('recruiting');
      expect(circleTable(t, 'circle_hands', id)).toEqual([]);
      expect(circleTable(t, 'circle_rounds', id)).toEqual([]);

      const order = [b!.user.id, a!.user.id, o, a!.user.id];
      const started = await T.call(c.organiser.a, NJ.start, { id, order });
      expect(started.status, JSON.stringify(started.raw)).toBe(200);
      const detail = (await T.call(c.organiser.a, NJ.get, { id })).data;
      expect(detail.rounds.map((r: any) => r.beneficiary.userId)).toEqual(order);
      // Hands are numbered in joining order, the organiser first; positions follow the order.
      expect(detail.hands.map((h: any) => [h.userId, h.handNo, h.position])).toEqual([
        [o, 1, 3],
        [a!.user.id, 2, 2],
        [a!.user.id, 3, 4],
        [b!.user.id, 4, 1],
      ]);
    });

    it('requests still waiting when the circle starts are declined', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 3 });
      const id = filled(t, { ...c, members: c.members.slice(0, 2) });
      const late = c.members[2]!;
      expect((await T.call(late.a, NJ.join, { id })).data).toEqual({ status: 'pending', hands: 1 });
      expect((await T.call(c.organiser.a, NJ.start, { id })).status).toBe(200);
      const rows = circleTable(t, 'circle_members', id);
      expect(rows.find((m) => m.user_id === late.user.id)).toMatchObject({ status: 'declined', decided_by: c.organiser.user.id });
      expect(rows.filter((m) => m.status === 'approved')).toHaveLength(3);
      // The membership is frozen: joining again is refused.
      expect((await T.call(late.a, NJ.join, { id })).status).toBe(409);
      expect((await late.a.mutate('njangi.leave', { id })).status).toBe(409);
    });
  });

  describe(`${T.name}: the round calendar`, () => {
    /** Creates through the operation, fills with one hand per member and starts; answers the stored rounds. */
    async function calendar(T: Transport, t: TestApp, c: Awaited<ReturnType<typeof circleCommunity>>, input: Record<string, unknown>) {
      const created = await T.call(c.organiser.a, NJ.create, { communityId: c.community.id, ...CREATE, ...input });
      expect(created.status, JSON.stringify(created.raw)).toBe(T.okStatus(NJ.create));
      const id = created.data.id;
      for (const m of c.members.slice(0, (input.hands as number) - 1)) {
        expect((await T.call(m.a, NJ.join, { id })).status).toBe(200);
        expect((await c.organiser.a.mutate('njangi.decideJoin', { id, userId: m.user.id, approve: true })).status).toBe(200);
      }
      const started = await T.call(c.organiser.a, NJ.start, { id });
      expect(started.status, JSON.stringify(started.raw)).toBe(200);
      const rows = circleTable<{ due_date: string; due_at: number; fine_at: number }>(t, 'circle_rounds', id);
      const shown = (await T.call(c.organiser.a, NJ.get, { id })).data.rounds;
      // What the API shows is what is stored.
      expect(shown.map((r: any) => [r.dueDate, r.dueAt])).toEqual(rows.map((r) => [r.due_date, r.due_at]));
      return rows.map((r) => ({ date: r.due_date, dueAt: new Date(r.due_at).toISOString(), fineAt: new Date(r.fine_at).toISOString() }));
    }

    it('weekly in New York across the spring DST change: each round closes at the end of its local day', async () => {
      const t = makeTestApp();
      t.clock.set(at('2026-02-20T12:00:00Z'));
      const c = await circleCommunity(t, { members: 2 });
      const rounds = await calendar(T, t, c, { frequency: 'weekly', startDate: '2026-03-01', timeZone: 'America/New_York', hands: 3, graceDays: 2 });
      expect(rounds).toEqual([
        // EST (UTC−5) until 2026-03-08 02:00, then EDT (UTC−4).
        { date: '2026-03-01', dueAt: '2026-03-02T04:59:59.999Z', fineAt: '2026-03-04T04:59:59.999Z' },
        { date: '2026-03-08', dueAt: '2026-03-09T03:59:59.999Z', fineAt: '2026-03-11T03:59:59.999Z' },
        { date: '2026-03-15', dueAt: '2026-03-16T03:59:59.999Z', fineAt: '2026-03-18T03:59:59.999Z' },
      ]);
    });

    it('weekly in New York across the autumn DST change (a 25-hour day)', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 2 });
      const rounds = await calendar(T, t, c, { frequency: 'weekly', startDate: '2026-10-25', timeZone: 'America/New_York', hands: 3 });
      expect(rounds).toEqual([
        { date: '2026-10-25', dueAt: '2026-10-26T03:59:59.999Z', fineAt: '2026-10-26T03:59:59.999Z' },
        { date: '2026-11-01', dueAt: '2026-11-02T04:59:59.999Z', fineAt: '2026-11-02T04:59:59.999Z' },
        { date: '2026-11-08', dueAt: '2026-11-09T04:59:59.999Z', fineAt: '2026-11-09T04:59:59.999Z' },
      ]);
    });

    it('biweekly in London across a month end and the start of British Summer Time', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 3 });
      const rounds = await calendar(T, t, c, { frequency: 'biweekly', startDate: '2026-03-25', timeZone: 'Europe/London', hands: 4, graceDays: 1 });
      expect(rounds).toEqual([
        { date: '2026-03-25', dueAt: '2026-03-25T23:59:59.999Z', fineAt: '2026-03-26T23:59:59.999Z' },
        { date: '2026-04-08', dueAt: '2026-04-08T22:59:59.999Z', fineAt: '2026-04-09T22:59:59.999Z' },
        { date: '2026-04-22', dueAt: '2026-04-22T22:59:59.999Z', fineAt: '2026-04-23T22:59:59.999Z' },
        { date: '2026-05-06', dueAt: '2026-05-06T22:59:59.999Z', fineAt: '2026-05-07T22:59:59.999Z' },
      ]);
    });

    it('monthly from the 31st: clamped to each month’s last day and back to the 31st, leap February included', async () => {
      const t = makeTestApp();
      t.clock.set(at('2026-01-15T12:00:00Z'));
      const c = await circleCommunity(t, { members: 4 });
      const rounds = await calendar(T, t, c, { frequency: 'monthly', startDate: '2026-01-31', timeZone: 'Africa/Douala', hands: 5, graceDays: 3 });
      expect(rounds).toEqual([
        // Douala is UTC+1 all year.
        { date: '2026-01-31', dueAt: '2026-01-31T22:59:59.999Z', fineAt: '2026-02-03T22:59:59.999Z' },
        { date: '2026-02-28', dueAt: '2026-02-28T22:59:59.999Z', fineAt: '2026-03-03T22:59:59.999Z' },
        { date: '2026-03-31', dueAt: '2026-03-31T22:59:59.999Z', fineAt: '2026-04-03T22:59:59.999Z' },
        { date: '2026-04-30', dueAt: '2026-04-30T22:59:59.999Z', fineAt: '2026-05-03T22:59:59.999Z' },
        { date: '2026-05-31', dueAt: '2026-05-31T22:59:59.999Z', fineAt: '2026-06-03T22:59:59.999Z' },
      ]);
      const leap = await calendar(T, t, c, { frequency: 'monthly', startDate: '2027-12-31', timeZone: 'UTC', hands: 3 });
      expect(leap.map((r) => r.date)).toEqual(['2027-12-31', '2028-01-31', '2028-02-29']);
      expect(leap[2]!.dueAt).toBe('2028-02-29T23:59:59.999Z');
    });
  });

  describe(`${T.name}: a running circle keeps its rules`, () => {
    it('switching off members organising, or changing the community, changes nothing in a running circle', async () => {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 3, leader: true });
      // The creator lets every member organise; a plain member starts a circle.
      expect((await c.organiser.a.mutate('communities.update', { communityId: c.community.id, membersOrganiseCircles: true })).status).toBe(200);
      const [org, a, b] = c.members;
      const created = await T.call(org!.a, NJ.create, {
        communityId: c.community.id,
        ...CREATE,
        contribution: 7500,
        frequency: 'monthly',
        startDate: '2026-04-01',
        timeZone: 'Africa/Douala',
        hands: 3,
        fineKind: 'percent',
        fineValue: 1000,
        graceDays: 2,
        feeBps: 100,
      });
      expect(created.status, JSON.stringify(created.raw)).toBe(T.okStatus(NJ.create));
      const id = created.data.id;
      for (const m of [a!, b!]) {
        await T.call(m.a, NJ.join, { id });
        await org!.a.mutate('njangi.decideJoin', { id, userId: m.user.id, approve: true });
      }
      expect((await T.call(org!.a, NJ.start, { id })).status).toBe(200);
      const before = (await T.call(a!.a, NJ.get, { id })).data;

      // The leaders switch the setting off and rename the community.
      expect((await c.organiser.a.mutate('communities.update', { communityId: c.community.id, membersOrganiseCircles: false, name: 'Renamed Njangi House' })).status).toBe(200);
      const after = (await T.call(a!.a, NJ.get, { id })).data;
      expect(after.circle).toEqual(before.circle);
      expect(after.rounds).toEqual(before.rounds);
      // The member can no longer start a circle, but still runs the one they organise.
      expect((await T.call(org!.a, NJ.create, { communityId: c.community.id, ...CREATE, frequency: 'weekly', startDate: '2026-04-01', timeZone: 'Africa/Douala', hands: 2 })).status).toBe(403);
      const handId = after.viewer.handIds[0];
      const declared = await T.call(a!.a, NJ.declare, { id, roundId: after.rounds[0].id, handId, method: 'cash' });
      expect(declared.status).toBe(T.okStatus(NJ.declare));
      expect(declared.data.amount).toBe(7500);
      expect((await T.call(org!.a, NJ.confirm, { id: declared.data.id })).data).toMatchObject({ status: 'confirmed' });
      // The community's leader does not take over a circle someone else organises.
      expect((await T.call(c.leader!.a, NJ.confirm, { id: declared.data.id })).status).toBe(403);
    });
  });
}
