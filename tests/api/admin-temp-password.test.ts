import { describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_REQUIRED } from '../../src/server/operations/define';
import { FACTORY_PASSWORD, makeUser } from '../factories';
import { agent, makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { ADMIN, asStaff, auditRows, dbSnapshot, sessionCount, staffCast, userRow } from '../setup/admin';
import { OPS, whoAmI, transportsFor, TRPC } from '../setup/transport';
import { passSecondStep } from '../setup/second-factor';
import { expectError } from '../setup/errors';

const NEW_PASSWORD = 'My-own#Pass2026';
const login = (t: TestApp, email: string, password: string) => agent(t).rest('POST', '/api/auth/login', { email, password });

async function setup() {
  const t = makeTestApp();
  const c = await staffCast(t);
  return { t, ...c, sa: await asStaff(t, c.superadmin), ad: await asStaff(t, c.admin) };
}

for (const tr of transportsFor(TRPC)) {
  describe(tr.title(ADMIN.resetPassword), () => {
    it('returns { userEmail, tempPassword } once, ends every session, and the old password stops working', async () => {
      const { t, admin, user, ad } = await setup();
      const laptop = await as(t, user);
      const phone = await as(t, user);
      const r = await tr.call(ad, ADMIN.resetPassword, { id: user.id });
      expect(r.status).toBe(200);
      expect(Object.keys(r.data).sort()).toEqual(['tempPassword', 'userEmail']);
      expect(r.data.userEmail).toBe(user.email);
      expect(r.data.tempPassword).toMatch(/^[A-Za-z0-9]{16,}$/);
      expect(await whoAmI(laptop)).toBeNull();
      expect(await whoAmI(phone)).toBeNull();
      expect(sessionCount(t, user.id)).toBe(0);
      expect((await login(t, user.email, FACTORY_PASSWORD)).status).toBe(401);
      expect(userRow(t, user.id)!.must_change_password).toBe(1);
      expect(auditRows(t).map((e) => [e.actor_id, e.action, e.target_id])).toEqual([[admin.id, 'user.password_reset', user.id]]);
      // The temporary password is never stored or logged in clear.
      expect(JSON.stringify(auditRows(t))).not.toContain(r.data.tempPassword);
      expect(JSON.stringify(dbSnapshot(t))).not.toContain(r.data.tempPassword);
      expect(t.logLines.join('\n')).not.toContain(r.data.tempPassword);
    });

    it('gives a different temporary password each time; only the newest works', async () => {
      const { t, user, ad } = await setup();
      const first = (await tr.call(ad, ADMIN.resetPassword, { id: user.id })).data.tempPassword;
      const second = (await tr.call(ad, ADMIN.resetPassword, { id: user.id })).data.tempPassword;
      expect(second).not.toBe(first);
      expect((await login(t, user.email, first)).status).toBe(401);
      expect((await login(t, user.email, second)).status).toBe(200);
    });

    it('the temporary password signs in, but nothing but auth.changePassword works until a new one is chosen', async () => {
      const { t, user, ad, community } = await setup();
      const temp = (await tr.call(ad, ADMIN.resetPassword, { id: user.id })).data.tempPassword as string;
      const a = agent(t);
      const signIn = await tr.call(a, OPS.login, { email: user.email, password: temp });
      expect(signIn.status).toBe(200);
      expect(signIn.data.mustChangePassword).toBe(true);
      expect((await whoAmI(a))?.mustChangePassword).toBe(true);
      const blocked = [
        [OPS.createCommunity, { name: 'Blocked Circle', description: 'Should never be created at all.' }],
        [OPS.updateProfile, { firstName: 'Blocked' }],
        [OPS.joinedCommunities, {}],
        [OPS.joinCommunity, { communityId: community.id }],
        [OPS.resendVerification, undefined],
      ] as const;
      const before = dbSnapshot(t);
      for (const [o, input] of blocked) {
        const r = await tr.call(a, o, input);
        expect(r.status, o.trpc.path).toBe(403);
        expectError(r, 'FORBIDDEN', PASSWORD_CHANGE_REQUIRED);
      }
      expect(dbSnapshot(t)).toEqual(before);

      const changed = await tr.call(a, OPS.changePassword, { currentPassword: temp, newPassword: NEW_PASSWORD });
      expect(changed.status).toBe(200);
      expect((await whoAmI(a))?.mustChangePassword).toBe(false);
      expect(userRow(t, user.id)!.must_change_password).toBe(0);
      expect((await tr.call(a, OPS.joinedCommunities, {})).status).toBe(200);
      expect((await tr.call(a, OPS.updateProfile, { firstName: 'Free' })).status).toBe(200);
      expect((await tr.call(a, OPS.createCommunity, { name: 'Open Circle', description: 'Created after choosing a password.' })).status).toBe(
        tr.okStatus(OPS.createCommunity),
      );
      expect((await login(t, user.email, temp)).status).toBe(401);
      expect((await login(t, user.email, NEW_PASSWORD)).status).toBe(200);
    });

    it('a reset staff member is held at the admin procedures too until they choose a new password', async () => {
      const { t, admin, sa } = await setup();
      const temp = (await tr.call(sa, ADMIN.resetPassword, { id: admin.id })).data.tempPassword as string;
      const a = await asStaff(t, admin, temp);
      const r = await a.query('admin.counts');
      expect(r.status).toBe(403);
      expectError(r, 'FORBIDDEN', PASSWORD_CHANGE_REQUIRED);
      expect((await a.mutate('auth.changePassword', { currentPassword: temp, newPassword: NEW_PASSWORD })).status).toBe(200);
      expect((await a.query('admin.counts')).status).toBe(200);
    });

    it("an admin cannot reset a superadmin's password (403): it still works and their sessions live", async () => {
      const { t, superadmin, ad } = await setup();
      const before = dbSnapshot(t);
      const r = await tr.call(ad, ADMIN.resetPassword, { id: superadmin.id });
      expect(r.status).toBe(403);
      expectError(r, 'FORBIDDEN', 'errors.admin.resetSuperadmin');
      expect(dbSnapshot(t)).toEqual(before);
      expect(sessionCount(t, superadmin.id)).toBe(1);
    });

    it("a superadmin can reset another superadmin's password", async () => {
      const { t, sa } = await setup();
      const other = await makeUser(t.db, { role: 'superadmin' });
      const r = await tr.call(sa, ADMIN.resetPassword, { id: other.id });
      expect(r.status).toBe(200);
      const a = agent(t);
      const first = await a.rest('POST', '/api/auth/login', { email: other.email, password: r.data.tempPassword });
      // A reset password does not skip the second factor.
      expect(first.body).toMatchObject({ secondFactorRequired: true });
      expect(a.cookie).toBeNull();
      expect((await passSecondStep(t, a, first)).body.mustChangePassword).toBe(true);
    });

    it.each(['admin', 'superadmin'] as const)('a %s cannot reset their own password here (400)', async (role) => {
      const { t, sa, ad, ...c } = await setup();
      const before = dbSnapshot(t);
      const r = await tr.call(role === 'admin' ? ad : sa, ADMIN.resetPassword, { id: c[role].id });
      expect(r.status).toBe(400);
      expectError(r, 'BAD_REQUEST', 'errors.admin.ownPassword');
      expect(dbSnapshot(t)).toEqual(before);
    });

    it('answers 404 for an unknown user', async () => {
      const { t, ad } = await setup();
      const r = await tr.call(ad, ADMIN.resetPassword, { id: 'no-such-user' });
      expect(r.status).toBe(404);
      expectError(r, 'NOT_FOUND', 'validation.admin.userNotFound');
      expect(auditRows(t)).toEqual([]);
    });
  });
}
