import { describe, expect, it } from 'vitest';
import { agent, makeTestApp } from '../setup/app';
import { registeredUpload } from '../setup/documents';
import { OPS, signedIn, whoAmI, transportsFor, REST } from '../setup/transport';
import type { MessageKey } from '@shared/i18n/catalogue';
import { expectError, textOf } from '../setup/errors';

const IMAGE = '/uploads/0123456789abcdef0123456789abcdef.webp';
const FULL = {
  firstName: 'Amani',
  lastName: 'Mwangi',
  username: 'amani.m',
  phoneNumber: '+254 712 345678',
  location: 'Nairobi, Kenya',
  birthday: '1991-07-04',
  tShirtSize: 'M',
  socialMedia: 'instagram.com/amani',
  profileImageUrl: IMAGE,
};

for (const tr of transportsFor(REST)) {
  describe(tr.title(OPS.updateProfile), () => {
    it('requires a signed-in user (401)', async () => {
      const t = makeTestApp();
      const r = await tr.call(agent(t), OPS.updateProfile, { location: 'Accra' });
      expect(r.status).toBe(401);
      expect(r.error?.code).toBe('UNAUTHORIZED');
    });

    it('saves every edit-screen field and answers with the updated user', async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      t.clock.advance(60_000);
      const r = await tr.call(a, OPS.updateProfile, FULL);
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ ...FULL, id: user.id, email: user.email, updatedAt: new Date(t.clock.now()).toISOString() });
      expect(r.data).not.toHaveProperty('passwordHash');
      const me = await tr.call(a, OPS.me);
      expect(me.data).toMatchObject(FULL);
    });

    it('trims text fields', async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      const r = await tr.call(a, OPS.updateProfile, { firstName: '  Amani ', location: ' Mombasa  ' });
      expect(r.data).toMatchObject({ firstName: 'Amani', location: 'Mombasa' });
    });

    it('leaves omitted fields as they are', async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      await tr.call(a, OPS.updateProfile, FULL);
      const r = await tr.call(a, OPS.updateProfile, { location: 'Kisumu' });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ ...FULL, location: 'Kisumu' });
      expect((await tr.call(a, OPS.updateProfile, {})).data).toMatchObject({ ...FULL, location: 'Kisumu' });
    });

    it("clears optional fields with '' (and with null)", async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      await tr.call(a, OPS.updateProfile, FULL);
      const cleared = { username: '', phoneNumber: '', location: '', birthday: '', tShirtSize: '', socialMedia: '', profileImageUrl: null };
      const r = await tr.call(a, OPS.updateProfile, cleared);
      expect(r.status).toBe(200);
      expect(await whoAmI(a)).toMatchObject({
        firstName: FULL.firstName,
        lastName: FULL.lastName,
        username: null,
        phoneNumber: null,
        location: null,
        birthday: null,
        tShirtSize: null,
        socialMedia: null,
        profileImageUrl: null,
      });
    });

    it('refuses a username another user has, in any case (409)', async () => {
      const t = makeTestApp();
      const { a: other } = await signedIn(t);
      await tr.call(other, OPS.updateProfile, { username: 'Kofi_A' });
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      for (const username of ['Kofi_A', 'kofi_a', 'KOFI_A']) {
        const r = await tr.call(a, OPS.updateProfile, { username, location: 'Kumasi' });
        expect(r.status).toBe(409);
        expectError(r, 'CONFLICT', 'errors.auth.usernameTaken');
        expect(r.error?.issues).toEqual([{ path: ['username'], message: textOf('errors.auth.usernameTaken') }]);
      }
      expect(await whoAmI(a)).toMatchObject({ username: null, location: null });
    });

    it('lets a user keep or re-case their own username', async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      await tr.call(a, OPS.updateProfile, { username: 'ama_k' });
      expect((await tr.call(a, OPS.updateProfile, { username: 'ama_k' })).status).toBe(200);
      expect((await tr.call(a, OPS.updateProfile, { username: 'Ama_K' })).data.username).toBe('Ama_K');
    });

    it('frees a username when its owner clears it', async () => {
      const t = makeTestApp();
      const { a: first } = await signedIn(t);
      await tr.call(first, OPS.updateProfile, { username: 'shared_name' });
      await tr.call(first, OPS.updateProfile, { username: '' });
      const { a: second } = await signedIn(t);
      expect((await tr.call(second, OPS.updateProfile, { username: 'shared_name' })).status).toBe(200);
    });

    const invalid: [field: string, value: unknown, key: MessageKey][] = [
      ['birthday', '1990-13-01', 'validation.profile.birthdayInvalid'],
      ['birthday', '2999-01-01', 'validation.profile.birthdayInvalid'],
      ['tShirtSize', 'XXXL', 'validation.profile.tShirtSize'],
      ['username', 'no spaces allowed', 'validation.profile.usernameFormat'],
      ['phoneNumber', 'ring ring', 'validation.profile.phoneInvalid'],
      ['profileImageUrl', 'https://evil.example/uploads/0123456789abcdef.webp', 'validation.uploadAgain'],
      ['location', 'x'.repeat(101), 'validation.profile.locationLong'],
      ['firstName', '', 'validation.auth.firstNameRequired'],
      ['lastName', '   ', 'validation.auth.lastNameRequired'],
    ];
    it.each(invalid)('refuses an invalid %s (%j) with 400 and saves nothing', async (field, value, key) => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      const r = await tr.call(a, OPS.updateProfile, { location: 'Saved?', [field]: value });
      expect(r.status).toBe(400);
      expectError(r, 'BAD_REQUEST', key);
      expect(r.error?.issues).toEqual([{ path: [field], message: textOf(key) }]);
      expect(await whoAmI(a)).toMatchObject({ firstName: user.firstName, location: null });
    });

    it('ignores id, role, email and other fields a user may not set', async () => {
      const t = makeTestApp();
      const { a: victimAgent, user: victim } = await signedIn(t);
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      const r = await tr.call(a, OPS.updateProfile, {
        id: victim.id,
        userId: victim.id,
        role: 'superadmin',
        email: 'taken-over@example.org',
        isEmailVerified: true,
        passwordHash: 'x',
        loginStreak: 999,
        location: 'Dakar',
      });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ id: user.id, email: user.email, role: 'user', isEmailVerified: false, location: 'Dakar' });
      expect(await whoAmI(a)).toMatchObject({ id: user.id, role: 'user', email: user.email, location: 'Dakar' });
      expect(await whoAmI(victimAgent)).toMatchObject({ id: victim.id, email: victim.email, location: null, role: 'user' });
      // The password still works: no field reached the hash.
      expect((await agent(t).rest('POST', '/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);
    });
  });
}
