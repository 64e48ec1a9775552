import { describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type Agent, type TestApp } from '../setup/app';
import { anonymous, as } from '../setup/communities';
import { OPS, type Op, type Transport, transportsFor, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

/** Public A, private B, public C, private D, public E: created in that order (E newest). */
async function discover(t: TestApp) {
  const creator = await makeUser(t.db);
  const make = (n: string, isPublic: boolean) =>
    makeCommunity(t.db, { creator, name: `Circle ${n}`, isPublic, location: `Town ${n}`, imageUrl: `/uploads/${n.toLowerCase().repeat(16)}.webp` });
  return { creator, a: make('A', true), b: make('B', false), c: make('C', true), d: make('D', false), e: make('E', true) };
}

/** Every page of a list, following the cursor; fails on a page larger than the limit. */
async function allPages(tr: Transport, a: Agent, op: Op, input: Record<string, unknown>, limit: number) {
  const pages: number[][] = [];
  let cursor: number | undefined;
  for (let i = 0; i < 50; i++) {
    const r = await tr.call(a, op, { ...input, limit, ...(cursor === undefined ? {} : { cursor }) });
    expect(r.status).toBe(200);
    const page = tr.page(r);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    pages.push(page.items.map((c: { id: number }) => c.id));
    if (page.nextCursor === null) return pages;
    cursor = page.nextCursor;
  }
  throw new Error('paging never ended');
}

for (const tr of transportsFor(TRPC)) {
  describe(tr.title(OPS.allCommunities), () => {
    it('shows a signed-out visitor only public communities, newest first', async () => {
      const t = makeTestApp();
      const { a, c, e } = await discover(t);
      const r = await tr.call(anonymous(t), OPS.allCommunities, {});
      expect(r.status).toBe(200);
      const page = tr.page(r);
      expect(page.items.map((x) => x.name)).toEqual([e.name, c.name, a.name]);
      expect(page.nextCursor).toBeNull();
      expect(page.items[0]).toMatchObject({ isPublic: true, isMember: false, role: null, location: 'Town E', imageUrl: e.imageUrl });
    });

    it('shows a signed-in non-member private communities too, but only as a summary', async () => {
      const t = makeTestApp();
      const { creator, b, d } = await discover(t);
      const viewer = await as(t, await makeUser(t.db));
      const items = tr.page(await tr.call(viewer, OPS.allCommunities, {})).items;
      expect(items.map((x) => x.name)).toEqual(['Circle E', 'Circle D', 'Circle C', 'Circle B', 'Circle A']);
      const priv = items.find((x) => x.id === d.id);
      expect(priv).toEqual({
        id: d.id,
        name: d.name,
        description: d.description,
        memberCount: 1,
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
      const pub = items.find((x) => x.name === 'Circle C');
      expect(pub).toMatchObject({ location: 'Town C', creatorId: creator.id, createdAt: expect.any(String) });
      expect(items.find((x) => x.id === b.id)?.location).toBeNull();
    });

    it('shows a member of a private community its full fields', async () => {
      const t = makeTestApp();
      const { creator, d } = await discover(t);
      const user = await makeUser(t.db);
      addMember(t.db, { communityId: d.id, user, role: 'treasurer' });
      const items = tr.page(await tr.call(await as(t, user), OPS.allCommunities, {})).items;
      expect(items.find((x) => x.id === d.id)).toMatchObject({
        location: 'Town D',
        imageUrl: d.imageUrl,
        creatorId: creator.id,
        createdAt: new Date(d.createdAt).toISOString(),
        isMember: true,
        role: 'treasurer',
        memberCount: 2,
      });
    });

    it('pages with limit and cursor across every page, with no duplicates or gaps', async () => {
      const t = makeTestApp();
      const creator = await makeUser(t.db);
      const ids = Array.from({ length: 11 }, (_, i) => makeCommunity(t.db, { creator, isPublic: i % 3 !== 0 }).id).reverse();
      const signedIn = await as(t, creator);
      const pages = await allPages(tr, signedIn, OPS.allCommunities, {}, 4);
      expect(pages.map((p) => p.length)).toEqual([4, 4, 3]);
      expect(pages.flat()).toEqual(ids);
      // Signed out: the private ones are skipped, still without gaps.
      const publicIds = ids.filter((id) => t.db.$client.prepare('SELECT is_public FROM communities WHERE id = ?').pluck().get(id) === 1);
      expect((await allPages(tr, anonymous(t), OPS.allCommunities, {}, 3)).flat()).toEqual(publicIds);
    });

    it('stops at exactly the last item: no cursor when the page is full but nothing follows', async () => {
      const t = makeTestApp();
      await discover(t);
      const page = tr.page(await tr.call(anonymous(t), OPS.allCommunities, { limit: 3 }));
      expect(page.items).toHaveLength(3);
      expect(page.nextCursor).toBeNull();
    });

    it('answers at most 100 by default and gives a cursor for the rest', async () => {
      const t = makeTestApp();
      const creator = await makeUser(t.db);
      for (let i = 0; i < 101; i++) makeCommunity(t.db, { creator });
      const page = tr.page(await tr.call(anonymous(t), OPS.allCommunities, {}));
      expect(page.items).toHaveLength(100);
      expect(page.nextCursor).not.toBeNull();
      const rest = tr.page(await tr.call(anonymous(t), OPS.allCommunities, { cursor: page.nextCursor }));
      expect(rest.items).toHaveLength(1);
      expect(rest.nextCursor).toBeNull();
    });

    it.each([
      ['limit above 100', { limit: 101 }, 'validation.limitMax'],
      ['limit 0', { limit: 0 }, 'validation.limitMin'],
      ['a limit that is not a number', { limit: 'ten' }, 'validation.limitNumber'],
      ['a cursor that is not a number', { cursor: 'abc' }, 'validation.invalidCursor'],
      ['a negative cursor', { cursor: -5 }, 'validation.invalidCursor'],
    ] as const)('refuses %s with 400', async (_label, input, message) => {
      const t = makeTestApp();
      const r = await tr.call(anonymous(t), OPS.allCommunities, input);
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe('BAD_REQUEST');
      expectError(r, 'BAD_REQUEST', message);
    });
  });

  for (const op of [OPS.joinedCommunities, OPS.createdCommunities]) {
    describe(tr.title(op), () => {
      it('requires a signed-in user (401)', async () => {
        const t = makeTestApp();
        const r = await tr.call(anonymous(t), op, {});
        expect(r.status).toBe(401);
        expect(r.error?.code).toBe('UNAUTHORIZED');
      });

      it('refuses a limit above 100 with 400', async () => {
        const t = makeTestApp();
        const r = await tr.call(await as(t, await makeUser(t.db)), op, { limit: 101 });
        expect(r.status).toBe(400);
      });
    });
  }

  describe(`${tr.title(OPS.joinedCommunities)} and ${tr.title(OPS.createdCommunities)}`, () => {
    it('joined lists every community the user belongs to in any role, latest joined first; created only their own; created ⊆ joined', async () => {
      const t = makeTestApp();
      const me = await makeUser(t.db);
      const other = await makeUser(t.db);
      const mine1 = makeCommunity(t.db, { creator: me, isPublic: false });
      const theirs1 = makeCommunity(t.db, { creator: other });
      const theirs2 = makeCommunity(t.db, { creator: other, isPublic: false });
      const notMine = makeCommunity(t.db, { creator: other });
      const pendingHere = makeCommunity(t.db, { creator: other, isPublic: false });
      const mine2 = makeCommunity(t.db, { creator: me });
      addMember(t.db, { communityId: theirs2.id, user: me, role: 'admin' });
      addMember(t.db, { communityId: theirs1.id, user: me });
      const a = await as(t, me);
      expect((await tr.call(a, OPS.joinCommunity, { communityId: pendingHere.id })).data.status).toBe('pending');

      const joined = tr.page(await tr.call(a, OPS.joinedCommunities, {})).items;
      expect(joined.map((c) => c.id)).toEqual([theirs1.id, theirs2.id, mine2.id, mine1.id]);
      expect(joined.map((c) => c.role)).toEqual(['member', 'admin', 'creator', 'creator']);
      expect(joined.every((c) => c.isMember && c.location !== undefined)).toBe(true);
      expect(joined.find((c) => c.id === theirs2.id)?.creatorId).toBe(other.id); // a member sees the private community in full

      const created = tr.page(await tr.call(a, OPS.createdCommunities, {})).items.map((c) => c.id);
      expect(created).toEqual([mine2.id, mine1.id]);
      expect(created.every((id) => joined.some((c) => c.id === id))).toBe(true);
      expect(joined.some((c) => c.id === notMine.id || c.id === pendingHere.id)).toBe(false);

      // Someone else's lists are theirs alone.
      const otherCreated = tr.page(await tr.call(await as(t, other), OPS.createdCommunities, {})).items.map((c) => c.id);
      expect(otherCreated).toEqual([pendingHere.id, notMine.id, theirs2.id, theirs1.id]);
    });

    it('page through joined and created lists without duplicates or gaps', async () => {
      const t = makeTestApp();
      const me = await makeUser(t.db);
      const other = await makeUser(t.db);
      const created = Array.from({ length: 5 }, () => makeCommunity(t.db, { creator: me }).id);
      for (let i = 0; i < 4; i++) addMember(t.db, { communityId: makeCommunity(t.db, { creator: other }).id, user: me });
      const a = await as(t, me);
      const joinedPages = await allPages(tr, a, OPS.joinedCommunities, {}, 2);
      expect(joinedPages.map((p) => p.length)).toEqual([2, 2, 2, 2, 1]);
      expect(new Set(joinedPages.flat()).size).toBe(9);
      const createdPages = await allPages(tr, a, OPS.createdCommunities, {}, 2);
      expect(createdPages.flat()).toEqual([...created].reverse());
    });
  });
}
