import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/trpc/root';
import { as } from '../setup/communities';
import { agent, makeTestApp, type Agent, type TestApp } from '../setup/app';
import { ADMIN, asStaff, communityRow, dbSnapshot, settingsRow, staffCast, userByEmail, userRow, type StaffCast } from '../setup/admin';
import { REST, type Op, type Outcome, type Transport, transportsFor } from '../setup/transport';
import { codeAt, SECOND_FACTOR } from '../setup/second-factor';
import { expectError } from '../setup/errors';

/*
 * The staff role matrix: every admin procedure × {anonymous, user, admin, superadmin}.
 * MATRIX must name every procedure of appRouter.admin, so a new one cannot ship without a row.
 */
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
type Cast = StaffCast & { t: TestApp };
type Entry = {
  /** createAdmin and updateSettings: an admin is refused too. */
  superOnly?: boolean;
  /** The REST path, when the public API has one for this procedure. */
  rest?: Op;
  input?: (c: Cast) => unknown;
  /** What an allowed call answered or did. */
  ok: (c: Cast, r: Outcome, tr: Transport) => void;
};

const MATRIX: Record<string, Entry | 'public'> = {
  login: 'public',
  counts: { ok: (_, r) => expect(r.data).toEqual({ users: 4, communities: 1, events: 0 }) },
  userCount: { rest: ADMIN.userCount, ok: (_, r) => expect(r.data).toEqual({ count: 4 }) },
  communityCount: { rest: ADMIN.communityCount, ok: (_, r) => expect(r.data).toEqual({ count: 1 }) },
  users: {
    rest: ADMIN.users,
    input: () => ({ search: 'tunde' }),
    ok: (c, r, tr) => expect(tr.page(r).items.map((u) => u.id)).toEqual([c.target.id]),
  },
  user: { input: (c) => ({ id: c.target.id }), ok: (c, r) => expect(r.data).toMatchObject({ id: c.target.id, email: c.target.email }) },
  updateUser: {
    rest: ADMIN.updateUser,
    input: (c) => ({ id: c.target.id, lastName: 'Renamed' }),
    ok: (c, r) => {
      expect(r.data.lastName).toBe('Renamed');
      expect(userRow(c.t, c.target.id)!.last_name).toBe('Renamed');
    },
  },
  createAdmin: {
    superOnly: true,
    rest: ADMIN.createAdmin,
    input: () => ({ email: 'new.staff@example.org', password: 'Staff#Pass2026', firstName: 'New', lastName: 'Staff' }),
    ok: (c) => expect(userByEmail(c.t, 'new.staff@example.org')?.role).toBe('admin'),
  },
  resetPassword: {
    rest: ADMIN.resetPassword,
    input: (c) => ({ id: c.target.id }),
    ok: (c, r) => {
      expect(r.data.userEmail).toBe(c.target.email);
      expect(userRow(c.t, c.target.id)!.must_change_password).toBe(1);
    },
  },
  resetSecondFactor: {
    superOnly: true,
    rest: ADMIN.resetSecondFactor,
    // The target has a factor to turn off (second_factors is no part of the snapshot the refusals compare).
    input: (c) => {
      c.t.db.$client.prepare('INSERT OR IGNORE INTO second_factors (user_id, key, enabled_at, created_at) VALUES (?, ?, ?, ?)').run(c.target.id, 'JBSWY3DPEHPK3PXP', 1, 1);
      return { id: c.target.id };
    },
    ok: (c, r) => {
      expect(r.data).toMatchObject({ id: c.target.id, hasSecondFactor: false });
      expect(c.t.db.$client.prepare('SELECT count(*) FROM second_factors WHERE user_id = ?').pluck().get(c.target.id)).toBe(0);
    },
  },
  verifyUser: { input: (c) => ({ id: c.target.id }), ok: (c) => expect(userRow(c.t, c.target.id)!.is_email_verified).toBe(1) },
  sendResetEmail: {
    input: (c) => ({ id: c.target.id }),
    ok: (c, r) => {
      expect(r.data).toEqual({ sent: true, email: c.target.email });
      const tokens = c.t.db.$client.prepare(`SELECT count(*) FROM email_tokens WHERE user_id = ? AND purpose = 'reset-password'`).pluck().get(c.target.id);
      expect(tokens).toBe(1);
    },
  },
  communities: { input: () => ({}), ok: (c, r) => expect(r.data.items.map((x: { id: number }) => x.id)).toEqual([c.community.id]) },
  setCommunityHidden: {
    input: (c) => ({ id: c.community.id, hidden: true }),
    ok: (c) => expect(communityRow(c.t, c.community.id)!.is_hidden).toBe(1),
  },
  deleteCommunity: { input: (c) => ({ id: c.community.id }), ok: (c) => expect(communityRow(c.t, c.community.id)).toBeUndefined() },
  audit: { input: () => ({}), ok: (_, r) => expect(r.data).toEqual({ items: [], nextCursor: null }) },
  settings: { ok: (_, r) => expect(r.data).toMatchObject({ minPasswordLength: 8, version: VERSION }) },
  // The backup status (its states are tested in tests/api/backup-job.test.ts).
  backups: { ok: (_, r) => expect(r.data).toMatchObject({ enabled: expect.any(Boolean), keep: 14, hour: 3, stale: expect.any(Boolean) }) },
  updateSettings: {
    superOnly: true,
    input: () => ({ minPasswordLength: 10, requireEmailVerification: true, sessionTimeoutMinutes: 60, defaultCommunityPrivacy: 'private' }),
    ok: (c) => expect(settingsRow(c.t)).toMatchObject({ min_password_length: 10, require_email_verification: 1, session_timeout_minutes: 60 }),
  },
};

const adminRecord = (appRouter._def.record as Record<string, Record<string, { _def: { type: 'query' | 'mutation' } }>>).admin!;

describe('appRouter.admin: the role matrix covers every procedure', () => {
  it('has exactly one matrix row per admin procedure', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(adminRecord).sort());
  });
});

/** The tRPC side of a procedure, its type read from the router itself. */
const trpcOp = (name: string): Op => ({ rest: { method: 'POST', path: '' }, trpc: { path: `admin.${name}`, type: adminRecord[name]!._def.type } });

async function setup() {
  const t = makeTestApp();
  const cast = await staffCast(t);
  return { ...cast, t };
}

type Role = 'anonymous' | 'user' | 'admin' | 'superadmin';
const caller = (c: Cast, role: Role): Promise<Agent> | Agent =>
  role === 'anonymous' ? agent(c.t) : role === 'user' ? as(c.t, c.user) : asStaff(c.t, c[role]);

async function refused(tr: Transport, o: Op, entry: Entry, role: Role, status: number, code: string) {
  const c = await setup();
  const a = await caller(c, role);
  const before = dbSnapshot(c.t);
  const r = await tr.call(a, o, entry.input?.(c));
  expect(r.status).toBe(status);
  expect(r.error?.code).toBe(code);
  expect(dbSnapshot(c.t)).toEqual(before);
}

async function allowed(tr: Transport, o: Op, entry: Entry, role: Role) {
  const c = await setup();
  const r = await tr.call(await caller(c, role), o, entry.input?.(c));
  expect(r.status, JSON.stringify(r.error)).toBe(tr.okStatus(o));
  entry.ok(c, r, tr);
}

for (const tr of transportsFor(REST)) {
  for (const [name, entry] of Object.entries(MATRIX)) {
    if (entry === 'public') continue;
    const o = tr === REST ? entry.rest : trpcOp(name);
    if (!o) continue;
    describe(`${tr.title(o)} (role matrix)`, () => {
      it('refuses an anonymous caller with 401 and changes nothing', () => refused(tr, o, entry, 'anonymous', 401, 'UNAUTHORIZED'));
      it('refuses a signed-in user (role user) with 403 and changes nothing', () => refused(tr, o, entry, 'user', 403, 'FORBIDDEN'));
      if (entry.superOnly) it('refuses an admin with 403 and changes nothing (superadmin only)', () => refused(tr, o, entry, 'admin', 403, 'FORBIDDEN'));
      else it('allows an admin', () => allowed(tr, o, entry, 'admin'));
      it('allows a superadmin', () => allowed(tr, o, entry, 'superadmin'));
    });
  }

  describe(`${tr.title(ADMIN.login)} (role matrix)`, () => {
    it('is public: an anonymous caller signs in with staff credentials', async () => {
      const c = await setup();
      const a = agent(c.t);
      const first = await tr.call(a, ADMIN.login, { email: c.admin.email, password: 'Harambee#2026' });
      expect(first.status).toBe(200);
      expect(first.data).toMatchObject({ secondFactorRequired: true });
      const r = await tr.call(a, SECOND_FACTOR.signIn, { challenge: first.data.challenge, code: codeAt(c.t) });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ id: c.admin.id, role: 'admin' });
      expect(a.cookie).toMatch(/^harambee_session=/);
    });
  });
}

describe('tRPC: admin procedures (messages)', () => {
  it('tell a plain user the dashboard is not theirs, and an admin that only a superadmin may', async () => {
    const c = await setup();
    const user = await as(c.t, c.user);
    expectError(await user.query('admin.counts'), 'FORBIDDEN', 'errors.denied.adminPanel');
    const admin = await asStaff(c.t, c.admin);
    const r = await admin.mutate('admin.updateSettings', { minPasswordLength: 10, requireEmailVerification: false, sessionTimeoutMinutes: null, defaultCommunityPrivacy: 'public' });
    expectError(r, 'FORBIDDEN', 'errors.denied.superadmin');
  });

  it('hold for staff signed in through the ordinary sign-in too (the role decides, not the door)', async () => {
    const c = await setup();
    const viaSite = await as(c.t, c.admin);
    expect((await viaSite.query('admin.counts')).data).toEqual({ users: 4, communities: 1, events: 0 });
  });
});
