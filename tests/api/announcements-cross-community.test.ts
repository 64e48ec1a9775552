import { describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { ANN, annSnapshot, announcementRow, CAT, categoryRow, seedAnnouncement, seedCategory } from '../setup/announcements';
import { as } from '../setup/communities';
import { type Op, transportsFor, TRPC } from '../setup/transport';
import { expectError, textOf } from '../setup/errors';

/*
 * Leading community A gives no power over community B's announcements or categories,
 * and an announcement of A cannot be filed under a category of B. A refused call changes nothing.
 */
type BKind = 'public' | 'private' | 'public, where A’s admin is a plain member';

async function world(t: TestApp, kind: BKind) {
  const adminA = await makeUser(t.db, { firstName: 'Ada' });
  const creatorA = await makeUser(t.db, { firstName: 'Cyril' });
  const creatorB = await makeUser(t.db, { firstName: 'Bola' });
  const A = makeCommunity(t.db, { creator: creatorA, name: 'Circle A' });
  const B = makeCommunity(t.db, { creator: creatorB, name: 'Circle B', isPublic: kind !== 'private' });
  addMember(t.db, { communityId: A.id, user: adminA, role: 'admin' });
  if (kind.includes('plain member')) addMember(t.db, { communityId: B.id, user: adminA, role: 'member' });
  const catA = seedCategory(t, { community: A, name: 'News' });
  const catB = seedCategory(t, { community: B, name: 'News' });
  const annA = seedAnnouncement(t, { community: A, author: creatorA, title: 'A news', categoryId: catA.id });
  const annB = seedAnnouncement(t, { community: B, author: creatorB, title: 'B news', categoryId: catB.id });
  return { A, B, catA, catB, annA, annB, adminA: await as(t, adminA) };
}
type World = Awaited<ReturnType<typeof world>>;

const ATTEMPTS: { what: string; op: Op; input: (w: World) => Record<string, unknown> }[] = [
  { what: "edit B's announcement", op: ANN.update, input: (w) => ({ id: w.annB.id, title: 'Hijacked', isPinned: true }) },
  { what: "delete B's announcement", op: ANN.delete, input: (w) => ({ id: w.annB.id }) },
  { what: "pin B's announcement", op: ANN.togglePin, input: (w) => ({ id: w.annB.id }) },
  { what: "move B's announcement under A's category", op: ANN.update, input: (w) => ({ id: w.annB.id, categoryId: w.catA.id }) },
  { what: "edit B's category", op: CAT.update, input: (w) => ({ id: w.catB.id, name: 'Hijacked', color: '#000000' }) },
  { what: "delete B's category", op: CAT.delete, input: (w) => ({ id: w.catB.id }) },
  { what: 'create a category in B', op: CAT.create, input: (w) => ({ communityId: w.B.id, name: 'Spam' }) },
  { what: 'create an announcement in B', op: ANN.create, input: (w) => ({ communityId: w.B.id, title: 'Spam', content: 'Spam' }) },
];

const KINDS: [BKind, number, string][] = [
  ['public', 403, 'FORBIDDEN'],
  ['private', 404, 'NOT_FOUND'],
  ['public, where A’s admin is a plain member', 403, 'FORBIDDEN'],
];

for (const tr of transportsFor(TRPC)) {
  describe(`${tr.name}: an admin of community A against community B`, () => {
    for (const attempt of ATTEMPTS) {
      for (const [kind, status, code] of KINDS) {
        it(`cannot ${attempt.what} (${tr.title(attempt.op)}; B ${kind}): ${status}, nothing changes`, async () => {
          const t = makeTestApp();
          const w = await world(t, kind);
          const before = annSnapshot(t);
          const r = await tr.call(w.adminA, attempt.op, attempt.input(w));
          expect(r.status).toBe(status);
          expect(r.error?.code).toBe(code);
          expect(annSnapshot(t)).toEqual(before);
        });
      }
    }
  });

  describe(`${tr.name}: B's category used in community A`, () => {
    const WRONG = { path: ['categoryId'], message: textOf('validation.announcement.wrongCategory') };

    it(`${tr.title(ANN.create)} with B's categoryId is 400 on categoryId, nothing stored`, async () => {
      const t = makeTestApp();
      const w = await world(t, 'public');
      const before = annSnapshot(t);
      const r = await tr.call(w.adminA, ANN.create, { communityId: w.A.id, title: 'T', content: 'C', categoryId: w.catB.id });
      expect(r.status).toBe(400);
      expectError(r, 'BAD_REQUEST', 'validation.announcement.wrongCategory');
      expect(r.error?.issues).toEqual([WRONG]);
      expect(annSnapshot(t)).toEqual(before);
    });

    it(`${tr.title(ANN.create)} with an unknown categoryId is the same 400`, async () => {
      const t = makeTestApp();
      const w = await world(t, 'private');
      const r = await tr.call(w.adminA, ANN.create, { communityId: w.A.id, title: 'T', content: 'C', categoryId: w.catB.id + 100 });
      expect(r.status).toBe(400);
      expect(r.error?.issues).toEqual([WRONG]);
    });

    it(`${tr.title(ANN.update)} of A's announcement to B's category is 400, and the other changes in the call are not applied`, async () => {
      const t = makeTestApp();
      const w = await world(t, 'private');
      const before = annSnapshot(t);
      const r = await tr.call(w.adminA, ANN.update, { id: w.annA.id, categoryId: w.catB.id, title: 'Should not stick' });
      expect(r.status).toBe(400);
      expect(r.error?.issues).toEqual([WRONG]);
      expect(annSnapshot(t)).toEqual(before);
      expect(announcementRow(t, w.annA.id)).toMatchObject({ category_id: w.catA.id, title: 'A news' });
    });

    it("lets A's admin use A's own category of the same name", async () => {
      const t = makeTestApp();
      const w = await world(t, 'public');
      const r = await tr.call(w.adminA, ANN.create, { communityId: w.A.id, title: 'T', content: 'C', categoryId: w.catA.id });
      expect(r.status, JSON.stringify(r.error)).toBe(tr.okStatus(ANN.create));
      expect(r.data.category).toEqual({ id: w.catA.id, name: 'News', color: '#1E90FF' });
    });
  });
}

describe("REST: a PATCH body cannot move a row to another community", () => {
  it('PATCH /api/announcements/:id with {communityId: B} keeps it in A', async () => {
    const t = makeTestApp();
    const w = await world(t, 'public');
    const r = await w.adminA.rest('PATCH', `/api/announcements/${w.annA.id}`, { communityId: w.B.id, title: 'Still A' });
    expect(r.status).toBe(200);
    expect(r.body.communityId).toBe(w.A.id);
    expect(announcementRow(t, w.annA.id)).toMatchObject({ community_id: w.A.id, title: 'Still A' });
  });

  it('PATCH /api/announcement-categories/:id with {communityId: B} keeps it in A', async () => {
    const t = makeTestApp();
    const w = await world(t, 'public');
    const r = await w.adminA.rest('PATCH', `/api/announcement-categories/${w.catA.id}`, { communityId: w.B.id, name: 'Renamed' });
    expect(r.status).toBe(200);
    expect(r.body.communityId).toBe(w.A.id);
    expect(categoryRow(t, w.catA.id)).toMatchObject({ community_id: w.A.id, name: 'Renamed' });
  });

  it("PATCH /api/announcement-categories/:id edits the path's category, not B's id in the body", async () => {
    const t = makeTestApp();
    const w = await world(t, 'public');
    const r = await w.adminA.rest('PATCH', `/api/announcement-categories/${w.catA.id}`, { id: w.catB.id, name: 'Renamed' });
    expect(r.status).toBe(200);
    expect(categoryRow(t, w.catA.id)?.name).toBe('Renamed');
    expect(categoryRow(t, w.catB.id)?.name).toBe('News');
  });
});
