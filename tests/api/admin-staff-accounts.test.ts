import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../factories';
import { agent, makeTestApp } from '../setup/app';
import { asStaff, sessionCount, staffCast, userRow } from '../setup/admin';
import { expectError } from '../setup/errors';

/** Admins manage members; only superadmins manage staff accounts, so admins cannot take over one another. */
describe('tRPC: admin procedures on another staff account', () => {
  it('an admin cannot edit, reset or send a reset email to another admin; nothing changes', async () => {
    const t = makeTestApp();
    const cast = await staffCast(t);
    const other = await makeUser(t.db, { role: 'admin', firstName: 'Other', lastName: 'Admin', isEmailVerified: false });
    const before = userRow(t, other.id);
    const a = await asStaff(t, cast.admin);
    for (const [path, input] of [
      ['admin.updateUser', { id: other.id, email: 'taken-over@example.org' }],
      ['admin.resetPassword', { id: other.id }],
      ['admin.sendResetEmail', { id: other.id }],
      ['admin.verifyUser', { id: other.id }],
    ] as const) {
      const r = await a.mutate(path, input);
      expect(r.status, path).toBe(403);
      expectError(r, 'FORBIDDEN', 'errors.admin.staffBySuperadmin');
    }
    expect(userRow(t, other.id)).toEqual(before);
  });

  it('a superadmin can reset an admin’s password; an admin can still manage plain users', async () => {
    const t = makeTestApp();
    const cast = await staffCast(t);
    const boss = await asStaff(t, cast.superadmin);
    expect((await boss.mutate('admin.resetPassword', { id: cast.admin.id })).status).toBe(200);
    const other = await makeUser(t.db, { role: 'admin' });
    const a = await asStaff(t, other);
    const r = await a.mutate('admin.updateUser', { id: cast.user.id, firstName: 'Renamed' });
    expect(r.status).toBe(200);
    expect(userRow(t, cast.user.id)?.first_name).toBe('Renamed');
  });
});

describe('REST: POST /api/uploads while a new password is required', () => {
  it('is refused with 403 until the password is changed', async () => {
    const t = makeTestApp({ env: { UPLOADS_DIR: '/tmp/harambee-test-uploads' } });
    const cast = await staffCast(t);
    const boss = await asStaff(t, cast.superadmin);
    const { data } = await boss.mutate('admin.resetPassword', { id: cast.user.id });
    expect(sessionCount(t, cast.user.id)).toBe(0);
    const u = agent(t);
    expect((await u.rest('POST', '/api/auth/login', { email: cast.user.email, password: data.tempPassword })).status).toBe(200);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();
    const upload = () => {
      const form = new FormData();
      form.append('kind', 'avatar');
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
      return t.app.request('/api/uploads', { method: 'POST', body: form, headers: { cookie: u.cookie! } });
    };
    expect((await upload()).status).toBe(403);
    expect((await u.mutate('auth.changePassword', { currentPassword: data.tempPassword, newPassword: 'Fresh#Password9' })).status).toBe(200);
    expect((await upload()).status).toBe(201);
  });
});
