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
