import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../factories';
import { agent, makeTestApp, newUser, PASSWORD, type TestApp } from '../setup/app';
import { startSmtp } from '../setup/smtp';
import { OPS, registered, signIn, TRPC, transportsFor } from '../setup/transport';
import { expectError, textOf } from '../setup/errors';

/*
 * Sign-up, forgot password and resend verification reveal nothing about who has an account, and
 * cannot be used to flood an inbox: the same answers for taken and free addresses, limits per
 * client address (429) and per recipient (the usual answer, no mail), mail sent after the answer.
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const MIN = 60 * 1000;
const SIGN_UP_ANSWER = { message: textOf('notices.signUp') };
const FORGOT_ANSWER = { message: textOf('notices.forgotPassword') };

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
/** Mail goes after the answer: long enough for any that was going to be sent to arrive. */
const settle = () => new Promise((r) => setTimeout(r, 400));
const userCount = (t: TestApp) => t.db.$client.prepare('SELECT count(*) FROM users').pluck().get() as number;
let ipSeq = 0;
/** A request from an address of its own (the app trusts X-Forwarded-For in these tests). */
const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${(ipSeq = (ipSeq % 250) + 1)}` });

/** A message's subject as read: RFC 2047 words decoded. */
function subjectOf(raw: string): string {
  const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return folded
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

for (const tr of transportsFor(TRPC)) {
  describe(`${tr.title(OPS.register)}: a taken address is answered like a free one`, () => {
    it('the same status and body, nobody signed in, no second account, the owner’s password unchanged', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const owner = await registered(t);
      const free = newUser();
      const taken = newUser({ email: ` ${owner.email.toUpperCase()} `, firstName: 'Intruder', password: 'Other#Pass-2026', confirmPassword: 'Other#Pass-2026' });
      const a = agent(t);
      const b = agent(t);
      const forFree = await tr.call(a, OPS.register, free);
      const forTaken = await tr.call(b, OPS.register, taken);
      expect(forFree.status).toBe(tr.okStatus(OPS.register));
      expect(forTaken.status).toBe(forFree.status);
      expect(forFree.data).toEqual(SIGN_UP_ANSWER);
      expect(forTaken.data).toEqual(forFree.data);
      // Both get the same pending sign-in cookie (name, attributes, a token of one shape), and no session.
      const shape = (h: Headers) => h.getSetCookie().map((c) => c.replace(/=[a-z2-7]{32};/, '=<token>;'));
      expect(shape(forFree.headers)).toEqual(['harambee_pending=<token>; Path=/; HttpOnly; SameSite=Lax; Max-Age=7200']);
      expect(shape(forTaken.headers)).toEqual(shape(forFree.headers));
      expect([a.cookie, b.cookie]).toEqual([null, null]);
      expect(userCount(t)).toBe(2);
      // The taken account is untouched: its own password works, the intruder's does not.
      expect((await agent(t).rest('POST', '/api/auth/login', { email: owner.email, password: 'Other#Pass-2026' })).status).toBe(401);
      expect((await agent(t).rest('POST', '/api/auth/login', { email: owner.email, password: PASSWORD })).status).toBe(200);
      // The new one exists and can sign in.
      await signIn(t, free.email, free.password);
    });

    it('mails the owner “someone tried to sign up” in their language, with no link that opens anything', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const owner = await makeUser(t.db, { language: 'fr', firstName: 'Aïcha' });
      const r = await tr.call(agent(t), OPS.register, newUser({ email: owner.email }), { 'accept-language': 'en' });
      expect(r.data).toEqual(SIGN_UP_ANSWER);
      const mail = await smtp.lastTo(owner.email);
      expect(subjectOf(mail.raw)).toBe('Quelqu’un a tenté de s’inscrire sur Harambee avec votre adresse');
      expect(mail.raw).toContain('http://localhost:3000/signin');
      expect(mail.link).toBeNull(); // no verification or reset token
      await settle();
      expect(mailsTo(owner.email)).toHaveLength(1);
    });

    it('answers before any mail is delivered: a mail server that never replies delays neither answer', async () => {
      const sockets: Socket[] = [];
      const silent = createServer((s) => void sockets.push(s));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        const t = makeTestApp({ smtpUrl: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, waitForMail: false });
        const owner = await makeUser(t.db);
        const started = Date.now();
        const forFree = await tr.call(agent(t), OPS.register, newUser());
        const forTaken = await tr.call(agent(t), OPS.register, newUser({ email: owner.email }));
        expect(Date.now() - started).toBeLessThan(1500);
        expect(forTaken.data).toEqual(forFree.data);
      } finally {
        for (const s of sockets) s.destroy();
        silent.close();
      }
    });
  });

  describe(`${tr.title(OPS.register)}: limits`, () => {
    it('10 sign-ups per client address in 15 minutes, taken or free; then 429 with Retry-After; other addresses go on', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url, env: { TRUST_PROXY: 'true' } });
      const owner = await makeUser(t.db);
      const from = { 'x-forwarded-for': '203.0.113.50' };
      for (let i = 0; i < 10; i++) {
        const r = await tr.call(agent(t), OPS.register, newUser(i % 2 ? { email: owner.email } : {}), from);
        expect(r.status, JSON.stringify(r.raw)).toBe(tr.okStatus(OPS.register));
      }
      const before = userCount(t);
      for (const u of [newUser(), newUser({ email: owner.email })]) {
        const r = await tr.call(agent(t), OPS.register, u, from);
        expect(r.status).toBe(429);
        expectError(r, 'TOO_MANY_REQUESTS', 'errors.tooManyAccountRequests', { count: 15 });
        expect(Number(r.headers.get('retry-after'))).toBe(15 * 60);
      }
      expect(userCount(t)).toBe(before);
      expect((await tr.call(agent(t), OPS.register, newUser(), { 'x-forwarded-for': '203.0.113.51' })).status).toBe(tr.okStatus(OPS.register));
      t.clock.advance(15 * MIN);
      expect((await tr.call(agent(t), OPS.register, newUser(), from)).status).toBe(tr.okStatus(OPS.register));
    });

    it('tries on a taken address mail its owner at most 3 times an hour, with the usual answer every time', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url, env: { TRUST_PROXY: 'true' } });
      const owner = await makeUser(t.db);
      for (let i = 0; i < 5; i++) {
        const r = await tr.call(agent(t), OPS.register, newUser({ email: owner.email }), fromNewAddress());
        expect(r.data).toEqual(SIGN_UP_ANSWER);
      }
      await settle();
      expect(mailsTo(owner.email)).toHaveLength(3);
      t.clock.advance(60 * MIN);
      await tr.call(agent(t), OPS.register, newUser({ email: owner.email }), fromNewAddress());
      await settle();
      expect(mailsTo(owner.email)).toHaveLength(4);
    });
  });

  describe(`${tr.title(OPS.forgotPassword)}: the same answer, limited`, () => {
    it('a known, an unknown and an over-the-limit address get the same answer; at most 3 reset mails an hour to one address', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url, env: { TRUST_PROXY: 'true' } });
      const owner = await makeUser(t.db);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await tr.call(agent(t), OPS.forgotPassword, { email: owner.email }, fromNewAddress()));
      answers.push(await tr.call(agent(t), OPS.forgotPassword, { email: 'nobody.here@example.org' }, fromNewAddress()));
      for (const r of answers) {
        expect(r.status).toBe(tr.okStatus(OPS.forgotPassword));
        expect(r.data).toEqual(FORGOT_ANSWER);
      }
      await settle();
      expect(mailsTo(owner.email)).toHaveLength(3);
      expect(mailsTo('nobody.here@example.org')).toHaveLength(0);
    });

    it('10 requests per client address in 15 minutes, then 429, whatever the addresses asked about', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      for (let i = 0; i < 10; i++) expect((await tr.call(agent(t), OPS.forgotPassword, { email: `someone${i}@example.org` })).status).toBe(tr.okStatus(OPS.forgotPassword));
      const r = await tr.call(agent(t), OPS.forgotPassword, { email: 'one.more@example.org' });
      expect(r.status).toBe(429);
      expectError(r, 'TOO_MANY_REQUESTS', 'errors.tooManyAccountRequests', { count: 15 });
      expect(Number(r.headers.get('retry-after'))).toBe(15 * 60);
    });
  });

  describe(`${tr.title(OPS.resendVerification)}: limited`, () => {
    it('past 3 verification mails an hour it answers as usual and sends nothing; past 10 requests from one address, 429', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const u = newUser();
      await agent(t).rest('POST', '/api/auth/register', u); // the first verification mail
      const a = await signIn(t, u.email, u.password);
      for (let i = 0; i < 9; i++) {
        const r = await tr.call(a, OPS.resendVerification);
        expect(r.status).toBe(200);
        expect(r.data).toEqual({ sent: true });
      }
      await settle();
      expect(mailsTo(u.email)).toHaveLength(3);
      expect((await tr.call(a, OPS.resendVerification)).status).toBe(200);
      const refused = await tr.call(a, OPS.resendVerification);
      expect(refused.status).toBe(429);
      expectError(refused, 'TOO_MANY_REQUESTS', 'errors.tooManyAccountRequests', { count: 15 });
    });
  });
}

describe('tRPC: batches of account-mail requests count every call before any work', () => {
  const batch = (t: TestApp, procedure: string, inputs: unknown[]) =>
    agent(t).rest('POST', `/trpc/${inputs.map(() => procedure).join(',')}?batch=1`, Object.fromEntries(inputs.map((input, i) => [i, input])), { 'content-type': 'application/json' });
  const codes = (body: unknown) => (body as { result?: unknown; error?: { data: { code: string } } }[]).map((e) => (e.error ? e.error.data.code : 'OK'));

  it('15 sign-ups in one batch: 10 answered, 5 refused with 429, 10 accounts at most', async () => {
    const t = makeTestApp({ smtpUrl: smtp.url });
    const r = await batch(t, 'auth.register', Array.from({ length: 15 }, () => newUser()));
    const got = codes(r.body);
    expect(got.filter((c) => c === 'OK')).toHaveLength(10);
    expect(got.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(5);
    expect(userCount(t)).toBe(10);
  });

  it('15 forgot-password calls for one address in one batch: 10 answered alike, 5 refused, 3 mails', async () => {
    const t = makeTestApp({ smtpUrl: smtp.url });
    const owner = await makeUser(t.db);
    const r = await batch(t, 'auth.forgotPassword', Array.from({ length: 15 }, () => ({ email: owner.email })));
    const got = codes(r.body);
    expect(got.filter((c) => c === 'OK')).toHaveLength(10);
    expect(got.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(5);
    await settle();
    expect(mailsTo(owner.email)).toHaveLength(3);
  });
});

describe('REST: parallel sign-ups with one taken address', () => {
  it('from one client address: 10 answered 201, the rest 429; the owner mailed once at most', async () => {
    const t = makeTestApp({ smtpUrl: smtp.url });
    const owner = await makeUser(t.db);
    const calls = Array.from({ length: 20 }, (_, i) => agent(t).rest('POST', '/api/auth/register', newUser(i === 0 ? { email: owner.email } : {})));
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    await settle();
    expect(mailsTo(owner.email).length).toBeLessThanOrEqual(1);
  });
});

describe(`${TRPC.title(OPS.register)}: a sign-up with an invitation for a taken address`, () => {
  it('answers as usual and joins nobody', async () => {
    const t = makeTestApp({ smtpUrl: smtp.url });
    const owner = await makeUser(t.db);
    const r = await TRPC.call(agent(t), OPS.register, { ...newUser({ email: owner.email }), invite: 'b'.repeat(52) });
    expect(r.data).toEqual(SIGN_UP_ANSWER);
    expect(t.db.$client.prepare('SELECT count(*) FROM memberships WHERE user_id = ?').pluck().get(owner.id)).toBe(0);
  });
});
