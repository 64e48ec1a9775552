import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { makeUser } from '../factories';
import { makeTestApp, type Agent, type TestApp } from '../setup/app';
import { as, countDrift, rowCount, storedCount } from '../setup/communities';
import { OPS, TRANSPORTS, type Transport, transportsFor, REST } from '../setup/transport';

/**
 * communities.member_count is maintained in the write transactions, never counted per request:
 * after any mix of joins, leaves, approvals, removals, hand-overs and refused calls it must
 * equal `SELECT count(*) FROM memberships WHERE community_id = ?` for every community.
 */
for (const tr of transportsFor(REST)) {
  describe(`member_count stays equal to the membership rows (${tr.name})`, () => {
    it('after a long sequence of joins, leaves, approvals, declines, removals and refused calls', async () => {
      const t = makeTestApp();
      const people: { user: UserRow; a: Agent }[] = [];
      for (let i = 0; i < 6; i++) {
        const user = await makeUser(t.db);
        people.push({ user, a: await as(t, user) });
      }
      const [p0, p1, p2, p3, p4, p5] = people as [(typeof people)[number], ...(typeof people)[number][]];
      const check = () => {
        expect(countDrift(t)).toEqual([]);
      };
      const create = async (who: Agent, isPublic: boolean) =>
        (await tr.call(who, OPS.createCommunity, { name: `Circle ${Math.random()}`, description: 'A circle for testing counts.', isPublic })).data.id as number;
      const join = (who: Agent, id: number) => tr.call(who, OPS.joinCommunity, { communityId: id });
      const leave = (who: Agent, id: number) => tr.call(who, OPS.leaveCommunity, { communityId: id });
      const expectStatus = async (call: Promise<{ status: number }>, status: number) => expect((await call).status).toBe(status);

      const pubA = await create(p0.a, true);
      const pubB = await create(p1!.a, true);
      const privC = await create(p0.a, false);
      check();

      for (const p of [p1!, p2!, p3!, p4!]) await join(p.a, pubA);
      await expectStatus(join(p2!.a, pubA), 200); // twice
      await join(p0.a, pubB);
      await join(p0.a, pubA); // the creator "joins"
      check();
      expect(storedCount(t, pubA)).toBe(5);

      for (const p of [p1!, p2!, p3!, p5!]) await join(p.a, privC);
      await join(p1!.a, privC); // asks twice
      check();
      expect(storedCount(t, privC)).toBe(1);

      const requests = (await p0.a.query('communities.requests', { communityId: privC })).data.items as { id: number; userId: string }[];
      const byUser = (u: UserRow) => requests.find((r) => r.userId === u.id)!.id;
      await p0.a.mutate('communities.decideRequest', { communityId: privC, requestId: byUser(p1!.user), approve: true });
      await p0.a.mutate('communities.decideRequest', { communityId: privC, requestId: byUser(p2!.user), approve: true });
      await p0.a.mutate('communities.decideRequest', { communityId: privC, requestId: byUser(p3!.user), approve: false });
      await expectStatus(p0.a.mutate('communities.decideRequest', { communityId: privC, requestId: byUser(p2!.user), approve: true }), 404); // twice
      check();
      expect(storedCount(t, privC)).toBe(3);

      await leave(p3!.a, pubA);
      await expectStatus(leave(p3!.a, pubA), 403); // not a member any more
      await expectStatus(leave(p0.a, pubA), 400); // the creator
      await expectStatus(leave(p5!.a, privC), 404); // pending only
      check();

      await p0.a.mutate('communities.setRole', { communityId: pubA, userId: p1!.user.id, role: 'admin' });
      await p1!.a.mutate('communities.removeMember', { communityId: pubA, userId: p2!.user.id });
      await expectStatus(p1!.a.mutate('communities.removeMember', { communityId: pubA, userId: p2!.user.id }), 404); // twice
      await expectStatus(p1!.a.mutate('communities.removeMember', { communityId: pubA, userId: p0.user.id }), 403); // the creator
      check();

      await p0.a.mutate('communities.transferOwnership', { communityId: pubA, userId: p4!.user.id });
      await expectStatus(leave(p0.a, pubA), 200); // now an admin: may leave
      await join(p2!.a, pubA); // removed, joins again
      await leave(p1!.a, privC);
      await join(p1!.a, privC); // asks again
      check();

      expect([storedCount(t, pubA), rowCount(t, pubA)]).toEqual([3, 3]); // p4 creator, p1 admin, p2
      expect([storedCount(t, pubB), rowCount(t, pubB)]).toEqual([2, 2]);
      expect([storedCount(t, privC), rowCount(t, privC)]).toEqual([2, 2]); // p0 creator, p2
      for (const id of [pubA, pubB, privC]) {
        const shown = await tr.call(p2!.a, OPS.community, { id });
        expect(shown.data.memberCount).toBe(rowCount(t, id));
      }
    });

    it('the count each list reports is the number of rows', async () => {
      const t = makeTestApp();
      const owner = await makeUser(t.db);
      const ownerAgent = await as(t, owner);
      const id = (await tr.call(ownerAgent, OPS.createCommunity, { name: 'Counting circle', description: 'How many of us are there?' })).data.id;
      const joiners: Agent[] = [];
      for (let i = 0; i < 3; i++) joiners.push(await as(t, await makeUser(t.db)));
      for (const j of joiners) await tr.call(j, OPS.joinCommunity, { communityId: id });
      await tr.call(joiners[0]!, OPS.leaveCommunity, { communityId: id });
      const rows = rowCount(t, id);
      expect(rows).toBe(3);
      for (const list of [OPS.allCommunities, OPS.createdCommunities, OPS.joinedCommunities]) {
        const item = tr.page(await tr.call(ownerAgent, list, {})).items.find((c) => c.id === id);
        expect(item?.memberCount).toBe(rows);
      }
      expect(tr.page(await tr.call(ownerAgent, OPS.communityMembers, { communityId: id })).items).toHaveLength(rows);
    });
  });
}

/** Concurrent joins of one community through the HTTP stack still count each member once. */
describe('member_count under concurrent joins', () => {
  it('many joins at once: count equals rows', async () => {
    const t: TestApp = makeTestApp();
    const owner = await makeUser(t.db);
    const tr: Transport = TRANSPORTS[1];
    const id = (await tr.call(await as(t, owner), OPS.createCommunity, { name: 'Busy circle', description: 'Everyone joins at once.' })).data.id;
    const agents = await Promise.all(Array.from({ length: 8 }, async () => as(t, await makeUser(t.db))));
    await Promise.all(agents.flatMap((a) => [tr.call(a, OPS.joinCommunity, { communityId: id }), tr.call(a, OPS.joinCommunity, { communityId: id })]));
    expect([storedCount(t, id), rowCount(t, id)]).toEqual([9, 9]);
    expect(countDrift(t)).toEqual([]);
  });
});
