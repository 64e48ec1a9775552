import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/crypto';
import { makeUser } from '../factories';
import { makeTestApp, newUser, type TestApp } from '../setup/app';
import { startSmtp, tokenOf } from '../setup/smtp';
import { codeAt } from '../setup/second-factor';

/*
 * Logs: one JSON line per request with a request id (the same id as the X-Request-Id
 * header), and no secret of any kind in any line across the flows that handle them: sign-up,
 * sign-in, password change, reset by emailed link, and a staff temporary-password reset.
 */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

type Sent = { method: string; path: string; status: number; requestId: string | null };

/** A bare client that keeps its own cookies and remembers every request it made, to match against the log. */
function client(t: TestApp, sent: Sent[], cookies: string[]) {
  const jar = new Map<string, string>();
  async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await t.app.request(url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(jar.size ? { cookie: [...jar.values()].join('; ') } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value) cookies.push(value);
      // The session's and the known device's (auth/known-device.ts), by name.
      const name = pair.slice(0, pair.indexOf('='));
      if (value) jar.set(name, pair);
      else jar.delete(name);
    }
    sent.push({ method, path: new URL(url, 'http://localhost').pathname, status: res.status, requestId: res.headers.get('x-request-id') });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON (a 404 outside the API): keep the text */
    }
    return { status: res.status, body: parsed };
  }
  return { call };
}

describe('request logs', () => {
  it('one structured JSON line per request, with the requestId that X-Request-Id echoes', async () => {
    const t = makeTestApp();
    const sent: Sent[] = [];
    const a = client(t, sent, []);
    await a.call('GET', '/api/communities/all');
    await a.call('GET', '/trpc/site.config');
    await a.call('POST', '/api/auth/login', { email: 'nobody@example.org', password: 'Wrong#12345' });
    await a.call('POST', '/trpc/auth.login', '{');
    await a.call('GET', '/api/nope');
    await a.call('POST', '/api/communities', {}, { origin: 'https://evil.example' });
    await a.call('GET', '/uploads/missing.webp');

    const lines = t.logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const line of lines) {
      expect(typeof line.time).toBe('string');
      expect(typeof line.level).toBe('string');
      expect(typeof line.msg).toBe('string');
    }
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(sent.length);
    const ids = sent.map((s) => s.requestId);
    expect(new Set(ids).size, JSON.stringify(sent)).toBe(sent.length);
    for (const s of sent) {
      expect(s.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-z]+$/);
      const logged = requests.find((l) => l.requestId === s.requestId);
      expect(logged, `${s.method} ${s.path}`).toMatchObject({ method: s.method, path: s.path, status: s.status, level: 'info' });
      expect(typeof logged!.ms).toBe('number');
    }
  });

  it('never hold a password, a token, a session id, a cookie value or a temporary password; query strings are not logged', async () => {
    const t = makeTestApp({ smtpUrl: smtp.url });
    const sent: Sent[] = [];
    const cookies: string[] = [];
    const secrets = new Set<string>();
    const sessionIds = () => (t.db.$client.prepare('SELECT id FROM sessions').pluck().all() as string[]).forEach((id) => secrets.add(id));
    const tokenIds = () => (t.db.$client.prepare('SELECT id FROM email_tokens').pluck().all() as string[]).forEach((id) => secrets.add(id));

    // Sign-up over REST and tRPC; the verification links' tokens.
    const u = newUser({ password: 'Log-Secret#1111', confirmPassword: 'Log-Secret#1111' });
    const v = newUser({ password: 'Log-Secret#2222', confirmPassword: 'Log-Secret#2222' });
    const a = client(t, sent, cookies);
    expect((await a.call('POST', '/api/auth/register', u)).status).toBe(201);
    expect((await a.call('POST', '/trpc/auth.register', v)).status).toBe(200);
    const verifyU = tokenOf((await smtp.lastTo(u.email)).link)!;
    const verifyV = tokenOf((await smtp.lastTo(v.email)).link)!;
    tokenIds();
    expect((await a.call('POST', '/api/auth/verify-email', { token: verifyU })).status).toBe(200);
    expect((await a.call('POST', '/trpc/auth.verifyEmail', { token: verifyV })).status).toBe(200);

    // Sign-in: a wrong password, then the right ones over both transports.
    expect((await a.call('POST', '/api/auth/login', { email: u.email, password: 'Wrong-Secret#3333' })).status).toBe(401);
    expect((await a.call('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
    const b = client(t, sent, cookies);
    expect((await b.call('POST', '/trpc/auth.login', { email: v.email, password: v.password })).status).toBe(200);
    sessionIds();

    // Change password (REST), with a wrong current password first.
    expect((await a.call('POST', '/api/auth/change-password', { currentPassword: 'Wrong-Secret#4444', newPassword: 'Log-Secret#5555' })).status).toBe(400);
    expect((await a.call('POST', '/api/auth/change-password', { currentPassword: u.password, newPassword: 'Log-Secret#5555' })).status).toBe(200);
    sessionIds();

    // Reset by emailed link (tRPC).
    expect((await b.call('POST', '/api/auth/forgot-password', { email: v.email })).status).toBe(200);
    const reset = tokenOf((await smtp.nextTo(v.email, 0, '/reset-password')).link)!;
    tokenIds();
    expect((await b.call('POST', '/trpc/auth.resetPassword', { token: reset, password: 'Log-Secret#6666' })).status).toBe(200);
    expect((await b.call('POST', '/trpc/auth.resetPassword', { token: reset, password: 'Log-Secret#6666' })).status).toBe(401);

    // A staff temporary-password reset, the sign-in with it, and the forced change.
    const boss = await makeUser(t.db, { role: 'superadmin' });
    const staff = client(t, sent, cookies);
    const first = await staff.call('POST', '/api/auth/admin/login', { email: boss.email, password: 'Harambee#2026' });
    expect(first.status).toBe(200);
    // The second step: neither its challenge nor the code may reach the logs.
    const challenge = first.body.challenge as string;
    const code = codeAt(t);
    expect((await staff.call('POST', '/api/auth/second-factor', { challenge, code })).status).toBe(200);
    secrets.add(challenge).add(hashToken(challenge)).add(code);
    sessionIds();
    const target = await makeUser(t.db);
    const temp = await staff.call('POST', `/api/admin/users/${target.id}/reset-password`);
    expect(temp.status).toBe(200);
    const tempPassword = temp.body.tempPassword as string;
    expect(tempPassword).toBeTruthy();
    const c = client(t, sent, cookies);
    expect((await c.call('POST', '/api/auth/login', { email: target.email, password: tempPassword })).status).toBe(200);
    sessionIds();
    expect((await c.call('POST', '/trpc/auth.changePassword', { currentPassword: tempPassword, newPassword: 'Log-Secret#7777' })).status).toBe(200);
    sessionIds();

    // Secrets in query strings, on REST, tRPC and unknown paths.
    const inQuery = 'QuerySecret9f8e7d6c';
    await a.call('GET', `/api/auth/user?token=${inQuery}&password=${inQuery}`);
    await a.call('GET', `/trpc/auth.me?input=${encodeURIComponent(JSON.stringify({ token: inQuery }))}`);
    await a.call('GET', `/api/communities/all?search=${inQuery}`);
    await a.call('GET', `/api/no-such-path?reset=${inQuery}`);
    await a.call('GET', `/reset-password?token=${reset}`);

    for (const p of [u.password, v.password, 'Wrong-Secret#3333', 'Wrong-Secret#4444', 'Log-Secret#5555', 'Log-Secret#6666', 'Log-Secret#7777']) secrets.add(p);
    for (const tok of [verifyU, verifyV, reset, tempPassword, inQuery]) secrets.add(tok).add(hashToken(tok));
    for (const ck of cookies) secrets.add(ck).add(hashToken(ck));
    for (const h of t.db.$client.prepare('SELECT password_hash FROM users').pluck().all() as string[]) secrets.add(h);
    expect(cookies.length).toBeGreaterThanOrEqual(5);

    const log = t.logLines.join('\n');
    expect(t.logLines.length).toBeGreaterThanOrEqual(sent.length);
    for (const s of secrets) {
      expect(log, 'a secret in the log').not.toContain(s);
      expect(log, 'a URL-encoded secret in the log').not.toContain(encodeURIComponent(s));
    }
    // The path is logged, never the query string.
    const requests = t.logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    for (const r of requests) expect(r.path, r.path).not.toContain('?');
    expect(requests.some((r) => r.path === '/api/auth/user')).toBe(true);
    expect(log).not.toMatch(/token=|password=|input=/i);
  });
  it('replace the token of a calendar feed and of an invitation (accept, report, its page) in the logged path with a placeholder', async () => {
    const t = makeTestApp();
    const sent: Sent[] = [];
    const a = client(t, sent, []);
    const token = 'PathSecret4b3a2c1d0e9f8a7b';
    await a.call('GET', `/api/calendar/${token}.ics`);
    await a.call('POST', `/api/invitations/${token}/accept`, {});
    await a.call('POST', `/api/invitations/${token}/report`, {});
    await a.call('GET', `/invite/${token}`);
    // An id is no secret: decline keeps it.
    await a.call('POST', '/api/invitations/42/decline', {});
    const paths = t.logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request').map((l) => l.path);
    // Every route with a token in its path (other links carry theirs in the query string, never logged).
    expect(paths).toEqual(['/api/calendar/:token.ics', '/api/invitations/:token/accept', '/api/invitations/:token/report', '/invite/:token', '/api/invitations/42/decline']);
    expect(t.logLines.join('\n')).not.toContain(token);
  });
});
