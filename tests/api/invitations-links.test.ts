import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { makeUser } from '../factories';
import { agent } from '../setup/app';
import { as, countDrift, roleOf, storedCount } from '../setup/communities';
import { DAY } from '../setup/events';
import { I, invitationWorld, IT, rowsOf, TRPC, type Smtp } from '../setup/invitations';
import { startSmtp } from '../setup/smtp';
import { transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Invite links over both transports: created with an expiry and a number of uses (the token only
 * in the answer), accepted by any signed-in account (joining a private community directly),
 * counted, revoked, expired, and never used more than their limit under concurrent use.
 */

let smtp: Smtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

for (const T of transportsFor(REST)) {
  describe(`${T.name}: invite links`, () => {
    it('a link joins any account into the private community, counts each use, and is listed with its joined count', async () => {
      const w = await invitationWorld(smtp);
      const created = await T.call(w.agents.leader, I.createLink, { communityId: w.privateCommunity.id, expiresInDays: 7, maxUses: 5 });
      expect(created.status, JSON.stringify(created.raw)).toBe(T.okStatus(I.createLink));
      const link = created.data;
      expect(link).toMatchObject({ status: 'active', uses: 0, maxUses: 5, url: `http://localhost:3000/invite/${link.token}` });
      expect(Date.parse(link.expiresAt) - w.t.clock.now()).toBe(7 * DAY);
      // Stored hashed: the token is nowhere in the table.
      const stored = rowsOf(w.t, 'invite_links');
      expect(stored[0]!.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(link.token);

      const preview = await TRPC.call(agent(w.t), IT.preview, { token: link.token });
      expect(preview.data).toMatchObject({ valid: true, kind: 'link', email: null, community: { name: 'Paris Njangi House', isPublic: false } });
      for (const who of [w.agents.bih, w.agents.outsider]) {
        const r = await T.call(who, I.accept, { token: link.token });
        expect(r.status, JSON.stringify(r.raw)).toBe(200);
      }
      expect(roleOf(w.t, w.privateCommunity.id, w.users.bih.id)).toBe('member');
      expect(storedCount(w.t, w.privateCommunity.id)).toBe(5);
      // Already a member: 409 and no use counted.
      const again = await T.call(w.agents.bih, I.accept, { token: link.token });
      expect(again.status).toBe(409);
      expectError(again, 'CONFLICT', 'invitations.errors.alreadyMember');
      const listed = await TRPC.call(w.agents.admin, IT.links, { communityId: w.privateCommunity.id });
      // A live link can be copied or shared again: the list gives its address back (the same one).
      expect(listed.data).toEqual([expect.objectContaining({ id: link.id, uses: 2, joined: 2, maxUses: 5, status: 'active', url: link.url })]);
      expect((await TRPC.call(w.agents.member, IT.links, { communityId: w.privateCommunity.id })).status).toBe(403);
    });

    it('a revoked link stops working (409); revoking is for the community’s inviters only', async () => {
      const w = await invitationWorld(smtp);
      const link = (await T.call(w.agents.leader, I.createLink, { communityId: w.privateCommunity.id, expiresInDays: 30, maxUses: 10 })).data;
      expect((await T.call(w.agents.member, I.revokeLink, { id: link.id })).status).toBe(403);
      expect((await T.call(w.agents.outsider, I.revokeLink, { id: link.id })).status).toBe(404);
      const revoked = await T.call(w.agents.admin, I.revokeLink, { id: link.id });
      expect(revoked.status, JSON.stringify(revoked.raw)).toBe(200);
      expect(revoked.data.status).toBe('revoked');
      expect((await T.call(w.agents.admin, I.revokeLink, { id: link.id })).status).toBe(409);
      const r = await T.call(w.agents.bih, I.accept, { token: link.token });
      expect(r.status).toBe(409);
      expectError(r, 'CONFLICT', 'invitations.errors.revoked');
      expect(roleOf(w.t, w.privateCommunity.id, w.users.bih.id)).toBeNull();
      expect((await TRPC.call(agent(w.t), IT.preview, { token: link.token })).data).toEqual({ valid: false });
      // A link that no longer works is not offered to copy again.
      expect((await TRPC.call(w.agents.admin, IT.links, { communityId: w.privateCommunity.id })).data).toEqual([expect.objectContaining({ id: link.id, status: 'revoked', url: null })]);
      const audit = w.t.db.$client.prepare("SELECT action FROM admin_audit WHERE action LIKE 'invitations.link%' ORDER BY id").pluck().all();
      expect(audit).toEqual(['invitations.link_created', 'invitations.link_revoked']);
    });

    it('an expired link is refused; a token of community A joins A only', async () => {
      const w = await invitationWorld(smtp);
      const a = (await T.call(w.agents.leader, I.createLink, { communityId: w.publicCommunity.id, expiresInDays: 1, maxUses: 3 })).data;
      const r = await T.call(w.agents.bih, I.accept, { token: a.token });
      expect(r.data).toMatchObject({ communityId: w.publicCommunity.id });
      expect(roleOf(w.t, w.privateCommunity.id, w.users.bih.id)).toBeNull();
      w.t.clock.advance(DAY);
      const late = await T.call(w.agents.outsider, I.accept, { token: a.token });
      expect(late.status).toBe(409);
      expectError(late, 'CONFLICT', 'invitations.errors.expired');
      // Bad settings are refused with the field named.
      const bad = await T.call(w.agents.leader, I.createLink, { communityId: w.publicCommunity.id, expiresInDays: 3, maxUses: 0 });
      expect(bad.status).toBe(400);
      expect((await T.call(w.agents.leader, I.createLink, { communityId: w.publicCommunity.id, expiresInDays: 7, maxUses: 1001 })).status).toBe(400);
    });
  });
}

describe('REST: the use limit holds under concurrent joins', () => {
  it('fires 8 accepts at a link with 3 uses: exactly 3 join', async () => {
    const w = await invitationWorld(smtp);
    const link = (await TRPC.call(w.agents.leader, I.createLink, { communityId: w.privateCommunity.id, expiresInDays: 7, maxUses: 3 })).data;
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => makeUser(w.t.db, { firstName: `Racer${i}` })));
    const agents = await Promise.all(people.map((p) => as(w.t, p)));
    const before = storedCount(w.t, w.privateCommunity.id);
    const answers = await Promise.all(
      agents.map((a) => w.t.app.request(`/api/invitations/${link.token}/accept`, { method: 'POST', headers: { cookie: a.cookie!, 'content-type': 'application/json' } })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    const joined = people.filter((p) => roleOf(w.t, w.privateCommunity.id, p.id) === 'member');
    expect(joined).toHaveLength(3);
    expect(rowsOf(w.t, 'invite_links')[0]!.uses).toBe(3);
    expect(storedCount(w.t, w.privateCommunity.id)).toBe(before + 3);
    expect(countDrift(w.t)).toEqual([]);
  });
});
