import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../factories';
import { agent, makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { asStaff, auditRows, dbSnapshot, staffCast, userRow } from '../setup/admin';
import { startSmtp, tokenOf } from '../setup/smtp';
import { OPS, whoAmI, transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

/* The admin panel's support actions on an account: verify it, mail a password-reset link. Both are audited. */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const NEW_PASSWORD = 'Chosen#Pass2026';
const login = (t: TestApp, email: string, password: string) => agent(t).rest('POST', '/api/auth/login', { email, password });

async function setup() {
  const t = makeTestApp({ smtpUrl: smtp.url });
  const c = await staffCast(t);
  return { t, ...c, ad: await asStaff(t, c.admin) };
}

describe('tRPC: admin.verifyUser', () => {
  it('marks the account verified for real, answers the updated user, and writes one audit entry', async () => {
    const { t, admin, target, ad } = await setup();
    const theirs = await as(t, target);
    expect((await whoAmI(theirs))?.isEmailVerified).toBe(false);
    const r = await ad.mutate('admin.verifyUser', { id: target.id });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ id: target.id, isEmailVerified: true });
    expect(userRow(t, target.id)!.is_email_verified).toBe(1);
    expect((await whoAmI(theirs))?.isEmailVerified).toBe(true);
    expect(auditRows(t).map((e) => [e.actor_id, e.action, e.target_type, e.target_id])).toEqual([[admin.id, 'user.verified', 'user', target.id]]);
  });

  it('answers 404 for an unknown user and writes nothing', async () => {
    const { t, ad } = await setup();
    const before = dbSnapshot(t);
    const r = await ad.mutate('admin.verifyUser', { id: 'no-such-user' });
    expect(r.status).toBe(404);
    expectError(r, 'NOT_FOUND', 'validation.admin.userNotFound');
    expect(dbSnapshot(t)).toEqual(before);
  });
});

describe('tRPC: admin.sendResetEmail', () => {
  it('mails a reset link over SMTP to the user, audited; the caller learns nothing secret', async () => {
    const { t, admin, user, ad } = await setup();
    const r = await ad.mutate('admin.sendResetEmail', { id: user.id });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ sent: true, email: user.email });
    const mail = await smtp.lastTo(user.email);
    expect(mail.subject).toBe('Reset your Harambee password');
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[a-z0-9]+$/i);
    expect(JSON.stringify(r.data)).not.toContain(tokenOf(mail.link)!);
    expect(auditRows(t).map((e) => [e.actor_id, e.action, e.target_id, e.target_label])).toEqual([
      [admin.id, 'user.reset_email_sent', user.id, null],
    ]);
  });

  it('answers 404 for an unknown user: no mail, no audit entry', async () => {
    const { t, ad } = await setup();
    const mails = smtp.messages.length;
    const r = await ad.mutate('admin.sendResetEmail', { id: 'no-such-user' });
    expect(r.status).toBe(404);
    expect(auditRows(t)).toEqual([]);
    expect(smtp.messages.length).toBe(mails);
  });
});

for (const tr of transportsFor(REST)) {
  describe(`${tr.title(OPS.resetPassword)} with a link from admin.sendResetEmail`, () => {
    it('sets the new password, ends the old sessions, and the old password stops working', async () => {
      const { t, user, ad } = await setup();
      const phone = await as(t, user);
      await ad.mutate('admin.sendResetEmail', { id: user.id });
      const token = tokenOf((await smtp.lastTo(user.email)).link)!;
      const r = await tr.call(agent(t), OPS.resetPassword, { token, password: NEW_PASSWORD });
      expect(r.status).toBe(200);
      expect(await whoAmI(phone)).toBeNull();
      expect((await login(t, user.email, FACTORY_PASSWORD)).status).toBe(401);
      expect((await login(t, user.email, NEW_PASSWORD)).status).toBe(200);
    });

    it('clears a pending forced change: the link is as good as choosing a new password', async () => {
      const { t, user, ad } = await setup();
      await ad.mutate('admin.resetPassword', { id: user.id });
      await ad.mutate('admin.sendResetEmail', { id: user.id });
      const token = tokenOf((await smtp.lastTo(user.email)).link)!;
      expect((await tr.call(agent(t), OPS.resetPassword, { token, password: NEW_PASSWORD })).status).toBe(200);
      const r = await login(t, user.email, NEW_PASSWORD);
      expect(r.body.mustChangePassword).toBe(false);
    });
  });
}
