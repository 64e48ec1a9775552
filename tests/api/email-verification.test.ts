import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, makeTestApp } from '../setup/app';
import { startSmtp, tokenOf } from '../setup/smtp';
import { OPS, registered, signIn, whoAmI, transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const FAILED = 'errors.auth.verifyFailed';
const HOUR = 60 * 60 * 1000;
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email)).length;

async function newAccount() {
  const t = makeTestApp({ smtpUrl: smtp.url });
  const user = await registered(t);
  const mail = await smtp.lastTo(user.email);
  expect(mail.subject).toBe('Verify your email for Harambee');
  return { t, user, token: tokenOf(mail.link)! };
}

for (const tr of transportsFor(REST)) {
  describe(tr.title(OPS.verifyEmail), () => {
    it('verifies the address with the mailed link, without being signed in', async () => {
      const { t, user, token } = await newAccount();
      const r = await tr.call(agent(t), OPS.verifyEmail, { token });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ success: true, email: user.email, signedIn: false });
      const me = await whoAmI(await signIn(t, user.email));
      expect(me?.isEmailVerified).toBe(true);
    });

    it('works once: the same link again is a 400', async () => {
      const { t, token } = await newAccount();
      expect((await tr.call(agent(t), OPS.verifyEmail, { token })).status).toBe(200);
      const again = await tr.call(agent(t), OPS.verifyEmail, { token });
      expect(again.status).toBe(400);
      expectError(again, 'BAD_REQUEST', FAILED);
    });

    it('expires after 24 hours', async () => {
      const { t, user, token } = await newAccount();
      t.clock.advance(24 * HOUR);
      const r = await tr.call(agent(t), OPS.verifyEmail, { token });
      expect(r.status).toBe(400);
      expectError(r, 'BAD_REQUEST', FAILED);
      expect((await whoAmI(await signIn(t, user.email)))?.isEmailVerified).toBe(false);
    });

    it('still works just before 24 hours', async () => {
      const { t, token } = await newAccount();
      t.clock.advance(24 * HOUR - 1000);
      expect((await tr.call(agent(t), OPS.verifyEmail, { token })).status).toBe(200);
    });

    it.each([
      ['an unknown token', { token: 'abcdefghijklmnopqrstuvwxyz234567' }, FAILED],
      ['an empty token', { token: '' }, 'validation.auth.tokenMissing'],
      ['no token', {}, 'validation.auth.tokenMissing'],
      ['a 10 kB token', { token: 'a'.repeat(10_000) }, 'validation.auth.tokenMissing'],
    ] as const)('refuses %s with 400', async (_label, input, message) => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const r = await tr.call(agent(t), OPS.verifyEmail, input);
      expect(r.status).toBe(400);
      expectError(r, 'BAD_REQUEST', message);
    });

    it('does not accept a password-reset token', async () => {
      const { t, user } = await newAccount();
      await agent(t).rest('POST', '/api/auth/forgot-password', { email: user.email });
      const reset = tokenOf((await smtp.nextTo(user.email, 0, '/reset-password')).link)!;
      expect((await tr.call(agent(t), OPS.verifyEmail, { token: reset })).status).toBe(400);
    });
  });

  describe(tr.title(OPS.resendVerification), () => {
    it('requires a signed-in user (401)', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const r = await tr.call(agent(t), OPS.resendVerification);
      expect(r.status).toBe(401);
      expect(r.error?.code).toBe('UNAUTHORIZED');
    });

    it('mails a new link and voids the previous one', async () => {
      const { t, user, token: first } = await newAccount();
      const a = await signIn(t, user.email);
      const before = mailsTo(user.email);
      const r = await tr.call(a, OPS.resendVerification);
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ sent: true });
      // Mailed after the answer: wait for it.
      const second = tokenOf((await smtp.nextTo(user.email, before)).link)!;
      expect(mailsTo(user.email)).toBe(before + 1);
      expect(second).not.toBe(first);
      expect((await tr.call(agent(t), OPS.verifyEmail, { token: first })).status).toBe(400);
      expect((await tr.call(agent(t), OPS.verifyEmail, { token: second })).status).toBe(200);
      expect((await whoAmI(a))?.isEmailVerified).toBe(true);
    });

    it('sends nothing once the address is verified', async () => {
      const { t, user, token } = await newAccount();
      await agent(t).rest('POST', '/api/auth/verify-email', { token });
      const a = await signIn(t, user.email);
      const before = mailsTo(user.email);
      const r = await tr.call(a, OPS.resendVerification);
      expect(r.data).toEqual({ sent: false });
      expect(mailsTo(user.email)).toBe(before);
    });
  });
}
