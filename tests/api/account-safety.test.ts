import { describe, expect, it } from 'vitest';
import { requestPasswordReset } from '../../src/server/services/auth';
import { makeUser, FACTORY_PASSWORD } from '../factories';
import { agent, makeTestApp } from '../setup/app';
import { as } from '../setup/communities';
import { whoAmI, withCookie } from '../setup/transport';

describe('tRPC: admin.updateUser changing an email', () => {
  it('ends the user’s sessions and voids the links mailed to the old address', async () => {
    const t = makeTestApp();
    const staff = await makeUser(t.db, { role: 'admin' });
    const user = await makeUser(t.db, { email: 'old.address@example.org' });
    const a = await as(t, user);
    const { token } = requestPasswordReset(t.db, { email: 'old.address@example.org', now: t.clock.now() })!;
    const s = await as(t, staff);
    expect((await s.mutate('admin.updateUser', { id: user.id, email: 'new.address@example.org' })).status).toBe(200);
    expect(await whoAmI(withCookie(t, a.cookie))).toBeNull();
    const reset = await agent(t).rest('POST', '/api/auth/reset-password', { token, password: 'Another#Pass2026' });
    expect(reset.status).toBe(401);
    // The old password still opens the account at its new address.
    expect((await agent(t).rest('POST', '/api/auth/login', { email: 'new.address@example.org', password: FACTORY_PASSWORD })).status).toBe(200);
  });
});

describe('REST: the session cookie over https', () => {
  it('carries the __Host- prefix, Secure and Path=/, and a cookie without the prefix is not a session', async () => {
    const t = makeTestApp({ env: { APP_URL: 'https://harambee.example.org' } });
    const user = await makeUser(t.db, {});
    const r = await agent(t).rest('POST', '/api/auth/login', { email: user.email, password: FACTORY_PASSWORD }, { origin: 'https://harambee.example.org' });
    expect(r.status).toBe(200);
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith('__Host-harambee_session='))!;
    expect(cookie).toMatch(/^__Host-harambee_session=[a-z2-7]{32}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    const pair = cookie.split(';')[0]!;
    expect((await withCookie(t, pair).rest('GET', '/api/auth/user')).status).toBe(200);
    expect((await withCookie(t, pair.replace('__Host-', '')).rest('GET', '/api/auth/user')).status).toBe(401);
  });
});
