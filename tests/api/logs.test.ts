import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, makeTestApp, newUser } from '../setup/app';
import { startSmtp, tokenOf } from '../setup/smtp';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

describe('logs (REST and tRPC)', () => {
  it('never contain a password, a session token or an email token', async () => {
    const t = makeTestApp({ smtpUrl: smtp.url });
    const a = agent(t);
    const u = newUser({ password: 'Log-Secret#4711', confirmPassword: 'Log-Secret#4711' });
    const v = newUser({ password: 'Trpc-Secret#0815', confirmPassword: 'Trpc-Secret#0815' });

    expect((await a.rest('POST', '/api/auth/register', u)).status).toBe(201);
    expect((await a.mutate('auth.register', v)).status).toBe(200);
    const verifyToken = tokenOf((await smtp.lastTo(u.email)).link)!;
    const verifyToken2 = tokenOf((await smtp.lastTo(v.email)).link)!;

    // A failed sign-in, then real ones over both transports.
    expect((await a.rest('POST', '/api/auth/login', { email: u.email, password: 'Wrong-Secret#999' })).status).toBe(401);
    expect((await a.rest('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
    const restSession = a.cookie!.split('=')[1]!;
    expect((await a.mutate('auth.login', { email: v.email, password: v.password })).status).toBe(200);
    const trpcSession = a.cookie!.split('=')[1]!;
    expect((await a.query('auth.me')).data.email).toBe(v.email);

    // Tokens in bodies and in query strings.
    await a.rest('POST', '/api/auth/verify-email', { token: verifyToken });
    await a.query('auth.me', { token: verifyToken2 });
    await a.rest('POST', '/api/auth/forgot-password', { email: u.email });
    const resetToken = tokenOf((await smtp.lastTo(u.email)).link)!;
    await a.rest('GET', `/api/auth/user?token=${resetToken}`);

    const secrets = [u.password, v.password, 'Wrong-Secret#999', restSession, trpcSession, verifyToken, verifyToken2, resetToken];
    expect(t.logLines.length).toBeGreaterThan(5); // requests are logged at all
    for (const line of t.logLines) for (const s of secrets) expect(line).not.toContain(s);
    // Paths are logged, query strings are not.
    expect(t.logLines.some((l) => l.includes('"path":"/api/auth/user"'))).toBe(true);
  });
});
