import { describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../setup/app';
import { ANN, annSnapshot, announcementRow, CAT, categoryCount, categoryRow, feed, iso, seedAnnouncement, seedCategory } from '../setup/announcements';
import { anonymous, as, cast } from '../setup/communities';
import { transportsFor, REST } from '../setup/transport';
import { expectError, textOf } from '../setup/errors';

/*
 * Categories belong to one community, names are unique per community
 * regardless of case (409), colour defaults to #66CDAA and must be hex, and deleting a category
 * leaves its announcements uncategorised. Access control is in announcements-access.test.ts.
 */
async function world(t: TestApp) {
  const c = await cast(t);
  return { c, community: c.pub, other: c.priv, admin: await as(t, c.users.admin) };
}

const COLOUR = 'validation.announcement.color';
const NAME_REQUIRED = 'validation.announcement.categoryRequired';
const DUPLICATE = { path: ['name'], message: textOf('errors.announcement.categoryTaken') };

for (const tr of transportsFor(REST)) {
  describe(tr.title(CAT.create), () => {
    it(`creates with ${tr.okStatus(CAT.create)}, the default colour #66CDAA, a trimmed name and an empty description as null`, async () => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      const r = await tr.call(admin, CAT.create, { communityId: community.id, name: '  Events  ', description: '' });
      expect(r.status, JSON.stringify(r.error)).toBe(tr.okStatus(CAT.create));
      expect(r.data).toEqual({ id: expect.any(Number), communityId: community.id, name: 'Events', description: null, color: '#66CDAA', createdAt: iso(t.clock.now()) });
      expect(categoryRow(t, r.data.id)).toMatchObject({ community_id: community.id, name: 'Events', color: '#66CDAA' });
    });

    it('refuses the 101st category of a community with 400 and writes nothing; the list returns all 100; another community is unaffected', async () => {
      const t = makeTestApp();
      const { community, other, admin } = await world(t);
      for (let i = 0; i < 100; i++) seedCategory(t, { community, name: `Category ${String(i).padStart(3, '0')}` });
      const before = annSnapshot(t);
      const r = await tr.call(admin, CAT.create, { communityId: community.id, name: 'One too many' });
      expect(r.status).toBe(400);
      expectError(r, 'BAD_REQUEST', 'errors.announcement.categoryCap', { max: 100 });
      expect(annSnapshot(t)).toEqual(before);
      const list = await tr.call(admin, CAT.list, { communityId: community.id });
      expect(list.data.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 100 }, (_, i) => `Category ${String(i).padStart(3, '0')}`));
      expect((await tr.call(admin, CAT.create, { communityId: other.id, name: 'One too many' })).status).toBe(tr.okStatus(CAT.create));
    });

    it('keeps a description and a chosen colour', async () => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      const r = await tr.call(admin, CAT.create, { communityId: community.id, name: 'Finance', description: 'Dues and savings', color: '#aa33ff' });
      expect(r.data).toMatchObject({ name: 'Finance', description: 'Dues and savings', color: '#aa33ff' });
    });

    it.each([[undefined], [null], ['']])("refuses communityId %s with 400 'communityId is required' on that field", async (communityId) => {
      const t = makeTestApp();
      const { admin } = await world(t);
      const r = await tr.call(admin, CAT.create, { name: 'Events', ...(communityId === undefined ? {} : { communityId }) });
      expect(r.status).toBe(400);
      expectError(r, 'BAD_REQUEST', 'validation.announcement.communityRequired');
      expect(r.error?.issues).toContainEqual({ path: ['communityId'], message: textOf('validation.announcement.communityRequired') });
      expect(categoryCount(t)).toBe(0);
    });

    it.each([
      ['a missing name', {}, 'name', NAME_REQUIRED],
      ['an empty name', { name: '' }, 'name', NAME_REQUIRED],
      ['a blank name', { name: '   ' }, 'name', NAME_REQUIRED],
      ['a 51-character name', { name: 'n'.repeat(51) }, 'name', 'validation.announcement.categoryLong'],
      ['a 201-character description', { name: 'Events', description: 'd'.repeat(201) }, 'description', 'validation.announcement.descriptionLong'],
      ['a colour name', { name: 'Events', color: 'red' }, 'color', COLOUR],
      ['a three-digit hex colour', { name: 'Events', color: '#FFF' }, 'color', COLOUR],
      ['a colour without #', { name: 'Events', color: '66CDAA' }, 'color', COLOUR],
      ['a colour with non-hex digits', { name: 'Events', color: '#GG0000' }, 'color', COLOUR],
      ['a colour that is a CSS expression', { name: 'Events', color: '#000000;background:url(x)' }, 'color', COLOUR],
    ] as const)('refuses %s with 400 and the message, nothing stored', async (_label, body, field, message) => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      const r = await tr.call(admin, CAT.create, { communityId: community.id, ...body });
      expect(r.status).toBe(400);
      expectError(r, 'BAD_REQUEST', message);
      expect(r.error?.issues).toContainEqual({ path: [field], message: textOf(message) });
      expect(categoryCount(t)).toBe(0);
    });

    it('refuses a duplicate name in the same community, whatever its case, with 409 on name', async () => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      seedCategory(t, { community, name: 'Events' });
      for (const name of ['Events', 'EVENTS', ' events ']) {
        const r = await tr.call(admin, CAT.create, { communityId: community.id, name });
        expect(r.status, name).toBe(409);
        expectError(r, 'CONFLICT', 'errors.announcement.categoryTaken');
        expect(r.error?.issues).toEqual([DUPLICATE]);
      }
      expect(categoryCount(t)).toBe(1);
    });

    it('allows the same name in another community', async () => {
      const t = makeTestApp();
      const { community, other, admin } = await world(t);
      seedCategory(t, { community, name: 'Events' });
      const r = await tr.call(admin, CAT.create, { communityId: other.id, name: 'Events' });
      expect(r.status, JSON.stringify(r.error)).toBe(tr.okStatus(CAT.create));
      expect(r.data.communityId).toBe(other.id);
    });

    it('ignores an id and createdAt in the input', async () => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      const existing = seedCategory(t, { community, name: 'Events' });
      const r = await tr.call(admin, CAT.create, { communityId: community.id, name: 'Finance', id: existing.id, createdAt: '2020-01-01T00:00:00.000Z' });
      expect(r.data.id).not.toBe(existing.id);
      expect(r.data.createdAt).toBe(iso(t.clock.now()));
      expect(categoryRow(t, existing.id)?.name).toBe('Events');
    });
  });

  describe(tr.title(CAT.list), () => {
    it("lists this community's categories by name, and no other community's", async () => {
      const t = makeTestApp();
      const { c, community, other } = await world(t);
      seedCategory(t, { community, name: 'Sports' });
      seedCategory(t, { community, name: 'Events' });
      seedCategory(t, { community: other, name: 'Other circle' });
      const r = await tr.call(await as(t, c.users.member), CAT.list, { communityId: community.id });
      expect(r.status).toBe(200);
      expect(r.data.map((x: { name: string }) => x.name)).toEqual(['Events', 'Sports']);
    });

    it("refuses a call without communityId with 400 'communityId is required'", async () => {
      const t = makeTestApp();
      const { admin } = await world(t);
      const r = await tr.call(admin, CAT.list, {});
      expect(r.status).toBe(400);
      expectError(r, 'BAD_REQUEST', 'validation.announcement.communityRequired');
      expect(r.error?.issues).toContainEqual({ path: ['communityId'], message: textOf('validation.announcement.communityRequired') });
    });
  });

  describe(tr.title(CAT.update), () => {
    it('changes the fields sent and keeps the others', async () => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      const cat = seedCategory(t, { community, name: 'Events', color: '#1E90FF', description: 'Gatherings' });
      const r = await tr.call(admin, CAT.update, { id: cat.id, color: '#FF8800' });
      expect(r.status, JSON.stringify(r.error)).toBe(200);
      expect(r.data).toEqual({ ...cat, color: '#FF8800' });
      const renamed = await tr.call(admin, CAT.update, { id: cat.id, name: 'Festivals', description: '' });
      expect(renamed.data).toEqual({ ...cat, name: 'Festivals', description: null, color: '#FF8800' });
    });

    it("may change only the case of its own name, but not take another category's name (409)", async () => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      const events = seedCategory(t, { community, name: 'Events' });
      seedCategory(t, { community, name: 'Sports' });
      expect((await tr.call(admin, CAT.update, { id: events.id, name: 'EVENTS' })).data?.name).toBe('EVENTS');
      const r = await tr.call(admin, CAT.update, { id: events.id, name: 'sports' });
      expect(r.status).toBe(409);
      expect(r.error?.issues).toEqual([DUPLICATE]);
      expect(categoryRow(t, events.id)?.name).toBe('EVENTS');
    });

    it.each([
      ['an empty name', { name: '' }, 'name', NAME_REQUIRED],
      ['an invalid colour', { color: 'blue' }, 'color', COLOUR],
    ] as const)('refuses %s with 400, nothing changes', async (_label, body, field, message) => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      const cat = seedCategory(t, { community });
      const before = annSnapshot(t);
      const r = await tr.call(admin, CAT.update, { id: cat.id, ...body });
      expect(r.status).toBe(400);
      expect(r.error?.issues).toContainEqual({ path: [field], message: textOf(message) });
      expect(annSnapshot(t)).toEqual(before);
    });

    it("answers 404 'Category not found' for an unknown id", async () => {
      const t = makeTestApp();
      const { admin } = await world(t);
      const r = await tr.call(admin, CAT.update, { id: 777, name: 'x' });
      expect(r.status).toBe(404);
      expectError(r, 'NOT_FOUND', 'validation.announcement.categoryNotFound');
    });
  });

  describe(tr.title(CAT.delete), () => {
    it('deletes it and leaves its announcements, uncategorised; other categories keep theirs', async () => {
      const t = makeTestApp();
      const { c, community, admin } = await world(t);
      const doomed = seedCategory(t, { community, name: 'Doomed' });
      const kept = seedCategory(t, { community, name: 'Kept' });
      const a1 = seedAnnouncement(t, { community, author: c.users.creator, categoryId: doomed.id, title: 'One' });
      const a2 = seedAnnouncement(t, { community, author: c.users.creator, categoryId: doomed.id, title: 'Two', isPublished: false });
      const a3 = seedAnnouncement(t, { community, author: c.users.creator, categoryId: kept.id, title: 'Three' });
      const r = await tr.call(admin, CAT.delete, { id: doomed.id });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ success: true });
      expect(categoryRow(t, doomed.id)).toBeUndefined();
      expect([a1, a2, a3].map((a) => announcementRow(t, a.id)?.category_id)).toEqual([null, null, kept.id]);
      const { items } = feed(tr, await tr.call(admin, ANN.list, { communityId: community.id }));
      expect(items.map((a) => [a.title, a.categoryId, a.category])).toEqual([
        ['Three', kept.id, { id: kept.id, name: 'Kept', color: '#1E90FF' }],
        ['Two', null, null],
        ['One', null, null],
      ]);
      expect((await tr.call(admin, CAT.list, { communityId: community.id })).data.map((x: { id: number }) => x.id)).toEqual([kept.id]);
    });

    it('answers 404 when deleting it again', async () => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      const cat = seedCategory(t, { community });
      expect((await tr.call(admin, CAT.delete, { id: cat.id })).status).toBe(200);
      const again = await tr.call(admin, CAT.delete, { id: cat.id });
      expect(again.status).toBe(404);
      expect(again.error?.code).toBe('NOT_FOUND');
    });
  });
}

describe('REST: GET /api/announcement-categories', () => {
  it('takes the community from ?communityId=', async () => {
    const t = makeTestApp();
    const { community, admin } = await world(t);
    const cat = seedCategory(t, { community, name: 'Events' });
    const r = await admin.rest('GET', `/api/announcement-categories?communityId=${community.id}`);
    expect(r.status).toBe(200);
    expect(r.body.map((x: { id: number }) => x.id)).toEqual([cat.id]);
  });

  it.each([[''], ['?communityId='], ['?community=1']])("answers %s with 400 'communityId is required'", async (query) => {
    const t = makeTestApp();
    const { admin } = await world(t);
    const r = await admin.rest('GET', `/api/announcement-categories${query}`);
    expect(r.status).toBe(400);
    expectError(r, 'BAD_REQUEST', 'validation.announcement.communityRequired');
  });

  it('still answers 401 first to an anonymous caller without communityId', async () => {
    const t = makeTestApp();
    const r = await anonymous(t).rest('GET', '/api/announcement-categories');
    expect(r.status).toBe(401);
  });
});
