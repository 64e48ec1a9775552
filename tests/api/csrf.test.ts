import { describe, expect, it } from 'vitest';
import { agent, makeTestApp, newUser } from '../setup/app';
import { OPS, registered, signedIn, TRANSPORTS, whoAmI } from '../setup/transport';
import { textOf } from '../setup/errors';

const REFUSED = { error: textOf('errors.foreignSite'), code: 'FORBIDDEN' };
const APP_ORIGIN = 'http://localhost:3000'; // APP_URL in tests

for (const tr of TRANSPORTS) {
  describe(`${tr.title(OPS.updateProfile)} CSRF`, () => {
    it.each([
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['a look-alike Origin', { origin: 'http://localhost:3000.evil.example' }],
      ['Origin: null (sandboxed frame)', { origin: 'null' }],
      ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site without Origin', { 'sec-fetch-site': 'same-site' }],
    ])('refuses a signed-in write with %s (403) and writes nothing', async (_label, headers) => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      const r = await tr.call(a, OPS.updateProfile, { location: 'Hacked', firstName: 'Mallory' }, headers);
      expect(r.status).toBe(403);
      expect(r.raw).toEqual(REFUSED);
      expect(await whoAmI(a)).toMatchObject({ firstName: user.firstName, location: null });
    });

    it.each([
      ['the app Origin', { origin: APP_ORIGIN }],
      ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
      ['Sec-Fetch-Site: none (typed in the address bar)', { 'sec-fetch-site': 'none' }],
      ['no Origin and no Sec-Fetch-Site (a script)', {}],
    ])('allows a write with %s', async (_label, headers) => {
      const t = makeTestApp();
      const { a } = await signedIn(t);
      const r = await tr.call(a, OPS.updateProfile, { location: 'Nairobi' }, headers);
      expect(r.status).toBe(200);
      expect((await whoAmI(a))?.location).toBe('Nairobi');
    });

    it('takes the Origin over Sec-Fetch-Site when both are sent', async () => {
      const t = makeTestApp();
      const { a } = await signedIn(t);
      const r = await tr.call(a, OPS.updateProfile, { location: 'X' }, { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' });
      expect(r.status).toBe(403);
    });
  });

  describe(`${tr.title(OPS.register)} CSRF`, () => {
    it('refuses a foreign Origin and creates no account', async () => {
      const t = makeTestApp();
      const u = newUser();
      const r = await tr.call(agent(t), OPS.register, u, { origin: 'https://evil.example' });
      expect(r.status).toBe(403);
      // The address is still free, and it cannot sign in.
      expect((await agent(t).rest('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(401);
      expect((await agent(t).rest('POST', '/api/auth/register', u)).status).toBe(201);
    });

    it('allows the app Origin', async () => {
      const t = makeTestApp();
      const r = await tr.call(agent(t), OPS.register, newUser(), { origin: APP_ORIGIN });
      expect(r.status).toBe(tr.okStatus(OPS.register));
    });
  });

  describe(`${tr.title(OPS.login)} CSRF`, () => {
    it('refuses a cross-site sign-in (login CSRF) and sets no cookie', async () => {
      const t = makeTestApp();
      const u = await registered(t);
      const a = agent(t);
      const r = await tr.call(a, OPS.login, { email: u.email, password: u.password }, { 'sec-fetch-site': 'cross-site' });
      expect(r.status).toBe(403);
      expect(r.headers.getSetCookie()).toEqual([]);
      expect(a.cookie).toBeNull();
    });
  });

  describe(`${tr.title(OPS.logout)} CSRF`, () => {
    it('refuses a cross-site sign-out and keeps the session', async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      const r = await tr.call(a, OPS.logout, undefined, { origin: 'https://evil.example' });
      expect(r.status).toBe(403);
      expect((await whoAmI(a))?.id).toBe(user.id);
    });
  });

  describe(`${tr.title(OPS.me)} (a read)`, () => {
    it('is not blocked by a foreign Origin: reads change nothing', async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      const r = await tr.call(a, OPS.me, undefined, { origin: 'https://evil.example' });
      expect(r.status).toBe(200);
      expect(r.data.id).toBe(user.id);
    });
  });
}

describe('REST: PATCH /api/user/profile CSRF', () => {
  it('refuses a foreign Origin on PATCH too', async () => {
    const t = makeTestApp();
    const { a } = await signedIn(t);
    const r = await a.rest('PATCH', '/api/user/profile', { bio: 'pwned' }, { origin: 'https://evil.example' });
    expect(r.status).toBe(403);
    expect((await whoAmI(a))?.bio).toBeNull();
  });
});
