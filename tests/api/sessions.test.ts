import { describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, makeUser } from '../factories';
import { agent, makeTestApp, type TestApp } from '../setup/app';

async function device(t: TestApp, email: string, userAgent: string) {
  const a = agent(t);
  const r = await a.rest('POST', '/api/auth/login', { email, password: FACTORY_PASSWORD }, { 'user-agent': userAgent });
  expect(r.status).toBe(200);
  return a;
}

describe('tRPC: auth.sessions / auth.revokeSession / auth.revokeOtherSessions', () => {
  it('lists only the caller’s devices, marking the current one; never a usable token', async () => {
    const t = makeTestApp();
    const u = await makeUser(t.db);
    const other = await makeUser(t.db);
    const phone = await device(t, u.email, 'Phone');
    await device(t, u.email, 'Laptop');
    await device(t, other.email, 'Elsewhere');
    const { data } = await phone.query('auth.sessions');
    expect(data.map((s: { userAgent: string }) => s.userAgent).sort()).toEqual(['Laptop', 'Phone']);
    expect(data.filter((s: { current: boolean }) => s.current).map((s: { userAgent: string }) => s.userAgent)).toEqual(['Phone']);
    const token = phone.cookie!.split('=')[1]!;
    expect(JSON.stringify(data)).not.toContain(token);
  });

  it('describes each device in words (browser, system, kind) from its user agent, and an unreadable one as unknown', async () => {
    const t = makeTestApp();
    const u = await makeUser(t.db);
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const a = await device(t, u.email, chrome);
    await device(t, u.email, iphone);
    await device(t, u.email, 'curl/8.0');
    const { data } = await a.query('auth.sessions');
    const byAgent = Object.fromEntries(data.map((s: { userAgent: string; device: unknown }) => [s.userAgent, s.device]));
    expect(byAgent[chrome]).toEqual({ browser: 'Chrome', os: 'Linux', kind: 'desktop' });
    expect(byAgent[iphone]).toEqual({ browser: 'Safari', os: 'iOS', kind: 'mobile' });
    expect(byAgent['curl/8.0']).toEqual({ browser: null, os: null, kind: null });
  });

  it('signs out the other devices and keeps this one', async () => {
    const t = makeTestApp();
    const u = await makeUser(t.db);
    const phone = await device(t, u.email, 'Phone');
    const laptop = await device(t, u.email, 'Laptop');
    const r = await phone.mutate('auth.revokeOtherSessions');
    expect(r.data).toEqual({ ended: 1 });
    expect((await laptop.query('auth.me')).data).toBeNull();
    expect((await phone.query('auth.me')).data.id).toBe(u.id);
  });

  it('ends one chosen device; another user’s session id is not found and survives', async () => {
    const t = makeTestApp();
    const u = await makeUser(t.db);
    const other = await makeUser(t.db);
    const phone = await device(t, u.email, 'Phone');
    const laptop = await device(t, u.email, 'Laptop');
    const stranger = await device(t, other.email, 'Stranger');
    const mine = (await phone.query('auth.sessions')).data as { id: string; current: boolean }[];
    const laptopId = mine.find((s) => !s.current)!.id;
    const theirs = ((await stranger.query('auth.sessions')).data as { id: string }[])[0]!.id;

    const refused = await phone.mutate('auth.revokeSession', { id: theirs });
    expect(refused.status).toBe(404);
    expect((await stranger.query('auth.me')).data.id).toBe(other.id);

    const self = await phone.mutate('auth.revokeSession', { id: mine.find((s) => s.current)!.id });
    expect(self.status).toBe(400);

    expect((await phone.mutate('auth.revokeSession', { id: laptopId })).status).toBe(200);
    expect((await laptop.query('auth.me')).data).toBeNull();
    expect((await phone.mutate('auth.revokeSession', { id: 'not-a-session' })).status).toBe(400);
  });

  it('refuses anonymous callers', async () => {
    const t = makeTestApp();
    const a = agent(t);
    expect((await a.query('auth.sessions')).status).toBe(401);
    expect((await a.mutate('auth.revokeOtherSessions')).status).toBe(401);
    expect((await a.mutate('auth.revokeSession', { id: 'a'.repeat(64) })).status).toBe(401);
  });
});
