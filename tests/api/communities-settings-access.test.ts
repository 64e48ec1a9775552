import { describe, expect, it } from 'vitest';
import type { CommunityRow } from '../../db/schema';
import { makeTestApp, type Agent, type TestApp } from '../setup/app';
import { anonymous, as, cast, creatorOf, roleOf, rowCount, snapshot, storedCount, type Actor, type Cast } from '../setup/communities';
import { expectError } from '../setup/errors';

/*
 * Community settings are for the creator and the community's admins only
 * (transferOwnership: the creator alone). One row per procedure; every forbidden cell of the
 * matrix is its own named test that also proves nothing changed.
 */
type Which = 'pub' | 'priv';
type Proc = {
  name: string;
  type: 'query' | 'mutation';
  input: (c: Cast, community: CommunityRow, which: Which) => Record<string, unknown>;
  allowed: Actor[];
  /** What an allowed call must have done. */
  effect: (t: TestApp, c: Cast, community: CommunityRow, data: any) => void;
};

const PROCS: Proc[] = [
  {
    name: 'update',
    type: 'mutation',
    input: (_c, community) => ({ communityId: community.id, name: 'Renamed Circle', location: 'Kumasi' }),
    allowed: ['creator', 'admin'],
    effect: (t, _c, community, data) => {
      expect(data).toMatchObject({ id: community.id, name: 'Renamed Circle', location: 'Kumasi', description: community.description });
      expect(data.updatedAt).toBe(new Date(t.clock.now()).toISOString());
      expect(t.db.$client.prepare('SELECT name FROM communities WHERE id = ?').pluck().get(community.id)).toBe('Renamed Circle');
    },
  },
  {
    name: 'requests',
    type: 'query',
    input: (_c, community) => ({ communityId: community.id }),
    allowed: ['creator', 'admin'],
    effect: (_t, c, _community, data) => expect(data.items.map((r: { userId: string }) => r.userId)).toEqual([c.users.requester.id]),
  },
  {
    name: 'decideRequest',
    type: 'mutation',
    input: (c, community, which) => ({ communityId: community.id, requestId: c.requests[which].id, approve: true }),
    allowed: ['creator', 'admin'],
    effect: (t, c, community, data) => {
      expect(data).toEqual({ userId: c.users.requester.id, status: 'approved' });
      expect(roleOf(t, community.id, c.users.requester.id)).toBe('member');
      expect(storedCount(t, community.id)).toBe(6);
    },
  },
  {
    name: 'setRole',
    type: 'mutation',
    input: (c, community) => ({ communityId: community.id, userId: c.users.target.id, role: 'treasurer' }),
    allowed: ['creator', 'admin'],
    effect: (t, c, community, data) => {
      expect(data).toEqual({ success: true });
      expect(roleOf(t, community.id, c.users.target.id)).toBe('treasurer');
    },
  },
  {
    name: 'removeMember',
    type: 'mutation',
    input: (c, community) => ({ communityId: community.id, userId: c.users.target.id }),
    allowed: ['creator', 'admin'],
    effect: (t, c, community, data) => {
      expect(data).toEqual({ success: true });
      expect(roleOf(t, community.id, c.users.target.id)).toBeNull();
      expect([storedCount(t, community.id), rowCount(t, community.id)]).toEqual([4, 4]);
    },
  },
  {
    name: 'transferOwnership',
    type: 'mutation',
    input: (c, community) => ({ communityId: community.id, userId: c.users.target.id }),
    allowed: ['creator'],
    effect: (t, c, community, data) => {
      expect(data).toMatchObject({ id: community.id, creatorId: c.users.target.id, role: 'admin', isMember: true });
      expect(roleOf(t, community.id, c.users.target.id)).toBe('creator');
      expect(roleOf(t, community.id, c.users.creator.id)).toBe('admin');
      expect(creatorOf(t, community.id)).toBe(c.users.target.id);
    },
  },
];

type Cell = { label: string; who: Actor | null; which: Which; status: number; code: string };
const ROLE_CELLS: Cell[] = [
  { label: 'anonymous (public community)', who: null, which: 'pub', status: 401, code: 'UNAUTHORIZED' },
  { label: 'anonymous (private community)', who: null, which: 'priv', status: 401, code: 'UNAUTHORIZED' },
  { label: 'non-member of a public community', who: 'outsider', which: 'pub', status: 403, code: 'FORBIDDEN' },
  { label: 'non-member of a private community', who: 'outsider', which: 'priv', status: 404, code: 'NOT_FOUND' },
  { label: 'pending requester of a private community', who: 'requester', which: 'priv', status: 404, code: 'NOT_FOUND' },
  { label: 'member (public)', who: 'member', which: 'pub', status: 403, code: 'FORBIDDEN' },
  { label: 'member (private)', who: 'member', which: 'priv', status: 403, code: 'FORBIDDEN' },
  { label: 'treasurer (public)', who: 'treasurer', which: 'pub', status: 403, code: 'FORBIDDEN' },
  { label: 'treasurer (private)', who: 'treasurer', which: 'priv', status: 403, code: 'FORBIDDEN' },
];

async function call(a: Agent, proc: Proc, input: Record<string, unknown>) {
  return proc.type === 'query' ? a.query(`communities.${proc.name}`, input) : a.mutate(`communities.${proc.name}`, input);
}

for (const proc of PROCS) {
  describe(`tRPC: communities.${proc.name} access`, () => {
    const forbidden: Cell[] = [
      ...ROLE_CELLS,
      ...(['admin'] as const)
        .filter((who) => !proc.allowed.includes(who))
        .flatMap((who) => (['pub', 'priv'] as const).map((which) => ({ label: `${who} (${which === 'pub' ? 'public' : 'private'})`, who, which, status: 403, code: 'FORBIDDEN' }))),
    ];
    for (const cell of forbidden) {
      it(`refuses ${cell.label}: ${cell.status} ${cell.code}, nothing changes`, async () => {
        const t = makeTestApp();
        const c = await cast(t);
        const community = c[cell.which];
        const a = cell.who ? await as(t, c.users[cell.who]) : anonymous(t);
        const before = snapshot(t);
        const r = await call(a, proc, proc.input(c, community, cell.which));
        expect(r.status).toBe(cell.status);
        expect(r.error?.code).toBe(cell.code);
        expect(r.data).toBeUndefined();
        expect(snapshot(t)).toEqual(before);
      });
    }

    for (const who of proc.allowed) {
      for (const which of ['pub', 'priv'] as const) {
        it(`allows the ${who} (${which === 'pub' ? 'public' : 'private'} community)`, async () => {
          const t = makeTestApp();
          const c = await cast(t);
          const community = c[which];
          t.clock.advance(3_600_000);
          const r = await call(await as(t, c.users[who]), proc, proc.input(c, community, which));
          expect(r.status, JSON.stringify(r.error)).toBe(200);
          proc.effect(t, c, community, r.data);
        });
      }
    }
  });
}

describe('tRPC: community settings messages', () => {
  it("tells a member 'You don't have permission to access community settings.' (the Access Denied text)", async () => {
    const t = makeTestApp();
    const c = await cast(t);
    const r = await (await as(t, c.users.member)).query('communities.requests', { communityId: c.priv.id });
    expectError(r, 'FORBIDDEN', 'errors.denied.settings');
  });

  it("tells an admin that only the creator can hand the community over", async () => {
    const t = makeTestApp();
    const c = await cast(t);
    const r = await (await as(t, c.users.admin)).mutate('communities.transferOwnership', { communityId: c.pub.id, userId: c.users.admin.id });
    expect(r.status).toBe(403);
    expectError(r, 'FORBIDDEN', 'errors.denied.creator');
  });

  it.each([['update'], ['requests'], ['setRole']])("answers 404 'Community Not Found' to %s on an unknown community", async (name) => {
    const t = makeTestApp();
    const c = await cast(t);
    const a = await as(t, c.users.creator);
    const input = { communityId: c.priv.id + 100, userId: c.users.target.id, role: 'admin', name: 'Whatever name' };
    const r = name === 'requests' ? await a.query(`communities.${name}`, input) : await a.mutate(`communities.${name}`, input);
    expect(r.status).toBe(404);
    expectError(r, 'NOT_FOUND', 'validation.community.notFound');
  });
});
