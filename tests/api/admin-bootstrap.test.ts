import { translate } from '../../src/server/i18n';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/password';
import { createOrPromoteSuperadmin, hasSuperadmin } from '../../src/server/services/superadmin';
import { updateSettings } from '../../src/server/services/settings';
import { makeUser } from '../factories';
import { agent, makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { asStaff, sessionCount, userByEmail } from '../setup/admin';
import { whoAmI } from '../setup/transport';
import { setUpSecondFactor } from '../setup/second-factor';
import { textOf } from '../setup/errors';

const STRONG = 'Founder#Pass2026';
/** The service's answer, its refusal as the command line prints it (in English). */
const create = async (t: TestApp, over: Partial<Parameters<typeof createOrPromoteSuperadmin>[1]> = {}) => {
  const r = await createOrPromoteSuperadmin(t.db, { email: 'founder@example.org', password: STRONG, now: t.clock.now(), ...over });
  return 'error' in r ? { error: translate('en', r.error, r.params) } : r;
};

describe('services/superadmin createOrPromoteSuperadmin', () => {
  it('creates a verified superadmin on a fresh install, who signs in at the staff door', async () => {
    const t = makeTestApp();
    expect(hasSuperadmin(t.db)).toBe(false);
    expect(await create(t, { email: ' Founder@Example.org ', firstName: 'Nia', lastName: 'Founder' })).toEqual({ created: true, email: 'founder@example.org' });
    expect(hasSuperadmin(t.db)).toBe(true);
    expect(userByEmail(t, 'founder@example.org')).toMatchObject({ role: 'superadmin', is_email_verified: 1, must_change_password: 0, first_name: 'Nia', last_name: 'Founder' });
    const a = await asStaff(t, { email: 'founder@example.org' }, STRONG);
    // The first thing the founder does in the panel is set up their second factor.
    expect((await a.query('admin.settings')).status).toBe(403);
    await setUpSecondFactor(t, a);
    expect((await a.query('admin.settings')).status).toBe(200);
    expect((await a.mutate('admin.updateSettings', { minPasswordLength: 10, requireEmailVerification: false, sessionTimeoutMinutes: null, defaultCommunityPrivacy: 'public' })).status).toBe(200);
  });

  it.each([
    ['a short password', { password: 'Sh0rt!' }, 'validation.auth.passwordTooShort'],
    ['an empty password', { password: '' }, 'validation.auth.createPassword'],
    ['an invalid email', { email: 'founder-at-example' }, 'validation.auth.emailInvalid'],
  ] as const)('refuses %s with the sign-up message and creates nothing', async (_, over, key) => {
    const t = makeTestApp();
    expect(await create(t, over)).toEqual({ error: textOf(key) });
    expect(hasSuperadmin(t.db)).toBe(false);
    expect(t.db.$client.prepare('SELECT count(*) FROM users').pluck().get()).toBe(0);
  });

  it("applies the installation's minimum password length", async () => {
    const t = makeTestApp();
    const earlier = await makeUser(t.db); // the settings row names who saved it
    updateSettings(t.db, { changes: { minPasswordLength: 16 }, actor: earlier, now: t.clock.now() });
    expect(await create(t, { password: 'Founder#Pass202' })).toEqual({ error: textOf('errors.auth.passwordPolicy', { min: 16 }) });
    expect(hasSuperadmin(t.db)).toBe(false);
    expect(await create(t, { password: 'Sixteen#Chars-26' })).toEqual({ created: true, email: 'founder@example.org' });
  });

  it('promotes an existing user: superadmin, verified, new password, every old session ended, a lost second factor gone', async () => {
    const t = makeTestApp();
    const user = await makeUser(t.db, { email: 'founder@example.org', isEmailVerified: false, mustChangePassword: true }, { secondFactor: true });
    t.db.$client.prepare("INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?, 'x', 0)").run(user.id);
    const phone = await as(t, user);
    expect((await whoAmI(phone))?.id).toBe(user.id);
    expect(await create(t)).toEqual({ created: false, email: 'founder@example.org' });
    expect(userByEmail(t, 'founder@example.org')).toMatchObject({ id: user.id, role: 'superadmin', is_email_verified: 1, must_change_password: 0 });
    expect(sessionCount(t, user.id)).toBe(0);
    expect(t.db.$client.prepare('SELECT (SELECT count(*) FROM second_factors WHERE user_id = @u) + (SELECT count(*) FROM recovery_codes WHERE user_id = @u)').pluck().get({ u: user.id })).toBe(0);
    expect(await whoAmI(phone)).toBeNull();
    expect((await agent(t).rest('POST', '/api/auth/login', { email: user.email, password: 'Harambee#2026' })).status).toBe(401);
    const staffAgent = await asStaff(t, user, STRONG);
    await setUpSecondFactor(t, staffAgent);
    expect((await staffAgent.query('admin.counts')).data).toEqual({ users: 1, communities: 0, events: 0 });
    expect(t.db.$client.prepare('SELECT count(*) FROM users').pluck().get()).toBe(1);
  });
});

/* The real script, once, against a temporary database file. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'harambee-admin-create-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function script(dbPath: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin-create.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_PATH: dbPath, NODE_ENV: 'test' }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('scripts/admin-create.ts (npm run admin:create)', () => {
  it('creates, then promotes; refuses a weak password or missing arguments with exit code 1', { timeout: 60_000 }, async () => {
    const good = join(dir, 'good.db');
    const [weak, usage] = await Promise.all([
      script(join(dir, 'weak.db'), ['--email', 'founder@example.org', '--password', 'short']),
      script(join(dir, 'usage.db'), ['--email', 'founder@example.org']),
    ]);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain(`Not created: ${textOf('validation.auth.passwordTooShort')}`);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run admin:create');

    const first = await script(good, ['--email', 'founder@example.org', '--password', STRONG, '--first-name', 'Nia']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Created superadmin founder@example.org');
    const again = await script(good, ['--email', 'founder@example.org', '--password', 'Another#Pass2026']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Promoted superadmin founder@example.org');

    const db = new Database(good, { readonly: true });
    const rows = db.prepare('SELECT * FROM users').all() as { email: string; role: string; is_email_verified: number; first_name: string; password_hash: string }[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'founder@example.org', role: 'superadmin', is_email_verified: 1, first_name: 'Nia' });
    expect(await verifyPassword(rows[0]!.password_hash, 'Another#Pass2026')).toBe(true);
    const weakDb = new Database(join(dir, 'weak.db'), { readonly: true });
    expect(weakDb.prepare('SELECT count(*) FROM users').pluck().get()).toBe(0);
    weakDb.close();
  });
});
