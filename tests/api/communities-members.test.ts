import { describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp } from '../setup/app';
import { anonymous, as, cast } from '../setup/communities';
import { OPS, transportsFor, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

for (const tr of transportsFor(TRPC)) {
  describe(tr.title(OPS.communityMembers), () => {
    it.each([['member'], ['treasurer'], ['admin'], ['creator']] as const)(
      'shows a %s the directory, oldest member first, with the email and phone of the others as each chose',
      async (who) => {
        const t = makeTestApp();
        const { users, priv } = await cast(t);
        const r = await tr.call(await as(t, users[who]), OPS.communityMembers, { communityId: priv.id });
        expect(r.status).toBe(200);
        const page = tr.page(r);
        expect(page.nextCursor).toBeNull();
        expect(page.items.map((m) => [m.userId, m.role])).toEqual([
          [users.creator.id, 'creator'],
          [users.admin.id, 'admin'],
          [users.treasurer.id, 'treasurer'],
          [users.member.id, 'member'],
          [users.target.id, 'member'],
        ]);
        const target = page.items.find((m) => m.userId === users.target.id);
        expect(target).toEqual({
          id: expect.any(Number),
          userId: users.target.id,
          role: 'member',
          joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          user: {
            firstName: users.target.firstName,
            lastName: users.target.lastName,
            username: null,
            // Leaders only, by default: the treasurer and a plain member do not see them.
            email: who === 'admin' || who === 'creator' ? users.target.email : null,
            phoneNumber: who === 'admin' || who === 'creator' ? users.target.phoneNumber : null,
            profileImageUrl: null,
          },
        });
        expect(JSON.stringify(page.items)).not.toMatch(/passwordHash|password_hash|argon2/);
      },
    );

    it.each([
      ['a non-member of a public community', 'outsider', 'pub', 403, 'FORBIDDEN'],
      ['a non-member of a private community', 'outsider', 'priv', 404, 'NOT_FOUND'],
      ['a pending requester of a private community', 'requester', 'priv', 404, 'NOT_FOUND'],
    ] as const)('refuses %s with %i and no member data', async (_label, who, which, status, code) => {
      const t = makeTestApp();
      const c = await cast(t);
      const r = await tr.call(await as(t, c.users[who]), OPS.communityMembers, { communityId: c[which].id });
      expect(r.status).toBe(status);
      expect(r.error?.code).toBe(code);
      expect(JSON.stringify(r.raw)).not.toContain(c.users.member.email);
    });

    it('refuses a signed-out caller with 401, for a public community too', async () => {
      const t = makeTestApp();
      const { pub, users } = await cast(t);
      const r = await tr.call(anonymous(t), OPS.communityMembers, { communityId: pub.id });
      expect(r.status).toBe(401);
      expect(JSON.stringify(r.raw)).not.toContain(users.member.email);
    });

    it('answers 404 for an unknown community and 400 for a malformed id', async () => {
      const t = makeTestApp();
      const { users, pub } = await cast(t);
      const a = await as(t, users.member);
      expect((await tr.call(a, OPS.communityMembers, { communityId: pub.id + 50 })).status).toBe(404);
      expect((await tr.call(a, OPS.communityMembers, { communityId: 'x1' })).status).toBe(400);
      expect((await tr.call(a, OPS.communityMembers, { communityId: pub.id, limit: 101 })).status).toBe(400);
    });

    it("lists only this community's members", async () => {
      const t = makeTestApp();
      const { users, pub } = await cast(t);
      const elsewhere = await makeUser(t.db);
      addMember(t.db, { communityId: makeCommunity(t.db, { creator: elsewhere }).id, user: users.outsider });
      const items = tr.page(await tr.call(await as(t, users.member), OPS.communityMembers, { communityId: pub.id })).items;
      expect(items.map((m) => m.userId)).not.toContain(users.outsider.id);
      expect(items.map((m) => m.userId)).not.toContain(elsewhere.id);
    });

    it('pages with limit and cursor, without duplicates or gaps', async () => {
      const t = makeTestApp();
      const creator = await makeUser(t.db);
      const community = makeCommunity(t.db, { creator });
      const ids = [creator.id];
      for (let i = 0; i < 6; i++) {
        const u = await makeUser(t.db);
        addMember(t.db, { communityId: community.id, user: u });
        ids.push(u.id);
      }
      const a = await as(t, creator);
      const seen: string[][] = [];
      let cursor: number | undefined;
      do {
        const page = tr.page(await tr.call(a, OPS.communityMembers, { communityId: community.id, limit: 3, cursor }));
        seen.push(page.items.map((m) => m.userId));
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      expect(seen.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(seen.flat()).toEqual(ids);
    });
  });

  describe(tr.title(OPS.community), () => {
    it('shows a public community to a signed-out visitor in full, as a non-member', async () => {
      const t = makeTestApp();
      const { users, pub } = await cast(t);
      const r = await tr.call(anonymous(t), OPS.community, { id: pub.id });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({
        id: pub.id,
        name: pub.name,
        description: pub.description,
        location: 'Accra',
        timeZone: 'UTC',
        imageUrl: null,
        isPublic: true,
        membersOrganiseCircles: false,
        membersInvite: false,
        memberCount: 5,
        creatorId: users.creator.id,
        createdAt: new Date(pub.createdAt).toISOString(),
        updatedAt: new Date(pub.updatedAt).toISOString(),
        isMember: false,
        role: null,
        joinedAt: null,
        requestPending: false,
      });
    });

    it.each([
      ['a signed-out visitor', null],
      ['a signed-in non-member', 'outsider'],
    ] as const)('shows a private community to %s only as its summary', async (_label, who) => {
      const t = makeTestApp();
      const c = await cast(t);
      const a = who ? await as(t, c.users[who]) : anonymous(t);
      const r = await tr.call(a, OPS.community, { id: c.priv.id });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({
        id: c.priv.id,
        name: c.priv.name,
        description: c.priv.description,
        memberCount: 5,
        isPublic: false,
        membersOrganiseCircles: false,
        membersInvite: false,
        location: null,
        timeZone: null,
        imageUrl: null,
        creatorId: null,
        createdAt: null,
        updatedAt: null,
        isMember: false,
        role: null,
        joinedAt: null,
        requestPending: false,
      });
    });

    it('shows a private community in full to a member, with their role', async () => {
      const t = makeTestApp();
      const { users, priv } = await cast(t);
      const r = await tr.call(await as(t, users.treasurer), OPS.community, { id: priv.id });
      expect(r.data).toMatchObject({ location: 'Lagos', creatorId: users.creator.id, isMember: true, role: 'treasurer', joinedAt: expect.any(String) });
    });

    it("answers 404 'Community Not Found' for an unknown id", async () => {
      const t = makeTestApp();
      const { pub } = await cast(t);
      const r = await tr.call(anonymous(t), OPS.community, { id: pub.id + 999 });
      expect(r.status).toBe(404);
      expectError(r, 'NOT_FOUND', 'validation.community.notFound');
    });

    it.each([['abc'], ['-3'], ['0'], ['2.5']])('answers 400 (not 500) to the id %j', async (id) => {
      const t = makeTestApp();
      const r = await tr.call(anonymous(t), OPS.community, { id });
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe('BAD_REQUEST');
    });
  });
}
