import { beforeAll, describe, expect, it } from 'vitest';
import { agent, makeTestApp, PASSWORD, type Agent, type TestApp } from '../setup/app';
import { OPS, REST, signedIn, TRANSPORTS, whoAmI, type Op } from '../setup/transport';
import { textOf } from '../setup/errors';

const TOO_LARGE = { error: textOf('errors.bodyTooLarge'), code: 'PAYLOAD_TOO_LARGE' };
const MB = 1024 * 1024;

/** Raw bodies no form would send; all but the last are refused outright. */
const JUNK: [label: string, body: string][] = [
  ['an array', '[1, 2, 3]'],
  ['a number', '42'],
  ['a string', '"hello"'],
  ['null', 'null'],
  ['true', 'true'],
  ['nested objects in every field', JSON.stringify({ email: { $ne: null }, password: { a: { b: [1] } }, firstName: { x: 1 }, token: [{}] })],
  ['arrays in every field', JSON.stringify({ email: ['a@b.org'], password: [PASSWORD], location: ['x'], bio: [1] })],
  ['deeply nested arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['broken JSON', '{"email": '],
  // Well-formed, so some paths accept it (unknown fields are dropped): only never a 500.
  ['a NUL byte', '{"email":"a\\u0000@b.org","password":"x\\u0000"}'],
];

const WRITES: Op[] = [
  OPS.register,
  OPS.login,
  OPS.verifyEmail,
  OPS.forgotPassword,
  OPS.resetPassword,
  OPS.changePassword,
  OPS.updateProfile,
  OPS.updatePanel,
];

for (const tr of TRANSPORTS) {
  describe(`${tr.name}: junk input never gives a 500`, () => {
    // One signed-in user for the whole table: refused input changes nothing.
    let t: TestApp;
    let a: Agent;
    beforeAll(async () => {
      t = makeTestApp();
      ({ a } = await signedIn(t));
    });

    for (const op of WRITES) {
      it.each(JUNK)(`${tr.title(op)} with %s answers 4xx`, async (_label, body) => {
        const r =
          tr === REST
            ? await a.rest(op.rest.method, op.rest.path, body)
            : await a.rest('POST', `/trpc/${op.trpc.path}`, body);
        if (body.includes('\\u0000')) expect(r.status).toBeLessThan(500);
        else expect(r.status).toBe(400);
        expect(t.logLines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
      });
    }

    it('answers 413 PAYLOAD_TOO_LARGE for a 2 MB body', async () => {
      const t = makeTestApp();
      const huge = JSON.stringify({ email: 'a@b.org', password: 'x'.repeat(2 * MB) });
      const path = tr === REST ? '/api/auth/login' : '/trpc/auth.login';
      const r = await agent(t).rest('POST', path, huge);
      expect(r.status).toBe(413);
      expect(r.body).toEqual(TOO_LARGE);
    });

    it('refuses a just-under-1 MB password quickly with 400, before hashing', async () => {
      const t = makeTestApp();
      const started = performance.now();
      const r = await tr.call(agent(t), OPS.register, {
        firstName: 'A',
        lastName: 'B',
        email: 'big@example.org',
        password: 'p'.repeat(MB - 200),
        confirmPassword: 'x',
      });
      expect(r.status).toBe(400);
      expect(r.error?.issues?.some((i) => i.message === textOf('validation.auth.passwordTooLong'))).toBe(true);
      expect(performance.now() - started).toBeLessThan(2000);
    });

    it('does not let __proto__ or constructor keys change the role', async () => {
      const t = makeTestApp();
      const { a } = await signedIn(t);
      const body = '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}},"location":"Lomé"}';
      const r = tr === REST ? await a.rest('POST', '/api/auth/update-profile', body) : await a.rest('POST', '/trpc/profile.update', body);
      expect(r.status).toBe(200);
      expect(await whoAmI(a)).toMatchObject({ role: 'user', location: 'Lomé' });
      expect(({} as Record<string, unknown>).role).toBeUndefined();
    });
  });
}

describe('REST: 2 MB body on every write path', () => {
  it.each(WRITES.map((o) => [`${o.rest.method} ${o.rest.path}`, o] as const))('%s answers 413', async (_label, op) => {
    const t = makeTestApp();
    const r = await agent(t).rest(op.rest.method, op.rest.path, `"${'x'.repeat(2 * MB)}"`);
    expect(r.status).toBe(413);
    expect(r.body).toEqual(TOO_LARGE);
  });
});

describe('REST: unknown paths and methods', () => {
  it('answers 404 NOT_FOUND in the REST error shape', async () => {
    const t = makeTestApp();
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/auth/login'],
      ['PUT', '/api/user/profile'],
    ] as const) {
      const r = await agent(t).rest(method, path);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: textOf('errors.noApiPath'), code: 'NOT_FOUND' });
    }
  });
});

describe('tRPC: wrong procedure or method', () => {
  it('answers 404 for an unknown procedure and 405 for a GET of a mutation', async () => {
    const t = makeTestApp();
    expect((await agent(t).rest('POST', '/trpc/auth.nothing', {})).status).toBe(404);
    expect((await agent(t).rest('GET', '/trpc/auth.login')).status).toBe(405);
  });
});
