import { describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../setup/app';
import { ANN, announcementRow, feed, iso, seedAnnouncement, seedCategory } from '../setup/announcements';
import { as, cast } from '../setup/communities';
import { transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * What a successful create, list, update, delete and toggle-pin answer and store, on
 * both transports. Access control is in announcements-access.test.ts.
 */
async function world(t: TestApp) {
  const c = await cast(t);
  const category = seedCategory(t, { community: c.pub, name: 'Events', color: '#1E90FF' });
  return { c, category, community: c.pub, admin: await as(t, c.users.admin) };
}
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

for (const tr of transportsFor(REST)) {
  describe(tr.title(ANN.create), () => {
    it(`creates with ${tr.okStatus(ANN.create)} and answers every field, publishDate set because it is published`, async () => {
      const t = makeTestApp();
      const { c, category, community, admin } = await world(t);
      t.clock.advance(5000);
      const r = await tr.call(admin, ANN.create, {
        communityId: community.id,
        title: '  Harvest festival  ',
        content: '  Bring a **dish**.\n- drums\n- flags  ',
        categoryId: category.id,
        isPinned: true,
        isPublished: true,
      });
      expect(r.status, JSON.stringify(r.error)).toBe(tr.okStatus(ANN.create));
      const now = iso(t.clock.now());
      expect(r.data).toEqual({
        id: expect.any(Number),
        communityId: community.id,
        title: 'Harvest festival',
        content: 'Bring a **dish**.\n- drums\n- flags',
        categoryId: category.id,
        category: { id: category.id, name: 'Events', color: '#1E90FF' },
        isPinned: true,
        isPublished: true,
        publishDate: now,
        createdAt: now,
        updatedAt: now,
        authorId: c.users.admin.id,
        postedBy: 'You',
      });
      expect(announcementRow(t, r.data.id)).toMatchObject({
        community_id: community.id,
        title: 'Harvest festival',
        category_id: category.id,
        is_pinned: 1,
        is_published: 1,
        publish_date: t.clock.now(),
        author_id: c.users.admin.id,
      });
    });

    it('defaults to published, not pinned and uncategorised; an empty categoryId means none', async () => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      for (const extra of [{}, { categoryId: '' }, { categoryId: null }]) {
        const r = await tr.call(admin, ANN.create, { communityId: community.id, title: 'Notice', content: 'Text', ...extra });
        expect(r.status, JSON.stringify(r.error)).toBe(tr.okStatus(ANN.create));
        expect(r.data).toMatchObject({ isPinned: false, isPublished: true, publishDate: iso(t.clock.now()), categoryId: null, category: null });
      }
    });

    it('leaves publishDate null for a draft', async () => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      const r = await tr.call(admin, ANN.create, { communityId: community.id, title: 'Later', content: 'Not yet', isPublished: false });
      expect(r.data).toMatchObject({ isPublished: false, publishDate: null });
      expect(announcementRow(t, r.data.id)?.publish_date).toBeNull();
    });

    it('accepts a categoryId sent as a numeric string (the form converts the chosen id)', async () => {
      const t = makeTestApp();
      const { category, community, admin } = await world(t);
      const r = await tr.call(admin, ANN.create, { communityId: community.id, title: 'T', content: 'C', categoryId: String(category.id) });
      expect(r.data?.categoryId).toBe(category.id);
    });
  });

  describe(`${tr.title(ANN.list)}: postedBy and category`, () => {
    it("shows 'You' to the author and the author's name to everyone else", async () => {
      const t = makeTestApp();
      const { c, category, community, admin } = await world(t);
      const mine = seedAnnouncement(t, { community, author: c.users.admin, categoryId: category.id });
      const postedBy = async (a: typeof admin) => feed(tr, await tr.call(a, ANN.list, { communityId: community.id })).items.find((x) => x.id === mine.id)?.postedBy;
      expect(await postedBy(admin)).toBe('You');
      expect(await postedBy(await as(t, c.users.member))).toBe(fullName(c.users.admin));
      expect(await postedBy(await as(t, c.users.creator))).toBe(fullName(c.users.admin));
    });

    it("shows 'Former member' once the author's account is gone, and keeps the announcement", async () => {
      const t = makeTestApp();
      const { c, community } = await world(t);
      const a = seedAnnouncement(t, { community, author: c.users.target });
      t.db.$client.prepare('DELETE FROM users WHERE id = ?').run(c.users.target.id);
      const [item] = feed(tr, await tr.call(await as(t, c.users.member), ANN.list, { communityId: community.id })).items;
      expect(item).toMatchObject({ id: a.id, authorId: null, postedBy: 'Former member' });
    });

    it('carries the category as {id, name, color}, following a rename', async () => {
      const t = makeTestApp();
      const { c, category, community } = await world(t);
      seedAnnouncement(t, { community, author: c.users.creator, categoryId: category.id });
      t.db.$client.prepare("UPDATE announcement_categories SET name = 'Gatherings', color = '#123456' WHERE id = ?").run(category.id);
      const [item] = feed(tr, await tr.call(await as(t, c.users.member), ANN.list, { communityId: community.id })).items;
      expect(item).toMatchObject({ categoryId: category.id, category: { id: category.id, name: 'Gatherings', color: '#123456' } });
    });
  });

  describe(tr.title(ANN.update), () => {
    it("changes the fields sent, keeps the others, the author and createdAt, and moves updatedAt", async () => {
      const t = makeTestApp();
      const { c, category, community } = await world(t);
      const created = seedAnnouncement(t, { community, author: c.users.admin, title: 'Old', content: 'Old body' });
      t.clock.advance(60_000);
      const r = await tr.call(await as(t, c.users.creator), ANN.update, { id: created.id, title: 'New', categoryId: category.id, isPinned: true });
      expect(r.status, JSON.stringify(r.error)).toBe(200);
      expect(r.data).toEqual({
        ...created,
        title: 'New',
        categoryId: category.id,
        category: { id: category.id, name: 'Events', color: '#1E90FF' },
        isPinned: true,
        updatedAt: iso(t.clock.now()),
        // The creator edited the admin's announcement: still the admin's.
        postedBy: fullName(c.users.admin),
      });
      expect(announcementRow(t, created.id)).toMatchObject({ title: 'New', content: 'Old body', author_id: c.users.admin.id, is_pinned: 1 });
    });

    it('removes the category with categoryId null', async () => {
      const t = makeTestApp();
      const { c, category, community, admin } = await world(t);
      const created = seedAnnouncement(t, { community, author: c.users.admin, categoryId: category.id });
      const r = await tr.call(admin, ANN.update, { id: created.id, categoryId: null });
      expect(r.data).toMatchObject({ categoryId: null, category: null });
      expect(announcementRow(t, created.id)?.category_id).toBeNull();
    });

    it("answers 404 'Announcement not found' for an unknown id", async () => {
      const t = makeTestApp();
      const { admin } = await world(t);
      const r = await tr.call(admin, ANN.update, { id: 999, title: 'x' });
      expect(r.status).toBe(404);
      expectError(r, 'NOT_FOUND', 'validation.announcement.notFound');
    });
  });

  describe(tr.title(ANN.delete), () => {
    it('deletes it (the list no longer has it); deleting again is 404', async () => {
      const t = makeTestApp();
      const { c, community, admin } = await world(t);
      const keep = seedAnnouncement(t, { community, author: c.users.creator, title: 'Keep' });
      const gone = seedAnnouncement(t, { community, author: c.users.creator, title: 'Gone' });
      const r = await tr.call(admin, ANN.delete, { id: gone.id });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ success: true });
      expect(announcementRow(t, gone.id)).toBeUndefined();
      expect(feed(tr, await tr.call(admin, ANN.list, { communityId: community.id })).items.map((a) => a.id)).toEqual([keep.id]);
      expect((await tr.call(admin, ANN.delete, { id: gone.id })).status).toBe(404);
    });
  });

  describe(tr.title(ANN.togglePin), () => {
    it('flips isPinned back and forth, moving updatedAt each time', async () => {
      const t = makeTestApp();
      const { c, community, admin } = await world(t);
      const a = seedAnnouncement(t, { community, author: c.users.creator });
      for (const expected of [true, false, true]) {
        t.clock.advance(1000);
        const r = await tr.call(admin, ANN.togglePin, { id: a.id });
        expect(r.status).toBe(200);
        expect(r.data).toMatchObject({ id: a.id, isPinned: expected, updatedAt: iso(t.clock.now()), publishDate: a.publishDate });
        expect(announcementRow(t, a.id)?.is_pinned).toBe(expected ? 1 : 0);
      }
    });

    it('answers 404 for an unknown id', async () => {
      const t = makeTestApp();
      const { admin } = await world(t);
      const r = await tr.call(admin, ANN.togglePin, { id: 4242 });
      expect(r.status).toBe(404);
      expect(r.error?.code).toBe('NOT_FOUND');
    });
  });
}
