import { describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp } from '../setup/app';
import { ADMIN, asStaff, staffCast } from '../setup/admin';
import { type Outcome, type Transport, transportsFor, REST } from '../setup/transport';

async function setup() {
  const t = makeTestApp();
  const c = await staffCast(t);
  return { t, ...c, ad: await asStaff(t, c.admin) };
}

/** One page as { ids, nextCursor, total } whatever the transport (REST: array + X-Next-Cursor + X-Total-Count). */
function page(tr: Transport, r: Outcome) {
  expect(r.status, JSON.stringify(r.error)).toBe(200);
  const p = tr.page<{ id: string }>(r);
  const total = tr.name === 'REST' ? Number(r.headers.get('x-total-count')) : r.data.total;
  if (tr.name === 'REST') expect(r.headers.get('x-total-count')).toMatch(/^\d+$/);
  return { ids: p.items.map((u) => u.id), nextCursor: p.nextCursor, total };
}

for (const tr of transportsFor(REST)) {
  describe(`${tr.title(ADMIN.userCount)} and ${tr.title(ADMIN.communityCount)}`, () => {
    it('count the real rows, and follow creation and deletion', async () => {
      const { t, ad, superadmin, community } = await setup();
      expect((await tr.call(ad, ADMIN.userCount)).data).toEqual({ count: 4 });
      expect((await tr.call(ad, ADMIN.communityCount)).data).toEqual({ count: 1 });
      await makeUser(t.db);
      makeCommunity(t.db, { creator: superadmin, isPublic: false });
      expect((await tr.call(ad, ADMIN.userCount)).data).toEqual({ count: 5 });
      expect((await tr.call(ad, ADMIN.communityCount)).data).toEqual({ count: 2 });
      expect((await ad.mutate('admin.deleteCommunity', { id: community.id })).status).toBe(200);
      expect((await tr.call(ad, ADMIN.communityCount)).data).toEqual({ count: 1 });
      expect((await ad.query('admin.counts')).data).toEqual({ users: 5, communities: 1, events: 0 });
    });
  });

  describe(`${tr.title(ADMIN.users)}: community roles`, () => {
    it('gives each person the roles they hold across their communities, each once and highest first', async () => {
      const { t, ad, user, target, superadmin, admin } = await setup();
      const second = makeCommunity(t.db, { creator: superadmin, name: 'Accra Circle' });
      addMember(t.db, { communityId: second.id, user: target, role: 'treasurer' });
      addMember(t.db, { communityId: second.id, user, role: 'member' });
      const r = await tr.call(ad, ADMIN.users, {});
      expect(r.status).toBe(200);
      const roles = Object.fromEntries(tr.page<{ id: string; communityRoles: string[] }>(r).items.map((u) => [u.id, u.communityRoles]));
      expect(roles[target.id]).toEqual(['creator', 'treasurer']);
      expect(roles[user.id]).toEqual(['member']);
      expect(roles[superadmin.id]).toEqual(['creator']);
      // Staff in no community: nothing to show but their staff role.
      expect(roles[admin.id]).toEqual([]);
    });
  });

  describe(`${tr.title(ADMIN.users)}: search`, () => {
    it.each([
      ['first name', 'TUNDE', ['target']],
      ['last name', 'plain', ['user']],
      ['email', 'ZANELE@HARAMBEE-test', ['zanele']],
      ['role', 'SuperAdmin', ['superadmin']],
      ['role (substring)', 'admin', ['superadmin', 'admin']],
    ] as const)('matches the %s, case-insensitively', async (_, search, who) => {
      const { t, ad, superadmin, admin, user, target } = await setup();
      const zanele = await makeUser(t.db, { firstName: 'Zed', lastName: 'Q', email: 'zanele@harambee-test.org', createdAt: t.clock.now() });
      const people: Record<string, { id: string }> = { superadmin, admin, user, target, zanele };
      const p = page(tr, await tr.call(ad, ADMIN.users, { search }));
      expect(p.ids.sort()).toEqual(who.map((w) => people[w]!.id).sort());
      expect(p.total).toBe(who.length);
    });

    it.each([
      ['%', 'percent'],
      ['_', 'underscore'],
      ['\\', 'backslash'],
    ])("matches '%s' literally, not as a wildcard", async (search, who) => {
      const { t, ad } = await setup();
      const percent = await makeUser(t.db, { lastName: '100%Sure' });
      const underscore = await makeUser(t.db, { lastName: 'Snake_Case' });
      const backslash = await makeUser(t.db, { lastName: 'Back\\Slash' });
      const people: Record<string, { id: string }> = { percent, underscore, backslash };
      const p = page(tr, await tr.call(ad, ADMIN.users, { search }));
      expect(p.ids).toEqual([people[who]!.id]);
      expect(p.total).toBe(1);
    });

    it.each([
      ['as typed', 'Élodie'],
      ['in capitals', 'ÉLODIE'],
      ['lowercased', 'ngozi-zoë'],
    ])('finds names with accented letters %s', async (_, search) => {
      const { t, ad } = await setup();
      const elodie = await makeUser(t.db, { firstName: 'Élodie', lastName: 'Ngozi-Zoë' });
      const p = page(tr, await tr.call(ad, ADMIN.users, { search }));
      expect(p.ids).toEqual([elodie.id]);
    });

    it("answers an empty page for no match ('No users found')", async () => {
      const { ad } = await setup();
      const p = page(tr, await tr.call(ad, ADMIN.users, { search: 'nobody-like-this' }));
      expect(p).toEqual({ ids: [], nextCursor: null, total: 0 });
    });

    it('never sends password hashes', async () => {
      const { ad } = await setup();
      const r = await tr.call(ad, ADMIN.users, {});
      expect(JSON.stringify(r.raw)).not.toMatch(/passwordHash|password_hash|\$argon2/);
    });
  });

  describe(`${tr.title(ADMIN.users)}: pages`, () => {
    it('newest first; Next and Previous by offset cursor; the total stays right', async () => {
      const { t, ad, superadmin, admin, user, target } = await setup();
      const later = [];
      for (let i = 1; i <= 3; i++) later.push(await makeUser(t.db, { createdAt: t.clock.now() + i * 1000 }));
      const newestFirst = [...later.reverse(), target, user, admin, superadmin].map((u) => u.id);
      const p1 = page(tr, await tr.call(ad, ADMIN.users, { limit: 3 }));
      expect(p1).toEqual({ ids: newestFirst.slice(0, 3), nextCursor: 3, total: 7 });
      const p2 = page(tr, await tr.call(ad, ADMIN.users, { limit: 3, cursor: p1.nextCursor }));
      expect(p2).toEqual({ ids: newestFirst.slice(3, 6), nextCursor: 6, total: 7 });
      const p3 = page(tr, await tr.call(ad, ADMIN.users, { limit: 3, cursor: p2.nextCursor }));
      expect(p3).toEqual({ ids: newestFirst.slice(6), nextCursor: null, total: 7 });
      // Previous from page 3: offset 6 - 3.
      expect(page(tr, await tr.call(ad, ADMIN.users, { limit: 3, cursor: 3 }))).toEqual(p2);
      expect(page(tr, await tr.call(ad, ADMIN.users, { limit: 3, cursor: 0 }))).toEqual(p1);
    });

    it('pages a search: the total counts the matches only', async () => {
      const { t, ad } = await setup();
      for (let i = 0; i < 5; i++) await makeUser(t.db, { firstName: 'Kwame', createdAt: t.clock.now() + i });
      const p1 = page(tr, await tr.call(ad, ADMIN.users, { search: 'kwame', limit: 4 }));
      expect(p1.ids).toHaveLength(4);
      expect(p1).toMatchObject({ nextCursor: 4, total: 5 });
      const p2 = page(tr, await tr.call(ad, ADMIN.users, { search: 'kwame', limit: 4, cursor: 4 }));
      expect(p2).toMatchObject({ nextCursor: null, total: 5 });
      expect(new Set([...p1.ids, ...p2.ids]).size).toBe(5);
    });

    it('defaults to 20 a page', async () => {
      const { t, ad } = await setup();
      for (let i = 0; i < 18; i++) await makeUser(t.db);
      const p = page(tr, await tr.call(ad, ADMIN.users, {}));
      expect(p.ids).toHaveLength(20);
      expect(p).toMatchObject({ nextCursor: 20, total: 22 });
    });

    it.each([
      ['limit', { limit: 101 }, 'limit must be at most 100'],
      ['limit', { limit: 0 }, 'limit must be at least 1'],
      ['cursor', { cursor: -1 }, 'Invalid cursor'],
      ['cursor', { cursor: 'abc' }, 'Invalid cursor'],
      ['search', { search: 'x'.repeat(101) }, 'Search text must be at most 100 characters'],
    ])('refuses a bad %s with 400', async (field, input, message) => {
      const { ad } = await setup();
      const r = await tr.call(ad, ADMIN.users, input);
      expect(r.status).toBe(400);
      expect(r.error?.issues?.[0]).toEqual({ path: [field], message });
    });
  });
}
