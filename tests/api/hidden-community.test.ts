import { describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp } from '../setup/app';
import { as } from '../setup/communities';

/* A community hidden by staff does not exist for outsiders: its inside answers 404, as it does itself. */
describe('tRPC: a hidden community to an outsider', () => {
  it('answers 404 for the community, its members, announcements and categories; its members still reach it', async () => {
    const t = makeTestApp();
    const creator = await makeUser(t.db, {});
    const member = await makeUser(t.db, {});
    const outsider = await makeUser(t.db, {});
    const c = makeCommunity(t.db, { creator, isPublic: true });
    addMember(t.db, { communityId: c.id, user: member });
    t.db.$client.prepare('UPDATE communities SET is_hidden = 1 WHERE id = ?').run(c.id);
    const o = await as(t, outsider);
    expect((await o.query('communities.byId', { id: c.id })).status).toBe(404);
    for (const path of ['communities.members', 'announcements.list', 'categories.list']) {
      const r = await o.query(path, { communityId: c.id });
      expect([path, r.status, r.error?.message]).toEqual([path, 404, 'Community Not Found']);
    }
    const m = await as(t, member);
    expect((await m.query('communities.members', { communityId: c.id })).status).toBe(200);
  });
});
