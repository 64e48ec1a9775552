import { describe, expect, it } from 'vitest';
import { makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { anonymous, as, cast, pendingRequest, requestStatus, roleOf, rowCount, snapshot, storedCount } from '../setup/communities';
import { OPS, transportsFor, REST, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

/**
 * Join requests to a private community: asked and withdrawn over both transports (join,
 * withdrawRequest), listed and decided over tRPC (communities.requests / communities.decideRequest
 * have no REST shim). Who may call
 * them at all is the settings access matrix (communities-settings-access.test.ts).
 */
async function setup(t: TestApp) {
  const c = await cast(t);
  const asker = await makeUser(t.db, { firstName: 'Asha', location: 'Leeds' });
  return { ...c, asker, askerAgent: await as(t, asker) };
}

const pendingIds = async (a: Awaited<ReturnType<typeof as>>, communityId: number) =>
  ((await a.query('communities.requests', { communityId })).data.items as { userId: string }[]).map((r) => r.userId);

for (const tr of transportsFor(REST)) {
  describe(`private community requests, asked over ${tr.title(OPS.joinCommunity)}`, () => {
    it.each([['creator'], ['admin']] as const)('the %s lists pending requests, oldest first, with who is asking', async (decider) => {
      const t = makeTestApp();
      const { users, priv, asker, askerAgent } = await setup(t);
      t.clock.advance(60_000);
      await tr.call(askerAgent, OPS.joinCommunity, { communityId: priv.id });
      const r = await (await as(t, users[decider])).query('communities.requests', { communityId: priv.id });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({
        items: [
          expect.objectContaining({ userId: users.requester.id }),
          {
            id: expect.any(Number),
            userId: asker.id,
            createdAt: new Date(t.clock.now()).toISOString(),
            firstName: 'Asha',
            lastName: asker.lastName,
            username: null,
            location: 'Leeds',
            profileImageUrl: null,
          },
        ],
        nextCursor: null,
      });
    });

    it.each([['creator'], ['admin']] as const)('the %s approves: member added, count +1, requestPending gone', async (decider) => {
      const t = makeTestApp();
      const { users, priv, asker, askerAgent } = await setup(t);
      await tr.call(askerAgent, OPS.joinCommunity, { communityId: priv.id });
      const leader = await as(t, users[decider]);
      const request = (await leader.query('communities.requests', { communityId: priv.id })).data.items.find((r: { userId: string }) => r.userId === asker.id);
      const before = storedCount(t, priv.id);
      const r = await leader.mutate('communities.decideRequest', { communityId: priv.id, requestId: request.id, approve: true });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ userId: asker.id, status: 'approved' });
      expect(roleOf(t, priv.id, asker.id)).toBe('member');
      expect(storedCount(t, priv.id)).toBe(before + 1);
      expect(rowCount(t, priv.id)).toBe(before + 1);
      expect(await pendingIds(leader, priv.id)).not.toContain(asker.id);

      const view = await tr.call(askerAgent, OPS.community, { id: priv.id });
      expect(view.data).toMatchObject({ isMember: true, role: 'member', requestPending: false, location: 'Lagos', creatorId: users.creator.id });
      expect(tr.page(await tr.call(askerAgent, OPS.joinedCommunities, {})).items.map((c) => c.id)).toEqual([priv.id]);
      expect((await tr.call(askerAgent, OPS.communityMembers, { communityId: priv.id })).status).toBe(200);
    });

    it('declining leaves the asker outside; they may ask again and are pending again', async () => {
      const t = makeTestApp();
      const { users, priv, asker, askerAgent } = await setup(t);
      const first = await tr.call(askerAgent, OPS.joinCommunity, { communityId: priv.id });
      expect(first.data.status).toBe('pending');
      const creator = await as(t, users.creator);
      const request = (await creator.query('communities.requests', { communityId: priv.id })).data.items.find((r: { userId: string }) => r.userId === asker.id);
      const before = storedCount(t, priv.id);
      const r = await creator.mutate('communities.decideRequest', { communityId: priv.id, requestId: request.id, approve: false });
      expect(r.data).toEqual({ userId: asker.id, status: 'declined' });
      expect(roleOf(t, priv.id, asker.id)).toBeNull();
      expect(storedCount(t, priv.id)).toBe(before);
      expect((await tr.call(askerAgent, OPS.community, { id: priv.id })).data).toMatchObject({ isMember: false, requestPending: false });
      expect(await pendingIds(creator, priv.id)).not.toContain(asker.id);

      // Asking again at once is refused for a few minutes (so a loop cannot flood the leaders), then works.
      const tooSoon = await tr.call(askerAgent, OPS.joinCommunity, { communityId: priv.id });
      expect(tooSoon.status).toBe(429);
      expectError(tooSoon, 'TOO_MANY_REQUESTS', 'errors.community.joinAgainLater', { count: 10 });
      t.clock.advance(10 * 60_000);
      const again = await tr.call(askerAgent, OPS.joinCommunity, { communityId: priv.id });
      expect(again.data.status).toBe('pending');
      expect(again.data.community.requestPending).toBe(true);
      expect(requestStatus(t, priv.id, asker.id)).toBe('pending');
      expect(await pendingIds(creator, priv.id)).toContain(asker.id);
    });

    it('a member who leaves a private community may ask again', async () => {
      const t = makeTestApp();
      const { users, priv, askerAgent, asker } = await setup(t);
      await tr.call(askerAgent, OPS.joinCommunity, { communityId: priv.id });
      const creator = await as(t, users.creator);
      const [request] = (await creator.query('communities.requests', { communityId: priv.id })).data.items.filter((r: { userId: string }) => r.userId === asker.id);
      await creator.mutate('communities.decideRequest', { communityId: priv.id, requestId: request.id, approve: true });
      expect((await tr.call(askerAgent, OPS.leaveCommunity, { communityId: priv.id })).status).toBe(200);
      const again = await tr.call(askerAgent, OPS.joinCommunity, { communityId: priv.id });
      expect(again.data.status).toBe('pending');
      expect(roleOf(t, priv.id, asker.id)).toBeNull();
    });
  });
}

for (const tr of transportsFor(TRPC)) {
  describe(`${tr.title(OPS.withdrawRequest)}: the asker takes a pending request back`, () => {
    it('withdrawn: 200 with the community (no longer pending), gone from the leaders\' list; asking again is pending again', async () => {
      const t = makeTestApp();
      const { users, priv, asker, askerAgent } = await setup(t);
      await tr.call(askerAgent, OPS.joinCommunity, { communityId: priv.id });
      const creator = await as(t, users.creator);
      expect(await pendingIds(creator, priv.id)).toContain(asker.id);
      const before = storedCount(t, priv.id);

      const r = await tr.call(askerAgent, OPS.withdrawRequest, { communityId: priv.id });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ id: priv.id, isMember: false, requestPending: false, memberCount: before });
      expect(requestStatus(t, priv.id, asker.id)).toBe('withdrawn');
      expect(await pendingIds(creator, priv.id)).not.toContain(asker.id);
      expect(await pendingIds(creator, priv.id)).toContain(users.requester.id); // someone else's request stays
      expect(storedCount(t, priv.id)).toBe(before);
      expect((await tr.call(askerAgent, OPS.community, { id: priv.id })).data).toMatchObject({ requestPending: false });

      t.clock.advance(10 * 60_000);
      const again = await tr.call(askerAgent, OPS.joinCommunity, { communityId: priv.id });
      expect(again.data.status).toBe('pending');
      expect(await pendingIds(creator, priv.id)).toContain(asker.id);
    });

    it('nothing pending (never asked, already declined, or a member) → 404, and a decided request stays as it was', async () => {
      const t = makeTestApp();
      const { users, priv, asker, askerAgent, requests } = await setup(t);
      const never = await tr.call(askerAgent, OPS.withdrawRequest, { communityId: priv.id });
      expect(never.status).toBe(404);
      expectError(never, 'NOT_FOUND', 'errors.community.noPendingRequest');

      const creator = await as(t, users.creator);
      await creator.mutate('communities.decideRequest', { communityId: priv.id, requestId: requests.priv.id, approve: false });
      const before = snapshot(t);
      const declined = await tr.call(await as(t, users.requester), OPS.withdrawRequest, { communityId: priv.id });
      expect(declined.status).toBe(404);
      const member = await tr.call(await as(t, users.member), OPS.withdrawRequest, { communityId: priv.id });
      expect(member.status).toBe(404);
      expect(snapshot(t)).toEqual(before);
      expect(requestStatus(t, priv.id, users.requester.id)).toBe('declined');
      expect(roleOf(t, priv.id, users.member.id)).toBe('member');
      expect(roleOf(t, priv.id, asker.id)).toBeNull();
    });

    it("signed out → 401; an unknown community → 404 'Community Not Found'; nothing changes", async () => {
      const t = makeTestApp();
      const { priv, askerAgent } = await setup(t);
      await tr.call(askerAgent, OPS.joinCommunity, { communityId: priv.id });
      const before = snapshot(t);
      const anon = await tr.call(anonymous(t), OPS.withdrawRequest, { communityId: priv.id });
      expect(anon.status).toBe(401);
      expectError(anon, 'UNAUTHORIZED', 'errors.authRequired');
      const unknown = await tr.call(askerAgent, OPS.withdrawRequest, { communityId: 99_999 });
      expect(unknown.status).toBe(404);
      expectError(unknown, 'NOT_FOUND', 'validation.community.notFound');
      expect(snapshot(t)).toEqual(before);
    });
  });
}

describe('tRPC: communities.requests pages', () => {
  it('pages oldest first by cursor until nextCursor is null, every pending request once; decided ones are left out', async () => {
    const t = makeTestApp();
    const { users, priv } = await setup(t);
    const askers = [];
    for (let i = 0; i < 7; i++) {
      const u = await makeUser(t.db, { firstName: `Asker${i}` });
      pendingRequest(t, priv, u);
      askers.push(u);
    }
    const creator = await as(t, users.creator);
    const first = (await creator.query('communities.requests', { communityId: priv.id, limit: 3 })).data;
    await creator.mutate('communities.decideRequest', { communityId: priv.id, requestId: first.items[0].id, approve: false });
    const seen: string[] = [];
    let cursor: number | undefined;
    let pages = 0;
    do {
      const r = await creator.query('communities.requests', { communityId: priv.id, limit: 3, ...(cursor ? { cursor } : {}) });
      expect(r.status).toBe(200);
      expect(r.data.items.length).toBeLessThanOrEqual(3);
      seen.push(...r.data.items.map((q: { userId: string }) => q.userId));
      cursor = r.data.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    // The cast's requester (declined above, being first) is left out; seven askers in three pages.
    expect(seen).toEqual(askers.map((u) => u.id));
    expect(pages).toBe(3);
  });

  it.each([
    [{ limit: 0 }, 'validation.limitMin'],
    [{ limit: 101 }, 'validation.limitMax'],
    [{ cursor: -1 }, 'validation.invalidCursor'],
  ] as const)('refuses %o with 400', async (page, message) => {
    const t = makeTestApp();
    const { users, priv } = await setup(t);
    const r = await (await as(t, users.creator)).query('communities.requests', { communityId: priv.id, ...page });
    expect(r.status).toBe(400);
    expectError(r, 'BAD_REQUEST', message);
  });
});

describe('tRPC: communities.decideRequest', () => {
  it.each([
    [true, false],
    [false, true],
    [true, true],
  ])('deciding twice (approve=%s, then approve=%s) answers 404 and changes nothing', async (first, second) => {
    const t = makeTestApp();
    const { users, priv, requests } = await setup(t);
    const creator = await as(t, users.creator);
    expect((await creator.mutate('communities.decideRequest', { communityId: priv.id, requestId: requests.priv.id, approve: first })).status).toBe(200);
    const before = snapshot(t);
    const r = await creator.mutate('communities.decideRequest', { communityId: priv.id, requestId: requests.priv.id, approve: second });
    expect(r.status).toBe(404);
    expectError(r, 'NOT_FOUND', 'errors.community.requestHandled');
    expect(snapshot(t)).toEqual(before);
  });

  it('answers 404 for an unknown request id', async () => {
    const t = makeTestApp();
    const { users, priv } = await setup(t);
    const r = await (await as(t, users.admin)).mutate('communities.decideRequest', { communityId: priv.id, requestId: 99_999, approve: true });
    expect(r.status).toBe(404);
  });

  it("cannot decide another community's request through one's own community (404, nothing changes)", async () => {
    const t = makeTestApp();
    const { users, priv } = await setup(t);
    const stranger = await makeUser(t.db);
    const other = makeCommunity(t.db, { creator: stranger, isPublic: false });
    const asker = await makeUser(t.db);
    await (await as(t, asker)).mutate('communities.join', { communityId: other.id });
    const [request] = (await (await as(t, stranger)).query('communities.requests', { communityId: other.id })).data.items;
    const before = snapshot(t);
    const r = await (await as(t, users.creator)).mutate('communities.decideRequest', { communityId: priv.id, requestId: request.id, approve: true });
    expect(r.status).toBe(404);
    expect(snapshot(t)).toEqual(before);
    expect(roleOf(t, other.id, asker.id)).toBeNull();
  });

  it.each([
    ['no approve', { requestId: 1 }, 'validation.community.approve'],
    ['a string approve', { requestId: 1, approve: 'yes' }, 'validation.community.approve'],
    ['a zero request id', { requestId: 0, approve: true }, 'validation.community.chooseRequest'],
  ] as const)('refuses %s with 400', async (_label, input, message) => {
    const t = makeTestApp();
    const { users, priv } = await setup(t);
    const r = await (await as(t, users.creator)).mutate('communities.decideRequest', { communityId: priv.id, ...input });
    expect(r.status).toBe(400);
    expectError(r, 'BAD_REQUEST', message);
  });

  it('approving someone who meanwhile became a member does not count them twice', async () => {
    const t = makeTestApp();
    const { users, pub, requests } = await setup(t);
    // The cast's requester has a pending request on the public community too; they join directly.
    await (await as(t, users.requester)).mutate('communities.join', { communityId: pub.id });
    const before = storedCount(t, pub.id);
    const r = await (await as(t, users.creator)).mutate('communities.decideRequest', { communityId: pub.id, requestId: requests.pub.id, approve: true });
    expect(r.status).toBe(200);
    expect(storedCount(t, pub.id)).toBe(before);
    expect(rowCount(t, pub.id)).toBe(before);
  });
});
