import { describe, expect, it } from 'vitest';
import { agent, makeTestApp, PASSWORD, type TestApp } from '../setup/app';
import { startSmtp } from '../setup/smtp';
import { OPS, registered, type Transport, transportsFor, REST } from '../setup/transport';
import { expectError } from '../setup/errors';

const MIN = 60 * 1000;

async function failTimes(t: TestApp, tr: Transport, n: number, email: (i: number) => string) {
  for (let i = 0; i < n; i++) {
    const r = await tr.call(agent(t), OPS.login, { email: email(i), password: 'Wrong-password-1' });
    expect(r.status).toBe(401);
  }
}

for (const tr of transportsFor(REST)) {
  describe(`${tr.title(OPS.login)} throttling`, () => {
    it('blocks an email from the address that failed 10 times, even with the right password, with 429 and Retry-After', async () => {
      const t = makeTestApp();
      const u = await registered(t);
      await failTimes(t, tr, 10, () => u.email);
      const a = agent(t);
      const r = await tr.call(a, OPS.login, { email: u.email, password: PASSWORD });
      expect(r.status).toBe(429);
      expect(r.error?.code).toBe('TOO_MANY_REQUESTS');
      expectError(r, 'TOO_MANY_REQUESTS', 'errors.tooManySignIns', { count: 15 });
      expect(Number(r.headers.get('retry-after'))).toBe(15 * 60);
      expect(a.cookie).toBeNull();
    });

    it('lets the email in again once 15 minutes have passed', async () => {
      const t = makeTestApp();
      const u = await registered(t);
      await failTimes(t, tr, 10, () => u.email);
      t.clock.advance(10 * MIN);
      const still = await tr.call(agent(t), OPS.login, { email: u.email, password: PASSWORD });
      expect(still.status).toBe(429);
      expect(Number(still.headers.get('retry-after'))).toBe(5 * 60);
      t.clock.advance(5 * MIN);
      const r = await tr.call(agent(t), OPS.login, { email: u.email, password: PASSWORD });
      expect(r.status).toBe(200);
      expect(r.data.email).toBe(u.email);
    });

    it('counts the email however it is typed', async () => {
      const t = makeTestApp();
      const u = await registered(t);
      await failTimes(t, tr, 10, (i) => (i % 2 ? u.email.toUpperCase() : ` ${u.email} `));
      expect((await tr.call(agent(t), OPS.login, { email: u.email, password: PASSWORD })).status).toBe(429);
    });

    it('forgets the email\'s failures after a successful sign-in', async () => {
      // Each attempt from its own address, so only the email's count matters.
      const t = makeTestApp({ env: { TRUST_PROXY: 'true' } });
      const u = await registered(t);
      let ip = 0;
      const login = (password: string) =>
        tr.call(agent(t), OPS.login, { email: u.email, password }, { 'x-forwarded-for': `198.51.100.${++ip}` });
      for (let i = 0; i < 9; i++) expect((await login('Wrong-password-1')).status).toBe(401);
      expect((await login(PASSWORD)).status).toBe(200);
      expect((await login('Wrong-password-1')).status).toBe(401);
      expect((await login(PASSWORD)).status).toBe(200);
    });

    it("a stranger's wrong passwords from one address do not lock the owner out from another", async () => {
      const t = makeTestApp({ env: { TRUST_PROXY: 'true' } });
      const u = await registered(t);
      const from = (ip: string, password: string) => tr.call(agent(t), OPS.login, { email: u.email, password }, { 'x-forwarded-for': ip });
      for (let i = 0; i < 10; i++) expect((await from('203.0.113.9', 'Wrong-password-1')).status).toBe(401);
      for (let i = 0; i < 15; i++) expect((await from('203.0.113.9', 'Wrong-password-1')).status).toBe(429);
      // The owner, elsewhere, signs in (slowed a little while the account is under attack).
      const owner = await from('198.51.100.7', PASSWORD);
      expect(owner.status).toBe(200);
      expect(owner.data.email).toBe(u.email);
    });

    it('blocks one IP after 10 failures over different emails (app.request shares the IP "local")', async () => {
      const t = makeTestApp();
      const u = await registered(t);
      await failTimes(t, tr, 10, (i) => `stranger${i}@example.org`);
      const r = await tr.call(agent(t), OPS.login, { email: u.email, password: PASSWORD });
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      t.clock.advance(15 * MIN);
      expect((await tr.call(agent(t), OPS.login, { email: u.email, password: PASSWORD })).status).toBe(200);
    });

    it('does not throttle invalid input (it never reaches the password check)', async () => {
      const t = makeTestApp();
      const u = await registered(t);
      for (let i = 0; i < 12; i++) expect((await tr.call(agent(t), OPS.login, { email: '', password: '' })).status).toBe(400);
      expect((await tr.call(agent(t), OPS.login, { email: u.email, password: PASSWORD })).status).toBe(200);
    });
  });
}

describe('REST: POST /api/auth/login throttling behind a trusted proxy', () => {
  it('counts per X-Forwarded-For address when TRUST_PROXY is on', async () => {
    const t = makeTestApp({ env: { TRUST_PROXY: 'true' } });
    const u = await registered(t);
    for (let i = 0; i < 10; i++) {
      await agent(t).rest('POST', '/api/auth/login', { email: `s${i}@example.org`, password: 'nope-nope' }, { 'x-forwarded-for': '203.0.113.9' });
    }
    const blocked = await agent(t).rest('POST', '/api/auth/login', { email: u.email, password: PASSWORD }, { 'x-forwarded-for': '203.0.113.9' });
    expect(blocked.status).toBe(429);
    const other = await agent(t).rest('POST', '/api/auth/login', { email: u.email, password: PASSWORD }, { 'x-forwarded-for': '198.51.100.7' });
    expect(other.status).toBe(200);
  });

  it('takes the address the proxy appended, not one the client put before it', async () => {
    const t = makeTestApp({ env: { TRUST_PROXY: 'true' } });
    const u = await registered(t);
    for (let i = 0; i < 10; i++) {
      // A client forging a fresh address each time: the proxy appends the real one.
      await agent(t).rest('POST', '/api/auth/login', { email: `s${i}@example.org`, password: 'nope-nope' }, { 'x-forwarded-for': `10.0.0.${i}, 203.0.113.9` });
    }
    const blocked = await agent(t).rest('POST', '/api/auth/login', { email: u.email, password: PASSWORD }, { 'x-forwarded-for': '192.0.2.1,203.0.113.9' });
    expect(blocked.status).toBe(429);
  });
});

describe('REST: POST /api/auth/login guessed from many addresses', () => {
  it('slows the account instead of locking it, and tells its owner once', async () => {
    const smtp = await startSmtp();
    try {
      const t = makeTestApp({ env: { TRUST_PROXY: 'true' }, smtpUrl: smtp.url });
      const u = await registered(t);
      const from = (i: number, password: string) => agent(t).rest('POST', '/api/auth/login', { email: u.email, password }, { 'x-forwarded-for': `198.51.100.${i}` });
      // At once, as a botnet would: every guess is counted before its check, so the pauses still apply.
      const guesses = await Promise.all(Array.from({ length: 24 }, (_, i) => from(i + 1, 'Wrong-password-1')));
      expect(guesses.map((g) => g.status)).toEqual(Array(24).fill(401));
      // Past ten failures each attempt waits a little longer before its check.
      const started = Date.now();
      expect((await from(100, PASSWORD)).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
      const told = () => smtp.messages.filter((m) => m.to.includes(u.email) && m.subject === 'Failed sign-ins on your account');
      for (let i = 0; i < 50 && told().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(told()).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  }, 30_000);
});
