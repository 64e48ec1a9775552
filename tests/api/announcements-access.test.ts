import { describe, expect, it } from 'vitest';
import type { CommunityRow } from '../../db/schema';
import { makeTestApp, type TestApp } from '../setup/app';
import { ANN, annSnapshot, announcementRow, CAT, categoryRow, feed, seedAnnouncement, seedCategory } from '../setup/announcements';
import { anonymous, as, cast, type Actor, type Cast } from '../setup/communities';
import { type Op, type Outcome, type Transport, transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * The creator and admins write announcements and categories; members and
 * treasurers only read; outsiders get 403 (404 when the community is private), anonymous callers
 * 401. One row per procedure, on both transports; every forbidden cell is its own named test that
 * also proves nothing changed.
 */
type Which = 'pub' | 'priv';
type Fixture = { c: Cast; community: CommunityRow; published: { id: number }; draft: { id: number }; category: { id: number } };
type Proc = {
  op: Op;
  input: (f: Fixture) => Record<string, unknown>;
  allowed: Actor[];
  /** What an allowed call must have answered and done. */
  effect: (t: TestApp, f: Fixture, r: Outcome, tr: Transport, who: Actor) => void;
};

const LEADERS: Actor[] = ['creator', 'admin'];
const READERS: Actor[] = ['creator', 'admin', 'treasurer', 'member'];

const PROCS: Proc[] = [
  {
    op: ANN.list,
    input: (f) => ({ communityId: f.community.id }),
    allowed: READERS,
    effect: (_t, f, r, tr, who) => {
      const ids = feed(tr, r).items.map((a) => a.id);
      // Drafts are for the creator and admins only.
      expect(ids).toEqual(LEADERS.includes(who) ? [f.draft.id, f.published.id] : [f.published.id]);
    },
  },
  {
    op: ANN.create,
    input: (f) => ({ communityId: f.community.id, title: 'Harvest festival', content: 'Bring a dish.', categoryId: f.category.id }),
    allowed: LEADERS,
    effect: (t, f, r, _tr, who) => {
      expect(r.data).toMatchObject({ title: 'Harvest festival', communityId: f.community.id, authorId: f.c.users[who].id, postedBy: 'You' });
      expect(announcementRow(t, r.data.id)).toMatchObject({ community_id: f.community.id, author_id: f.c.users[who].id, category_id: f.category.id });
    },
  },
  {
    op: ANN.update,
    input: (f) => ({ id: f.published.id, title: 'Practice moved to Sunday' }),
    allowed: LEADERS,
    effect: (t, f, r) => {
      expect(r.data).toMatchObject({ id: f.published.id, title: 'Practice moved to Sunday' });
      expect(announcementRow(t, f.published.id)?.title).toBe('Practice moved to Sunday');
    },
  },
  {
    op: ANN.delete,
    input: (f) => ({ id: f.published.id }),
    allowed: LEADERS,
    effect: (t, f, r) => {
      expect(r.data).toEqual({ success: true });
      expect(announcementRow(t, f.published.id)).toBeUndefined();
      expect(announcementRow(t, f.draft.id)).toBeDefined();
    },
  },
  {
    op: ANN.togglePin,
    input: (f) => ({ id: f.published.id }),
    allowed: LEADERS,
    effect: (t, f, r) => {
      expect(r.data).toMatchObject({ id: f.published.id, isPinned: true });
      expect(announcementRow(t, f.published.id)?.is_pinned).toBe(1);
    },
  },
  {
    op: CAT.list,
    input: (f) => ({ communityId: f.community.id }),
    allowed: READERS,
    effect: (_t, f, r) => expect(r.data).toEqual([{ id: f.category.id, communityId: f.community.id, name: 'Events', description: null, color: '#1E90FF', createdAt: expect.any(String) }]),
  },
  {
    op: CAT.create,
    input: (f) => ({ communityId: f.community.id, name: 'Finance', color: '#AA3300' }),
    allowed: LEADERS,
    effect: (t, f, r) => {
      expect(r.data).toMatchObject({ communityId: f.community.id, name: 'Finance', color: '#AA3300' });
      expect(categoryRow(t, r.data.id)).toMatchObject({ community_id: f.community.id, name: 'Finance' });
    },
  },
  {
    op: CAT.update,
    input: (f) => ({ id: f.category.id, name: 'Festivals' }),
    allowed: LEADERS,
    effect: (t, f, r) => {
      expect(r.data).toMatchObject({ id: f.category.id, name: 'Festivals', color: '#1E90FF' });
      expect(categoryRow(t, f.category.id)?.name).toBe('Festivals');
    },
  },
  {
    op: CAT.delete,
    input: (f) => ({ id: f.category.id }),
    allowed: LEADERS,
    effect: (t, f, r) => {
      expect(r.data).toEqual({ success: true });
      expect(categoryRow(t, f.category.id)).toBeUndefined();
      expect(announcementRow(t, f.published.id)?.category_id).toBeNull();
    },
  },
];

type Cell = { label: string; who: Actor | null; which: Which; status: number; code: string };
const OUTSIDER_CELLS: Cell[] = [
  { label: 'anonymous (public community)', who: null, which: 'pub', status: 401, code: 'UNAUTHORIZED' },
  { label: 'anonymous (private community)', who: null, which: 'priv', status: 401, code: 'UNAUTHORIZED' },
  { label: 'non-member of a public community', who: 'outsider', which: 'pub', status: 403, code: 'FORBIDDEN' },
  { label: 'non-member of a private community', who: 'outsider', which: 'priv', status: 404, code: 'NOT_FOUND' },
  { label: 'pending requester of a private community', who: 'requester', which: 'priv', status: 404, code: 'NOT_FOUND' },
];
const MEMBER_CELLS: Cell[] = [
  { label: 'member (public)', who: 'member', which: 'pub', status: 403, code: 'FORBIDDEN' },
  { label: 'member (private)', who: 'member', which: 'priv', status: 403, code: 'FORBIDDEN' },
  { label: 'treasurer (public)', who: 'treasurer', which: 'pub', status: 403, code: 'FORBIDDEN' },
  { label: 'treasurer (private)', who: 'treasurer', which: 'priv', status: 403, code: 'FORBIDDEN' },
];

/** Both communities get a published announcement (categorised), a draft, and a category. */
async function setup(t: TestApp, which: Which): Promise<Fixture> {
  const c = await cast(t);
  const fixtures = (['pub', 'priv'] as const).map((w) => {
    const community = c[w];
    const category = seedCategory(t, { community, name: 'Events' });
    const published = seedAnnouncement(t, { community, author: c.users.creator, categoryId: category.id });
    t.clock.advance(1000);
    const draft = seedAnnouncement(t, { community, author: c.users.admin, isPublished: false, title: 'Draft' });
    return { c, community, published, draft, category };
  });
  t.clock.advance(60_000);
  return fixtures[which === 'pub' ? 0 : 1]!;
}

const label = (which: Which) => (which === 'pub' ? 'public' : 'private');

for (const tr of transportsFor(REST)) {
  for (const proc of PROCS) {
    describe(`${tr.title(proc.op)}: who may call it`, () => {
      const forbidden = proc.allowed.includes('member') ? OUTSIDER_CELLS : [...OUTSIDER_CELLS, ...MEMBER_CELLS];
      for (const cell of forbidden) {
        it(`refuses ${cell.label}: ${cell.status} ${cell.code}, nothing changes`, async () => {
          const t = makeTestApp();
          const f = await setup(t, cell.which);
          const a = cell.who ? await as(t, f.c.users[cell.who]) : anonymous(t);
          const before = annSnapshot(t);
          const r = await tr.call(a, proc.op, proc.input(f));
          expect(r.status).toBe(cell.status);
          expect(r.error?.code).toBe(cell.code);
          expect(r.data).toBeUndefined();
          expect(annSnapshot(t)).toEqual(before);
        });
      }

      for (const who of proc.allowed) {
        for (const which of ['pub', 'priv'] as const) {
          it(`allows the ${who} (${label(which)} community)`, async () => {
            const t = makeTestApp();
            const f = await setup(t, which);
            const r = await tr.call(await as(t, f.c.users[who]), proc.op, proc.input(f));
            expect(r.status, JSON.stringify(r.error)).toBe(tr.okStatus(proc.op));
            proc.effect(t, f, r, tr, who);
          });
        }
      }
    });
  }

  describe(`${tr.name}: refusal messages`, () => {
    it("tells a member 'You don't have permission to access community settings.' when writing", async () => {
      const t = makeTestApp();
      const f = await setup(t, 'pub');
      const r = await tr.call(await as(t, f.c.users.member), ANN.create, { communityId: f.community.id, title: 'Hi', content: 'There' });
      expectError(r, 'FORBIDDEN', 'errors.denied.settings');
    });

    it("tells a non-member of a public community 'Only members of this community can do this.'", async () => {
      const t = makeTestApp();
      const f = await setup(t, 'pub');
      const r = await tr.call(await as(t, f.c.users.outsider), ANN.list, { communityId: f.community.id });
      expectError(r, 'FORBIDDEN', 'errors.denied.members');
    });

    it('answers a private announcement id exactly like an unknown one (404), so ids reveal nothing', async () => {
      const t = makeTestApp();
      const f = await setup(t, 'priv');
      const a = await as(t, f.c.users.outsider);
      const hidden = await tr.call(a, ANN.update, { id: f.published.id, title: 'x' });
      const unknown = await tr.call(a, ANN.update, { id: f.published.id + 1000, title: 'x' });
      expect([hidden.status, unknown.status]).toEqual([404, 404]);
      expect(hidden.error?.code).toBe(unknown.error?.code);
    });
  });
}
