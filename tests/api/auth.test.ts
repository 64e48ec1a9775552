import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { agent, makeTestApp, newUser, PASSWORD } from '../setup/app';
import { startSmtp } from '../setup/smtp';
import { OPS, registered, REST, signIn, TRANSPORTS, TRPC, whoAmI } from '../setup/transport';
import type { MessageKey } from '@shared/i18n/catalogue';
import { expectError, textOf } from '../setup/errors';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const ANSWER = { message: textOf('notices.signUp') };
const accountOf = (t: ReturnType<typeof makeTestApp>, email: string) => t.db.select().from(users).where(eq(users.email, email)).get();
const DAY = 24 * 60 * 60 * 1000;

for (const tr of TRANSPORTS) {
  describe(tr.title(OPS.register), () => {
    it('creates the account, answers only "check your email" (no account data) and mails a verification link', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const u = newUser();
      const r = await tr.call(agent(t), OPS.register, u);
      expect(r.status).toBe(tr.okStatus(OPS.register));
      // The same answer a taken address gets (tests/api/auth-enumeration.test.ts).
      expect(r.data).toEqual(ANSWER);
      expect(accountOf(t, u.email)).toMatchObject({
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        role: 'user',
        isEmailVerified: false,
        authType: 'local',
        loginStreak: 0,
        lastLoginAt: null,
        createdAt: t.clock.now(),
      });
      expect(JSON.stringify(r.raw)).not.toContain(u.password);
      const mail = await smtp.lastTo(u.email);
      expect(mail.link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=[a-z2-7]{32}$/);
      // The new account can sign in with the password it chose.
      expect((await agent(t).rest('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
    });

    it('does not sign the new user in (registration goes to /signin)', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const a = agent(t);
      await tr.call(a, OPS.register, newUser());
      expect(a.cookie).toBeNull();
      expect(await whoAmI(a)).toBeNull();
    });

    it('stores the email trimmed and lower-cased', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const u = newUser();
      await tr.call(agent(t), OPS.register, { ...u, email: `  ${u.email.toUpperCase()} ` });
      expect(accountOf(t, u.email)?.email).toBe(u.email);
    });

    it.each([
      ['the same address', (e: string) => e],
      ['different case', (e: string) => e.toUpperCase()],
      ['surrounding spaces', (e: string) => `  ${e}\t`],
    ])('answers a taken email (%s) as a free one, and creates nothing', async (_label, variant) => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const first = await registered(t);
      const r = await tr.call(agent(t), OPS.register, newUser({ email: variant(first.email), firstName: 'Other' }));
      expect(r.status).toBe(tr.okStatus(OPS.register));
      expect(r.data).toEqual(ANSWER);
      expect(t.db.$client.prepare('SELECT count(*) FROM users').pluck().get()).toBe(1);
      expect(accountOf(t, first.email)?.firstName).toBe(first.firstName);
      // The first account is untouched: its password still works.
      expect((await agent(t).rest('POST', '/api/auth/login', { email: first.email, password: PASSWORD })).status).toBe(200);
    });

    const invalid: [field: string, fault: string, change: Record<string, unknown>, key: MessageKey][] = [
      ['firstName', 'empty', { firstName: '' }, 'validation.auth.firstNameRequired'],
      ['firstName', 'only spaces', { firstName: '   ' }, 'validation.auth.firstNameRequired'],
      ['firstName', 'missing', { firstName: undefined }, 'validation.auth.firstNameRequired'],
      ['lastName', 'empty', { lastName: '' }, 'validation.auth.lastNameRequired'],
      ['email', 'empty', { email: '' }, 'validation.auth.emailRequired'],
      ['email', 'a number', { email: 42 }, 'validation.auth.emailRequired'],
      ['email', 'malformed', { email: 'not-an-email' }, 'validation.auth.emailInvalid'],
      ['password', 'empty', { password: '', confirmPassword: '' }, 'validation.auth.createPassword'],
      ['password', '7 characters', { password: 'Ab1!xyz', confirmPassword: 'Ab1!xyz' }, 'validation.auth.passwordTooShort'],
      ['password', '257 characters', { password: 'x'.repeat(257), confirmPassword: 'x'.repeat(257) }, 'validation.auth.passwordTooLong'],
      ['confirmPassword', 'different', { confirmPassword: 'Something-else1' }, 'validation.auth.passwordsMismatch'],
    ];
    it.each(invalid)('refuses %s (%s) with 400 and its field message', async (field, _fault, change, key) => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const u = newUser();
      const r = await tr.call(agent(t), OPS.register, { ...u, ...change });
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe('BAD_REQUEST');
      expectError(r, 'BAD_REQUEST', key);
      expect(r.error?.issues?.[0]).toEqual({ path: [field], message: textOf(key) });
      // Nothing was created: the address is still free.
      expect((await agent(t).rest('POST', '/api/auth/register', u)).status).toBe(201);
    });

    it('reports several faults with the earliest in form order first', async () => {
      const t = makeTestApp();
      const r = await tr.call(agent(t), OPS.register, { firstName: '', lastName: '', email: 'bad', password: 'short', confirmPassword: 'x' });
      expect(r.status).toBe(400);
      expectError(r, 'BAD_REQUEST', 'validation.auth.firstNameRequired');
      expect(r.error?.issues?.map((i) => i.path[0])).toEqual(['firstName', 'lastName', 'email', 'password', 'confirmPassword']);
    });

    it('accepts a 256-character password whole (not truncated)', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const long = `Aa1!${'p'.repeat(252)}`;
      const u = newUser({ password: long, confirmPassword: long });
      expect((await tr.call(agent(t), OPS.register, u)).status).toBe(tr.okStatus(OPS.register));
      expect((await agent(t).rest('POST', '/api/auth/login', { email: u.email, password: long })).status).toBe(200);
      const cut = await agent(t).rest('POST', '/api/auth/login', { email: u.email, password: long.slice(0, 255) });
      expect(cut.status).toBe(401);
    });
  });
}

describe(`${TRPC.title(OPS.register)}: request body`, () => {
  it('answers a broken JSON body with a readable 400, not the parser\'s text', async () => {
    const t = makeTestApp();
    const r = await agent(t).rest('POST', '/trpc/auth.register', '{"firstName": "Amara",');
    expect(r.status).toBe(400);
    expectError(r, 'BAD_REQUEST', 'errors.badJson');
  });
});

describe(`${REST.title(OPS.register)}: request body`, () => {
  it("answers 400 'The request body must be valid JSON' for a broken body", async () => {
    const t = makeTestApp();
    const r = await agent(t).rest('POST', '/api/auth/register', '{"firstName": "Amara",');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: textOf('errors.badJson'), code: 'BAD_REQUEST' });
  });

  it('treats an empty body as {} and lists the missing fields', async () => {
    const t = makeTestApp();
    const r = await agent(t).rest('POST', '/api/auth/register', '');
    expect(r.status).toBe(400);
    expectError(r, 'BAD_REQUEST', 'validation.auth.firstNameRequired');
  });
});

for (const tr of TRANSPORTS) {
  describe(tr.title(OPS.login), () => {
    it('signs in with an HttpOnly SameSite=Lax session cookie and returns the user', async () => {
      const t = makeTestApp();
      const u = await registered(t);
      const a = agent(t);
      const r = await tr.call(a, OPS.login, { email: u.email, password: u.password });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ id: u.id, email: u.email, role: 'user' });
      expect(r.data).not.toHaveProperty('passwordHash');
      const cookie = r.headers.getSetCookie().find((c) => c.startsWith('harambee_session='));
      expect(cookie).toMatch(/^harambee_session=[a-z2-7]{32}; /);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
      expect(cookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
      expect(cookie).not.toContain('Secure'); // APP_URL is http in tests
      expect((await whoAmI(a))?.id).toBe(u.id);
    });

    it('accepts the email in any case and with spaces', async () => {
      const t = makeTestApp();
      const u = await registered(t);
      const r = await tr.call(agent(t), OPS.login, { email: ` ${u.email.toUpperCase()} `, password: u.password });
      expect(r.status).toBe(200);
    });

    it('answers a wrong password and an unknown email with the same 401', async () => {
      const t = makeTestApp();
      const u = await registered(t);
      const a = agent(t);
      const wrong = await tr.call(a, OPS.login, { email: u.email, password: `${u.password}x` });
      const unknown = await tr.call(a, OPS.login, { email: `nobody.${u.email}`, password: u.password });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expectError(wrong, 'UNAUTHORIZED', 'errors.auth.invalidCredentials');
      expect(unknown.raw).toEqual(wrong.raw);
      expect(a.cookie).toBeNull();
    });

    it('records lastLoginAt and counts the streak in UTC days', async () => {
      const t = makeTestApp();
      const u = await registered(t);
      const login = () => tr.call(agent(t), OPS.login, { email: u.email, password: u.password });
      const first = await login();
      expect(first.data).toMatchObject({ loginStreak: 1, lastLoginAt: new Date(t.clock.now()).toISOString() });
      t.clock.advance(60 * 60 * 1000);
      expect((await login()).data.loginStreak).toBe(1); // same day
      t.clock.advance(DAY);
      const next = await login();
      expect(next.data).toMatchObject({ loginStreak: 2, lastLoginAt: new Date(t.clock.now()).toISOString() });
      t.clock.advance(DAY);
      expect((await login()).data.loginStreak).toBe(3);
      t.clock.advance(3 * DAY);
      expect((await login()).data.loginStreak).toBe(1); // a gap starts over
    });

    it("starts a new session: the same browser's old cookie is dead afterwards, other devices are not", async () => {
      const t = makeTestApp();
      const u = await registered(t);
      const other = await signIn(t, u.email);
      const a = await signIn(t, u.email);
      const before = a.cookie;
      expect((await tr.call(a, OPS.login, { email: u.email, password: u.password })).status).toBe(200);
      expect(a.cookie).not.toBe(before);
      expect((await whoAmI(a))?.id).toBe(u.id);
      const stale = agent(t);
      stale.cookie = before;
      expect(await whoAmI(stale)).toBeNull();
      expect((await whoAmI(other))?.id).toBe(u.id);
    });
  });

  describe(tr.title(OPS.me), () => {
    it('returns the signed-in user with its role', async () => {
      const t = makeTestApp();
      const u = await registered(t);
      const a = await signIn(t, u.email);
      const r = await tr.call(a, OPS.me);
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ id: u.id, email: u.email, firstName: u.firstName, role: 'user', isEmailVerified: false });
      expect(r.data).not.toHaveProperty('passwordHash');
    });

    it(tr.name === 'REST' ? 'answers 401 when signed out' : 'answers null when signed out', async () => {
      const t = makeTestApp();
      const r = await tr.call(agent(t), OPS.me);
      if (tr.name === 'REST') {
        expect(r.status).toBe(401);
        expectError(r, 'UNAUTHORIZED', 'errors.authRequired');
      } else {
        expect(r.status).toBe(200);
        expect(r.data).toBeNull();
      }
    });

    it('treats a forged or malformed cookie as signed out', async () => {
      const t = makeTestApp();
      const a = agent(t);
      for (const cookie of ['harambee_session=abcdefghijklmnopqrstuvwxyz234567', 'harambee_session=../../etc', 'harambee_session=']) {
        a.cookie = cookie;
        const r = await tr.call(a, OPS.me);
        expect(r.status).toBe(tr.name === 'REST' ? 401 : 200);
        if (tr.name === 'tRPC') expect(r.data).toBeNull();
      }
    });

    it('slides the session: renewed with a new cookie after 15 days, gone after 30 idle days', async () => {
      const t = makeTestApp();
      const u = await registered(t);
      const a = await signIn(t, u.email);
      t.clock.advance(DAY);
      expect((await tr.call(a, OPS.me)).headers.getSetCookie()).toEqual([]);
      t.clock.advance(15 * DAY);
      const renewed = await tr.call(a, OPS.me);
      expect(renewed.data?.id).toBe(u.id);
      expect(renewed.headers.getSetCookie()[0]).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
      t.clock.advance(30 * DAY);
      expect(await whoAmI(a)).toBeNull();
    });
  });
}

describe('REST: session cookie over https', () => {
  it('marks the cookie Secure when APP_URL is https', async () => {
    const t = makeTestApp({ env: { APP_URL: 'https://harambee.example.org' } });
    const u = await registered(t);
    const r = await agent(t).rest('POST', '/api/auth/login', { email: u.email, password: u.password });
    expect(r.headers.getSetCookie()[0]).toMatch(/; Secure$/);
  });
});
