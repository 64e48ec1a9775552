import { describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, makeUser } from '../factories';
import { agent, makeTestApp } from '../setup/app';
import { ADMIN, sessionCount, staffCast } from '../setup/admin';
import { OPS, whoAmI, transportsFor, REST } from '../setup/transport';
import { codeAt, SECOND_FACTOR } from '../setup/second-factor';
import { expectError } from '../setup/errors';

const MIN = 60_000;

for (const tr of transportsFor(REST)) {
  describe(tr.title(ADMIN.login), () => {
    it.each(['superadmin', 'admin'] as const)('signs in a %s: session cookie set, the user returned without secrets', async (role) => {
      const t = makeTestApp();
      const c = await staffCast(t);
      const a = agent(t);
      const first = await tr.call(a, ADMIN.login, { email: c[role].email, password: FACTORY_PASSWORD });
      // The password alone opens nothing: no cookie, a challenge for the second step.
      expect(first.status).toBe(200);
      expect(first.data).toEqual({ secondFactorRequired: true, challenge: expect.stringMatching(/^[a-z2-7]{32}$/), expiresAt: expect.any(String) });
      expect(a.cookie).toBeNull();
      expect(sessionCount(t, c[role].id)).toBe(0);
      const r = await tr.call(a, SECOND_FACTOR.signIn, { challenge: first.data.challenge, code: codeAt(t) });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ id: c[role].id, email: c[role].email, role });
      expect(JSON.stringify(r.raw)).not.toMatch(/passwordHash|password_hash|\$argon2/);
      expect(r.headers.getSetCookie().some((v) => /^harambee_session=[a-z2-7]{32};.*HttpOnly/.test(v))).toBe(true);
      expect((await whoAmI(a))?.id).toBe(c[role].id);
      expect((await a.query('admin.counts')).data).toEqual({ users: 4, communities: 1, events: 0 });
      expect(sessionCount(t, c[role].id)).toBe(1);
    });

    it('accepts the email in any case and with spaces around it', async () => {
      const t = makeTestApp();
      const c = await staffCast(t);
      const a = agent(t);
      const first = await tr.call(a, ADMIN.login, { email: `  ${c.admin.email.toUpperCase()} `, password: FACTORY_PASSWORD });
      const r = await tr.call(a, SECOND_FACTOR.signIn, { challenge: first.data.challenge, code: codeAt(t) });
      expect(r.status).toBe(200);
      expect(r.data.id).toBe(c.admin.id);
    });

    it("answers a plain user's right password exactly as a wrong password, and starts no session", async () => {
      const t = makeTestApp();
      const c = await staffCast(t);
      const userTry = agent(t);
      const asUser = await tr.call(userTry, ADMIN.login, { email: c.user.email, password: FACTORY_PASSWORD });
      const wrong = await tr.call(agent(t), ADMIN.login, { email: c.admin.email, password: 'Not-the-password1' });
      const unknown = await tr.call(agent(t), ADMIN.login, { email: 'nobody@example.org', password: FACTORY_PASSWORD });
      expect(asUser.status).toBe(401);
      expectError(asUser, 'UNAUTHORIZED', 'errors.auth.invalidAdminCredentials');
      expect(asUser.raw).toEqual(wrong.raw);
      expect(asUser.raw).toEqual(unknown.raw);
      expect(asUser.headers.getSetCookie()).toEqual([]);
      expect(userTry.cookie).toBeNull();
      expect(sessionCount(t, c.user.id)).toBe(0);
    });

    it('refuses staff whose role was taken away', async () => {
      const t = makeTestApp();
      const former = await makeUser(t.db, { role: 'user', email: 'former.admin@example.org' });
      const r = await tr.call(agent(t), ADMIN.login, { email: former.email, password: FACTORY_PASSWORD });
      expect(r.status).toBe(401);
      expectError(r, 'UNAUTHORIZED', 'errors.auth.invalidAdminCredentials');
    });

    it('throttles more strictly than member sign-in: after 5 failures even the right password is 429 with Retry-After, for 15 minutes', async () => {
      const t = makeTestApp();
      const c = await staffCast(t);
      for (let i = 0; i < 5; i++) {
        expect((await tr.call(agent(t), ADMIN.login, { email: c.admin.email, password: `Wrong-guess-${i}` })).status).toBe(401);
      }
      const a = agent(t);
      const r = await tr.call(a, ADMIN.login, { email: c.admin.email, password: FACTORY_PASSWORD });
      expect(r.status).toBe(429);
      expect(r.error?.code).toBe('TOO_MANY_REQUESTS');
      expectError(r, 'TOO_MANY_REQUESTS', 'errors.tooManySignIns', { count: 15 });
      expect(Number(r.headers.get('retry-after'))).toBe(15 * 60);
      expect(a.cookie).toBeNull();
      t.clock.advance(15 * MIN);
      expect((await tr.call(agent(t), ADMIN.login, { email: c.admin.email, password: FACTORY_PASSWORD })).status).toBe(200);
    });

    it("counts a non-staff account's right-password attempts as failures of that email and address", async () => {
      const t = makeTestApp({ env: { TRUST_PROXY: 'true' } });
      const c = await staffCast(t);
      const attempt = (email: string, ip: string) => tr.call(agent(t), ADMIN.login, { email, password: FACTORY_PASSWORD }, { 'x-forwarded-for': ip });
      for (let i = 0; i < 5; i++) expect((await attempt(c.user.email, '203.0.113.9')).status).toBe(401);
      expect((await attempt(c.user.email, '203.0.113.9')).status).toBe(429);
      expect((await attempt(c.admin.email, '198.51.100.7')).status).toBe(200);
    });

    it("counts staff failures per account and address, as members': a stranger's guesses never lock a staff account out from elsewhere", async () => {
      const t = makeTestApp({ env: { TRUST_PROXY: 'true' } });
      const c = await staffCast(t);
      const attempt = (password: string, ip: string) => tr.call(agent(t), ADMIN.login, { email: c.admin.email, password }, { 'x-forwarded-for': ip });
      // Five wrong guesses from five addresses: each address may still try, the account is not held.
      for (let i = 1; i <= 5; i++) expect((await attempt(`Wrong-guess-${i}`, `203.0.113.${i}`)).status).toBe(401);
      expect((await attempt('Wrong-guess-6', '203.0.113.6')).status).toBe(401);
      // One address that failed five times is held on that account...
      for (let i = 0; i < 4; i++) expect((await attempt(`Wrong-again-${i}`, '203.0.113.1')).status).toBe(401);
      const held = await attempt(FACTORY_PASSWORD, '203.0.113.1');
      expect(held.status).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
      // ...and the owner, elsewhere, signs in.
      const owner = await attempt(FACTORY_PASSWORD, '198.51.100.7');
      expect(owner.status).toBe(200);
      expect(owner.data.secondFactorRequired).toBe(true);
    });

    it('applies the staff limits at the member sign-in too: the sixth guess of a staff password there is 429', async () => {
      const t = makeTestApp();
      const c = await staffCast(t);
      for (let i = 0; i < 5; i++) expect((await tr.call(agent(t), OPS.login, { email: c.admin.email, password: `Wrong-guess-${i}` })).status).toBe(401);
      const r = await tr.call(agent(t), OPS.login, { email: c.admin.email, password: FACTORY_PASSWORD });
      expect(r.status).toBe(429);
      expectError(r, 'TOO_MANY_REQUESTS', 'errors.tooManySignIns', { count: 15 });
      // The admin sign-in counts the same guesses: held there too.
      expect((await tr.call(agent(t), ADMIN.login, { email: c.admin.email, password: FACTORY_PASSWORD })).status).toBe(429);
    });

    it.each([
      ['email', { password: FACTORY_PASSWORD }, 'Please enter your email address'],
      ['password', { email: 'staff@example.org' }, 'Please enter your password'],
    ])('requires the %s (400)', async (field, input, message) => {
      const t = makeTestApp();
      const r = await tr.call(agent(t), ADMIN.login, input);
      expect(r.status).toBe(400);
      expect(r.error?.issues?.[0]).toEqual({ path: [field], message });
    });

    it('ignores the isAdmin flag the original client sends: the role decides', async () => {
      const t = makeTestApp();
      const c = await staffCast(t);
      const r = await tr.call(agent(t), ADMIN.login, { email: c.user.email, password: FACTORY_PASSWORD, isAdmin: true });
      expect(r.status).toBe(401);
      expectError(r, 'UNAUTHORIZED', 'errors.auth.invalidAdminCredentials');
    });
  });
}
