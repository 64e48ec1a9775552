import { describe, expect, it } from 'vitest';
import { agent, makeTestApp } from '../setup/app';
import { registered, signIn } from '../setup/transport';

/*
 * Password checks run concurrently (a tRPC batch, parallel requests): each attempt is counted
 * before its password is checked, so no burst gets more than the limit of guesses (10 in 15 minutes).
 */

describe('tRPC: a batch of sign-in guesses', () => {
  it('checks at most 10 passwords of one account; the rest are refused with 429', async () => {
    const t = makeTestApp();
    const u = await registered(t);
    const calls = 30;
    const paths = Array.from({ length: calls }, () => 'auth.login').join(',');
    const input = Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { email: u.email, password: `wrong-guess-${i}` }]));
    const r = await agent(t).rest('POST', `/trpc/${paths}?batch=1`, input, { 'content-type': 'application/json' });
    const codes = (r.body as { error: { data: { code: string } } }[]).map((e) => e.error.data.code);
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(10);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(20);
    // The account's budget is spent for this window (locking its owner out is the next thing to fix).
    expect((await agent(t).rest('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(429);
  });
});

describe('REST: parallel sign-in guesses', () => {
  it('check at most 10 passwords, and a right password in the burst does not count as a failure', async () => {
    const t = makeTestApp();
    const u = await registered(t);
    const guesses = Array.from({ length: 40 }, (_, i) => agent(t).rest('POST', '/api/auth/login', { email: u.email, password: `wrong-guess-${i}` }));
    const statuses = (await Promise.all(guesses)).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });

  it('a successful sign-in leaves the address’s count where it was', async () => {
    const t = makeTestApp();
    const u = await registered(t);
    for (let i = 0; i < 12; i += 1) await signIn(t, u.email, u.password);
  });
});

describe('tRPC: parallel guesses of the current password', () => {
  it('check at most 10 of them', async () => {
    const t = makeTestApp();
    const { a } = await (async () => {
      const u = await registered(t);
      return { a: await signIn(t, u.email, u.password) };
    })();
    const tries = Array.from({ length: 25 }, (_, i) => a.mutate('auth.changePassword', { currentPassword: `wrong-${i}`, newPassword: 'Another#Pass2026' }));
    const statuses = (await Promise.all(tries)).map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});
