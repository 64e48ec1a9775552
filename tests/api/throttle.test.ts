import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, deviceCookieValue } from '../../src/server/auth/known-device';
import { totpCode, totpStep } from '../../src/server/auth/second-factor';
import { FACTORY_PASSWORD, FACTORY_TOTP_KEY, makeUser } from '../factories';
import { agent, makeTestApp, PASSWORD, type TestApp } from '../setup/app';
import { C, generalOf } from '../setup/chat';
import { documentWorld, sendForm, text } from '../setup/documents';
import { D, newTopic } from '../setup/discussions';
import { I } from '../setup/invitations';
import { SECOND_FACTOR } from '../setup/second-factor';
import { startSmtp } from '../setup/smtp';
import { OPS, registered, type Outcome, type Transport, transportsFor, REST, TRANSPORTS } from '../setup/transport';
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
  it('slows the account, tells its owner once, and past 50 failures spaces its attempts a minute apart for a day', async () => {
    const smtp = await startSmtp();
    try {
      const t = makeTestApp({ env: { TRUST_PROXY: 'true' }, smtpUrl: smtp.url });
      const u = await registered(t);
      const from = (i: number, password: string) => agent(t).rest('POST', '/api/auth/login', { email: u.email, password }, { 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${i % 250}` });
      // At once, as a botnet would: every guess is counted before its check, so the pauses still apply.
      const guesses = await Promise.all(Array.from({ length: 50 }, (_, i) => from(i + 1, 'Wrong-password-1')));
      expect(guesses.map((g) => g.status)).toEqual(Array(50).fill(401));
      // Past ten failures each attempt waits a little longer before its check (250 ms more each, at
      // most 3 s: the waits asked for are recorded); past fifty, one a minute.
      expect([...t.pauses].sort((a, b) => a - b)).toEqual(Array.from({ length: 39 }, (_, i) => Math.min((i + 1) * 250, 3000)));
      t.pauses.length = 0;
      expect((await from(100, 'Wrong-password-2')).status).toBe(401);
      expect(t.pauses).toEqual([3000]);
      const waiting = await from(101, PASSWORD);
      expect(waiting.status).toBe(429);
      expect(Number(waiting.headers.get('retry-after'))).toBe(60);
      t.clock.advance(60_000);
      expect((await from(102, PASSWORD)).status).toBe(200);
      // The owner's sign-in does not lift it: the next guess, within the minute, waits.
      expect((await from(103, 'Wrong-password-3')).status).toBe(429);
      // A day later, the account is free again.
      t.clock.advance(24 * 60 * 60_000);
      expect((await from(104, PASSWORD)).status).toBe(200);
      const told = () => smtp.messages.filter((m) => m.to.includes(u.email) && m.subject === 'Failed sign-ins on your account');
      for (let i = 0; i < 50 && told().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(told()).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  }, 40_000);
});

describe('REST: a besieged account and its owner\'s known browser', () => {
  const DAY = 24 * 60 * 60_000;
  async function besieged() {
    const t = makeTestApp({ env: { TRUST_PROXY: 'true' } });
    const u = await registered(t);
    const other = await registered(t);
    const at = (a: ReturnType<typeof agent>, ip: string, email: string, password: string) =>
      a.rest('POST', '/api/auth/login', { email, password }, { 'x-forwarded-for': ip });
    // The owner signed in from this browser once; so did another account from its own.
    const owner = agent(t);
    expect((await at(owner, '192.0.2.10', u.email, PASSWORD)).status).toBe(200);
    expect(owner.others.get(DEVICE_COOKIE)).toMatch(/^harambee_device=/);
    const neighbour = agent(t);
    expect((await at(neighbour, '192.0.2.11', other.email, PASSWORD)).status).toBe(200);
    // 50 failures from 50 addresses at once, then one more guess that takes the minute's attempt.
    const bot = (i: number) => at(agent(t), `198.51.${Math.floor(i / 250)}.${i % 250}`, u.email, 'Wrong-password-1');
    expect((await Promise.all(Array.from({ length: 50 }, (_, i) => bot(i + 1)))).map((g) => g.status)).toEqual(Array(50).fill(401));
    expect((await bot(60)).status).toBe(401);
    return { t, u, other, owner, neighbour, at };
  }

  it('sets a long-lived, HttpOnly, SameSite=Lax device cookie (Secure and __Host- over https) on a sign-in', async () => {
    const t = makeTestApp({ env: { APP_URL: 'https://harambee.example' } });
    const u = await registered(t);
    const r = await agent(t).rest('POST', '/api/auth/login', { email: u.email, password: PASSWORD });
    const set = r.headers.getSetCookie().find((c) => c.startsWith(`__Host-${DEVICE_COOKIE}=`));
    expect(set).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=7776000; Secure$/);
    // A wrong password sets none.
    const wrong = await agent(t).rest('POST', '/api/auth/login', { email: u.email, password: 'Wrong-password-1' });
    expect(wrong.headers.getSetCookie().some((c) => c.includes(DEVICE_COOKIE))).toBe(false);
  });

  it('the owner\'s browser signs in at once past the ceiling; any other waits (429); its failures still count', async () => {
    const { t, u, owner, at } = await besieged();
    t.pauses.length = 0;
    expect((await at(owner, '203.0.113.5', u.email, PASSWORD)).status).toBe(200);
    expect(t.pauses).toEqual([]); // no account-wide pause either
    // Without the cookie, from anywhere: the minute's attempt is taken.
    const stranger = await at(agent(t), '203.0.113.6', u.email, PASSWORD);
    expect(stranger.status).toBe(429);
    // The per-(email, address) limit still applies to the known browser: 10 wrong, then 429.
    for (let i = 0; i < 10; i++) expect((await at(owner, '203.0.113.5', u.email, 'Wrong-password-2')).status).toBe(401);
    expect((await at(owner, '203.0.113.5', u.email, PASSWORD)).status).toBe(429);
    expect((await at(owner, '203.0.113.7', u.email, PASSWORD)).status).toBe(200);
  }, 40_000);

  it('a forged, altered or expired cookie, or one of another account, gets no exemption', async () => {
    const { t, u, other, owner, neighbour, at } = await besieged();
    const tryWith = async (value: string) => {
      const a = agent(t);
      a.others.set(DEVICE_COOKIE, `${DEVICE_COOKIE}=${value}`);
      return (await at(a, '203.0.113.8', u.email, PASSWORD)).status;
    };
    const real = owner.others.get(DEVICE_COOKIE)!.slice(DEVICE_COOKIE.length + 1);
    expect(await tryWith(`${Date.now().toString(36)}.${'A'.repeat(43)}`)).toBe(429);
    expect(await tryWith(`${(t.clock.now() + 1).toString(36)}.${real.split('.')[1]}`)).toBe(429);
    expect(await tryWith(deviceCookieValue(u.id, t.clock.now() - 91 * DAY))).toBe(429);
    expect(await tryWith(deviceCookieValue(other.id, t.clock.now()))).toBe(429);
    expect((await at(neighbour, '203.0.113.9', u.email, PASSWORD)).status).toBe(429);
    // The genuine one, within its 90 days, still works.
    expect(await tryWith(deviceCookieValue(u.id, t.clock.now() - 89 * DAY))).toBe(200);
  }, 40_000);
});

/*
 * Every refusal for going too fast or too often (429) says when to try again, in whole seconds,
 * on both transports. The walk reaches each limit of the app once; a limit added without a case
 * here fails the first test (it looks for the files that throw 'too-many'). The chat socket's
 * refused upgrade (one socket too many, 429) is no operation: tests/api/chat-ws.test.ts checks its
 * Retry-After.
 */
const LIMITED_FILES = [
  'src/server/auth/sign-in.ts',
  'src/server/auth/account-mail.ts',
  'src/server/operations/second-factor.ts',
  'src/server/services/chat/messages.ts',
  'src/server/services/community-writes.ts',
  'src/server/services/invitations/send.ts',
  'src/server/services/invitations/limits.ts',
  'src/server/services/write-limits.ts',
  'src/server/uploads/allowance.ts',
];

function filesThrowingTooMany(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesThrowingTooMany(path));
    else if (entry.name.endsWith('.ts') && /\btooMany\(/.test(readFileSync(path, 'utf8')) && !path.endsWith('services/errors.ts')) out.push(path);
  }
  return out;
}

describe('every 429 carries Retry-After', () => {
  it('the walk below covers every file that refuses with too-many', () => {
    expect(filesThrowingTooMany('src/server').sort()).toEqual([...LIMITED_FILES].sort());
  });

  for (const T of TRANSPORTS) {
    it(`${T.name}: sign-in, password change, account mail, second factor, chat, join requests, invitations (a community's and a sender's), members' writes${T.name === 'REST' ? ', uploads' : ''}`, async () => {
      const w = await documentWorld({ UPLOAD_RATE_MAX: '1' });
      const { t, users, agents } = w;
      const refusals: [string, Outcome | { status: number; headers: Headers }][] = [];
      const until429 = async (what: string, call: () => Promise<Outcome | { status: number; headers: Headers }>, max: number) => {
        for (let i = 0; i < max; i++) {
          const r = await call();
          if (r.status === 429) return void refusals.push([what, r]);
        }
        refusals.push([what, { status: 0, headers: new Headers() }]);
      };

      // The second factor's codes (before the sign-ins below use up this address).
      const staffish = await makeUser(t.db, {}, { secondFactor: true });
      const a = agent(t);
      const step = await a.rest('POST', '/api/auth/login', { email: staffish.email, password: FACTORY_PASSWORD });
      const bad = totpCode(FACTORY_TOTP_KEY, totpStep(t.clock.now()) + 4);
      await until429('second factor', () => T.call(a, SECOND_FACTOR.signIn, { challenge: step.body.challenge, code: bad }), 8);

      await until429('password change', () => T.call(agents.amara, OPS.changePassword, { currentPassword: 'Wrong-guess-1', newPassword: 'A-new-password-2026' }), 12);
      await until429('account mail', () => T.call(agent(t), OPS.forgotPassword, { email: users.bih.email }), 12);
      const general = generalOf(t, w.community.id);
      await until429('chat', () => T.call(agents.bih, C.send, { conversationId: general, body: 'hello' }), 22);
      const priv = w.privateCommunity.id;
      expect((await T.call(agents.outsider, OPS.joinCommunity, { communityId: priv })).data.status).toBe('pending');
      expect((await T.call(agents.outsider, OPS.withdrawRequest, { communityId: priv })).status).toBe(200);
      await until429('join request', () => T.call(agents.outsider, OPS.joinCommunity, { communityId: priv }), 1);
      const emails = (from: number) => Array.from({ length: 50 }, (_, i) => `walk.${T.name}.${from + i}@example.org`);
      let sent = 0;
      await until429('invitations', () => T.call(agents.host, I.send, { communityId: w.community.id, emails: emails((sent += 50)) }), 3);
      // The sender's 100 a day across communities: the host's other community has sent none.
      await until429('invitations per sender', () => T.call(agents.host, I.send, { communityId: w.privateCommunity.id, emails: emails((sent += 50)) }), 1);
      // Members' writes (write-limits.ts): ten new topics in ten minutes.
      await until429('discussion topics', () => T.call(agents.bih, D.create, newTopic(w.community.id)), 11);
      if (T.name === 'REST') {
        const upload = () => sendForm(t, '/api/chat/files', { cookie: agents.treasurer.cookie, file: { bytes: text('Minutes\n'), name: 'minutes.txt', type: 'text/plain' } });
        await until429('uploads', upload, 2);
      }
      await until429('sign-in', () => T.call(agent(t), OPS.login, { email: users.host.email, password: 'Wrong-password-1' }), 11);

      for (const [what, r] of refusals) {
        expect([what, r.status]).toEqual([what, 429]);
        expect([what, r.headers.get('retry-after')]).toEqual([what, expect.stringMatching(/^[1-9]\d*$/)]);
      }
      expect(refusals.map(([what]) => what)).toHaveLength(T.name === 'REST' ? 10 : 9);
    }, 60_000);
  }
});
