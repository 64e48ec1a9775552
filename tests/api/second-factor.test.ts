import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashToken } from '../../src/server/auth/crypto';
import { DEVICE_COOKIE } from '../../src/server/auth/known-device';
import { isSealed, openSecret, resolveSecretsKey } from '../../src/server/auth/secrets-key';
import { upgradeStoredSecrets } from '../../src/server/auth/secrets-upgrade';
import { totpCode, totpStep } from '../../src/server/auth/second-factor';
import { FACTORY_PASSWORD, FACTORY_TOTP_KEY, makeUser } from '../factories';
import { agent, makeTestApp, type Agent, type TestApp } from '../setup/app';
import { ADMIN, sessionCount } from '../setup/admin';
import { codeAt, SECOND_FACTOR as SF } from '../setup/second-factor';
import { OPS, signIn, whoAmI, transportsFor, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

const MIN = 60_000;
const STEP = 30_000;
const count = (t: TestApp, sql: string, ...args: unknown[]) =>
  t.db.$client
    .prepare(sql)
    .pluck()
    .get(...args) as number;

for (const tr of transportsFor(TRPC)) {
  /** A member signed in, who sets up a factor: answers the key (no spaces) and the recovery codes. */
  async function memberWithFactor(t: TestApp) {
    const user = await makeUser(t.db, { firstName: 'Ngozi', lastName: 'Eze' });
    const a = await signIn(t, user.email, FACTORY_PASSWORD);
    const setup = await tr.call(a, SF.setup);
    expect(setup.status).toBe(200);
    const key = (setup.data.key as string).replace(/\s/g, '');
    const confirm = await tr.call(a, SF.confirm, { code: codeAt(t, key) });
    expect(confirm.status).toBe(200);
    return {
      user,
      a,
      key,
      recoveryCodes: confirm.data.recoveryCodes as string[],
    };
  }

  /** The password step: answers the challenge (and checks that no session started). */
  async function passwordStep(_t: TestApp, a: Agent, email: string) {
    const r = await tr.call(a, OPS.login, {
      email,
      password: FACTORY_PASSWORD,
    });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({
      secondFactorRequired: true,
      challenge: expect.stringMatching(/^[a-z2-7]{32}$/),
      expiresAt: expect.any(String),
    });
    expect(a.cookie).toBeNull();
    return r.data.challenge as string;
  }

  describe(`${tr.title(SF.setup)} and ${tr.title(SF.confirm)}`, () => {
    it('gives a key (QR code, otpauth address, grouped key), turns on with a code, answers 10 recovery codes stored hashed', async () => {
      const t = makeTestApp();
      const user = await makeUser(t.db);
      const a = await signIn(t, user.email, FACTORY_PASSWORD);
      expect((await tr.call(a, SF.status)).data).toMatchObject({
        enabled: false,
        recoveryCodesLeft: 0,
        required: false,
      });
      const setup = await tr.call(a, SF.setup);
      expect(setup.status).toBe(200);
      expect(setup.data.keyUri).toMatch(new RegExp(`^otpauth://totp/Harambee:${encodeURIComponent(user.email)}\\?`));
      expect(setup.data.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(setup.data.key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      const key = setup.data.key.replace(/\s/g, '');
      expect(setup.data.keyUri).toContain(`secret=${key}`);
      // Not on until confirmed: signing in still needs only the password.
      expect((await tr.call(a, SF.status)).data.enabled).toBe(false);

      const wrong = await tr.call(a, SF.confirm, {
        code: totpCode(key, totpStep(t.clock.now()) + 5),
      });
      expect(wrong.status).toBe(400);
      expectError(wrong, 'BAD_REQUEST', 'secondFactor.errors.wrongCode');
      const ok = await tr.call(a, SF.confirm, { code: codeAt(t, key) });
      expect(ok.status).toBe(200);
      const codes = ok.data.recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      // 16 base32 characters: 80 random bits each.
      for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
      // Only slow hashes are kept (argon2id, salted: no two alike), never a code or its plain SHA-256.
      const stored = t.db.$client.prepare('SELECT code_hash FROM recovery_codes WHERE user_id = ?').pluck().all(user.id) as string[];
      expect(stored).toHaveLength(10);
      for (const h of stored) expect(h).toMatch(/^\$argon2id\$/);
      for (const c of codes) expect(stored.join()).not.toContain(c.replaceAll('-', ''));
      for (const c of codes) expect(stored.join()).not.toContain(hashToken(c.replaceAll('-', '')));
      // The authenticator key is stored encrypted, bound to its account.
      const sealed = t.db.$client.prepare('SELECT key FROM second_factors WHERE user_id = ?').pluck().get(user.id) as string;
      expect(sealed).not.toContain(key);
      expect(isSealed(sealed)).toBe(true);
      expect(openSecret(sealed, user.id)).toBe(key);
      expect(() => openSecret(sealed, 'another-account')).toThrow();
      expect((await tr.call(a, SF.status)).data).toMatchObject({
        enabled: true,
        recoveryCodesLeft: 10,
      });
      // A second set-up is refused while one is on.
      expect((await tr.call(a, SF.setup)).status).toBe(409);
    });

    it('refuses a signed-out caller (401) and confirming before any set-up (400)', async () => {
      const t = makeTestApp();
      expect((await tr.call(agent(t), SF.setup)).status).toBe(401);
      expect((await tr.call(agent(t), SF.status)).status).toBe(401);
      const user = await makeUser(t.db);
      const a = await signIn(t, user.email, FACTORY_PASSWORD);
      const r = await tr.call(a, SF.confirm, { code: '123456' });
      expect(r.status).toBe(400);
      expect(count(t, 'SELECT count(*) FROM second_factors')).toBe(0);
    });
  });

  describe(`${tr.title(OPS.login)} then ${tr.title(SF.signIn)}`, () => {
    it('the password alone starts no session; the right code does, once', async () => {
      const t = makeTestApp();
      const { user, key } = await memberWithFactor(t);
      t.clock.advance(STEP);
      const a = agent(t);
      const challenge = await passwordStep(t, a, user.email);
      expect(sessionCount(t, user.id)).toBe(1); // only the set-up's own device
      // The browser becomes a known device (auth/known-device.ts) only after the second step.
      expect(a.others.has(DEVICE_COOKIE)).toBe(false);
      const r = await tr.call(a, SF.signIn, {
        challenge,
        code: codeAt(t, key),
      });
      expect(r.status).toBe(200);
      expect(a.others.get(DEVICE_COOKIE)).toMatch(/^harambee_device=[0-9a-z]+\.[\w-]{43}$/);
      expect(r.data).toMatchObject({ id: user.id, email: user.email });
      expect((await whoAmI(a))?.id).toBe(user.id);
      // The challenge is spent: it cannot start a second session, even with a fresh code.
      t.clock.advance(STEP);
      const again = await tr.call(agent(t), SF.signIn, {
        challenge,
        code: codeAt(t, key),
      });
      expect(again.status).toBe(401);
    });

    it('refuses a wrong code, and the same code twice (a replay), even within its 30 seconds', async () => {
      const t = makeTestApp();
      const { user, key } = await memberWithFactor(t);
      t.clock.advance(STEP);
      const a = agent(t);
      const challenge = await passwordStep(t, a, user.email);
      const wrong = await tr.call(a, SF.signIn, {
        challenge,
        code: totpCode(key, totpStep(t.clock.now()) + 3),
      });
      expect(wrong.status).toBe(400);
      expect(a.cookie).toBeNull();
      const code = codeAt(t, key);
      expect((await tr.call(a, SF.signIn, { challenge, code })).status).toBe(200);

      const b = agent(t);
      const second = await passwordStep(t, b, user.email);
      const replay = await tr.call(b, SF.signIn, { challenge: second, code });
      expect(replay.status).toBe(400);
      expect(b.cookie).toBeNull();
      // Nor an older one: the previous step's code was valid a moment ago, and is not now.
      expect(
        (
          await tr.call(b, SF.signIn, {
            challenge: second,
            code: codeAt(t, key, -1),
          })
        ).status,
      ).toBe(400);
      // The next step's code works (a phone a little ahead).
      expect(
        (
          await tr.call(b, SF.signIn, {
            challenge: second,
            code: codeAt(t, key, 1),
          })
        ).status,
      ).toBe(200);
    });

    it('a recovery code works once, in any case and with spaces', async () => {
      const t = makeTestApp();
      const { user, a: first, recoveryCodes } = await memberWithFactor(t);
      const a = agent(t);
      const challenge = await passwordStep(t, a, user.email);
      const r = await tr.call(a, SF.signIn, {
        challenge,
        code: ` ${recoveryCodes[0]!.toUpperCase()} `,
      });
      expect(r.status).toBe(200);
      expect((await tr.call(first, SF.status)).data.recoveryCodesLeft).toBe(9);
      const b = agent(t);
      const again = await tr.call(b, SF.signIn, {
        challenge: await passwordStep(t, b, user.email),
        code: recoveryCodes[0],
      });
      expect(again.status).toBe(400);
      expect(b.cookie).toBeNull();
    });

    it('an expired challenge is refused (401): the password must be given again', async () => {
      const t = makeTestApp();
      const { user, key } = await memberWithFactor(t);
      const a = agent(t);
      const challenge = await passwordStep(t, a, user.email);
      t.clock.advance(5 * MIN + 1);
      const r = await tr.call(a, SF.signIn, {
        challenge,
        code: codeAt(t, key),
      });
      expect(r.status).toBe(401);
      expectError(r, 'UNAUTHORIZED', 'secondFactor.errors.challengeExpired');
    });

    it('throttles codes: after 5 wrong ones even the right code is 429 with Retry-After, counted before the check', async () => {
      const t = makeTestApp();
      const { user, key } = await memberWithFactor(t);
      t.clock.advance(STEP);
      const a = agent(t);
      const challenge = await passwordStep(t, a, user.email);
      const bad = totpCode(key, totpStep(t.clock.now()) + 4);
      // Sent together: each is counted before it is checked, so the batch cannot all slip through.
      const results = await Promise.all(Array.from({ length: 8 }, () => tr.call(a, SF.signIn, { challenge, code: bad })));
      expect(results.filter((r) => r.status === 400)).toHaveLength(5);
      expect(results.filter((r) => r.status === 429)).toHaveLength(3);
      const right = await tr.call(a, SF.signIn, {
        challenge,
        code: codeAt(t, key),
      });
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
      expectError(right, 'TOO_MANY_REQUESTS', 'secondFactor.errors.tooManyCodes', { count: Math.ceil(Number(right.headers.get('retry-after')) / 60) });
      t.clock.advance(15 * MIN + 1);
      const b = agent(t);
      expect(
        (
          await tr.call(b, SF.signIn, {
            challenge: await passwordStep(t, b, user.email),
            code: codeAt(t, key),
          })
        ).status,
      ).toBe(200);
    });
  });

  describe(`${tr.title(SF.disable)} and ${tr.title(SF.regenerate)}`, () => {
    it('turning off needs the password and a code; then the password alone signs in again', async () => {
      const t = makeTestApp();
      const { user, a, key } = await memberWithFactor(t);
      t.clock.advance(STEP);
      const noPassword = await tr.call(a, SF.disable, {
        password: 'Not-the-password1',
        code: codeAt(t, key),
      });
      expect(noPassword.status).toBe(400);
      expect(noPassword.error?.issues?.[0]?.path).toEqual(['password']);
      const noCode = await tr.call(a, SF.disable, {
        password: FACTORY_PASSWORD,
        code: codeAt(t, key, 3),
      });
      expect(noCode.status).toBe(400);
      expect(noCode.error?.issues?.[0]?.path).toEqual(['code']);
      expect(count(t, 'SELECT count(*) FROM second_factors WHERE user_id = ?', user.id)).toBe(1);
      const ok = await tr.call(a, SF.disable, {
        password: FACTORY_PASSWORD,
        code: codeAt(t, key),
      });
      expect(ok.status).toBe(200);
      expect(count(t, 'SELECT count(*) FROM second_factors WHERE user_id = ?', user.id)).toBe(0);
      expect(count(t, 'SELECT count(*) FROM recovery_codes WHERE user_id = ?', user.id)).toBe(0);
      const b = agent(t);
      const r = await tr.call(b, OPS.login, {
        email: user.email,
        password: FACTORY_PASSWORD,
      });
      expect(r.data).toMatchObject({ id: user.id });
      expect(b.cookie).not.toBeNull();
    });

    it('new recovery codes replace the old ones, proven with a code', async () => {
      const t = makeTestApp();
      const { user, a, key, recoveryCodes } = await memberWithFactor(t);
      t.clock.advance(STEP);
      expect((await tr.call(a, SF.regenerate, { code: '000000' })).status).toBe(400);
      const r = await tr.call(a, SF.regenerate, { code: codeAt(t, key) });
      expect(r.status).toBe(200);
      expect(r.data.recoveryCodes).toHaveLength(10);
      const b = agent(t);
      expect(
        (
          await tr.call(b, SF.signIn, {
            challenge: await passwordStep(t, b, user.email),
            code: recoveryCodes[1],
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await tr.call(b, SF.signIn, {
            challenge: await passwordStep(t, b, user.email),
            code: r.data.recoveryCodes[1],
          })
        ).status,
      ).toBe(200);
    });

    it('staff cannot turn theirs off (403)', async () => {
      const t = makeTestApp();
      const admin = await makeUser(t.db, { role: 'admin' });
      const a = await signIn(t, admin.email, FACTORY_PASSWORD);
      t.clock.advance(STEP);
      const r = await tr.call(a, SF.disable, {
        password: FACTORY_PASSWORD,
        code: totpCode(FACTORY_TOTP_KEY, totpStep(t.clock.now())),
      });
      expect(r.status).toBe(403);
      expectError(r, 'FORBIDDEN', 'secondFactor.errors.staffMustKeep');
      expect(count(t, 'SELECT count(*) FROM second_factors WHERE user_id = ?', admin.id)).toBe(1);
    });
  });

  describe(`${tr.title(ADMIN.userCount)}: staff without a second factor`, () => {
    it('are refused every staff procedure (403, "Set up a second factor first") until they set one up', async () => {
      const t = makeTestApp();
      const admin = await makeUser(t.db, { role: 'superadmin' }, { secondFactor: false });
      const a = agent(t);
      // Their password opens a session (so they can set the factor up), but not the panel.
      const login = await tr.call(a, ADMIN.login, {
        email: admin.email,
        password: FACTORY_PASSWORD,
      });
      expect(login.data).toMatchObject({ id: admin.id });
      const refused = await tr.call(a, ADMIN.userCount);
      expect(refused.status).toBe(403);
      expectError(refused, 'FORBIDDEN', 'secondFactor.errors.required');
      expect((await tr.call(a, SF.status)).data).toMatchObject({
        enabled: false,
        required: true,
      });
      const setup = await tr.call(a, SF.setup);
      const key = setup.data.key.replace(/\s/g, '');
      expect((await tr.call(a, SF.confirm, { code: codeAt(t, key) })).status).toBe(200);
      expect((await tr.call(a, ADMIN.userCount)).data).toEqual({ count: 1 });
      // From now on the staff door asks for the code too.
      expect(
        (
          await tr.call(agent(t), ADMIN.login, {
            email: admin.email,
            password: FACTORY_PASSWORD,
          })
        ).data,
      ).toMatchObject({ secondFactorRequired: true });
    });
  });
}

describe('secrets at rest', () => {
  it('two programs making the key file at once both read the one key, never a half-written file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harambee-secrets-race-'));
    try {
      const ROUNDS = 300;
      const start = Date.now() + 2500;
      // Each writer, started apart, waits for the same instant, then makes (or reads) the key of
      // ROUNDS folders in the same order: the two race on every file.
      const script = `
        import { keyFile } from ${JSON.stringify(join(process.cwd(), 'src/server/auth/secrets-key.ts'))};
        while (Date.now() < ${start}) {}
        const out = [];
        for (let i = 0; i < ${ROUNDS}; i++) {
          try { out.push(keyFile(${JSON.stringify(dir)} + '/' + i + '/secrets.key').toString('hex')); } catch (e) { out.push('failed: ' + e.message); }
        }
        console.log(JSON.stringify(out));`;
      const writer = () =>
        new Promise<string[]>((resolve, reject) =>
          execFile(join(process.cwd(), 'node_modules/.bin/tsx'), ['--eval', script], { cwd: process.cwd() }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout)))),
        );
      const [a, b] = await Promise.all([writer(), writer()]);
      expect(a.filter((k) => k.startsWith('failed')).concat(b.filter((k) => k.startsWith('failed')))).toEqual([]);
      expect(a).toEqual(b);
      expect(a.every((k, i) => k === readFileSync(join(dir, String(i), 'secrets.key'), 'utf8').trim())).toBe(true);
      // No temporary file is left beside a key.
      expect(readdirSync(join(dir, '0'))).toEqual(['secrets.key']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('the secrets key: SECRETS_KEY when set, else secrets.key made once beside the database, 0600', () => {
    const dir = mkdtempSync(join(tmpdir(), 'harambee-secrets-'));
    try {
      const before = process.umask(0o022);
      const env = { DATABASE_PATH: join(dir, 'data', 'app.db'), SECRETS_KEY: undefined };
      let key: Buffer;
      try {
        key = resolveSecretsKey(env);
      } finally {
        process.umask(before);
      }
      const file = join(dir, 'data', 'secrets.key');
      expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
      expect(readFileSync(file, 'utf8').trim()).toBe(key.toString('hex'));
      expect(key).toHaveLength(32);
      // Made once: every later start reads the same key.
      chmodSync(file, 0o600);
      expect(resolveSecretsKey(env).equals(key)).toBe(true);
      expect(resolveSecretsKey({ ...env, SECRETS_KEY: 'ab'.repeat(32) }).toString('hex')).toBe('ab'.repeat(32));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rows stored before are upgraded at start: the key sealed, old recovery codes slow-hashed and still working', async () => {
    const t = makeTestApp();
    const user = await makeUser(t.db, {}, { secondFactor: false });
    const oldCode = 'abcde-fghij';
    t.db.$client.prepare('INSERT INTO second_factors (user_id, key, enabled_at, created_at) VALUES (?, ?, ?, ?)').run(user.id, FACTORY_TOTP_KEY, 1, 1);
    t.db.$client.prepare('INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, 1)').run(user.id, hashToken('abcdefghij'));
    expect(await upgradeStoredSecrets(t.db)).toEqual({ keys: 1, codes: 1 });
    expect(await upgradeStoredSecrets(t.db)).toEqual({ keys: 0, codes: 0 });
    const key = t.db.$client.prepare('SELECT key FROM second_factors WHERE user_id = ?').pluck().get(user.id) as string;
    expect(isSealed(key) && openSecret(key, user.id)).toBe(FACTORY_TOTP_KEY);
    expect(t.db.$client.prepare('SELECT code_hash FROM recovery_codes WHERE user_id = ?').pluck().get(user.id)).toMatch(/^\$argon2id\$/);
    const a = agent(t);
    const step = await a.rest('POST', '/api/auth/login', { email: user.email, password: FACTORY_PASSWORD });
    expect((await a.rest('POST', '/api/auth/second-factor', { challenge: step.body.challenge, code: oldCode })).status).toBe(200);
  });
});
