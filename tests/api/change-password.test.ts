import { describe, expect, it } from 'vitest';
import { agent, makeTestApp, PASSWORD, type TestApp } from '../setup/app';
import { OPS, signedIn, signIn, whoAmI, withCookie, transportsFor, TRPC } from '../setup/transport';
import { textOf } from '../setup/errors';

const NEW_PASSWORD = 'Changed#Pass2026';
const login = (t: TestApp, email: string, password: string) => agent(t).rest('POST', '/api/auth/login', { email, password });

for (const tr of transportsFor(TRPC)) {
  describe(tr.title(OPS.changePassword), () => {
    it('requires a signed-in user (401)', async () => {
      const t = makeTestApp();
      const r = await tr.call(agent(t), OPS.changePassword, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(r.status).toBe(401);
      expect(r.error?.code).toBe('UNAUTHORIZED');
    });

    it('refuses a wrong current password with 400 on currentPassword and changes nothing', async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      const r = await tr.call(a, OPS.changePassword, { currentPassword: 'Not-my-password1', newPassword: NEW_PASSWORD });
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe('BAD_REQUEST');
      expect(r.error?.issues).toEqual([{ path: ['currentPassword'], message: textOf('errors.auth.wrongCurrentPassword') }]);
      expect((await whoAmI(a))?.id).toBe(user.id);
      expect((await login(t, user.email, PASSWORD)).status).toBe(200);
      expect((await login(t, user.email, NEW_PASSWORD)).status).toBe(401);
    });

    it('throttles guesses of the current password: the 11th attempt is 429 even when right', async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      for (let i = 0; i < 10; i++) {
        expect((await tr.call(a, OPS.changePassword, { currentPassword: `Wrong-guess${i}`, newPassword: NEW_PASSWORD })).status).toBe(400);
      }
      const r = await tr.call(a, OPS.changePassword, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await login(t, user.email, PASSWORD)).status).toBe(200);
      t.clock.advance(15 * 60 * 1000 + 1000);
      expect((await tr.call(a, OPS.changePassword, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
    });

    it.each([
      ['currentPassword', { currentPassword: '', newPassword: NEW_PASSWORD }, 'validation.auth.currentPasswordRequired'],
      ['newPassword', { currentPassword: PASSWORD, newPassword: '' }, 'validation.auth.newPasswordRequired'],
      ['newPassword', { currentPassword: PASSWORD, newPassword: 'Sh0rt!' }, 'validation.auth.passwordTooShort'],
    ] as const)('refuses an invalid %s with 400 and its field message', async (field, input, key) => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      const r = await tr.call(a, OPS.changePassword, input);
      expect(r.status).toBe(400);
      expect(r.error?.issues?.[0]).toEqual({ path: [field], message: textOf(key) });
      expect((await login(t, user.email, PASSWORD)).status).toBe(200);
    });

    it('changes the password, ends the other sessions and keeps this device signed in with a fresh cookie', async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      const other = await signIn(t, user.email);
      const oldCookie = a.cookie;
      const r = await tr.call(a, OPS.changePassword, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ success: true });
      // This device: a new cookie that works; the old value is dead.
      expect(r.headers.getSetCookie().some((c) => /^harambee_session=[a-z2-7]{32};.*HttpOnly/.test(c))).toBe(true);
      expect(a.cookie).not.toBe(oldCookie);
      expect((await whoAmI(a))?.id).toBe(user.id);
      expect(await whoAmI(withCookie(t, oldCookie))).toBeNull();
      // The other device is signed out.
      expect(await whoAmI(other)).toBeNull();
      // The new password works, the old one does not.
      expect((await login(t, user.email, NEW_PASSWORD)).status).toBe(200);
      expect((await login(t, user.email, PASSWORD)).status).toBe(401);
    });

    it("does not touch another user's sessions", async () => {
      const t = makeTestApp();
      const { a } = await signedIn(t);
      const { a: bystander, user: b } = await signedIn(t);
      await tr.call(a, OPS.changePassword, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect((await whoAmI(bystander))?.id).toBe(b.id);
    });
  });
}
