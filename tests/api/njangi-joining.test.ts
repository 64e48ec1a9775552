import { describe, expect, it } from 'vitest';
import { createCircle } from '../../src/server/services/njangi/circles';
import { joinCircle } from '../../src/server/services/njangi/membership';
import { makeTestApp } from '../setup/app';
import { circleCommunity, circleTable, NJ, rules } from '../setup/njangi';
import { transportsFor, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Joining a savings circle while it recruits: how many hands a member may ask for, a full circle,
 * the organiser's own hands, leaving, asking again after a decline, and decisions taken once.
 */

const members = (t: ReturnType<typeof makeTestApp>, circleId: number) =>
  Object.fromEntries(circleTable<{ user_id: string; status: string; hands: number }>(t, 'circle_members', circleId).map((m) => [m.user_id, { status: m.status, hands: m.hands }]));

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: joining a circle`, () => {
    async function world(over: Parameters<typeof rules>[0] = {}) {
      const t = makeTestApp();
      const c = await circleCommunity(t, { members: 4 });
      const id = createCircle(t.db, { communityId: c.community.id, organiserId: c.organiser.user.id, circle: rules({ hands: 4, maxHandsPerMember: 2, ...over }), now: t.clock.now() }).id;
      const decide = (userId: string, approve: boolean) => c.organiser.a.mutate('njangi.decideJoin', { id, userId, approve });
      return { t, ...c, id, decide };
    }

    it('a member asks for at most the circle’s hands per member (400 beyond, on the hands field)', async () => {
      const { t, members: [m], id } = await world();
      const tooMany = await T.call(m!.a, NJ.join, { id, hands: 3 });
      expect(tooMany.status).toBe(400);
      expect(tooMany.error?.issues?.[0]?.path).toEqual(['hands']);
      expectError(tooMany, 'BAD_REQUEST', 'errors.njangi.tooManyHands', { max: 2 });
      expect(members(t, id)[m!.user.id]).toBeUndefined();
      const ok = await T.call(m!.a, NJ.join, { id, hands: 2 });
      expect(ok.status).toBe(200);
      expect(ok.data).toEqual({ status: 'pending', hands: 2 });
    });

    it('approving a request the free hands cannot hold answers 409 and leaves it waiting', async () => {
      const { t, members: [a, b], id, decide } = await world();
      // Organiser 1 + a 2 = 3 of 4 hands; b asks for 2.
      await T.call(a!.a, NJ.join, { id, hands: 2 });
      await T.call(b!.a, NJ.join, { id, hands: 2 });
      expect((await decide(a!.user.id, true)).status).toBe(200);
      const full = await decide(b!.user.id, true);
      expect(full.status).toBe(409);
      expect(full.error?.code).toBe('CONFLICT');
      expect(members(t, id)[b!.user.id]).toEqual({ status: 'pending', hands: 2 });
      // Asking again for one hand fits.
      expect((await T.call(b!.a, NJ.join, { id, hands: 1 })).data).toEqual({ status: 'pending', hands: 1 });
      expect((await decide(b!.user.id, true)).status).toBe(200);
      expect(members(t, id)[b!.user.id]).toEqual({ status: 'approved', hands: 1 });
    });

    it('the organiser changes their own hands at once, never beyond the free hands', async () => {
      const { t, organiser, members: [a, b], id, decide } = await world();
      const own = await T.call(organiser.a, NJ.join, { id, hands: 2 });
      expect(own.status).toBe(200);
      expect(own.data).toEqual({ status: 'approved', hands: 2 });
      expect(members(t, id)[organiser.user.id]).toEqual({ status: 'approved', hands: 2 });
      for (const m of [a!, b!]) {
        await T.call(m.a, NJ.join, { id, hands: 1 });
        await decide(m.user.id, true);
      }
      // 2 + 1 + 1 = 4: every hand is taken; going back to one hand frees one.
      expect((await T.call(organiser.a, NJ.join, { id, hands: 1 })).data).toEqual({ status: 'approved', hands: 1 });
      expect(members(t, id)[organiser.user.id]).toEqual({ status: 'approved', hands: 1 });
    });

    it('an approved member cannot ask again (409); a member leaves, the organiser cannot (403)', async () => {
      const { t, organiser, members: [a, b], id, decide } = await world();
      await T.call(a!.a, NJ.join, { id });
      await decide(a!.user.id, true);
      expect((await T.call(a!.a, NJ.join, { id, hands: 2 })).status).toBe(409);
      expect((await a!.a.mutate('njangi.leave', { id })).data).toEqual({ left: true });
      expect(members(t, id)[a!.user.id]!.status).toBe('withdrawn');
      // Nothing to leave: 404.
      expect((await b!.a.mutate('njangi.leave', { id })).status).toBe(404);
      expect((await organiser.a.mutate('njangi.leave', { id })).status).toBe(403);
      // Leaving frees the hand: a left member may ask again.
      expect((await T.call(a!.a, NJ.join, { id })).data).toEqual({ status: 'pending', hands: 1 });
    });

    it('a declined request can be asked again, and is then waiting for a new decision', async () => {
      const { t, members: [a], id, decide } = await world();
      await T.call(a!.a, NJ.join, { id, hands: 1 });
      expect((await decide(a!.user.id, false)).data).toMatchObject({ status: 'declined' });
      const again = await T.call(a!.a, NJ.join, { id, hands: 2 });
      expect(again.data).toEqual({ status: 'pending', hands: 2 });
      expect(members(t, id)[a!.user.id]).toEqual({ status: 'pending', hands: 2 });
      // The organiser is told of the request each time it is opened.
      const told = t.db.$client.prepare("SELECT count(*) FROM notifications WHERE title = 'notifications.circleJoinWaiting.title'").pluck().get();
      expect(told).toBe(2);
      // The organiser's notice names who asks, not "someone".
      const params = JSON.parse(t.db.$client.prepare("SELECT params FROM notifications WHERE title = 'notifications.circleJoinWaiting.title' LIMIT 1").pluck().get() as string);
      expect(params.name).toBe(`${a!.user.firstName} ${a!.user.lastName}`);
      expect((await decide(a!.user.id, true)).data).toMatchObject({ status: 'approved', hands: 2 });
    });

    it('a request is decided once: deciding again answers 409 and changes nothing', async () => {
      const { t, members: [a, b, never], id, decide } = await world();
      await T.call(a!.a, NJ.join, { id });
      await T.call(b!.a, NJ.join, { id });
      expect((await decide(a!.user.id, true)).status).toBe(200);
      expect((await decide(b!.user.id, false)).status).toBe(200);
      const before = members(t, id);
      expect((await decide(a!.user.id, false)).status).toBe(409);
      expect((await decide(b!.user.id, true)).status).toBe(409);
      // Two decisions at once: one wins.
      expect((await T.call(b!.a, NJ.join, { id })).status).toBe(200);
      const both = await Promise.all([decide(b!.user.id, true), decide(b!.user.id, false)]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(members(t, id)[a!.user.id]).toEqual(before[a!.user.id]);
      // Someone who never asked: 404.
      expect((await decide(never!.user.id, true)).status).toBe(404);
    });

    it('only the organiser decides; a member’s decision is refused with 403', async () => {
      const { t, members: [a, b], id } = await world();
      await T.call(a!.a, NJ.join, { id });
      const r = await b!.a.mutate('njangi.decideJoin', { id, userId: a!.user.id, approve: true });
      expect(r.status).toBe(403);
      expect(members(t, id)[a!.user.id]!.status).toBe('pending');
    });
  });
}

describe('joining: the organiser’s own hands at the limit', () => {
  it('the organiser cannot take more hands than are free (409)', async () => {
    const t = makeTestApp();
    const c = await circleCommunity(t, { members: 2 });
    const id = createCircle(t.db, { communityId: c.community.id, organiserId: c.organiser.user.id, circle: rules({ hands: 3, maxHandsPerMember: 3 }), now: t.clock.now() }).id;
    for (const m of c.members) {
      joinCircle(t.db, { circleId: id, userId: m.user.id, hands: 1, now: t.clock.now() });
      await c.organiser.a.mutate('njangi.decideJoin', { id, userId: m.user.id, approve: true });
    }
    const r = await c.organiser.a.mutate('njangi.join', { id, hands: 2 });
    expect(r.status).toBe(409);
    expect(circleTable(t, 'circle_members', id).find((m) => m.user_id === c.organiser.user.id)!.hands).toBe(1);
  });
});

describe('joining: positions picked by members', () => {
  it('a member who leaves gives up the positions they picked, so another member can pick them', async () => {
    const t = makeTestApp();
    const c = await circleCommunity(t, { members: 2 });
    const id = createCircle(t.db, { communityId: c.community.id, organiserId: c.organiser.user.id, circle: rules({ hands: 3, orderBy: 'members' }), now: t.clock.now() }).id;
    const [a, b] = c.members;
    for (const m of [a!, b!]) {
      joinCircle(t.db, { circleId: id, userId: m.user.id, hands: 1, now: t.clock.now() });
      await c.organiser.a.mutate('njangi.decideJoin', { id, userId: m.user.id, approve: true });
    }
    expect((await a!.a.mutate('njangi.pickPosition', { id, position: 1 })).status).toBe(200);
    expect((await b!.a.mutate('njangi.pickPosition', { id, position: 1 })).status).toBe(409);
    expect((await a!.a.mutate('njangi.leave', { id })).status).toBe(200);
    expect(circleTable(t, 'circle_picks', id)).toEqual([]);
    expect((await c.organiser.a.query('njangi.get', { id })).data.picks).toEqual([]);
    expect((await b!.a.mutate('njangi.pickPosition', { id, position: 1 })).status).toBe(200);
  });
});

describe('joining: a request from someone who has left the community', () => {
  it('is withdrawn with the membership: it can no longer be approved (404) or declined (409)', async () => {
    const t = makeTestApp();
    const c = await circleCommunity(t, { members: 2 });
    const id = createCircle(t.db, { communityId: c.community.id, organiserId: c.organiser.user.id, circle: rules({ hands: 3 }), now: t.clock.now() }).id;
    const [a, b] = c.members;
    for (const m of [a!, b!]) expect((await m.a.mutate('njangi.join', { id })).status).toBe(200);
    for (const m of [a!, b!]) expect((await m.a.mutate('communities.leave', { communityId: c.community.id })).status).toBe(200);
    for (const m of [a!, b!]) expect(circleTable(t, 'circle_members', id).find((r) => r.user_id === m.user.id)!.status).toBe('withdrawn');
    const approve = await c.organiser.a.mutate('njangi.decideJoin', { id, userId: a!.user.id, approve: true });
    expect(approve.status).toBe(404);
    expectError(approve, 'NOT_FOUND', 'errors.community.notAMember');
    const decline = await c.organiser.a.mutate('njangi.decideJoin', { id, userId: b!.user.id, approve: false });
    expect(decline.status).toBe(409);
    expectError(decline, 'CONFLICT', 'errors.njangi.requestDecided');
  });
});
