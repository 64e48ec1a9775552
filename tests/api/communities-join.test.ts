import { describe, expect, it } from 'vitest';
import { makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { anonymous, as, requestStatus, roleOf, rowCount, snapshot, storedCount } from '../setup/communities';
import { OPS, transportsFor, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

async function setup(t: TestApp, isPublic: boolean) {
  const creator = await makeUser(t.db);
  const joiner = await makeUser(t.db);
  const community = makeCommunity(t.db, { creator, isPublic, location: 'Toronto', imageUrl: '/uploads/0123456789abcdef.webp' });
  return { creator, joiner, community, a: await as(t, joiner) };
}

for (const tr of transportsFor(TRPC)) {
  describe(tr.title(OPS.joinCommunity), () => {
    it("joins a public community at once: status 'joined', a plain member, count +1", async () => {
      const t = makeTestApp();
      const { joiner, community, a } = await setup(t, true);
      const r = await tr.call(a, OPS.joinCommunity, { communityId: community.id });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({
        status: 'joined',
        community: expect.objectContaining({ id: community.id, isMember: true, role: 'member', memberCount: 2, requestPending: false }),
      });
      expect(r.data.community.joinedAt).toBe(new Date(t.clock.now()).toISOString());
      expect(roleOf(t, community.id, joiner.id)).toBe('member');
      expect([storedCount(t, community.id), rowCount(t, community.id)]).toEqual([2, 2]);
    });

    it("ignores role: 'admin' (or 'creator') in the request: the joiner is a plain member", async () => {
      const t = makeTestApp();
      const { joiner, community, a } = await setup(t, true);
      const r = await tr.call(a, OPS.joinCommunity, { communityId: community.id, role: 'admin' });
      expect(r.data.community.role).toBe('member');
      expect(roleOf(t, community.id, joiner.id)).toBe('member');
      const other = await makeUser(t.db);
      await tr.call(await as(t, other), OPS.joinCommunity, { communityId: community.id, role: 'creator' });
      expect(roleOf(t, community.id, other.id)).toBe('member');
      expect(t.db.$client.prepare('SELECT creator_id FROM communities WHERE id = ?').pluck().get(community.id)).toBe(community.creatorId);
    });

    it('is harmless twice: the second answer says member and the count does not change', async () => {
      const t = makeTestApp();
      const { community, a } = await setup(t, true);
      await tr.call(a, OPS.joinCommunity, { communityId: community.id });
      const again = await tr.call(a, OPS.joinCommunity, { communityId: community.id });
      expect(again.status).toBe(200);
      expect(again.data.status).toBe('member');
      expect(again.data.community.memberCount).toBe(2);
      expect([storedCount(t, community.id), rowCount(t, community.id)]).toEqual([2, 2]);
    });

    it("leaves the creator's own role alone when the creator 'joins'", async () => {
      const t = makeTestApp();
      const { creator, community } = await setup(t, true);
      const r = await tr.call(await as(t, creator), OPS.joinCommunity, { communityId: community.id, role: 'member' });
      expect(r.data.status).toBe('member');
      expect(roleOf(t, community.id, creator.id)).toBe('creator');
      expect(storedCount(t, community.id)).toBe(1);
    });

    it("asks to join a private community: status 'pending', not a member, count unchanged, summary only", async () => {
      const t = makeTestApp();
      const { creator, joiner, community, a } = await setup(t, false);
      const r = await tr.call(a, OPS.joinCommunity, { communityId: community.id, role: 'admin' });
      expect(r.status).toBe(200);
      expect(r.data.status).toBe('pending');
      expect(r.data.community).toMatchObject({ isMember: false, role: null, requestPending: true, memberCount: 1, location: null, imageUrl: null });
      expect(roleOf(t, community.id, joiner.id)).toBeNull();
      expect(requestStatus(t, community.id, joiner.id)).toBe('pending');
      expect([storedCount(t, community.id), rowCount(t, community.id)]).toEqual([1, 1]);

      const byId = await tr.call(a, OPS.community, { id: community.id });
      expect(byId.data).toMatchObject({ requestPending: true, isMember: false });
      // The creator sees the request; the requester does not get the member directory.
      expect((await (await as(t, creator)).query('communities.requests', { communityId: community.id })).data.items).toEqual([
        expect.objectContaining({ userId: joiner.id }),
      ]);
      expect((await tr.call(a, OPS.communityMembers, { communityId: community.id })).status).toBe(404);
    });

    it('asking twice keeps one pending request', async () => {
      const t = makeTestApp();
      const { community, a } = await setup(t, false);
      await tr.call(a, OPS.joinCommunity, { communityId: community.id });
      const again = await tr.call(a, OPS.joinCommunity, { communityId: community.id });
      expect(again.data.status).toBe('pending');
      expect(t.db.$client.prepare('SELECT count(*) FROM join_requests WHERE community_id = ?').pluck().get(community.id)).toBe(1);
    });

    it("answers 404 'Community Not Found' for an unknown id and writes nothing", async () => {
      const t = makeTestApp();
      const { community, a } = await setup(t, true);
      const before = snapshot(t);
      const r = await tr.call(a, OPS.joinCommunity, { communityId: community.id + 1000 });
      expect(r.status).toBe(404);
      expectError(r, 'NOT_FOUND', 'validation.community.notFound');
      expect(snapshot(t)).toEqual(before);
    });

    it.each([
      ['public', true],
      ['private', false],
    ])('refuses a signed-out caller with 401 on a %s community and writes nothing', async (_label, isPublic) => {
      const t = makeTestApp();
      const { community } = await setup(t, isPublic);
      const before = snapshot(t);
      const r = await tr.call(anonymous(t), OPS.joinCommunity, { communityId: community.id });
      expect(r.status).toBe(401);
      expectError(r, 'UNAUTHORIZED', 'errors.authRequired');
      expect(snapshot(t)).toEqual(before);
    });

    it.each([['abc'], ['1.5'], ['-1'], ['0'], ['99999999999999999999'], ['1e3x']])('answers 400 (not 500) to the id %j', async (id) => {
      const t = makeTestApp();
      const { a } = await setup(t, true);
      const r = await tr.call(a, OPS.joinCommunity, { communityId: id });
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe('BAD_REQUEST');
    });

    it('refuses a cross-site join (CSRF) with 403', async () => {
      const t = makeTestApp();
      const { joiner, community, a } = await setup(t, true);
      const r = await tr.call(a, OPS.joinCommunity, { communityId: community.id }, { origin: 'https://evil.example' });
      expect(r.status).toBe(403);
      expect(roleOf(t, community.id, joiner.id)).toBeNull();
    });

    it('shows the joined community at the top of the joiner’s joined list', async () => {
      const t = makeTestApp();
      const { community, a } = await setup(t, true);
      await tr.call(a, OPS.joinCommunity, { communityId: community.id });
      const joined = tr.page(await tr.call(a, OPS.joinedCommunities, {})).items;
      expect(joined.map((c) => [c.id, c.role])).toEqual([[community.id, 'member']]);
    });
  });
}
