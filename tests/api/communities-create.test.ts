import { describe, expect, it } from 'vitest';
import { makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { anonymous, as, roleOf, rowCount, storedCount } from '../setup/communities';
import { OPS, transportsFor, REST } from '../setup/transport';
import { registeredUpload } from '../setup/documents';
import { expectError, textOf } from '../setup/errors';

const VALID = { name: 'Houston Njangi Circle', description: 'Monthly savings circle for Cameroonians in Houston.' };
const UPLOADED = '/uploads/abcdefghij0123456789klmnop.webp';
const communityRows = (t: TestApp) => t.db.$client.prepare('SELECT count(*) FROM communities').pluck().get() as number;

async function leader(t: TestApp) {
  const user = await makeUser(t.db, { firstName: 'Lola' });
  registeredUpload(t, UPLOADED, user.id); // the banner as if Lola had uploaded it
  return { user, a: await as(t, user) };
}

for (const tr of transportsFor(REST)) {
  describe(tr.title(OPS.createCommunity), () => {
    it(`answers ${tr.name === 'REST' ? 201 : 200} with the new community, its creator a member with role creator`, async () => {
      const t = makeTestApp();
      const { user, a } = await leader(t);
      const r = await tr.call(a, OPS.createCommunity, { ...VALID, location: 'Houston, TX', imageUrl: UPLOADED });
      expect(r.status).toBe(tr.name === 'REST' ? 201 : 200);
      expect(r.data).toEqual({
        id: expect.any(Number),
        ...VALID,
        location: 'Houston, TX',
        timeZone: 'UTC',
        imageUrl: UPLOADED,
        isPublic: true,
        membersOrganiseCircles: false,
        membersInvite: false,
        memberCount: 1,
        creatorId: user.id,
        createdAt: new Date(t.clock.now()).toISOString(),
        updatedAt: new Date(t.clock.now()).toISOString(),
        isMember: true,
        role: 'creator',
        joinedAt: new Date(t.clock.now()).toISOString(),
        requestPending: false,
      });
      const id = r.data.id as number;
      expect(roleOf(t, id, user.id)).toBe('creator');
      expect([storedCount(t, id), rowCount(t, id)]).toEqual([1, 1]);
    });

    it('defaults isPublic to true and stores an empty location and image as null; trims the text', async () => {
      const t = makeTestApp();
      const { a } = await leader(t);
      const r = await tr.call(a, OPS.createCommunity, { name: '  Kenyan Runners  ', description: VALID.description, location: '', imageUrl: '' });
      expect(r.data).toMatchObject({ name: 'Kenyan Runners', isPublic: true, location: null, imageUrl: null });
    });

    it('creates a private community when isPublic is false', async () => {
      const t = makeTestApp();
      const { a } = await leader(t);
      const r = await tr.call(a, OPS.createCommunity, { ...VALID, isPublic: false });
      expect(r.status).toBe(tr.okStatus(OPS.createCommunity));
      expect(r.data).toMatchObject({ isPublic: false, isMember: true, role: 'creator' });
      expect(t.db.$client.prepare('SELECT is_public FROM communities WHERE id = ?').pluck().get(r.data.id)).toBe(0);
    });

    it('accepts the boundaries: a 3-character name, 100-character name, 10- and 500-character descriptions', async () => {
      const t = makeTestApp();
      const { a } = await leader(t);
      for (const input of [
        { name: 'abc', description: 'x'.repeat(10) },
        { name: 'n'.repeat(100), description: 'd'.repeat(500) },
      ]) {
        const r = await tr.call(a, OPS.createCommunity, input);
        expect(r.status).toBe(tr.okStatus(OPS.createCommunity));
        expect(r.data).toMatchObject(input);
      }
      expect(communityRows(t)).toBe(2);
    });

    it.each([
      ['name', 'too short', { ...VALID, name: 'ab' }, 'validation.community.nameShort'],
      ['name', 'short once trimmed', { ...VALID, name: '  ab   ' }, 'validation.community.nameShort'],
      ['name', 'too long (101)', { ...VALID, name: 'n'.repeat(101) }, 'validation.community.nameLong'],
      ['name', 'missing', { description: VALID.description }, 'validation.community.required'],
      ['name', 'not text', { ...VALID, name: 42 }, 'validation.community.required'],
      ['description', 'too short', { ...VALID, description: 'Too short' }, 'validation.community.descriptionShort'],
      ['description', 'too long (501)', { ...VALID, description: 'd'.repeat(501) }, 'validation.community.descriptionLong'],
      ['description', 'missing', { name: VALID.name }, 'validation.community.required'],
      ['imageUrl', 'another site', { ...VALID, imageUrl: 'https://evil.example/banner.webp' }, 'validation.uploadAgain'],
      ['imageUrl', 'a data: URL', { ...VALID, imageUrl: 'data:image/png;base64,iVBORw0KGgo=' }, 'validation.uploadAgain'],
      ['imageUrl', 'a blob: preview address', { ...VALID, imageUrl: 'blob:http://localhost:3000/1f2e' }, 'validation.uploadAgain'],
      ['imageUrl', 'a path outside /uploads', { ...VALID, imageUrl: '/uploads/../db/app.db' }, 'validation.uploadAgain'],
      ['imageUrl', 'a javascript: URL', { ...VALID, imageUrl: 'javascript:alert(1)' }, 'validation.uploadAgain'],
      ['isPublic', 'a string', { ...VALID, isPublic: 'yes' }, 'validation.community.isPublic'],
    ] as const)('refuses a %s that is %s with 400 and the message, creating nothing', async (field, _label, input, key) => {
      const t = makeTestApp();
      const { a } = await leader(t);
      const r = await tr.call(a, OPS.createCommunity, input);
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe('BAD_REQUEST');
      expectError(r, 'BAD_REQUEST', key);
      expect(r.error?.issues?.[0]).toEqual({ path: [field], message: textOf(key) });
      expect(communityRows(t)).toBe(0);
    });

    it('reports both fields when name and description are both missing', async () => {
      const t = makeTestApp();
      const { a } = await leader(t);
      const r = await tr.call(a, OPS.createCommunity, {});
      expect(r.status).toBe(400);
      expect(r.error?.issues).toEqual([
        { path: ['name'], message: textOf('validation.community.required') },
        { path: ['description'], message: textOf('validation.community.required') },
      ]);
    });

    it('refuses a signed-out caller with 401 Authentication required and writes nothing', async () => {
      const t = makeTestApp();
      const r = await tr.call(anonymous(t), OPS.createCommunity, VALID);
      expect(r.status).toBe(401);
      expectError(r, 'UNAUTHORIZED', 'errors.authRequired');
      expect(communityRows(t)).toBe(0);
    });

    it('refuses a cross-site create (CSRF) with 403', async () => {
      const t = makeTestApp();
      const { a } = await leader(t);
      const r = await tr.call(a, OPS.createCommunity, VALID, { origin: 'https://evil.example' });
      expect(r.status).toBe(403);
      expect(communityRows(t)).toBe(0);
    });

    it('puts the new community at the top of the creator’s created and joined lists', async () => {
      const t = makeTestApp();
      const { a } = await leader(t);
      await tr.call(a, OPS.createCommunity, { ...VALID, name: 'First circle' });
      const id = (await tr.call(a, OPS.createCommunity, VALID)).data.id;
      for (const list of [OPS.createdCommunities, OPS.joinedCommunities]) {
        const page = tr.page(await tr.call(a, list, {}));
        expect(page.items.map((c) => c.id)).toEqual([id, id - 1]);
        expect(page.items[0]).toMatchObject({ isMember: true, role: 'creator', memberCount: 1 });
      }
    });
  });
}

describe('REST: POST /api/communities body', () => {
  it('answers 400 (not 500) to a body that is not JSON', async () => {
    const t = makeTestApp();
    const { a } = await leader(t);
    const r = await a.rest('POST', '/api/communities', '{"name": "Broken', {});
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: textOf('errors.badJson'), code: 'BAD_REQUEST' });
  });

  it('ignores a creatorId, memberCount or id smuggled into the body', async () => {
    const t = makeTestApp();
    const { user, a } = await leader(t);
    const other = await makeUser(t.db);
    const r = await a.rest('POST', '/api/communities', { ...VALID, creatorId: other.id, memberCount: 999, id: 77 });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ creatorId: user.id, memberCount: 1 });
    expect(r.body.id).not.toBe(77);
  });
});
