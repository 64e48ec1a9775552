import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requestPasswordReset } from '../../src/server/services/auth';
import { FACTORY_PASSWORD, makeCommunity, makeUser } from '../factories';
import { agent, makeTestApp, newUser, type Agent } from '../setup/app';
import { as } from '../setup/communities';
import { asStaff, dbSnapshot, settingsRow } from '../setup/admin';
import { OPS, whoAmI, transportsFor, TRPC } from '../setup/transport';
import { expectError, textOf } from '../setup/errors';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const DEFAULTS = { minPasswordLength: 8, requireEmailVerification: false, sessionTimeoutMinutes: null, defaultCommunityPrivacy: 'public' };
const MIN = 60_000;
const TEN = 'Ten#Chars1'; // 10 characters
const TWELVE = 'Twelve#Char1'; // 12 characters
const TOO_SHORT_12 = 'Password must be at least 12 characters long';
const UNVERIFIED = 'errors.auth.verifyFirst';
const NEW_COMMUNITY = { name: 'Harvest Festival Team', description: 'Planning the yearly harvest festival together.' };

async function setup() {
  const t = makeTestApp();
  const superadmin = await makeUser(t.db, { role: 'superadmin' });
  const sa = await asStaff(t, superadmin);
  /** Saves settings the way the panel does (freshly signed in); anything left out keeps its default. */
  const apply = async (changes: Record<string, unknown>) => {
    const r = await (await asStaff(t, superadmin)).mutate('admin.updateSettings', { ...DEFAULTS, ...changes });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    return r;
  };
  return { t, superadmin, sa, apply };
}

describe('tRPC: admin.settings and admin.updateSettings', () => {
  it('start at the defaults and report the real version from package.json', async () => {
    const { sa } = await setup();
    const r = await sa.query('admin.settings');
    expect(r.data).toEqual({ ...DEFAULTS, updatedAt: null, version: VERSION, node: process.version });
    expect(VERSION).not.toBe('1.0.2');
  });

  it('saves every setting, stamped with who and when, and answers what was saved', async () => {
    const { t, superadmin, sa, apply } = await setup();
    t.clock.advance(5 * MIN);
    const saved = { minPasswordLength: 12, requireEmailVerification: true, sessionTimeoutMinutes: 90, defaultCommunityPrivacy: 'private' };
    const r = await apply(saved);
    const stamp = new Date(t.clock.now()).toISOString();
    expect(r.data).toEqual({ ...saved, updatedAt: stamp });
    expect((await sa.query('admin.settings')).data).toMatchObject({ ...saved, updatedAt: stamp });
    expect(settingsRow(t).updated_by).toBe(superadmin.id);
    expect((await apply({ sessionTimeoutMinutes: null })).data.sessionTimeoutMinutes).toBeNull();
  });

  it.each([
    [{ minPasswordLength: 7 }, 'minPasswordLength', 'validation.admin.minPasswordLength'],
    [{ minPasswordLength: 17 }, 'minPasswordLength', 'validation.admin.minPasswordLength'],
    [{ sessionTimeoutMinutes: 4 }, 'sessionTimeoutMinutes', 'validation.admin.sessionTimeout'],
    [{ sessionTimeoutMinutes: 241 }, 'sessionTimeoutMinutes', 'validation.admin.sessionTimeout'],
    [{ defaultCommunityPrivacy: 'invitation' }, 'defaultCommunityPrivacy', 'validation.admin.defaultPrivacy'],
    [{ requireEmailVerification: 'yes' }, 'requireEmailVerification', undefined],
  ] as const)('refuses %o with 400 and changes nothing', async (over, field, key) => {
    const { t, sa } = await setup();
    const before = dbSnapshot(t);
    const r = await sa.mutate('admin.updateSettings', { ...DEFAULTS, ...over });
    expect(r.status).toBe(400);
    expect(r.error?.issues?.[0]?.path).toEqual([field]);
    if (key) expect(r.error?.issues?.[0]?.message).toBe(textOf(key));
    expect(dbSnapshot(t)).toEqual(before);
  });

  it.each([{ minPasswordLength: 8 }, { minPasswordLength: 16 }, { sessionTimeoutMinutes: 5 }, { sessionTimeoutMinutes: 240 }, { sessionTimeoutMinutes: null }])(
    'accepts the boundary %o',
    async (over) => {
      const { apply } = await setup();
      expect((await apply(over)).data).toMatchObject(over);
    },
  );
});

describe('tRPC: site.config', () => {
  it('tells anyone, signed out, the settings the screens need', async () => {
    const { t, apply } = await setup();
    expect((await agent(t).query('site.config')).data).toMatchObject({ minPasswordLength: 8, requireEmailVerification: false, defaultCommunityPrivacy: 'public' });
    await apply({ minPasswordLength: 14, requireEmailVerification: true, defaultCommunityPrivacy: 'private' });
    const r = await agent(t).query('site.config');
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ appName: 'Harambee', minPasswordLength: 14, requireEmailVerification: true, defaultCommunityPrivacy: 'private' });
  });

  it('sends no support address while SUPPORT_EMAIL is left at its placeholder, and the real one once it is set', async () => {
    // The default (support@harambee.local) and reserved test domains: the footer then shows no contact line.
    expect((await agent(makeTestApp()).query('site.config')).data).toMatchObject({ supportEmail: null });
    expect((await agent(makeTestApp({ env: { SUPPORT_EMAIL: 'help@example.org' } })).query('site.config')).data).toMatchObject({ supportEmail: null });
    const real = makeTestApp({ env: { SUPPORT_EMAIL: 'help@houston-cameroonians.org', APP_NAME: 'Houston Cameroonians' } });
    expect((await agent(real).query('site.config')).data).toMatchObject({ supportEmail: 'help@houston-cameroonians.org', appName: 'Houston Cameroonians' });
  });
});

for (const tr of transportsFor(TRPC)) {
  describe(`${tr.title(OPS.register)}, ${tr.title(OPS.changePassword)}, ${tr.title(OPS.resetPassword)}: minimum password length 12`, () => {
    it('refuse a 10-character password with the chosen minimum, and take a 12-character one', async () => {
      const { t, apply } = await setup();
      await apply({ minPasswordLength: 12 });
      const reg = await tr.call(agent(t), OPS.register, newUser({ password: TEN, confirmPassword: TEN }));
      expect(reg.status).toBe(400);
      expect(reg.error?.issues?.[0]).toEqual({ path: ['password'], message: TOO_SHORT_12 });
      expect((await tr.call(agent(t), OPS.register, newUser({ password: TWELVE, confirmPassword: TWELVE }))).status).toBe(tr.okStatus(OPS.register));

      const user = await makeUser(t.db);
      const a = await as(t, user);
      const change = await tr.call(a, OPS.changePassword, { currentPassword: FACTORY_PASSWORD, newPassword: TEN });
      expect(change.status).toBe(400);
      expect(change.error?.issues?.[0]).toEqual({ path: ['newPassword'], message: TOO_SHORT_12 });
      expect((await agent(t).rest('POST', '/api/auth/login', { email: user.email, password: FACTORY_PASSWORD })).status).toBe(200);

      const { token } = requestPasswordReset(t.db, { email: user.email, now: t.clock.now() })!;
      const reset = await tr.call(agent(t), OPS.resetPassword, { token, password: TEN });
      expect(reset.status).toBe(400);
      expect(reset.error?.issues?.[0]).toEqual({ path: ['password'], message: TOO_SHORT_12 });
      expect((await tr.call(agent(t), OPS.resetPassword, { token, password: TWELVE })).status).toBe(200);
    });
  });

  describe(`${tr.title(OPS.createCommunity)} and ${tr.title(OPS.joinCommunity)}: email verification required`, () => {
    it('refuse an unverified user (403) and allow a verified one', async () => {
      const { t, apply, superadmin } = await setup();
      const community = makeCommunity(t.db, { creator: superadmin });
      const unverified = await makeUser(t.db, { isEmailVerified: false });
      const verified = await makeUser(t.db, { isEmailVerified: true });
      const u = await as(t, unverified);
      // Off by default: an unverified user may create.
      expect((await tr.call(u, OPS.createCommunity, NEW_COMMUNITY)).status).toBe(tr.okStatus(OPS.createCommunity));
      await apply({ requireEmailVerification: true });
      const before = dbSnapshot(t);
      for (const [o, input] of [[OPS.createCommunity, NEW_COMMUNITY], [OPS.joinCommunity, { communityId: community.id }]] as const) {
        const r = await tr.call(u, o, input);
        expect(r.status, o.trpc.path).toBe(403);
        expectError(r, 'FORBIDDEN', UNVERIFIED);
      }
      expect(dbSnapshot(t)).toEqual(before);
      const v = await as(t, verified);
      expect((await tr.call(v, OPS.createCommunity, NEW_COMMUNITY)).status).toBe(tr.okStatus(OPS.createCommunity));
      expect((await tr.call(v, OPS.joinCommunity, { communityId: community.id })).status).toBe(200);
    });
  });

  describe(`${tr.title(OPS.me)}: session timeout 5 minutes`, () => {
    it('signs out a session idle for 6 minutes, keeps one active every 2 minutes', async () => {
      const { t, apply } = await setup();
      await apply({ sessionTimeoutMinutes: 5 });
      const user = await makeUser(t.db);
      const idle = await as(t, user);
      const active = await as(t, user);
      const me = async (a: Agent) => (await tr.call(a, OPS.me)).data?.id ?? null;
      for (let minute = 2; minute <= 12; minute += 2) {
        t.clock.advance(2 * MIN);
        expect(await me(active), `minute ${minute}`).toBe(user.id);
      }
      expect(await me(idle)).toBeNull();
    });

    it('applies to sessions started before the change, and null brings back the long default', async () => {
      const { t, apply } = await setup();
      const user = await makeUser(t.db);
      const early = await as(t, user);
      await apply({ sessionTimeoutMinutes: 5 });
      t.clock.advance(6 * MIN);
      expect(await whoAmI(early)).toBeNull();
      await apply({ sessionTimeoutMinutes: null });
      const late = await as(t, user);
      t.clock.advance(6 * 60 * MIN);
      expect((await whoAmI(late))?.id).toBe(user.id);
    });
  });

  describe(`${tr.title(OPS.createCommunity)}: default privacy`, () => {
    it("makes a community created without isPublic private when set to 'private'; an explicit choice still wins", async () => {
      const { t, apply } = await setup();
      const a = await as(t, await makeUser(t.db));
      const before = await tr.call(a, OPS.createCommunity, { ...NEW_COMMUNITY, name: 'Default Public Circle' });
      expect(before.data.isPublic).toBe(true);
      await apply({ defaultCommunityPrivacy: 'private' });
      const priv = await tr.call(a, OPS.createCommunity, NEW_COMMUNITY);
      expect(priv.status).toBe(tr.okStatus(OPS.createCommunity));
      expect(priv.data.isPublic).toBe(false);
      expect(t.db.$client.prepare('SELECT is_public FROM communities WHERE id = ?').pluck().get(priv.data.id)).toBe(0);
      const chosen = await tr.call(a, OPS.createCommunity, { ...NEW_COMMUNITY, name: 'Chosen Public Circle', isPublic: true });
      expect(chosen.data.isPublic).toBe(true);
    });
  });
}
