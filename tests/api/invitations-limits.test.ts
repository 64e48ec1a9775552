import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users as usersTable } from '../../db/schema';
import { invitationMail } from '../../src/server/mail/invitation-mail';
import { sendInvitations } from '../../src/server/services/invitations/send';
import { agent } from '../setup/app';
import { as } from '../setup/communities';
import { DAY, HOUR } from '../setup/events';
import { I, invitationWorld, IT, rowsOf, TRPC, type InvitationWorld } from '../setup/invitations';
import { REST, transportsFor } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * At most 100 invitation emails per community in any 24 hours, resends included (429 beyond);
 * then what keeps invitations from relaying unwanted mail: a verified sender, a daily limit per
 * sender, a weekly one per address, addresses that declined, ignored or reported left alone, a
 * daily limit on new communities, and an email that frames the sender's words and can be reported.
 * Mail goes to the test outbox folder here: a hundred SMTP deliveries would only slow the test.
 */

const batch = (tag: string, from: number, n: number) => Array.from({ length: n }, (_, i) => `${tag}.${from + i}@example.org`);

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: the daily limit of invitation emails`, () => {
    it('100 go out, the 101st is refused with 429 and a clear message, and a day later sending works again', async () => {
      const w = await invitationWorld();
      const tag = `${T.name.toLowerCase()}-${Date.now()}`;
      const c = w.privateCommunity.id;
      expect((await T.call(w.agents.leader, I.send, { communityId: c, emails: batch(tag, 0, 50) })).data.sent).toHaveLength(50);
      w.t.clock.advance(HOUR);
      expect((await T.call(w.agents.admin, I.send, { communityId: c, emails: batch(tag, 50, 50) })).data.sent).toHaveLength(50);
      const refused = await T.call(w.agents.leader, I.send, { communityId: c, emails: batch(tag, 100, 1) });
      expect(refused.status).toBe(429);
      expectError(refused, 'TOO_MANY_REQUESTS', 'invitations.errors.dailyLimit', { limit: 100 });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(rowsOf(w.t, 'invitations')).toHaveLength(100);
      // A resend is one more email: refused too.
      const first = rowsOf(w.t, 'invitations')[0]!.id;
      expect((await TRPC.call(w.agents.leader, IT.resend, { id: first })).status).toBe(429);
      // Another community has its own allowance.
      expect((await T.call(w.agents.leader, I.send, { communityId: w.publicCommunity.id, emails: batch(tag, 200, 1) })).status).toBe(200);
      // Members are reported and cost nothing, even at the limit.
      expect((await T.call(w.agents.leader, I.send, { communityId: c, emails: [w.users.member.email] })).data).toEqual({ sent: [], alreadyMembers: [w.users.member.email], held: [] });
      expect(rowsOf(w.t, 'invitations').filter((r) => r.community_id === c)).toHaveLength(100);
      // 24 hours after the first 50, those 50 leave the window.
      w.t.clock.advance(23 * HOUR + 1);
      expect((await T.call(w.agents.leader, I.send, { communityId: c, emails: batch(tag, 300, 50) })).status).toBe(200);
      expect((await T.call(w.agents.leader, I.send, { communityId: c, emails: batch(tag, 400, 1) })).status).toBe(429);
    }, 60_000);
  });
}

describe('invitations are no relay for unwanted mail', () => {
  let w: InvitationWorld;
  beforeAll(async () => {
    w = await invitationWorld();
  });
  const send = (who: 'leader' | 'admin', communityId: number, emails: string[]) => TRPC.call(w.agents[who], I.send, { communityId, emails });
  const verified = (id: string, v: boolean) => w.t.db.update(usersTable).set({ isEmailVerified: v }).where(eq(usersTable.id, id)).run();
  const actorOf = (u: InvitationWorld['users']['admin']) => ({ id: u.id, email: u.email, firstName: u.firstName, language: u.language });

  it('an unverified account sends and resends no invitation email (403), whatever its role', async () => {
    verified(w.users.admin.id, false);
    const refused = await send('admin', w.privateCommunity.id, ['unverified.sender@example.org']);
    expect(refused.status).toBe(403);
    expectError(refused, 'FORBIDDEN', 'invitations.errors.verifyToInvite');
    expect(rowsOf(w.t, 'invitations')).toHaveLength(0);
    verified(w.users.admin.id, true);
    expect((await send('admin', w.privateCommunity.id, ['unverified.sender@example.org'])).status).toBe(200);
    verified(w.users.admin.id, false);
    const resend = await TRPC.call(w.agents.admin, IT.resend, { id: rowsOf(w.t, 'invitations')[0]!.id });
    expectError(resend, 'FORBIDDEN', 'invitations.errors.verifyToInvite');
    verified(w.users.admin.id, true);
  });

  it('one sender: at most 100 emails a day across all their communities (429 with Retry-After)', async () => {
    const batch = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `sender.${tag}.${i}@example.org`);
    expect((await send('leader', w.privateCommunity.id, batch('a', 50))).status).toBe(200);
    expect((await send('leader', w.publicCommunity.id, batch('b', 50))).status).toBe(200);
    // Each community still has room for 50; the sender has none.
    const refused = await send('leader', w.publicCommunity.id, batch('c', 1));
    expect(refused.status).toBe(429);
    expectError(refused, 'TOO_MANY_REQUESTS', 'invitations.errors.senderLimit', { limit: 100 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another leader of the same community still sends.
    expect((await send('admin', w.privateCommunity.id, batch('d', 1))).status).toBe(200);
  });

  it('one address: at most 3 emails a week; one that declined is left alone for 30 days, one that let an invitation expire too', async () => {
    const c = w.privateCommunity.id;
    const busy = 'busy.address@example.org';
    expect((await send('admin', c, [busy])).data.sent).toEqual([busy]);
    const id = rowsOf(w.t, 'invitations').find((r) => r.email === busy)!.id;
    expect((await TRPC.call(w.agents.admin, IT.resend, { id })).status).toBe(200);
    expect((await TRPC.call(w.agents.admin, IT.resend, { id })).status).toBe(200);
    // A fourth email in the week: the resend is refused, a new send holds the address back and writes nothing.
    const again = await TRPC.call(w.agents.admin, IT.resend, { id });
    expect(again.status).toBe(409);
    expectError(again, 'CONFLICT', 'invitations.errors.recipientResting');
    expect((await send('admin', c, [busy, 'fresh.address@example.org'])).data).toEqual({ sent: ['fresh.address@example.org'], alreadyMembers: [], held: [busy] });
    expect(rowsOf(w.t, 'invitations').find((r) => r.email === busy)!.send_count).toBe(3);

    // Bih declines; inviting her again is held back.
    expect((await send('admin', c, [w.users.bih.email])).data.sent).toEqual([w.users.bih.email]);
    const bihs = rowsOf(w.t, 'invitations').find((r) => r.email === w.users.bih.email)!.id;
    expect((await TRPC.call(w.agents.bih, I.decline, { id: bihs })).status).toBe(200);
    expect((await send('admin', c, [w.users.bih.email])).data.held).toEqual([w.users.bih.email]);

    // 20 days on the busy address's invitation has expired unanswered (ignored): still left alone.
    w.t.clock.advance(20 * DAY);
    expect((await send('admin', c, [busy])).data.held).toEqual([busy]);
    // 31 days after the decline and the expiry, both may be invited again.
    w.t.clock.advance(25 * DAY);
    expect((await send('admin', c, [busy, w.users.bih.email])).data).toMatchObject({ sent: [busy, w.users.bih.email], held: [] });
  });

  it('"report this invitation": the token’s holder reports it; it can no longer be used, staff see who sent it, the address is left alone for a year', async () => {
    const address = 'did.not.ask@example.org';
    const sent = sendInvitations(w.t.db, { community: w.publicCommunity, actor: actorOf(w.users.leader), emails: [address], message: 'Buy my stuff', now: w.t.clock.now() });
    const token = sent.outgoing[0]!.token;
    const r = await REST.call(w.agents.outsider, I.report, { token });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ reported: true });
    // Reporting again changes nothing; anyone holding the token may (no account needed).
    expect((await REST.call(agent(w.t), I.report, { token })).data).toEqual({ reported: true });
    const row = rowsOf(w.t, 'invitations').find((x) => x.email === address)!;
    expect(row).toMatchObject({ status: 'declined', reported_at: w.t.clock.now() });
    expect((await TRPC.call(w.agents.outsider, IT.preview, { token })).data).toEqual({ valid: false });
    const audit = w.t.db.$client.prepare("SELECT actor_id, target_type, target_id, details FROM admin_audit WHERE action = 'invitations.reported'").all() as Record<string, string>[];
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: 'invitee', target_type: 'user', target_id: w.users.leader.id });
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({ invitationId: row.id, communityId: w.publicCommunity.id, community: w.publicCommunity.name });
    // A token that is no email invitation's: 404.
    expect((await REST.call(agent(w.t), I.report, { token: 'a'.repeat(52) })).status).toBe(404);
    // 200 days on (sessions have lapsed: sent as the service).
    w.t.clock.advance(200 * DAY);
    expect(sendInvitations(w.t.db, { community: w.privateCommunity, actor: actorOf(w.users.admin), emails: [address], now: w.t.clock.now() }).held).toEqual([address]);
  });

  it('the email frames the sender’s message as their words, in plain text, with their name, the community’s and a report link', () => {
    const ctx = { appName: 'Harambee', appUrl: 'https://harambee.example' } as Parameters<typeof invitationMail>[0];
    const to = { email: 'x@example.org', token: 'abc', language: 'en' as const, firstName: null };
    const mail = invitationMail(ctx, to, { inviter: 'Ngozi Obi', community: 'Paris Njangi House', message: '<a href="https://evil.example">Claim your prize</a>' });
    expect(mail.text).toContain("Ngozi Obi added a message. These are their own words, not Harambee's:");
    expect(mail.text).toContain('“<a href="https://evil.example">Claim your prize</a>”');
    expect(mail.html).not.toContain('<a href="https://evil.example"');
    expect(mail.html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;');
    expect(mail.text).toContain('Report this invitation from Ngozi Obi to join Paris Njangi House');
    expect(mail.html).toContain('href="https://harambee.example/invite/abc?report=1"');
    const fr = invitationMail(ctx, { ...to, language: 'fr' }, { inviter: 'Ngozi Obi', community: 'Paris Njangi House', message: 'Venez' });
    expect(fr.text).toContain('«\u00a0Venez\u00a0»');
    expect(fr.text).toContain('Signaler cette invitation de Ngozi Obi à rejoindre Paris Njangi House');
  });

  it('one account creates at most 3 communities a day (429 with Retry-After)', async () => {
    const outsider = await as(w.t, w.users.outsider);
    const create = (n: number) => outsider.mutate('communities.create', { name: `Outsider circle ${n}`, description: 'A circle of friends in Lagos.', location: 'Lagos', isPublic: true });
    for (const n of [1, 2, 3]) expect((await create(n)).status).toBe(200);
    const refused = await create(4);
    expect(refused.status).toBe(429);
    expectError(refused, 'TOO_MANY_REQUESTS', 'errors.community.dailyLimit', { limit: 3 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    w.t.clock.advance(DAY);
    expect((await create(5)).status).toBe(200);
  });
});
