import { describe, expect, it } from 'vitest';
import { makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { seedAnnouncement, seedCategory } from '../setup/announcements';
import { anonymous, as, cast, rowCount } from '../setup/communities';
import { asStaff, auditRows, communityRow, dbSnapshot } from '../setup/admin';
import { OPS, transportsFor, TRPC } from '../setup/transport';
import { expectError, textOf } from '../setup/errors';

async function setup() {
  const t = makeTestApp();
  const c = await cast(t);
  const staff = await makeUser(t.db, { role: 'admin' });
  return { t, ...c, staff, ad: await asStaff(t, staff) };
}
const count = (t: TestApp, table: string, communityId: number) =>
  t.db.$client.prepare(`SELECT count(*) FROM ${table} WHERE community_id = ?`).pluck().get(communityId) as number;
const ftsHits = (t: TestApp, term: string) =>
  t.db.$client.prepare('SELECT count(*) FROM communities_fts WHERE communities_fts MATCH ?').pluck().get(`"${term}"`) as number;

describe('tRPC: admin.communities', () => {
  it('lists every community, private and hidden ones included, with member counts and creators', async () => {
    const { t, ad, pub, priv, users } = await setup();
    await ad.mutate('admin.setCommunityHidden', { id: pub.id, hidden: true });
    const r = await ad.query('admin.communities', {});
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ total: 2, offset: 0, nextCursor: null });
    expect(r.data.items).toEqual([
      expect.objectContaining({ id: priv.id, name: 'Private Savings Circle', isPublic: false, isHidden: false, memberCount: 5, creatorEmail: users.creator.email }),
      expect.objectContaining({ id: pub.id, name: 'Public Drummers Circle', isPublic: true, isHidden: true, memberCount: 5, location: 'Accra' }),
    ]);
    expect(rowCount(t, pub.id)).toBe(5);
  });

  it.each([
    ['name', 'SAVINGS', 'priv'],
    ['location', 'accra', 'pub'],
    ['accented name as typed', 'Église', 'church'],
  ] as const)('searches by %s, case-insensitively', async (_, search, which) => {
    const { t, ad, users, ...c } = await setup();
    const church = makeCommunity(t.db, { creator: users.creator, name: 'Église Saint-Paul', location: 'Douala' });
    const ids = { ...c, church };
    const r = await ad.query('admin.communities', { search });
    expect(r.data.items.map((x: { id: number }) => x.id)).toEqual([ids[which].id]);
    expect(r.data.total).toBe(1);
  });

  it('pages by offset with the total', async () => {
    const { ad, pub, priv } = await setup();
    const p1 = await ad.query('admin.communities', { limit: 1 });
    expect(p1.data).toMatchObject({ total: 2, nextCursor: 1 });
    expect(p1.data.items[0].id).toBe(priv.id);
    const p2 = await ad.query('admin.communities', { limit: 1, cursor: 1 });
    expect(p2.data).toMatchObject({ total: 2, nextCursor: null });
    expect(p2.data.items[0].id).toBe(pub.id);
  });
});

describe('tRPC: admin.setCommunityHidden', () => {
  it('answers 404 for an unknown community and 400 without hidden; nothing changes', async () => {
    const { t, ad, pub } = await setup();
    const before = dbSnapshot(t);
    const missing = await ad.mutate('admin.setCommunityHidden', { id: 999_999, hidden: true });
    expect(missing.status).toBe(404);
    expectError(missing, 'NOT_FOUND', 'validation.community.notFound');
    const bad = await ad.mutate('admin.setCommunityHidden', { id: pub.id });
    expect(bad.status).toBe(400);
    expect(bad.error?.issues?.[0]).toEqual({ path: ['hidden'], message: textOf('validation.admin.hidden') });
    expect(dbSnapshot(t)).toEqual(before);
  });
});

for (const tr of transportsFor(TRPC)) {
  describe(`${tr.title(OPS.allCommunities)}, ${tr.title(OPS.community)}, ${tr.title(OPS.joinCommunity)}: a hidden community`, () => {
    it('leaves discovery and search, and exists only for its members, until it is shown again', async () => {
      const { t, ad, pub, priv, users } = await setup();
      const outsider = await as(t, users.outsider);
      const member = await as(t, users.member);
      const ids = async (a: typeof outsider, input: Record<string, unknown> = {}) =>
        tr.page<{ id: number }>(await tr.call(a, OPS.allCommunities, input)).items.map((x) => x.id);
      expect(await ids(outsider)).toContain(pub.id);

      expect((await ad.mutate('admin.setCommunityHidden', { id: pub.id, hidden: true })).status).toBe(200);
      expect(communityRow(t, pub.id)!.is_hidden).toBe(1);
      expect(await ids(anonymous(t))).toEqual([]);
      expect(await ids(outsider)).toEqual([priv.id]);
      expect(await ids(outsider, { search: 'Drummers' })).toEqual([]);
      expect(await ids(outsider, { search: 'Dr' })).toEqual([]);
      expect(await ids(outsider, { location: 'Accra' })).toEqual([]);
      for (const a of [outsider, anonymous(t)]) {
        const r = await tr.call(a, OPS.community, { id: pub.id });
        expect(r.status).toBe(404);
        expectError(r, 'NOT_FOUND', 'validation.community.notFound');
      }
      const join = await tr.call(outsider, OPS.joinCommunity, { communityId: pub.id });
      expect(join.status).toBe(404);
      expect(rowCount(t, pub.id)).toBe(5);
      // Members keep it.
      expect((await tr.call(member, OPS.community, { id: pub.id })).status).toBe(200);
      const joined = tr.page<{ id: number }>(await tr.call(member, OPS.joinedCommunities, {}));
      expect(joined.items.map((x) => x.id)).toContain(pub.id);
      expect((await tr.call(member, OPS.communityMembers, { communityId: pub.id })).status).toBe(200);

      expect((await ad.mutate('admin.setCommunityHidden', { id: pub.id, hidden: false })).status).toBe(200);
      expect(await ids(outsider, { search: 'Drummers' })).toEqual([pub.id]);
      expect(await ids(anonymous(t))).toEqual([pub.id]);
      expect((await tr.call(outsider, OPS.community, { id: pub.id })).status).toBe(200);
      expect((await tr.call(outsider, OPS.joinCommunity, { communityId: pub.id })).status).toBe(200);
      expect(rowCount(t, pub.id)).toBe(6);
      expect(auditRows(t).map((e) => e.action)).toEqual(['community.hidden', 'community.unhidden']);
    });
  });

  describe(`${tr.title(OPS.allCommunities)} after tRPC: admin.deleteCommunity`, () => {
    it('removes the community with its memberships, requests, categories and announcements; search no longer finds it', async () => {
      const { t, ad, pub, priv, users } = await setup();
      const category = seedCategory(t, { community: priv });
      seedAnnouncement(t, { community: priv, author: users.creator, title: 'Savings due', categoryId: category.id });
      seedAnnouncement(t, { community: pub, author: users.creator });
      expect(count(t, 'join_requests', priv.id)).toBe(1);
      expect(ftsHits(t, 'Savings Circle')).toBe(1);
      const member = await as(t, users.member);

      const r = await ad.mutate('admin.deleteCommunity', { id: priv.id });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ success: true });
      expect(communityRow(t, priv.id)).toBeUndefined();
      for (const table of ['memberships', 'join_requests', 'announcements', 'announcement_categories']) {
        expect(count(t, table, priv.id), table).toBe(0);
      }
      expect(ftsHits(t, 'Savings Circle')).toBe(0);
      const search = tr.page<{ id: number }>(await tr.call(member, OPS.allCommunities, { search: 'Savings' }));
      expect(search.items).toEqual([]);
      expect((await tr.call(member, OPS.community, { id: priv.id })).status).toBe(404);
      const joined = tr.page<{ id: number }>(await tr.call(member, OPS.joinedCommunities, {}));
      expect(joined.items.map((x) => x.id)).toEqual([pub.id]);
      // The other community is untouched, and so are the people.
      expect(rowCount(t, pub.id)).toBe(5);
      expect(count(t, 'announcements', pub.id)).toBe(1);
      expect(t.db.$client.prepare('SELECT count(*) FROM users').pluck().get()).toBe(8);
      expect(auditRows(t).map((e) => [e.action, e.target_id, e.target_label])).toEqual([['community.deleted', String(priv.id), 'Private Savings Circle']]);
    });
  });
}

describe('tRPC: admin.deleteCommunity', () => {
  it('answers 404 for an unknown community and changes nothing', async () => {
    const { t, ad } = await setup();
    const before = dbSnapshot(t);
    const r = await ad.mutate('admin.deleteCommunity', { id: 999_999 });
    expect(r.status).toBe(404);
    expect(dbSnapshot(t)).toEqual(before);
  });
});
