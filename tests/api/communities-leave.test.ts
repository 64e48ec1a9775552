import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../setup/app';
import { anonymous, as, cast, creatorOf, roleOf, rowCount, snapshot, storedCount } from '../setup/communities';
import { OPS, transportsFor, REST } from '../setup/transport';
import { expectError, textOf } from '../setup/errors';

for (const tr of transportsFor(REST)) {
  describe(tr.title(OPS.leaveCommunity), () => {
    it.each([
      ['member', 'pub'],
      ['treasurer', 'pub'],
      ['admin', 'priv'],
      ['member', 'priv'],
    ] as const)('lets a %s leave (%s): count −1, no longer a member or in their joined list', async (who, which) => {
      const t = makeTestApp();
      const c = await cast(t);
      const community = c[which];
      const user = c.users[who];
      const a = await as(t, user);
      const before = storedCount(t, community.id);
      const r = await tr.call(a, OPS.leaveCommunity, { communityId: community.id });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ success: true });
      expect(roleOf(t, community.id, user.id)).toBeNull();
      expect(storedCount(t, community.id)).toBe(before - 1);
      expect(rowCount(t, community.id)).toBe(before - 1);
      expect((await tr.call(a, OPS.community, { id: community.id })).data).toMatchObject({ isMember: false, role: null, memberCount: before - 1 });
      expect(tr.page(await tr.call(a, OPS.joinedCommunities, {})).items.map((x) => x.id)).not.toContain(community.id);
    });

    it('lets a former member of a public community join again', async () => {
      const t = makeTestApp();
      const { users, pub } = await cast(t);
      const a = await as(t, users.member);
      await tr.call(a, OPS.leaveCommunity, { communityId: pub.id });
      const r = await tr.call(a, OPS.joinCommunity, { communityId: pub.id });
      expect(r.data.status).toBe('joined');
      expect(roleOf(t, pub.id, users.member.id)).toBe('member');
    });

    it('does not let the creator leave (400) and keeps the community and its count', async () => {
      const t = makeTestApp();
      const { users, pub, priv } = await cast(t);
      const a = await as(t, users.creator);
      for (const community of [pub, priv]) {
        const before = snapshot(t);
        const r = await tr.call(a, OPS.leaveCommunity, { communityId: community.id });
        expect(r.status).toBe(400);
        expect(r.error).toEqual({ code: 'BAD_REQUEST', message: textOf('errors.community.creatorCannotLeave'), issues: undefined });
        expect(snapshot(t)).toEqual(before);
        expect(roleOf(t, community.id, users.creator.id)).toBe('creator');
        expect(creatorOf(t, community.id)).toBe(users.creator.id);
      }
    });

    it.each([
      ['a non-member of a public community', 'outsider', 'pub', 403, 'FORBIDDEN'],
      ['a non-member of a private community', 'outsider', 'priv', 404, 'NOT_FOUND'],
      ['someone with a pending request', 'requester', 'priv', 404, 'NOT_FOUND'],
    ] as const)('refuses %s (%i) and changes nothing', async (_label, who, which, status, code) => {
      const t = makeTestApp();
      const c = await cast(t);
      const a = await as(t, c.users[who]);
      const before = snapshot(t);
      const r = await tr.call(a, OPS.leaveCommunity, { communityId: c[which].id });
      expect(r.status).toBe(status);
      expect(r.error?.code).toBe(code);
      expect(snapshot(t)).toEqual(before);
    });

    it('refuses a signed-out caller with 401', async () => {
      const t = makeTestApp();
      const { pub } = await cast(t);
      const before = snapshot(t);
      const r = await tr.call(anonymous(t), OPS.leaveCommunity, { communityId: pub.id });
      expect(r.status).toBe(401);
      expect(snapshot(t)).toEqual(before);
    });

    it("answers 404 'Community Not Found' for an unknown id and 400 for a malformed one", async () => {
      const t = makeTestApp();
      const { users, priv } = await cast(t);
      const a = await as(t, users.member);
      const unknown = await tr.call(a, OPS.leaveCommunity, { communityId: priv.id + 100 });
      expect(unknown.status).toBe(404);
      expectError(unknown, 'NOT_FOUND', 'validation.community.notFound');
      expect((await tr.call(a, OPS.leaveCommunity, { communityId: 'abc' })).status).toBe(400);
    });

    it('refuses a cross-site leave (CSRF) with 403', async () => {
      const t = makeTestApp();
      const { users, pub } = await cast(t);
      const r = await tr.call(await as(t, users.member), OPS.leaveCommunity, { communityId: pub.id }, { origin: 'https://evil.example' });
      expect(r.status).toBe(403);
      expect(roleOf(t, pub.id, users.member.id)).toBe('member');
    });
  });
}
