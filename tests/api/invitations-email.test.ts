import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { FACTORY_PASSWORD } from '../factories';
import { agent } from '../setup/app';
import { countDrift, pendingRequest, requestStatus, roleOf } from '../setup/communities';
import { DAY } from '../setup/events';
import { I, invitationWorld, IT, rowsOf, subjectOf, TRPC, type Smtp } from '../setup/invitations';
import { startSmtp } from '../setup/smtp';
import { transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Email invitations over both transports: sending (members reported, one mail per address in the
 * invitee's language, an in-app notice for existing accounts), accepting by the mailed token
 * (single use, expiry, the right account only, already a member), by id from the Invitations tab,
 * declining, and the leaders' resend and cancel. Tokens are stored hashed.
 */

let smtp: Smtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

let seq = 0;
const guest = () => `guest${++seq}.${Date.now()}@example.org`;

for (const T of transportsFor(REST)) {
  describe(`${T.name}: email invitations`, () => {
    it('sends one email per new address (deduplicated, lower-cased), reports members, and stores only the hash', async () => {
      const w = await invitationWorld(smtp);
      const g = guest();
      const r = await T.call(w.agents.leader, I.send, { communityId: w.privateCommunity.id, emails: [g.toUpperCase(), g, w.users.member.email], message: 'Come to our next meeting!' });
      expect(r.status, JSON.stringify(r.raw)).toBe(200);
      expect(r.data).toEqual({ sent: [g], alreadyMembers: [w.users.member.email], held: [] });
      const mail = await smtp.lastTo(g);
      expect(subjectOf(mail.raw)).toBe(`${w.users.leader.firstName} ${w.users.leader.lastName} invites you to join Paris Njangi House on Harambee`);
      expect(mail.raw).toContain('Come to our next meeting!');
      const token = await w.tokenFor(g);
      expect(token).toMatch(/^[a-z2-7]{52}$/);
      const stored = rowsOf(w.t, 'invitations');
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ email: g, status: 'pending', send_count: 1, community_id: w.privateCommunity.id, invited_by: w.users.leader.id });
      // Only the SHA-256 is kept: the token itself appears nowhere in the table.
      expect(stored[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(stored[0]!.expires_at - w.t.clock.now()).toBe(14 * DAY);
      // Members get no email.
      expect(smtp.messages.some((m) => m.to.includes(w.users.member.email) && m.raw.includes('/invite/'))).toBe(false);
    });

    it("writes in the invitee's own language when they have an account, else the sender's; tells accounts in the app", async () => {
      const w = await invitationWorld(smtp);
      const g = guest();
      const r = await T.call(w.agents.leader, I.send, { communityId: w.privateCommunity.id, emails: [w.users.bih.email, g] });
      expect(r.data.sent.sort()).toEqual([w.users.bih.email, g].sort());
      const french = await smtp.lastTo(w.users.bih.email);
      expect(subjectOf(french.raw)).toBe(`${w.users.leader.firstName} ${w.users.leader.lastName} vous invite à rejoindre Paris Njangi House sur Harambee`);
      expect(french.raw).toContain('Bonjour Bih');
      const english = await smtp.lastTo(g);
      expect(english.subject).toContain('invites you to join Paris Njangi House');
      const notes = w.t.db.$client.prepare('SELECT title, params, link FROM notifications WHERE user_id = ?').all(w.users.bih.id) as { title: string; params: string; link: string }[];
      expect(notes).toContainEqual({ title: 'invitations.notice.title', params: JSON.stringify({ name: w.users.leader.firstName, community: 'Paris Njangi House' }), link: '/communities?tab=invitations' });
      // Bih sees it in her tab, with the community and who invited her.
      const mine = await T.call(w.agents.bih, I.mine);
      expect(mine.status).toBe(200);
      expect(mine.data).toHaveLength(1);
      expect(mine.data[0]).toMatchObject({ community: { id: w.privateCommunity.id, name: 'Paris Njangi House', isPublic: false }, inviter: { name: `${w.users.leader.firstName} ${w.users.leader.lastName}` } });
    });

    it('the mailed token joins the private community directly (no join request; a waiting one is settled), and works once', async () => {
      const w = await invitationWorld(smtp);
      pendingRequest(w.t, w.privateCommunity, w.users.bih);
      await T.call(w.agents.leader, I.send, { communityId: w.privateCommunity.id, emails: [w.users.bih.email] });
      const token = await w.tokenFor(w.users.bih.email);
      const preview = await TRPC.call(agent(w.t), IT.preview, { token });
      expect(preview.data).toMatchObject({ valid: true, kind: 'email', community: { id: w.privateCommunity.id, name: 'Paris Njangi House' }, inviterFirstName: 'Ngozi' });
      const r = await T.call(w.agents.bih, I.accept, { token });
      expect(r.status, JSON.stringify(r.raw)).toBe(200);
      expect(r.data).toMatchObject({ communityId: w.privateCommunity.id });
      expect(roleOf(w.t, w.privateCommunity.id, w.users.bih.id)).toBe('member');
      expect(requestStatus(w.t, w.privateCommunity.id, w.users.bih.id)).toBe('approved');
      expect(countDrift(w.t)).toEqual([]);
      expect(rowsOf(w.t, 'invitations')[0]).toMatchObject({ status: 'accepted', responded_by: w.users.bih.id });
      // Used: a second try, even after leaving, is refused and the preview says only "invalid".
      w.t.db.$client.prepare('DELETE FROM memberships WHERE community_id = ? AND user_id = ?').run(w.privateCommunity.id, w.users.bih.id);
      const again = await T.call(w.agents.bih, I.accept, { token });
      expect(again.status).toBe(409);
      expectError(again, 'CONFLICT', 'invitations.errors.used');
      expect((await TRPC.call(agent(w.t), IT.preview, { token })).data).toEqual({ valid: false });
      expect(roleOf(w.t, w.privateCommunity.id, w.users.bih.id)).toBeNull();
    });

    it('refuses an expired invitation (409) and says so', async () => {
      const w = await invitationWorld(smtp);
      const g = guest();
      await T.call(w.agents.leader, I.send, { communityId: w.privateCommunity.id, emails: [w.users.outsider.email, g] });
      const token = await w.tokenFor(w.users.outsider.email);
      w.t.clock.advance(14 * DAY + 1);
      const r = await T.call(w.agents.outsider, I.accept, { token });
      expect(r.status).toBe(409);
      expectError(r, 'CONFLICT', 'invitations.errors.expired');
      expect(roleOf(w.t, w.privateCommunity.id, w.users.outsider.id)).toBeNull();
      // Expired invitations leave the invitee's list.
      expect((await T.call(w.agents.outsider, I.mine)).data).toEqual([]);
    });

    it("refuses another account holding the link (403), and an unknown token (404) with nothing revealed", async () => {
      const w = await invitationWorld(smtp);
      await T.call(w.agents.leader, I.send, { communityId: w.privateCommunity.id, emails: [w.users.bih.email] });
      const token = await w.tokenFor(w.users.bih.email);
      const r = await T.call(w.agents.outsider, I.accept, { token });
      expect(r.status).toBe(403);
      expectError(r, 'FORBIDDEN', 'invitations.errors.wrongAccount');
      expect(roleOf(w.t, w.privateCommunity.id, w.users.outsider.id)).toBeNull();
      expect(rowsOf(w.t, 'invitations')[0]!.status).toBe('pending');
      const unknown = await T.call(w.agents.outsider, I.accept, { token: 'a'.repeat(52) });
      expect(unknown.status).toBe(404);
      expectError(unknown, 'NOT_FOUND', 'invitations.errors.invalid');
      expect((await T.call(w.agents.outsider, I.accept, { token: '../../etc' })).status).toBe(400);
    });

    it('already a member: 409, and the invitation is used up', async () => {
      const w = await invitationWorld(smtp);
      await T.call(w.agents.leader, I.send, { communityId: w.publicCommunity.id, emails: [w.users.bih.email] });
      const token = await w.tokenFor(w.users.bih.email);
      // Bih joins the public community on her own before answering.
      await w.agents.bih.mutate('communities.join', { communityId: w.publicCommunity.id });
      const r = await T.call(w.agents.bih, I.accept, { token });
      expect(r.status).toBe(409);
      expectError(r, 'CONFLICT', 'invitations.errors.alreadyMember');
      expect(rowsOf(w.t, 'invitations')[0]!.status).toBe('accepted');
      expect(countDrift(w.t)).toEqual([]);
    });

    it('decline by id; only my own invitation (another one is 404: ids reveal nothing)', async () => {
      const w = await invitationWorld(smtp);
      await T.call(w.agents.leader, I.send, { communityId: w.privateCommunity.id, emails: [w.users.bih.email, w.users.outsider.email] });
      const [bihs, olus] = rowsOf(w.t, 'invitations');
      expect((await T.call(w.agents.bih, I.decline, { id: olus!.id })).status).toBe(404);
      expect(rowsOf(w.t, 'invitations')[1]!.status).toBe('pending');
      const r = await T.call(w.agents.bih, I.decline, { id: bihs!.id });
      expect(r.status, JSON.stringify(r.raw)).toBe(200);
      expect(rowsOf(w.t, 'invitations')[0]).toMatchObject({ status: 'declined', responded_by: w.users.bih.id });
      expect((await T.call(w.agents.bih, I.decline, { id: bihs!.id })).status).toBe(409);
      // A declined invitation's token no longer joins.
      const token = await w.tokenFor(w.users.bih.email);
      expect((await T.call(w.agents.bih, I.accept, { token })).status).toBe(409);
    });

    it('who may send: leaders; a plain member only when the community lets every member invite; outsiders never', async () => {
      const w = await invitationWorld(smtp);
      const input = { communityId: w.privateCommunity.id, emails: [guest()] };
      expect((await T.call(w.agents.member, I.send, input)).status).toBe(403);
      expect((await T.call(w.agents.outsider, I.send, input)).status).toBe(404);
      expect((await T.call(w.agents.admin, I.send, input)).status).toBe(200);
      const on = await w.agents.leader.mutate('communities.update', { communityId: w.privateCommunity.id, membersInvite: true });
      expect(on.status, JSON.stringify(on.error)).toBe(200);
      expect(on.data.membersInvite).toBe(true);
      expect((await T.call(w.agents.member, I.send, { ...input, emails: [guest()] })).status).toBe(200);
      // Bad input is a 400 that names the field, never a 500.
      const bad = await T.call(w.agents.leader, I.send, { communityId: w.privateCommunity.id, emails: ['not-an-email'] });
      expect(bad.status).toBe(400);
      const many = await T.call(w.agents.leader, I.send, { communityId: w.privateCommunity.id, emails: Array.from({ length: 51 }, () => guest()) });
      expect(many.status).toBe(400);
      expectError(many, 'BAD_REQUEST', 'invitations.validation.tooMany');
    });
  });
}

describe('tRPC: the Invitations tab and the leaders’ pending list', () => {
  it('acceptById joins; needs a verified address; another community’s invitation id is not mine (404)', async () => {
    const w = await invitationWorld(smtp);
    await TRPC.call(w.agents.leader, I.send, { communityId: w.privateCommunity.id, emails: [w.users.bih.email] });
    await TRPC.call(w.agents.leader, I.send, { communityId: w.publicCommunity.id, emails: [w.users.outsider.email] });
    const [bihs, olus] = rowsOf(w.t, 'invitations');
    // The other invitation (community B, addressed to Olu) does not join Bih anywhere.
    const wrong = await TRPC.call(w.agents.bih, IT.acceptById, { id: olus!.id });
    expect(wrong.status).toBe(404);
    expect(roleOf(w.t, w.publicCommunity.id, w.users.bih.id)).toBeNull();
    // An unverified account with the same address cannot take it.
    w.t.db.$client.prepare('UPDATE users SET is_email_verified = 0 WHERE id = ?').run(w.users.bih.id);
    expect((await TRPC.call(w.agents.bih, IT.acceptById, { id: bihs!.id })).status).toBe(403);
    expect((await TRPC.call(w.agents.bih, I.mine)).data).toEqual([]);
    w.t.db.$client.prepare('UPDATE users SET is_email_verified = 1 WHERE id = ?').run(w.users.bih.id);
    const ok = await TRPC.call(w.agents.bih, IT.acceptById, { id: bihs!.id });
    expect(ok.status, JSON.stringify(ok.raw)).toBe(200);
    expect(roleOf(w.t, w.privateCommunity.id, w.users.bih.id)).toBe('member');
    expect((await TRPC.call(w.agents.bih, IT.acceptById, { id: bihs!.id })).status).toBe(409);
    // The leader hears of it.
    const note = w.t.db.$client.prepare("SELECT title FROM notifications WHERE user_id = ? AND title = 'invitations.acceptedNotice.title'").all(w.users.leader.id);
    expect(note).toHaveLength(1);
  });

  it('pending list, resend (new token; the old link stops working), cancel (the link stops working); all in the audit trail', async () => {
    const w = await invitationWorld(smtp);
    const g = guest();
    await TRPC.call(w.agents.leader, I.send, { communityId: w.privateCommunity.id, emails: [g] });
    const first = await w.tokenFor(g);
    const pending = await TRPC.call(w.agents.admin, IT.pending, { communityId: w.privateCommunity.id });
    expect(pending.data.items).toEqual([expect.objectContaining({ email: g, sendCount: 1, invitedBy: `${w.users.leader.firstName} ${w.users.leader.lastName}`, expired: false })]);
    expect(pending.data.remainingToday).toBe(99);
    expect((await TRPC.call(w.agents.member, IT.pending, { communityId: w.privateCommunity.id })).status).toBe(403);
    const id = pending.data.items[0].id;
    w.t.clock.advance(DAY);
    const resent = await TRPC.call(w.agents.admin, IT.resend, { id });
    expect(resent.status, JSON.stringify(resent.raw)).toBe(200);
    const second = await w.tokenFor(g);
    expect(second).not.toBe(first);
    expect(rowsOf(w.t, 'invitations')[0]).toMatchObject({ send_count: 2, last_sent_at: w.t.clock.now(), expires_at: w.t.clock.now() + 14 * DAY });
    expect((await TRPC.call(agent(w.t), IT.preview, { token: first })).data).toEqual({ valid: false });
    expect((await TRPC.call(agent(w.t), IT.preview, { token: second })).data.valid).toBe(true);
    // A leader of another community cannot touch it (404).
    expect((await TRPC.call(w.agents.outsider, IT.cancel, { id })).status).toBe(404);
    const cancelled = await TRPC.call(w.agents.leader, IT.cancel, { id });
    expect(cancelled.status).toBe(200);
    expect((await TRPC.call(w.agents.leader, IT.cancel, { id })).status).toBe(409);
    // Someone who signs up with that address later cannot use the cancelled link.
    const r = await agent(w.t).rest('POST', '/api/auth/register', { firstName: 'Gia', lastName: 'Guest', email: g, password: FACTORY_PASSWORD, confirmPassword: FACTORY_PASSWORD, invite: second });
    expect(r.status).toBe(201);
    const gia = w.t.db.$client.prepare('SELECT id FROM users WHERE email = ?').pluck().get(g.toLowerCase()) as string;
    expect(roleOf(w.t, w.privateCommunity.id, gia)).toBeNull();
    const audit = w.t.db.$client.prepare("SELECT action, target_id FROM admin_audit WHERE action LIKE 'invitations.%' ORDER BY id").all();
    expect(audit).toEqual([
      { action: 'invitations.sent', target_id: String(w.privateCommunity.id) },
      { action: 'invitations.resent', target_id: String(w.privateCommunity.id) },
      { action: 'invitations.cancelled', target_id: String(w.privateCommunity.id) },
    ]);
  });
});
