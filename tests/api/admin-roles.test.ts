import { describe, expect, it } from 'vitest';
import { updateUserByAdmin } from '../../src/server/services/admin-users';
import { FACTORY_PASSWORD, makeUser } from '../factories';
import { agent, makeTestApp } from '../setup/app';
import { as } from '../setup/communities';
import { ADMIN, asStaff, auditRows, dbSnapshot, sessionCount, staffCast, superadminCount, userRow } from '../setup/admin';
import { whoAmI, withCookie, transportsFor, TRPC } from '../setup/transport';
import { setUpSecondFactor } from '../setup/second-factor';
import { expectError, textOf } from '../setup/errors';

async function setup() {
  const t = makeTestApp();
  const c = await staffCast(t);
  return { t, ...c, sa: await asStaff(t, c.superadmin), ad: await asStaff(t, c.admin) };
}

for (const tr of transportsFor(TRPC)) {
  describe(`${tr.title(ADMIN.updateUser)}: roles`, () => {
    it("a superadmin promotes a user: the role changes, the user's sessions end, one audit entry", async () => {
      const { t, superadmin, user, sa } = await setup();
      const phone = await as(t, user);
      const oldCookie = phone.cookie;
      const r = await tr.call(sa, ADMIN.updateUser, { id: user.id, role: 'admin' });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ id: user.id, role: 'admin' });
      expect(userRow(t, user.id)!.role).toBe('admin');
      expect(await whoAmI(withCookie(t, oldCookie))).toBeNull();
      expect((await withCookie(t, oldCookie).query('auth.me')).data).toBeNull();
      expect(sessionCount(t, user.id)).toBe(0);
      const entries = auditRows(t);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actor_id: superadmin.id, action: 'user.role_changed', target_type: 'user', target_id: user.id });
      expect(JSON.parse(entries[0]!.details!)).toMatchObject({ role: 'admin', previousRole: 'user' });
      // The new right applies at once: the staff door now opens, and the panel once a second factor is set up.
      const promoted = await asStaff(t, user);
      expect((await promoted.query('admin.counts')).status).toBe(403);
      await setUpSecondFactor(t, promoted);
      expect((await promoted.query('admin.counts')).status).toBe(200);
    });

    it('an admin cannot change anyone\'s role (403), and nothing changes', async () => {
      const { t, user, ad } = await setup();
      const phone = await as(t, user);
      const before = dbSnapshot(t);
      const r = await tr.call(ad, ADMIN.updateUser, { id: user.id, role: 'admin' });
      expect(r.status).toBe(403);
      expectError(r, 'FORBIDDEN', 'errors.admin.rolesBySuperadmin');
      expect(dbSnapshot(t)).toEqual(before);
      expect((await whoAmI(phone))?.role).toBe('user');
    });

    it.each(['superadmin', 'admin'] as const)('a %s cannot change their own role (403)', async (role) => {
      const { t, sa, ad, ...c } = await setup();
      await makeUser(t.db, { role: 'superadmin' }); // not the last one: only the self rule applies
      const me = role === 'superadmin' ? sa : ad;
      const before = dbSnapshot(t);
      const r = await tr.call(me, ADMIN.updateUser, { id: c[role].id, role: role === 'superadmin' ? 'admin' : 'superadmin' });
      expect(r.status).toBe(403);
      expectError(r, 'FORBIDDEN', 'errors.admin.ownRole');
      expect(dbSnapshot(t)).toEqual(before);
    });

    it('a superadmin demotes another superadmin when one remains, ending their sessions', async () => {
      const { t, superadmin, sa } = await setup();
      const other = await makeUser(t.db, { role: 'superadmin' });
      const otherAgent = await asStaff(t, other);
      const r = await tr.call(sa, ADMIN.updateUser, { id: other.id, role: 'user' });
      expect(r.status).toBe(200);
      expect(userRow(t, other.id)!.role).toBe('user');
      expect(superadminCount(t)).toBe(1);
      expect(await whoAmI(otherAgent)).toBeNull();
      expect(userRow(t, superadmin.id)!.role).toBe('superadmin');
    });

    it('two superadmins demoting each other at once: one wins, the last superadmin stays', async () => {
      const { t, superadmin, sa } = await setup();
      const other = await makeUser(t.db, { role: 'superadmin' });
      const oa = await asStaff(t, other);
      const [r1, r2] = await Promise.all([
        tr.call(sa, ADMIN.updateUser, { id: other.id, role: 'admin' }),
        tr.call(oa, ADMIN.updateUser, { id: superadmin.id, role: 'admin' }),
      ]);
      expect([r1.status, r2.status].filter((s) => s === 200)).toHaveLength(1);
      const loser = r1.status === 200 ? r2 : r1;
      // Either its session was already gone (401) or the last-superadmin rule caught it (400).
      expect([400, 401]).toContain(loser.status);
      if (loser.status === 400) expectError(loser, 'BAD_REQUEST', 'errors.admin.lastSuperadmin');
      expect(superadminCount(t)).toBe(1);
    });

    it("an admin cannot edit a superadmin's account (403), not even a name", async () => {
      const { t, superadmin, ad } = await setup();
      const before = dbSnapshot(t);
      const r = await tr.call(ad, ADMIN.updateUser, { id: superadmin.id, firstName: 'Hijacked', email: 'mine@example.org' });
      expect(r.status).toBe(403);
      expectError(r, 'FORBIDDEN', 'errors.admin.editSuperadmin');
      expect(dbSnapshot(t)).toEqual(before);
    });

    it('refuses an unknown role (400) and an unknown user (404)', async () => {
      const { t, user, sa } = await setup();
      const bad = await tr.call(sa, ADMIN.updateUser, { id: user.id, role: 'owner' });
      expect(bad.status).toBe(400);
      expect(bad.error?.issues?.[0]).toEqual({ path: ['role'], message: textOf('validation.admin.anyRole') });
      const missing = await tr.call(sa, ADMIN.updateUser, { id: 'no-such-user', firstName: 'X' });
      expect(missing.status).toBe(404);
      expectError(missing, 'NOT_FOUND', 'validation.admin.userNotFound');
      expect(auditRows(t)).toEqual([]);
    });
  });

  describe(`${tr.title(ADMIN.updateUser)}: profile fields`, () => {
    it('an admin edits names without ending sessions; audited as user.updated', async () => {
      const { t, admin, user, ad } = await setup();
      const phone = await as(t, user);
      const r = await tr.call(ad, ADMIN.updateUser, { id: user.id, firstName: ' Chidi ', lastName: 'Eze', role: 'user' });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ firstName: 'Chidi', lastName: 'Eze', role: 'user' });
      expect(JSON.stringify(r.raw)).not.toMatch(/passwordHash|\$argon2/);
      expect((await whoAmI(phone))?.firstName).toBe('Chidi');
      expect(auditRows(t).map((e) => [e.actor_id, e.action, e.target_id])).toEqual([[admin.id, 'user.updated', user.id]]);
    });

    it('refuses an email another account has (409 on email), whatever its case', async () => {
      const { t, user, target, ad } = await setup();
      const before = dbSnapshot(t);
      const r = await tr.call(ad, ADMIN.updateUser, { id: user.id, email: target.email.toUpperCase() });
      expect(r.status).toBe(409);
      expect(r.error?.code).toBe('CONFLICT');
      expect(r.error?.issues?.[0]).toEqual({ path: ['email'], message: textOf('errors.admin.emailTaken') });
      expect(dbSnapshot(t)).toEqual(before);
    });

    it('a new email is stored lowercased, marked unverified, and is the one to sign in with', async () => {
      const { t, user, ad } = await setup();
      expect(userRow(t, user.id)!.is_email_verified).toBe(1);
      const r = await tr.call(ad, ADMIN.updateUser, { id: user.id, email: 'New.Address@Example.org' });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ email: 'new.address@example.org', isEmailVerified: false });
      expect(userRow(t, user.id)).toMatchObject({ email: 'new.address@example.org', is_email_verified: 0 });
      const login = (email: string) => agent(t).rest('POST', '/api/auth/login', { email, password: FACTORY_PASSWORD });
      expect((await login('new.address@example.org')).status).toBe(200);
      expect((await login(user.email)).status).toBe(401);
    });

    it('keeps verification when the same email is sent back', async () => {
      const { t, user, ad } = await setup();
      expect((await tr.call(ad, ADMIN.updateUser, { id: user.id, email: user.email })).status).toBe(200);
      expect(userRow(t, user.id)!.is_email_verified).toBe(1);
    });
  });
}

describe('services/admin-users updateUserByAdmin: the last superadmin', () => {
  it('cannot be demoted, even by a superadmin acting on stale rights (400), and nothing changes', async () => {
    const t = makeTestApp();
    const only = await makeUser(t.db, { role: 'superadmin' });
    // A caller whose superadmin role was current when its request began.
    const stale = { id: crypto.randomUUID(), email: 'stale@example.org', role: 'superadmin' as const };
    const before = dbSnapshot(t);
    expect(() => updateUserByAdmin(t.db, { actor: stale, id: only.id, changes: { role: 'user' }, now: t.clock.now() })).toThrow(
      expect.objectContaining({ kind: 'invalid', message: 'errors.admin.lastSuperadmin' }),
    );
    expect(dbSnapshot(t)).toEqual(before);
    // With a second superadmin the same call goes through.
    await makeUser(t.db, { role: 'superadmin' });
    expect(updateUserByAdmin(t.db, { actor: stale, id: only.id, changes: { role: 'user' }, now: t.clock.now() }).role).toBe('user');
  });
});
