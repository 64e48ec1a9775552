import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, makeTestApp, PASSWORD, type TestApp } from '../setup/app';
import { startSmtp, tokenOf } from '../setup/smtp';
import { OPS, registered, signIn, whoAmI, transportsFor, TRPC } from '../setup/transport';
import { expectError, textOf } from '../setup/errors';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const SENT = textOf('notices.forgotPassword');
const EXPIRED = 'errors.auth.resetExpired';
const NEW_PASSWORD = 'Brand-new#Pass9';
const HOUR = 60 * 60 * 1000;
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const login = (t: TestApp, email: string, password: string) => agent(t).rest('POST', '/api/auth/login', { email, password });

async function resetToken(t: TestApp, email: string) {
  const seen = smtp.countTo(email, '/reset-password');
  const r = await agent(t).rest('POST', '/api/auth/forgot-password', { email });
  expect(r.status).toBe(200);
  // Mailed after the answer: wait for this request's own message.
  const mail = await smtp.nextTo(email, seen, '/reset-password');
  expect(mail.subject).toBe('Reset your Harambee password');
  expect(mail.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
  return tokenOf(mail.link)!;
}

for (const tr of transportsFor(TRPC)) {
  describe(tr.title(OPS.forgotPassword), () => {
    it('answers a known and an unknown email identically, and mails only the known one', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const user = await registered(t);
      const unknownEmail = `nobody.${user.email}`;
      const known = await tr.call(agent(t), OPS.forgotPassword, { email: user.email });
      const unknown = await tr.call(agent(t), OPS.forgotPassword, { email: unknownEmail });
      expect(known.status).toBe(200);
      expect(known.data).toEqual({ message: SENT });
      expect(unknown.status).toBe(known.status);
      expect(unknown.raw).toEqual(known.raw);
      await smtp.nextTo(user.email, 0, '/reset-password');
      expect(mailsTo(user.email).map((m) => m.subject)).toContain('Reset your Harambee password');
      expect(mailsTo(unknownEmail)).toEqual([]);
    });

    it('finds the account whatever the case and spaces of the email', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const user = await registered(t);
      await tr.call(agent(t), OPS.forgotPassword, { email: `  ${user.email.toUpperCase()} ` });
      expect((await smtp.nextTo(user.email, 0, '/reset-password')).subject).toBe('Reset your Harambee password');
    });

    it('requires the email (400)', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const r = await tr.call(agent(t), OPS.forgotPassword, { email: ' ' });
      expect(r.status).toBe(400);
      expect(r.error?.issues?.[0]).toEqual({ path: ['email'], message: textOf('validation.auth.emailRequired') });
    });
  });

  describe(tr.title(OPS.resetPassword), () => {
    it('sets the new password, ends every session, and the old password stops working', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const user = await registered(t);
      const laptop = await signIn(t, user.email);
      const phone = await signIn(t, user.email);
      const token = await resetToken(t, user.email);
      const r = await tr.call(agent(t), OPS.resetPassword, { token, password: NEW_PASSWORD });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ success: true });
      expect(await whoAmI(laptop)).toBeNull();
      expect(await whoAmI(phone)).toBeNull();
      expect((await login(t, user.email, PASSWORD)).status).toBe(401);
      const ok = await login(t, user.email, NEW_PASSWORD);
      expect(ok.status).toBe(200);
      // Following the mailed link also proved the address.
      expect(ok.body.isEmailVerified).toBe(true);
    });

    it('works once: the same link again is a 401', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const user = await registered(t);
      const token = await resetToken(t, user.email);
      expect((await tr.call(agent(t), OPS.resetPassword, { token, password: NEW_PASSWORD })).status).toBe(200);
      const again = await tr.call(agent(t), OPS.resetPassword, { token, password: 'Third#Password1' });
      expect(again.status).toBe(401);
      expectError(again, 'UNAUTHORIZED', EXPIRED);
      expect((await login(t, user.email, NEW_PASSWORD)).status).toBe(200);
    });

    it('expires after 1 hour', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const user = await registered(t);
      const token = await resetToken(t, user.email);
      t.clock.advance(HOUR);
      const r = await tr.call(agent(t), OPS.resetPassword, { token, password: NEW_PASSWORD });
      expect(r.status).toBe(401);
      expectError(r, 'UNAUTHORIZED', EXPIRED);
      expect((await login(t, user.email, PASSWORD)).status).toBe(200);
    });

    it('still works just before the hour is up', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const user = await registered(t);
      const token = await resetToken(t, user.email);
      t.clock.advance(HOUR - 1000);
      expect((await tr.call(agent(t), OPS.resetPassword, { token, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('voids the first link when a second one is requested', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const user = await registered(t);
      const first = await resetToken(t, user.email);
      const second = await resetToken(t, user.email);
      expect(second).not.toBe(first);
      expect((await tr.call(agent(t), OPS.resetPassword, { token: first, password: NEW_PASSWORD })).status).toBe(401);
      expect((await tr.call(agent(t), OPS.resetPassword, { token: second, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('refuses a short password with 400 and leaves the link usable', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const user = await registered(t);
      const token = await resetToken(t, user.email);
      const r = await tr.call(agent(t), OPS.resetPassword, { token, password: 'short' });
      expect(r.status).toBe(400);
      expect(r.error?.issues?.[0]).toEqual({ path: ['password'], message: textOf('validation.auth.passwordTooShort') });
      expect((await login(t, user.email, PASSWORD)).status).toBe(200);
      expect((await tr.call(agent(t), OPS.resetPassword, { token, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('refuses an unknown token (401) and a missing one (400)', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const unknown = await tr.call(agent(t), OPS.resetPassword, { token: 'abcdefghijklmnopqrstuvwxyz234567', password: NEW_PASSWORD });
      expect(unknown.status).toBe(401);
      expectError(unknown, 'UNAUTHORIZED', EXPIRED);
      const missing = await tr.call(agent(t), OPS.resetPassword, { password: NEW_PASSWORD });
      expect(missing.status).toBe(400);
      expect(missing.error?.issues?.[0]?.path).toEqual(['token']);
    });

    it('does not accept an email-verification token', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const user = await registered(t);
      const verify = tokenOf((await smtp.lastTo(user.email)).link)!;
      const r = await tr.call(agent(t), OPS.resetPassword, { token: verify, password: NEW_PASSWORD });
      expect(r.status).toBe(401);
      expect((await login(t, user.email, PASSWORD)).status).toBe(200);
    });
  });
}
