import { describe, expect, it } from 'vitest';
import { agent, makeTestApp } from '../setup/app';
import { OPS, signedIn, signIn, whoAmI, withCookie, transportsFor, REST } from '../setup/transport';

const clearsCookie = (headers: Headers) =>
  headers.getSetCookie().some((c) => /^harambee_session=;/.test(c) && c.includes('Max-Age=0'));

for (const tr of transportsFor(REST)) {
  describe(tr.title(OPS.logout), () => {
    it('ends the session: the cookie is cleared and its old value no longer works', async () => {
      const t = makeTestApp();
      const { a } = await signedIn(t);
      const cookie = a.cookie;
      const r = await tr.call(a, OPS.logout);
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ success: true });
      expect(clearsCookie(r.headers)).toBe(true);
      expect(a.cookie).toBeNull();
      expect(await whoAmI(withCookie(t, cookie))).toBeNull();
    });

    it("ends only this device's session", async () => {
      const t = makeTestApp();
      const { a, user } = await signedIn(t);
      const phone = await signIn(t, user.email);
      await tr.call(a, OPS.logout);
      expect((await whoAmI(phone))?.id).toBe(user.id);
    });

    it('succeeds when already signed out', async () => {
      const t = makeTestApp();
      const r = await tr.call(agent(t), OPS.logout);
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ success: true });
    });
  });
}

describe('REST: GET /api/auth/logout', () => {
  it('ends the session (the documented GET)', async () => {
    const t = makeTestApp();
    const { a } = await signedIn(t);
    const cookie = a.cookie;
    const r = await a.rest('GET', '/api/auth/logout');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true });
    expect(await whoAmI(withCookie(t, cookie))).toBeNull();
  });

  it('does nothing when another site asks (Sec-Fetch-Site: cross-site)', async () => {
    const t = makeTestApp();
    const { a, user } = await signedIn(t);
    const r = await a.rest('GET', '/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(r.body).toEqual({ success: false });
    expect(clearsCookie(r.headers)).toBe(false);
    expect((await whoAmI(a))?.id).toBe(user.id);
  });
});

describe('REST: GET /api/logout (navigation)', () => {
  it('ends the session and redirects 302 to /', async () => {
    const t = makeTestApp();
    const { a } = await signedIn(t);
    const cookie = a.cookie;
    const r = await a.rest('GET', '/api/logout');
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/');
    expect(clearsCookie(r.headers)).toBe(true);
    expect(await whoAmI(withCookie(t, cookie))).toBeNull();
  });

  it('redirects to / when signed out too', async () => {
    const t = makeTestApp();
    const r = await agent(t).rest('GET', '/api/logout');
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/');
  });

  it('does NOT end the session when the navigation comes from another site', async () => {
    const t = makeTestApp();
    const { a, user } = await signedIn(t);
    const r = await a.rest('GET', '/api/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(r.status).toBe(302);
    expect(clearsCookie(r.headers)).toBe(false);
    expect((await whoAmI(a))?.id).toBe(user.id);
  });

  it('does NOT end the session when a sibling subdomain asks (Sec-Fetch-Site: same-site)', async () => {
    const t = makeTestApp();
    const { a, user } = await signedIn(t);
    const r = await a.rest('GET', '/api/logout', undefined, { 'sec-fetch-site': 'same-site' });
    expect(r.status).toBe(302);
    expect(clearsCookie(r.headers)).toBe(false);
    expect((await whoAmI(a))?.id).toBe(user.id);
  });

  it('ends the session for a same-origin navigation', async () => {
    const t = makeTestApp();
    const { a } = await signedIn(t);
    await a.rest('GET', '/api/logout', undefined, { 'sec-fetch-site': 'same-origin' });
    expect(a.cookie).toBeNull();
  });
});

describe('REST: GET /api/login (navigation)', () => {
  it('redirects 302 to /signin', async () => {
    const t = makeTestApp();
    const r = await agent(t).rest('GET', '/api/login');
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/signin');
  });
});
