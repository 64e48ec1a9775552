import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/session';
import { FACTORY_PASSWORD, makeUser } from '../factories';
import { agent, makeTestApp } from '../setup/app';
import { ADMIN, asStaff, auditRows, sessionCount, staffCast } from '../setup/admin';
import { mailText } from '../setup/events';
import { startSmtp } from '../setup/smtp';
import { transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

/*
 * A superadmin turns off the second factor of an account whose owner lost both the app and the
 * recovery codes: the key and codes go, the owner's sessions end, the audit log records it, and
 * the owner signs in with the password alone. Nobody else may, nor on their own account, nor on
 * an account without one.
 */

const factorRows = (t: ReturnType<typeof makeTestApp>, userId: string) =>
  t.db.$client.prepare('SELECT (SELECT count(*) FROM second_factors WHERE user_id = @u) + (SELECT count(*) FROM recovery_codes WHERE user_id = @u)').pluck().get({ u: userId }) as number;

describe('admin: turning off an account’s second factor', () => {
  for (const transport of transportsFor(REST)) {
    it(`${transport.name}: a superadmin turns it off; the owner's sessions end, a mail in their language tells them, the password alone signs in; audited`, async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const c = await staffCast(t);
      const owner = await makeUser(t.db, { firstName: 'Lost', lastName: 'Phone', language: 'fr' }, { secondFactor: true });
      t.db.$client.prepare("INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?, 'x', 0)").run(owner.id);
      // Signed in somewhere before the phone was lost.
      createSession(t.db, owner.id, t.clock.now());
      expect(sessionCount(t, owner.id)).toBe(1);
      const before = await agent(t).rest('POST', '/api/auth/login', { email: owner.email, password: FACTORY_PASSWORD });
      expect(before.body.secondFactorRequired).toBe(true);

      const boss = await asStaff(t, c.superadmin);
      const r = await transport.call(boss, ADMIN.resetSecondFactor, { id: owner.id });
      expect(r.status, JSON.stringify(r.raw)).toBe(200);
      expect(r.data).toMatchObject({ id: owner.id, email: owner.email, hasSecondFactor: false });
      expect(factorRows(t, owner.id)).toBe(0);
      expect(sessionCount(t, owner.id)).toBe(0);
      const mail = await smtp.lastTo(owner.email);
      const text = mailText(mail.raw);
      expect(text).toContain('Bonjour Lost, un administrateur de Harambee a désactivé la validation en deux étapes de votre compte');
      expect(text).toContain('choisissez immédiatement un nouveau mot de passe');
      expect(auditRows(t).at(-1)).toMatchObject({ actor_id: c.superadmin.id, action: 'user.second_factor_reset', target_type: 'user', target_id: owner.id, target_label: null });

      const after = await agent(t).rest('POST', '/api/auth/login', { email: owner.email, password: FACTORY_PASSWORD });
      expect(after.status).toBe(200);
      expect(after.body.secondFactorRequired).toBeUndefined();
      expect(after.body.email).toBe(owner.email);

      // Twice: nothing left to turn off.
      const again = await transport.call(boss, ADMIN.resetSecondFactor, { id: owner.id });
      expect(again.status).toBe(409);
      expectError(again, 'CONFLICT', 'errors.admin.noSecondFactor');
    });

    it(`${transport.name}: an admin may not (403), nor a superadmin on their own account (400) or another superadmin's (403); unknown id 404; nothing changes`, async () => {
      const t = makeTestApp();
      const c = await staffCast(t);
      const owner = await makeUser(t.db, {}, { secondFactor: true });
      const admin = await asStaff(t, c.admin);
      const boss = await asStaff(t, c.superadmin);
      const denied = await transport.call(admin, ADMIN.resetSecondFactor, { id: owner.id });
      expect(denied.status).toBe(403);
      const own = await transport.call(boss, ADMIN.resetSecondFactor, { id: c.superadmin.id });
      expect(own.status).toBe(400);
      expectError(own, 'BAD_REQUEST', 'errors.admin.ownSecondFactor');
      // Nor another superadmin's: with a temporary password too, that would be a takeover.
      const other = await makeUser(t.db, { role: 'superadmin' });
      const peer = await transport.call(boss, ADMIN.resetSecondFactor, { id: other.id });
      expect(peer.status).toBe(403);
      expectError(peer, 'FORBIDDEN', 'errors.admin.superadminSecondFactor');
      expect(factorRows(t, other.id)).toBe(1);
      expect((await transport.call(boss, ADMIN.resetSecondFactor, { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
      expect(factorRows(t, owner.id)).toBe(1);
      expect(factorRows(t, c.superadmin.id)).toBe(1);
      expect(auditRows(t).filter((a) => a.action === 'user.second_factor_reset')).toEqual([]);
    });
  }

  it('the staff views of a user say whether a second factor is on', async () => {
    const t = makeTestApp();
    const c = await staffCast(t);
    const boss = await asStaff(t, c.superadmin);
    const one = async (id: string) => (await boss.rest('GET', `/trpc/admin.user?input=${encodeURIComponent(JSON.stringify({ id }))}`)).body.result.data;
    expect((await one(c.admin.id)).hasSecondFactor).toBe(true);
    expect((await one(c.user.id)).hasSecondFactor).toBe(false);
    const list = await boss.rest('GET', '/api/admin/users?limit=50');
    const byId = new Map((list.body as { id: string; hasSecondFactor: boolean }[]).map((u) => [u.id, u.hasSecondFactor]));
    expect(byId.get(c.superadmin.id)).toBe(true);
    expect(byId.get(c.target.id)).toBe(false);
  });
});
