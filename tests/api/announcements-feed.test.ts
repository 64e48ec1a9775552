import { describe, expect, it } from 'vitest';
import { makeTestApp, type Agent, type TestApp } from '../setup/app';
import { ANN, announcementRow, feed, iso, seedAnnouncement } from '../setup/announcements';
import { as, cast } from '../setup/communities';
import { type Transport, transportsFor, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Drafts are seen only by the creator and admins; publishDate is set the first time an
 * announcement is published and then kept; the feed is pinned first, then newest publish date,
 * paged by an opaque cursor (REST: X-Next-Cursor).
 */
const MINUTE = 60_000;

async function world(t: TestApp) {
  const c = await cast(t);
  return { c, community: c.pub, admin: await as(t, c.users.admin), member: await as(t, c.users.member) };
}

const list = async (tr: Transport, a: Agent, input: Record<string, unknown>) => feed(tr, await tr.call(a, ANN.list, input));
const titles = async (tr: Transport, a: Agent, communityId: number) => (await list(tr, a, { communityId })).items.map((x) => x.title);

for (const tr of transportsFor(TRPC)) {
  describe(`${tr.title(ANN.list)}: drafts`, () => {
    it('hides a draft from members and the treasurer, shows it with isPublished false to the creator and admins', async () => {
      const t = makeTestApp();
      const { c, community, admin, member } = await world(t);
      seedAnnouncement(t, { community, author: c.users.admin, title: 'Published' });
      t.clock.advance(MINUTE);
      const r = await tr.call(admin, ANN.create, { communityId: community.id, title: 'Draft', content: 'Soon', isPublished: false });
      const draft = r.data;
      expect(await titles(tr, member, community.id)).toEqual(['Published']);
      expect(await titles(tr, await as(t, c.users.treasurer), community.id)).toEqual(['Published']);
      for (const leader of [admin, await as(t, c.users.creator)]) {
        const { items } = await list(tr, leader, { communityId: community.id });
        expect(items.map((x) => x.title)).toEqual(['Draft', 'Published']);
        expect(items[0]).toMatchObject({ id: draft.id, isPublished: false, publishDate: null });
      }
    });

    it('keeps a pinned draft hidden from members', async () => {
      const t = makeTestApp();
      const { c, community, member } = await world(t);
      seedAnnouncement(t, { community, author: c.users.admin, title: 'Pinned draft', isPinned: true, isPublished: false });
      expect((await list(tr, member, { communityId: community.id })).items).toEqual([]);
    });

    it('sets publishDate when first published, and keeps it through unpublish and republish', async () => {
      const t = makeTestApp();
      const { c, community, admin, member } = await world(t);
      const draft = seedAnnouncement(t, { community, author: c.users.admin, isPublished: false });
      expect(announcementRow(t, draft.id)?.publish_date).toBeNull();

      t.clock.advance(10 * MINUTE);
      const publishedAt = t.clock.now();
      const published = await tr.call(admin, ANN.update, { id: draft.id, isPublished: true });
      expect(published.data).toMatchObject({ isPublished: true, publishDate: iso(publishedAt), createdAt: draft.createdAt });
      expect((await list(tr, member, { communityId: community.id })).items.map((x) => x.id)).toEqual([draft.id]);

      t.clock.advance(10 * MINUTE);
      const unpublished = await tr.call(admin, ANN.update, { id: draft.id, isPublished: false });
      expect(unpublished.data).toMatchObject({ isPublished: false, publishDate: iso(publishedAt) });
      expect((await list(tr, member, { communityId: community.id })).items).toEqual([]);

      t.clock.advance(10 * MINUTE);
      const republished = await tr.call(admin, ANN.update, { id: draft.id, isPublished: true });
      expect(republished.data).toMatchObject({ isPublished: true, publishDate: iso(publishedAt), updatedAt: iso(t.clock.now()) });
      expect(announcementRow(t, draft.id)?.publish_date).toBe(publishedAt);
    });

    it('does not set publishDate on an edit that leaves it a draft', async () => {
      const t = makeTestApp();
      const { c, community, admin } = await world(t);
      const draft = seedAnnouncement(t, { community, author: c.users.admin, isPublished: false });
      t.clock.advance(MINUTE);
      expect((await tr.call(admin, ANN.update, { id: draft.id, title: 'Still a draft' })).data).toMatchObject({ publishDate: null });
      expect((await tr.call(admin, ANN.togglePin, { id: draft.id })).data).toMatchObject({ publishDate: null, isPublished: false });
    });
  });

  describe(`${tr.title(ANN.list)}: order`, () => {
    it('puts pinned first, then the newest publish date (a draft published later counts from its publishing)', async () => {
      const t = makeTestApp();
      const { c, community, admin, member } = await world(t);
      const author = c.users.admin;
      seedAnnouncement(t, { community, author, title: 'Old pinned', isPinned: true });
      t.clock.advance(MINUTE);
      const lateDraft = seedAnnouncement(t, { community, author, title: 'Written early, published last', isPublished: false });
      t.clock.advance(MINUTE);
      seedAnnouncement(t, { community, author, title: 'Oldest plain' });
      t.clock.advance(MINUTE);
      seedAnnouncement(t, { community, author, title: 'New pinned', isPinned: true });
      t.clock.advance(MINUTE);
      const toPin = seedAnnouncement(t, { community, author, title: 'Plain, pinned later' });
      t.clock.advance(MINUTE);
      seedAnnouncement(t, { community, author, title: 'Newest plain' });
      t.clock.advance(MINUTE);
      await tr.call(admin, ANN.update, { id: lateDraft.id, isPublished: true });
      await tr.call(admin, ANN.togglePin, { id: toPin.id });
      expect(await titles(tr, member, community.id)).toEqual([
        'Plain, pinned later',
        'New pinned',
        'Old pinned',
        'Written early, published last',
        'Newest plain',
        'Oldest plain',
      ]);
      // Unpinning puts it back among the plain ones by its publish date.
      await tr.call(admin, ANN.togglePin, { id: toPin.id });
      expect((await titles(tr, member, community.id)).slice(2)).toEqual([
        'Written early, published last',
        'Newest plain',
        'Plain, pinned later',
        'Oldest plain',
      ]);
    });

    it('orders announcements published in the same millisecond newest id first, and shows only this community', async () => {
      const t = makeTestApp();
      const { c, community, member } = await world(t);
      seedAnnouncement(t, { community, author: c.users.admin, title: 'first' });
      seedAnnouncement(t, { community: c.priv, author: c.users.admin, title: 'elsewhere' });
      seedAnnouncement(t, { community, author: c.users.admin, title: 'second' });
      expect(await titles(tr, member, community.id)).toEqual(['second', 'first']);
    });
  });

  describe(`${tr.title(ANN.list)}: paging`, () => {
    it('walks every page with limit and cursor: no duplicates, no gaps, same order as one page, no cursor at the end', async () => {
      const t = makeTestApp();
      const { c, community, admin } = await world(t);
      for (let i = 0; i < 8; i++) {
        seedAnnouncement(t, { community, author: c.users.creator, title: `A${i}`, isPinned: i % 3 === 0, isPublished: i !== 5 });
        // Two pairs share a publish millisecond, so the id breaks the tie across a page edge.
        if (i % 2 === 1) t.clock.advance(MINUTE);
      }
      const all = (await list(tr, admin, { communityId: community.id })).items.map((x) => x.id);
      expect(all).toHaveLength(8);
      expect((await list(tr, admin, { communityId: community.id })).nextCursor).toBeNull();

      const seen: number[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: any[]; nextCursor: string | null } = await list(tr, admin, { communityId: community.id, limit: 3, ...(cursor ? { cursor } : {}) });
        sizes.push(page.items.length);
        seen.push(...page.items.map((x) => x.id));
        cursor = page.nextCursor;
        expect(cursor === null || typeof cursor === 'string').toBe(true);
      } while (cursor && sizes.length < 10);
      expect(sizes).toEqual([3, 3, 2]);
      expect(seen).toEqual(all);
    });

    it('gives no cursor when the last page is exactly full', async () => {
      const t = makeTestApp();
      const { c, community, member } = await world(t);
      for (let i = 0; i < 4; i++) seedAnnouncement(t, { community, author: c.users.creator, title: `A${i}` });
      const first = await list(tr, member, { communityId: community.id, limit: 2 });
      expect(first.nextCursor).not.toBeNull();
      const second = await list(tr, member, { communityId: community.id, limit: 2, cursor: first.nextCursor });
      expect(second.items.map((x) => x.title)).toEqual(['A1', 'A0']);
      expect(second.nextCursor).toBeNull();
    });

    it.each([
      ['limit 101', { limit: 101 }, 'validation.limitMax'],
      ['limit 0', { limit: 0 }, 'validation.limitMin'],
      ['a non-numeric limit', { limit: 'ten' }, undefined],
      ['a cursor that is not ours', { cursor: 'abc' }, 'validation.invalidCursor'],
      ['a cursor with an out-of-range pin flag', { cursor: '7.1.1' }, 'validation.invalidCursor'],
      ['an overlong cursor', { cursor: '1.'.repeat(60) }, 'validation.invalidCursor'],
    ] as const)('refuses %s with 400', async (_label, query, key) => {
      const t = makeTestApp();
      const { c, community, member } = await world(t);
      seedAnnouncement(t, { community, author: c.users.creator });
      const r = await tr.call(member, ANN.list, { communityId: community.id, ...query });
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe('BAD_REQUEST');
      if (key) expectError(r, 'BAD_REQUEST', key);
    });

    it('accepts limit 100 and answers at most 100', async () => {
      const t = makeTestApp();
      const { c, community, member } = await world(t);
      for (let i = 0; i < 101; i++) seedAnnouncement(t, { community, author: c.users.creator, title: `A${i}` });
      const page = await list(tr, member, { communityId: community.id, limit: 100 });
      expect(page.items).toHaveLength(100);
      expect(page.nextCursor).not.toBeNull();
      // Without a limit the default is the maximum, 100.
      expect((await list(tr, member, { communityId: community.id })).items).toHaveLength(100);
    });
  });
}

describe('REST: GET /api/communities/:communityId/announcements', () => {
  it('reads limit and cursor from the query string and the cursor from X-Next-Cursor', async () => {
    const t = makeTestApp();
    const { c, community, member } = await world(t);
    for (let i = 0; i < 3; i++) seedAnnouncement(t, { community, author: c.users.creator, title: `A${i}` });
    const first = await member.rest('GET', `/api/communities/${community.id}/announcements?limit=2`);
    expect(first.body.map((x: { title: string }) => x.title)).toEqual(['A2', 'A1']);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await member.rest('GET', `/api/communities/${community.id}/announcements?limit=2&cursor=${encodeURIComponent(cursor!)}`);
    expect(second.body.map((x: { title: string }) => x.title)).toEqual(['A0']);
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });

  it("answers 404 'Community Not Found' for an unknown or malformed community id", async () => {
    const t = makeTestApp();
    const { member } = await world(t);
    for (const id of ['999', 'abc']) {
      const r = await member.rest('GET', `/api/communities/${id}/announcements`);
      expect([400, 404]).toContain(r.status);
      expectError(r, r.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', 'validation.community.notFound');
    }
  });
});
