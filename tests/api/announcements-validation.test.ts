import { describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../setup/app';
import { ANN, annSnapshot, announcementCount, announcementRow, iso, seedAnnouncement } from '../setup/announcements';
import { as, cast } from '../setup/communities';
import { transportsFor, REST } from '../setup/transport';
import type { MessageKey } from '@shared/i18n/catalogue';
import { expectError, textOf } from '../setup/errors';

/*
 * The messages people read ('Title and content are required.'), the length limits (title 200,
 * content 20,000), and fields the caller may not set: author, community, publish date, id.
 */
async function world(t: TestApp) {
  const c = await cast(t);
  return { c, community: c.pub, other: c.priv, admin: await as(t, c.users.admin) };
}

const REQUIRED = 'validation.announcement.required';
const cases: [string, Record<string, unknown>, string, MessageKey][] = [
  ['a missing title', { content: 'Body' }, 'title', REQUIRED],
  ['a missing content', { title: 'Title' }, 'content', REQUIRED],
  ['an empty title', { title: '', content: 'Body' }, 'title', REQUIRED],
  ['a blank title', { title: '   ', content: 'Body' }, 'title', REQUIRED],
  ['a blank content', { title: 'Title', content: ' \n ' }, 'content', REQUIRED],
  ['a non-string title', { title: 42, content: 'Body' }, 'title', REQUIRED],
  ['a 201-character title', { title: 'x'.repeat(201), content: 'Body' }, 'title', 'validation.announcement.titleLong'],
  ['a 20,001-character content', { title: 'Title', content: 'x'.repeat(20_001) }, 'content', 'validation.announcement.contentLong'],
  ['isPinned that is no boolean', { title: 'T', content: 'C', isPinned: 'yes' }, 'isPinned', 'validation.announcement.isPinned'],
  ['isPublished that is no boolean', { title: 'T', content: 'C', isPublished: 1 }, 'isPublished', 'validation.announcement.isPublished'],
  ['a categoryId that is no id', { title: 'T', content: 'C', categoryId: 'abc' }, 'categoryId', 'validation.announcement.wrongCategory'],
];

for (const tr of transportsFor(REST)) {
  describe(`${tr.title(ANN.create)}: validation`, () => {
    for (const [label, body, field, message] of cases) {
      it(`refuses ${label}: 400 '${message}' on ${field}, nothing stored`, async () => {
        const t = makeTestApp();
        const { community, admin } = await world(t);
        const r = await tr.call(admin, ANN.create, { communityId: community.id, ...body });
        expect(r.status).toBe(400);
        expect(r.error?.code).toBe('BAD_REQUEST');
        expectError(r, 'BAD_REQUEST', message);
        expect(r.error?.issues).toContainEqual({ path: [field], message: textOf(message) });
        expect(announcementCount(t)).toBe(0);
      });
    }

    it('accepts exactly 200 characters of title and 20,000 of content', async () => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      const r = await tr.call(admin, ANN.create, { communityId: community.id, title: 't'.repeat(200), content: 'c'.repeat(20_000) });
      expect(r.status, JSON.stringify(r.error)).toBe(tr.okStatus(ANN.create));
      expect([r.data.title.length, r.data.content.length]).toEqual([200, 20_000]);
    });

    it('keeps raw HTML in content as the literal text it is', async () => {
      const t = makeTestApp();
      const { community, admin } = await world(t);
      const content = '<script>alert(1)</script><img src=x onerror=alert(1)>';
      const r = await tr.call(admin, ANN.create, { communityId: community.id, title: '<b>Hi</b>', content });
      expect(r.data).toMatchObject({ title: '<b>Hi</b>', content });
    });
  });

  describe(`${tr.title(ANN.update)}: validation`, () => {
    it.each([
      ['an empty title', { title: '' }, 'title', REQUIRED],
      ['a blank content', { content: '   ' }, 'content', REQUIRED],
      ['a 201-character title', { title: 'x'.repeat(201) }, 'title', 'validation.announcement.titleLong'],
      ['a 20,001-character content', { content: 'x'.repeat(20_001) }, 'content', 'validation.announcement.contentLong'],
    ] as const)('refuses %s with 400 and changes nothing', async (_label, body, field, message) => {
      const t = makeTestApp();
      const { c, community, admin } = await world(t);
      const a = seedAnnouncement(t, { community, author: c.users.admin });
      const before = annSnapshot(t);
      const r = await tr.call(admin, ANN.update, { id: a.id, ...body });
      expect(r.status).toBe(400);
      expect(r.error?.issues).toContainEqual({ path: [field], message: textOf(message) });
      expect(annSnapshot(t)).toEqual(before);
    });

    it.each([['0'], ['-1'], ['abc'], ['1.5']])("answers an id of %s with 400 or 404 ('Announcement not found'), never 500", async (id) => {
      const t = makeTestApp();
      const { admin } = await world(t);
      const r = await tr.call(admin, ANN.update, { id, title: 'x' });
      expect([400, 404]).toContain(r.status);
      expectError(r, r.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', 'validation.announcement.notFound');
    });
  });

  describe(`${tr.name}: fields the caller may not set`, () => {
    it('create records the caller as author, the path community, and its own id, publishDate and timestamps', async () => {
      const t = makeTestApp();
      const { c, community, admin } = await world(t);
      const taken = seedAnnouncement(t, { community, author: c.users.creator });
      const r = await tr.call(admin, ANN.create, {
        communityId: community.id,
        title: 'Mine',
        content: 'Body',
        id: taken.id,
        authorId: c.users.creator.id,
        publishDate: '2020-01-01T00:00:00.000Z',
        createdAt: '2020-01-01T00:00:00.000Z',
        postedBy: 'The Chief',
      });
      expect(r.status, JSON.stringify(r.error)).toBe(tr.okStatus(ANN.create));
      const now = iso(t.clock.now());
      expect(r.data.id).not.toBe(taken.id);
      expect(r.data).toMatchObject({ communityId: community.id, authorId: c.users.admin.id, postedBy: 'You', publishDate: now, createdAt: now });
      expect(announcementRow(t, r.data.id)).toMatchObject({ community_id: community.id, author_id: c.users.admin.id });
      expect(announcementRow(t, taken.id)).toMatchObject({ title: 'Drumming practice', author_id: c.users.creator.id });
    });

    it('update ignores communityId, authorId, publishDate and createdAt in the body', async () => {
      const t = makeTestApp();
      const { c, community, other, admin } = await world(t);
      const a = seedAnnouncement(t, { community, author: c.users.creator });
      const stored = announcementRow(t, a.id)!;
      t.clock.advance(1000);
      const r = await tr.call(admin, ANN.update, {
        id: a.id,
        title: 'Edited',
        communityId: other.id,
        authorId: c.users.admin.id,
        publishDate: '2020-01-01T00:00:00.000Z',
        createdAt: '2020-01-01T00:00:00.000Z',
      });
      expect(r.status, JSON.stringify(r.error)).toBe(200);
      expect(r.data).toMatchObject({ communityId: community.id, authorId: c.users.creator.id, publishDate: a.publishDate, createdAt: a.createdAt });
      expect(announcementRow(t, a.id)).toEqual({ ...stored, title: 'Edited', updated_at: t.clock.now() });
    });
  });
}

describe('REST: path ids win over body ids', () => {
  it('PATCH /api/announcements/:id edits the announcement in the path, not the id in the body', async () => {
    const t = makeTestApp();
    const { c, community, admin } = await world(t);
    const target = seedAnnouncement(t, { community, author: c.users.creator, title: 'Target' });
    const bystander = seedAnnouncement(t, { community, author: c.users.creator, title: 'Bystander' });
    const r = await admin.rest('PATCH', `/api/announcements/${target.id}`, { id: bystander.id, title: 'Edited' });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(target.id);
    expect(announcementRow(t, target.id)?.title).toBe('Edited');
    expect(announcementRow(t, bystander.id)?.title).toBe('Bystander');
  });

  it('DELETE and toggle-pin act on the path id whatever the body says', async () => {
    const t = makeTestApp();
    const { c, community, admin } = await world(t);
    const target = seedAnnouncement(t, { community, author: c.users.creator });
    const bystander = seedAnnouncement(t, { community, author: c.users.creator });
    expect((await admin.rest('POST', `/api/announcements/${target.id}/toggle-pin`, { id: bystander.id })).body.id).toBe(target.id);
    expect(announcementRow(t, bystander.id)?.is_pinned).toBe(0);
    expect((await admin.rest('DELETE', `/api/announcements/${target.id}`, { id: bystander.id })).status).toBe(200);
    expect(announcementRow(t, target.id)).toBeUndefined();
    expect(announcementRow(t, bystander.id)).toBeDefined();
  });

  it('POST /api/communities/:communityId/announcements creates in the path community even if the body names another', async () => {
    const t = makeTestApp();
    const { community, other, admin } = await world(t);
    const r = await admin.rest('POST', `/api/communities/${community.id}/announcements`, { communityId: other.id, title: 'T', content: 'C' });
    expect(r.status).toBe(201);
    expect(announcementRow(t, r.body.id)?.community_id).toBe(community.id);
  });

  it('a body that is not JSON is a 400 that says so', async () => {
    const t = makeTestApp();
    const { community, admin } = await world(t);
    const r = await admin.rest('POST', `/api/communities/${community.id}/announcements`, '{"title":');
    expect(r.status).toBe(400);
    expectError(r, 'BAD_REQUEST', 'errors.badJson');
  });
});
