import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../src/server/auth/common-passwords';
import { agent, makeTestApp, newUser, PASSWORD } from '../setup/app';
import { startSmtp, tokenOf } from '../setup/smtp';
import { OPS, signedIn, whoAmI, transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * A password from the list of the most common ones is refused wherever a password is chosen:
 * sign-up, change and reset, over both transports, as a field error; the account keeps working
 * with its old password afterwards.
 */

const REFUSED = 'errors.auth.commonPassword';
// Common whatever their case: attackers try 'Password1' right after 'password1'.
const COMMON = ['password1', 'Sunshine1', 'QWERTYUIOP', 'iloveyou'];

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

describe('the common-password list', () => {
  it('holds thousands of the most common passwords, compared without case, and not ordinary strong ones', () => {
    for (const p of [...COMMON, '12345678', 'football', 'baseball', 'trustno1']) expect(isCommonPassword(p), p).toBe(true);
    for (const p of [PASSWORD, 'Brand-new#Pass9', 'kilimanjaro-drum-2026', 'njangi du samedi']) expect(isCommonPassword(p), p).toBe(false);
  });
});

for (const tr of transportsFor(REST)) {
  describe(tr.name, () => {
    it.each(COMMON)('sign-up refuses %s with a field error and creates no account', async (password) => {
      const t = makeTestApp();
      const u = newUser({ password, confirmPassword: password });
      const r = await tr.call(agent(t), OPS.register, u);
      expect(r.status).toBe(400);
      expectError(r, 'BAD_REQUEST', REFUSED);
      expect(r.error?.issues?.[0]?.path).toEqual(['password']);
      const login = await agent(t).rest('POST', '/api/auth/login', { email: u.email, password });
      expect(login.status).toBe(401);
    });

    it('change-password refuses a common new password and keeps the old one', async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      const r = await tr.call(a, OPS.changePassword, { currentPassword: PASSWORD, newPassword: 'Password123' });
      expect(r.status).toBe(400);
      expect(r.error?.issues?.[0]?.path).toEqual(['newPassword']);
      expect(await whoAmI(a)).not.toBeNull();
      expect((await agent(t).rest('POST', '/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200);
    });

    it('reset refuses a common password and leaves the link usable for a better one', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const { user } = await signedIn(t);
      expect((await agent(t).rest('POST', '/api/auth/forgot-password', { email: user.email })).status).toBe(200);
      const token = tokenOf((await smtp.nextTo(user.email, 0, '/reset-password')).link)!;
      const refused = await tr.call(agent(t), OPS.resetPassword, { token, password: 'superman1' });
      expect(refused.status).toBe(400);
      expectError(refused, 'BAD_REQUEST', REFUSED);
      expect((await tr.call(agent(t), OPS.resetPassword, { token, password: 'Brand-new#Pass9' })).status).toBe(200);
    });
  });
}
