import { describe, expect, it } from 'vitest';
import { agent, makeTestApp } from '../setup/app';
import { registeredUpload } from '../setup/documents';
import { OPS, signedIn, whoAmI, transportsFor, TRPC } from '../setup/transport';

const IMAGE = '/uploads/fedcba9876543210fedcba9876543210.webp';
const PANEL = { firstName: 'Zawadi', lastName: 'Otieno', bio: 'Choir leader and treasurer.', location: 'Kampala', profileImage: IMAGE };

for (const tr of transportsFor(TRPC)) {
  describe(tr.title(OPS.updatePanel), () => {
    it('requires a signed-in user (401)', async () => {
      const t = makeTestApp();
      const r = await tr.call(agent(t), OPS.updatePanel, { bio: 'hi' });
      expect(r.status).toBe(401);
      expect(r.error?.code).toBe('UNAUTHORIZED');
    });

    it('saves name, bio, location and the uploaded photo (as profileImageUrl)', async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      const r = await tr.call(a, OPS.updatePanel, PANEL);
      expect(r.status).toBe(200);
      const { profileImage, ...rest } = PANEL;
      expect(r.data).toMatchObject({ ...rest, profileImageUrl: profileImage, id: user.id });
      expect(r.data).not.toHaveProperty('profileImage');
      expect((await tr.call(a, OPS.me)).data).toMatchObject({ ...rest, profileImageUrl: IMAGE });
    });

    it("leaves omitted fields unchanged and clears with ''", async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      await tr.call(a, OPS.updatePanel, PANEL);
      await tr.call(a, OPS.updatePanel, { bio: 'New bio' });
      expect(await whoAmI(a)).toMatchObject({ firstName: 'Zawadi', bio: 'New bio', location: 'Kampala', profileImageUrl: IMAGE });
      await tr.call(a, OPS.updatePanel, { bio: '', location: '', profileImage: '' });
      expect(await whoAmI(a)).toMatchObject({ firstName: 'Zawadi', lastName: 'Otieno', bio: null, location: null, profileImageUrl: null });
    });

    it('does not touch the edit-screen fields', async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      await tr.call(a, OPS.updateProfile, { username: 'zawadi', tShirtSize: 'S' });
      await tr.call(a, OPS.updatePanel, { ...PANEL, username: 'hijack', tShirtSize: 'XXL' });
      expect(await whoAmI(a)).toMatchObject({ username: 'zawadi', tShirtSize: 'S', bio: PANEL.bio });
    });

    it.each([
      ['profileImage', 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'Please upload the image again'],
      ['profileImage', 'blob:http://localhost:3000/1234', 'Please upload the image again'],
      ['bio', 'b'.repeat(1001), 'Bio must be at most 1000 characters'],
      ['firstName', '', 'Please enter your first name'],
      ['location', 42, 'Location must be text'],
    ])('refuses an invalid %s with 400', async (field, value, message) => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      const r = await tr.call(a, OPS.updatePanel, { bio: 'not saved', [field]: value });
      expect(r.status).toBe(400);
      expect(r.error?.issues).toEqual([{ path: [field], message }]);
      expect((await whoAmI(a))?.bio).toBeNull();
    });

    it('ignores id and role: a user edits only themself', async () => {
      const t = makeTestApp();
      const { a: victimAgent, user: victim } = await signedIn(t);
      const { a, user } = await signedIn(t);
      registeredUpload(t, IMAGE, user.id); // the photo as if this member had uploaded it
      const r = await tr.call(a, OPS.updatePanel, { id: victim.id, role: 'admin', email: victim.email, bio: 'mine' });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ id: user.id, role: 'user', email: user.email, bio: 'mine' });
      expect(await whoAmI(victimAgent)).toMatchObject({ id: victim.id, bio: null, role: 'user' });
    });
  });
}
