import type { UserRow } from '../../db/schema';
import { FACTORY_PASSWORD, makeCommunity, makeUser } from '../factories';
import { agent, type Agent, type TestApp } from './app';
import type { Op } from './transport';
import { passSecondStep } from './second-factor';

/*
 * The admin REST paths and their tRPC procedures as `Op`s for TRANSPORTS, plus the cast and the
 * raw-database readers the admin tests share. Path params are filled from the tRPC input.
 */
const op = (method: Op['rest']['method'], path: string, procedure: string, type: 'query' | 'mutation', extra: Omit<Op['rest'], 'method' | 'path'> = {}): Op => ({
  rest: { method, path, ...extra },
  trpc: { path: procedure, type },
});
const byId = { params: { id: 'id' } };

export const ADMIN = {
  login: op('POST', '/api/auth/admin/login', 'admin.login', 'mutation'),
  userCount: op('GET', '/api/admin/users/count', 'admin.userCount', 'query'),
  communityCount: op('GET', '/api/admin/communities/count', 'admin.communityCount', 'query'),
  users: op('GET', '/api/admin/users', 'admin.users', 'query', { page: true }),
  updateUser: op('PATCH', '/api/admin/users/:id', 'admin.updateUser', 'mutation', byId),
  createAdmin: op('POST', '/api/admin/users/admin', 'admin.createAdmin', 'mutation', { created: true }),
  resetPassword: op('POST', '/api/admin/users/:id/reset-password', 'admin.resetPassword', 'mutation', byId),
  resetSecondFactor: op('POST', '/api/admin/users/:id/reset-second-factor', 'admin.resetSecondFactor', 'mutation', byId),
} satisfies Record<string, Op>;


/** An agent signed in through the staff door (POST /api/auth/admin/login, then the factory staff's second factor). */
export async function asStaff(t: TestApp, user: Pick<UserRow, 'email'>, password = FACTORY_PASSWORD): Promise<Agent> {
  const a = agent(t);
  const r = await passSecondStep(t, a, await a.rest('POST', '/api/auth/admin/login', { email: user.email, password }));
  if (r.status !== 200 || !a.cookie) throw new Error(`admin login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return a;
}

/**
 * A superadmin, an admin, a plain user, and a `target` user (unverified) who created one public
 * community that `user` has joined. Created a minute apart, oldest first.
 */
export async function staffCast(t: TestApp) {
  const at = (i: number) => t.clock.now() - (10 - i) * 60_000;
  const superadmin = await makeUser(t.db, { role: 'superadmin', firstName: 'Sade', lastName: 'Boss', createdAt: at(0) });
  const admin = await makeUser(t.db, { role: 'admin', firstName: 'Ada', lastName: 'Staff', createdAt: at(1) });
  const user = await makeUser(t.db, { firstName: 'Uche', lastName: 'Plain', createdAt: at(2) });
  const target = await makeUser(t.db, { firstName: 'Tunde', lastName: 'Target', isEmailVerified: false, createdAt: at(3) });
  const community = makeCommunity(t.db, { creator: target, name: 'Lagos Book Club', now: at(4) });
  return { superadmin, admin, user, target, community };
}
export type StaffCast = Awaited<ReturnType<typeof staffCast>>;

const sql = (t: TestApp) => t.db.$client;

const TABLES = [
  'users',
  'sessions',
  'email_tokens',
  'communities',
  'memberships',
  'join_requests',
  'announcement_categories',
  'announcements',
  'admin_audit',
  'app_settings',
] as const;

/** Every row of every table: a refused call must leave this unchanged. */
export const dbSnapshot = (t: TestApp) => Object.fromEntries(TABLES.map((n) => [n, sql(t).prepare(`SELECT * FROM ${n} ORDER BY rowid`).all()]));

export type RawUser = { id: string; email: string; role: string; first_name: string; last_name: string; is_email_verified: number; must_change_password: number };
export const userRow = (t: TestApp, id: string) => sql(t).prepare('SELECT * FROM users WHERE id = ?').get(id) as RawUser | undefined;
export const userByEmail = (t: TestApp, email: string) => sql(t).prepare('SELECT * FROM users WHERE email = ?').get(email) as RawUser | undefined;
export const sessionCount = (t: TestApp, userId: string) => sql(t).prepare('SELECT count(*) FROM sessions WHERE user_id = ?').pluck().get(userId) as number;
export const superadminCount = (t: TestApp) => sql(t).prepare(`SELECT count(*) FROM users WHERE role = 'superadmin'`).pluck().get() as number;
export const communityRow = (t: TestApp, id: number) =>
  sql(t).prepare('SELECT * FROM communities WHERE id = ?').get(id) as { id: number; is_hidden: number; is_public: number } | undefined;
export const settingsRow = (t: TestApp) =>
  sql(t).prepare('SELECT * FROM app_settings WHERE id = 1').get() as {
    min_password_length: number;
    require_email_verification: number;
    session_timeout_minutes: number | null;
    default_community_privacy: string;
    updated_by: string | null;
  };

export type AuditRow = {
  id: number;
  actor_id: string;
  action: string;
  target_type: string;
  target_id: string;
  target_label: string | null;
  details: string | null;
  created_at: number;
};
export const auditRows = (t: TestApp) => sql(t).prepare('SELECT * FROM admin_audit ORDER BY id').all() as AuditRow[];
