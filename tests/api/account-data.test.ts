import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAudit, communities, payments, topicReplies, topics, users } from '../../db/schema';
import { verifyBalances } from '../../src/server/services/finances/ledger';
import { createTopic, postReply } from '../../src/server/services/discussions/topics';
import { FACTORY_PASSWORD, makeUser } from '../factories';
import { agent, makeTestApp } from '../setup/app';
import { as, cast } from '../setup/communities';
import { seedBooks } from '../setup/finances';
import { OPS, whoAmI, transportsFor, TRPC } from '../setup/transport';
import { setUpSecondFactor } from '../setup/second-factor';

/*
 * Privacy: a member takes their data away (JSON, and money records as CSV) and deletes their
 * account. Sessions end, the profile is erased, posts stay as "Former member" unless removal is
 * asked, money records stay (the books still balance), a creator hands over first. Staff delete
 * on request, audited.
 */

const actor = (u: { id: string; firstName: string; lastName: string }) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` });

async function world() {
  const t = makeTestApp();
  const c = await cast(t);
  const books = seedBooks(t, { community: c.pub, officer: c.users.treasurer, approver: c.users.admin, member: c.users.target });
  const now = t.clock.now();
  const community = { id: c.pub.id, name: c.pub.name };
  const topic = createTopic(t.db, { community, author: actor(c.users.target), input: { title: 'Hall for June', body: 'Who knows a hall?', category: null }, now }).id;
  const other = createTopic(t.db, { community, author: actor(c.users.member), input: { title: 'Drums', body: 'Rehearsal?', category: null }, now }).id;
  postReply(t.db, { topicId: other, community, author: actor(c.users.target), canModerate: false, body: 'Saturday at ten.', now });
  return { t, ...c, books, community, topic, other };
}

describe('account.export', () => {
  it('gives the member their profile, memberships, posts and money records, and nothing of anyone else', async () => {
    const w = await world();
    const a = await as(w.t, w.users.target);
    const r = await a.query('account.export');
    expect(r.status).toBe(200);
    const data = r.data;
    expect(data.profile).toMatchObject({ id: w.users.target.id, email: w.users.target.email });
    expect(data.memberships.map((m: { community: string }) => m.community).sort()).toEqual(['Private Savings Circle', 'Public Drummers Circle']);
    expect(data.topics.map((x: { title: string }) => x.title)).toEqual(['Hall for June']);
    expect(data.replies.map((x: { body: string }) => x.body)).toEqual(['Saturday at ten.']);
    expect(data.payments.length).toBeGreaterThan(0);
    expect(data.payments.every((p: { kind: string; currency: string }) => p.kind === 'payment' && p.currency === 'XAF')).toBe(true);
    const text = JSON.stringify(data);
    for (const u of [w.users.member, w.users.creator, w.users.admin]) expect(text).not.toContain(u.email);
    expect(text).not.toMatch(/passwordHash|argon2/);
  });

  it('downloads over REST as a JSON file and the money records as CSV with exact minor units', async () => {
    const w = await world();
    const a = await as(w.t, w.users.target);
    const json = await a.rest('GET', '/api/user/export');
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="harambee-my-data.json"');
    expect(json.body.profile.id).toBe(w.users.target.id);
    const csv = await a.rest('GET', '/api/user/export/money.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe('kind,id,community,circle,purpose,amount,currency,method,reference,status,receiptNo,createdAt');
    expect(lines.some((l) => l.startsWith('payment,') && l.includes(',5000,XAF,cash,'))).toBe(true);
    expect((await agent(w.t).rest('GET', '/api/user/export')).status).toBe(401);
  });
});

for (const tr of transportsFor(TRPC)) {
  describe(`${tr.name}: deleting one's account`, () => {
    const del = async (a: Awaited<ReturnType<typeof as>>, body: unknown) =>
      tr.name === 'REST' ? a.rest('DELETE', '/api/user', body as never).then((r) => ({ status: r.status, error: r.body?.error ? { message: r.body.error } : undefined, data: r.body })) : a.mutate('account.delete', body);

    it('asks for the password again', async () => {
      const w = await world();
      const a = await as(w.t, w.users.target);
      const r = await del(a, { password: 'not-my-password' });
      expect(r.status).toBe(400);
      expect(await whoAmI(a)).not.toBeNull();
    });

    it('refuses a creator until they hand their communities over, naming them', async () => {
      const w = await world();
      const r = await del(await as(w.t, w.users.creator), { password: FACTORY_PASSWORD });
      expect(r.status).toBe(409);
      expect(r.error?.message).toContain('Public Drummers Circle');
    });

    it('ends every session, erases the profile, leaves the communities and keeps posts and money records under "Former member"', async () => {
      const w = await world();
      const a = await as(w.t, w.users.target);
      const other = await as(w.t, w.users.target);
      const before = w.t.db.select().from(communities).where(eq(communities.id, w.pub.id)).get()!.memberCount;
      const paymentsBefore = w.t.db.select().from(payments).where(eq(payments.memberId, w.users.target.id)).all().length;
      await setUpSecondFactor(w.t, a);
      const r = await del(a, { password: FACTORY_PASSWORD });
      expect(r.status).toBe(200);
      expect(await whoAmI(a)).toBeNull();
      expect(await whoAmI(other)).toBeNull();
      const login = await agent(w.t).rest('POST', '/api/auth/login', { email: w.users.target.email, password: FACTORY_PASSWORD });
      expect(login.status).toBe(401);
      const row = w.t.db.select().from(users).where(eq(users.id, w.users.target.id)).get()!;
      expect(row).toMatchObject({ firstName: 'Former', lastName: 'member', phoneNumber: null, passwordHash: null, profileImageUrl: null });
      expect(row.email).not.toBe(w.users.target.email);
      expect(row.deletedAt).not.toBeNull();
      // The second factor's secrets go with the account.
      for (const table of ['second_factors', 'recovery_codes', 'sign_in_challenges'])
        expect(w.t.db.$client.prepare(`SELECT count(*) FROM ${table} WHERE user_id = ?`).pluck().get(w.users.target.id), table).toBe(0);
      expect(w.t.db.select().from(communities).where(eq(communities.id, w.pub.id)).get()!.memberCount).toBe(before - 1);
      // Money stays and the books still balance.
      expect(w.t.db.select().from(payments).where(eq(payments.memberId, w.users.target.id)).all().length).toBe(paymentsBefore);
      expect(verifyBalances(w.t.db)).toEqual({ accounts: [], months: [] });
      // Posts stay by default.
      expect(w.t.db.select().from(topics).where(eq(topics.id, w.topic)).get()).toBeDefined();
      expect(w.t.db.select().from(topicReplies).where(eq(topicReplies.authorId, w.users.target.id)).all()).toHaveLength(1);
      // The directory shows the person no longer.
      const members = tr.page(await tr.call(await as(w.t, w.users.admin), OPS.communityMembers, { communityId: w.pub.id })).items;
      expect(members.map((m: { userId: string }) => m.userId)).not.toContain(w.users.target.id);
      // A second deletion cannot happen (the session is gone).
      expect((await del(a, { password: FACTORY_PASSWORD })).status).toBe(401);
    });

    it('removes replies and lone topics when asked, and keeps topics others replied in', async () => {
      const w = await world();
      // Someone else replied in the target's topic: that topic stays.
      postReply(w.t.db, { topicId: w.topic, community: w.community, author: actor(w.users.member), canModerate: false, body: 'The school gym.', now: w.t.clock.now() });
      const r = await del(await as(w.t, w.users.target), { password: FACTORY_PASSWORD, removePosts: true });
      expect(r.status).toBe(200);
      expect(w.t.db.select().from(topicReplies).where(eq(topicReplies.authorId, w.users.target.id)).all()).toHaveLength(0);
      expect(w.t.db.select().from(topics).where(eq(topics.id, w.topic)).get()).toBeDefined();
      expect(w.t.db.select().from(topics).where(eq(topics.id, w.other)).get()!.replyCount).toBe(0);
    });
  });
}

describe('account.deleteUser (staff, on request)', () => {
  it('lets a superadmin delete a member, audited; refuses an admin, a staff target and an unknown id', async () => {
    const w = await world();
    const superadmin = await makeUser(w.t.db, { role: 'superadmin', isEmailVerified: true });
    const admin = await makeUser(w.t.db, { role: 'admin', isEmailVerified: true });
    const sa = await as(w.t, superadmin);
    expect((await (await as(w.t, admin)).mutate('account.deleteUser', { userId: w.users.member.id })).status).toBe(403);
    expect((await sa.mutate('account.deleteUser', { userId: admin.id })).status).toBe(409);
    expect((await sa.mutate('account.deleteUser', { userId: 'nobody' })).status).toBe(404);
    const r = await sa.mutate('account.deleteUser', { userId: w.users.member.id });
    expect(r.status).toBe(200);
    const audit = w.t.db.select().from(adminAudit).all().filter((e) => e.action === 'user.deleted');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: superadmin.id, targetId: w.users.member.id });
    expect((await sa.mutate('account.deleteUser', { userId: w.users.member.id })).status).toBe(404);
  });
});
