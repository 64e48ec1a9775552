import { describe, expect, it } from 'vitest';
import { agent, makeTestApp } from '../setup/app';
import { ADMIN, asStaff, auditRows, dbSnapshot, staffCast, userByEmail } from '../setup/admin';
import { transportsFor, REST } from '../setup/transport';
import { setUpSecondFactor } from '../setup/second-factor';
import { expectError, textOf } from '../setup/errors';

const FILL = 'validation.admin.fillAll';
const STAFF_PASSWORD = 'Staff#Pass2026';
const input = (over: Record<string, unknown> = {}) => ({
  email: 'kofi.mensah@example.org',
  password: STAFF_PASSWORD,
  firstName: 'Kofi',
  lastName: 'Mensah',
  ...over,
});

async function setup() {
  const t = makeTestApp();
  const c = await staffCast(t);
  return { t, ...c, sa: await asStaff(t, c.superadmin) };
}

for (const tr of transportsFor(REST)) {
  describe(tr.title(ADMIN.createAdmin), () => {
    it('a superadmin creates a verified admin who can sign in at the staff door; one audit entry', async () => {
      const { t, superadmin, sa } = await setup();
      const r = await tr.call(sa, ADMIN.createAdmin, input({ email: ' Kofi.Mensah@Example.org ' }));
      expect(r.status).toBe(tr.okStatus(ADMIN.createAdmin));
      expect(r.status).toBe(tr.name === 'REST' ? 201 : 200);
      expect(r.data).toMatchObject({ email: 'kofi.mensah@example.org', firstName: 'Kofi', lastName: 'Mensah', role: 'admin', isEmailVerified: true, mustChangePassword: false });
      expect(JSON.stringify(r.raw)).not.toMatch(/passwordHash|password_hash|\$argon2/);
      const row = userByEmail(t, 'kofi.mensah@example.org')!;
      expect(row).toMatchObject({ role: 'admin', is_email_verified: 1 });
      const kofi = await asStaff(t, { email: 'kofi.mensah@example.org' }, STAFF_PASSWORD);
      // A new staff account works in the panel only once its second factor is set up.
      expect((await kofi.query('admin.userCount')).status).toBe(403);
      await setUpSecondFactor(t, kofi);
      expect((await kofi.query('admin.userCount')).data).toEqual({ count: 5 });
      const entries = auditRows(t);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actor_id: superadmin.id, action: 'user.staff_created', target_type: 'user', target_id: row.id, target_label: null });
    });

    it('creates a superadmin when asked, and a last name is optional', async () => {
      const { t, sa } = await setup();
      const r = await tr.call(sa, ADMIN.createAdmin, { email: 'zola@example.org', password: STAFF_PASSWORD, firstName: 'Zola', role: 'superadmin' });
      expect(r.status).toBe(tr.okStatus(ADMIN.createAdmin));
      expect(r.data).toMatchObject({ role: 'superadmin', lastName: '' });
      expect(userByEmail(t, 'zola@example.org')!.role).toBe('superadmin');
    });

    it.each([
      ['firstName', { firstName: undefined }],
      ['firstName', { firstName: '   ' }],
      ['email', { email: undefined }],
      ['email', { email: '' }],
      ['password', { password: undefined }],
      ['password', { password: '' }],
    ])("refuses a missing %s with 400 'Please fill out all fields'", async (field, over) => {
      const { t, sa } = await setup();
      const before = dbSnapshot(t);
      const r = await tr.call(sa, ADMIN.createAdmin, input(over));
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe('BAD_REQUEST');
      expectError(r, 'BAD_REQUEST', FILL);
      expect(r.error?.issues?.[0]).toEqual({ path: [field], message: textOf(FILL) });
      expect(dbSnapshot(t)).toEqual(before);
    });

    it.each([
      ['a short password', { password: 'Sh0rt!x' }, 'password', 'validation.auth.passwordTooShort'],
      ['an invalid email', { email: 'not-an-email' }, 'email', 'validation.auth.emailInvalid'],
      ['a non-staff role', { role: 'user' }, 'role', 'validation.admin.staffRole'],
    ] as const)('refuses %s with 400 and the message', async (_, over, field, key) => {
      const { t, sa } = await setup();
      const before = dbSnapshot(t);
      const r = await tr.call(sa, ADMIN.createAdmin, input(over));
      expect(r.status).toBe(400);
      expect(r.error?.issues?.[0]).toEqual({ path: [field], message: textOf(key) });
      expect(dbSnapshot(t)).toEqual(before);
    });

    it('refuses an email that already has an account, whatever its case (409)', async () => {
      const { t, user, sa } = await setup();
      const before = dbSnapshot(t);
      const r = await tr.call(sa, ADMIN.createAdmin, input({ email: user.email.toUpperCase() }));
      expect(r.status).toBe(409);
      expect(r.error?.code).toBe('CONFLICT');
      expect(r.error?.issues?.[0]).toEqual({ path: ['email'], message: textOf('errors.admin.emailTaken') });
      expect(dbSnapshot(t)).toEqual(before);
      expect(userByEmail(t, user.email)!.role).toBe('user');
    });

    it('refuses an admin (403): creating staff is for superadmins', async () => {
      const { t, admin } = await setup();
      const ad = await asStaff(t, admin);
      const before = dbSnapshot(t);
      const r = await tr.call(ad, ADMIN.createAdmin, input());
      expect(r.status).toBe(403);
      expectError(r, 'FORBIDDEN', 'errors.denied.superadmin');
      expect(dbSnapshot(t)).toEqual(before);
      expect((await agent(t).rest('POST', '/api/auth/admin/login', { email: input().email, password: STAFF_PASSWORD })).status).toBe(401);
    });
  });
}
