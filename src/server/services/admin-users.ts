import { COMMUNITY_ROLES, staffCan, type CommunityRole } from '@shared/permissions';
import { and, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { emailTokens, memberships, recoveryCodes, secondFactors, users, type UserRow } from '../../../db/schema';
import { hashPassword } from '../auth/password';
import { invalidateUserSessions } from '../auth/session';
import type { DB, DbLike } from '../../../db/database';
import type { AdminUserChanges } from '@shared/schemas/admin';
import { recordAudit } from './audit';
import { staffSearch } from './staff-search';
import { assertPasswordPolicy } from './settings';
import { findUserByEmail, findUserById } from './users';
import { conflict, fieldError, forbidden, invalid, notFound } from './errors';
import { hasSecondFactor } from './second-factor';

type Actor = Pick<UserRow, 'id' | 'email' | 'role'>;

/** What staff see of a user: profile and account state (a second factor on or not), never the hash or the key. */
export function toAdminUserDto(db: DbLike, u: UserRow) {
  return adminUserDto(u, hasSecondFactor(db, u.id), communityRolesOf(db, [u.id]).get(u.id) ?? []);
}

/**
 * The roles each person holds across their communities (creator, treasurer…), each once, the
 * highest first: "Member" alone says little of someone who created two communities.
 */
function communityRolesOf(db: DbLike, ids: string[]): Map<string, CommunityRole[]> {
  const held = new Map<string, Set<CommunityRole>>();
  if (ids.length) {
    const rows = db.selectDistinct({ userId: memberships.userId, role: memberships.role }).from(memberships).where(inArray(memberships.userId, ids)).all();
    for (const r of rows) held.set(r.userId, (held.get(r.userId) ?? new Set()).add(r.role));
  }
  return new Map([...held].map(([id, roles]) => [id, COMMUNITY_ROLES.filter((r) => roles.has(r))]));
}

function adminUserDto(u: UserRow, secondFactor: boolean, communityRoles: CommunityRole[]) {
  const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    username: u.username,
    role: u.role,
    isEmailVerified: u.isEmailVerified,
    mustChangePassword: u.mustChangePassword,
    authType: u.authType,
    createdAt: iso(u.createdAt)!,
    updatedAt: iso(u.updatedAt)!,
    lastLoginAt: iso(u.lastLoginAt),
    hasSecondFactor: secondFactor,
    communityRoles,
  };
}

export function countUsers(db: DB) {
  return db.select({ n: count() }).from(users).get()!.n;
}

/** Staff search: a case-insensitive substring of first name, last name, email or role; newest first. */
export function listUsers(db: DB, p: { search?: string; cursor?: number; limit: number }) {
  const where = staffSearch(p.search, [users.firstName, users.lastName, users.email, users.role]);
  const offset = p.cursor ?? 0;
  const total = db.select({ n: count() }).from(users).where(where).get()!.n;
  const rows = db.select().from(users).where(where).orderBy(sql`${users.createdAt} DESC, ${users.id} DESC`).limit(p.limit).offset(offset).all();
  const next = offset + rows.length;
  // Whose second factor is on, for the whole page in one query.
  const ids = rows.map((u) => u.id);
  const withFactor = new Set(
    ids.length ? db.select({ id: secondFactors.userId }).from(secondFactors).where(and(inArray(secondFactors.userId, ids), isNotNull(secondFactors.enabledAt))).all().map((r) => r.id) : [],
  );
  const roles = communityRolesOf(db, ids);
  return { items: rows.map((u) => adminUserDto(u, withFactor.has(u.id), roles.get(u.id) ?? [])), total, offset, nextCursor: next < total ? next : null };
}

function target(db: DB, id: string): UserRow {
  const u = findUserById(db, id);
  if (!u) throw notFound('validation.admin.userNotFound');
  return u;
}

/** Staff accounts (admin, superadmin) are managed by superadmins only, so admins cannot take over one another. */
function assertMayManage(actor: Actor, user: UserRow) {
  if (user.role !== 'user' && !staffCan(actor.role, 'admin.staff') && actor.id !== user.id) {
    throw forbidden('errors.admin.staffBySuperadmin');
  }
}

const superadmins = (db: DB) => db.select({ n: count() }).from(users).where(eq(users.role, 'superadmin')).get()!.n;

/**
 * Staff edit a user's profile fields and role. Only a superadmin changes roles or edits a
 * superadmin; nobody changes their own role; the last superadmin stays one. A role change
 * ends the user's sessions so the new rights apply at once.
 */
export function updateUserByAdmin(db: DB, p: { actor: Actor; id: string; changes: AdminUserChanges; now: number }) {
  const user = target(db, p.id);
  const { role, ...profile } = p.changes;
  const roleChanges = role !== undefined && role !== user.role;
  if (user.role === 'superadmin' && !staffCan(p.actor.role, 'admin.staff')) {
    throw forbidden('errors.admin.editSuperadmin');
  }
  assertMayManage(p.actor, user);
  if (roleChanges) {
    if (p.actor.id === user.id) throw forbidden('errors.admin.ownRole');
    if (!staffCan(p.actor.role, 'admin.staff')) throw forbidden('errors.admin.rolesBySuperadmin');
    if (user.role === 'superadmin' && superadmins(db) <= 1) {
      throw invalid('errors.admin.lastSuperadmin');
    }
  }
  const emailChanges = profile.email !== undefined && profile.email !== user.email;
  if (emailChanges) {
    const taken = db.select({ id: users.id }).from(users).where(and(eq(users.email, profile.email!), ne(users.id, user.id))).get();
    if (taken) throw fieldError('conflict', 'email', 'errors.admin.emailTaken');
  }
  return db.transaction((tx) => {
    const updated = tx
      .update(users)
      .set({
        ...profile,
        ...(roleChanges ? { role } : {}),
        // A new address has not been proven by its owner.
        ...(emailChanges ? { isEmailVerified: false } : {}),
        updatedAt: p.now,
      })
      .where(eq(users.id, user.id))
      .returning()
      .get()!;
    // New rights apply at once; a new address ends the sessions and the links mailed to the old one.
    if (roleChanges || emailChanges) invalidateUserSessions(tx, user.id);
    if (emailChanges) tx.delete(emailTokens).where(eq(emailTokens.userId, user.id)).run();
    recordAudit(tx, {
      actor: p.actor,
      action: roleChanges ? 'user.role_changed' : 'user.updated',
      target: { type: 'user', id: user.id },
      // Which fields changed, not to what: a name or an address in the append-only log would outlive the account.
      details: { changed: Object.keys(p.changes).filter((k) => p.changes[k as keyof typeof p.changes] !== undefined), ...(roleChanges ? { role: p.changes.role, previousRole: user.role } : {}) },
      now: p.now,
    });
    return toAdminUserDto(tx, updated);
  });
}

export async function createStaffAccount(
  db: DB,
  p: { actor: Actor; input: { email: string; password: string; firstName: string; lastName: string; role: 'admin' | 'superadmin' }; now: number },
) {
  assertPasswordPolicy(db, p.input.password, 'password');
  if (findUserByEmail(db, p.input.email)) throw fieldError('conflict', 'email', 'errors.admin.emailTaken');
  const passwordHash = await hashPassword(p.input.password);
  return db.transaction((tx) => {
    const { password: _, ...fields } = p.input;
    const user = tx
      .insert(users)
      .values({ ...fields, id: crypto.randomUUID(), passwordHash, isEmailVerified: true, createdAt: p.now, updatedAt: p.now })
      .returning()
      .get();
    recordAudit(tx, { actor: p.actor, action: 'user.staff_created', target: { type: 'user', id: user.id }, details: { role: user.role }, now: p.now });
    return toAdminUserDto(tx, user);
  });
}

// No 0/O or 1/l/I: people read this aloud or copy it from a toast.
const TEMP_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function temporaryPassword(length = 18): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (b < 256 - (256 % TEMP_ALPHABET.length)) out += TEMP_ALPHABET[b % TEMP_ALPHABET.length];
    if (out.length === length) return out;
  }
  return out + temporaryPassword(length - out.length);
}

/** A temporary password shown once; every session ends and a new password is required at sign-in. */
export async function resetUserPassword(db: DB, p: { actor: Actor; id: string; now: number }) {
  const user = target(db, p.id);
  if (user.id === p.actor.id) throw invalid('errors.admin.ownPassword');
  if (user.role === 'superadmin' && !staffCan(p.actor.role, 'admin.staff')) {
    throw forbidden('errors.admin.resetSuperadmin');
  }
  assertMayManage(p.actor, user);
  const tempPassword = temporaryPassword();
  const passwordHash = await hashPassword(tempPassword);
  db.transaction((tx) => {
    tx.update(users).set({ passwordHash, mustChangePassword: true, updatedAt: p.now }).where(eq(users.id, user.id)).run();
    invalidateUserSessions(tx, user.id);
    recordAudit(tx, { actor: p.actor, action: 'user.password_reset', target: { type: 'user', id: user.id }, now: p.now });
  });
  return { userEmail: user.email, tempPassword };
}

/**
 * A superadmin turns off another account's second factor when its owner has lost both the app and
 * the recovery codes (on the owner's request, as for a password reset): the key and the codes go,
 * every session ends, and the audit log records it. The owner signs in with the password alone
 * then; staff set a new factor up at their next visit to the panel, as every staff account must.
 * Never a superadmin's (see below).
 */
export function resetSecondFactorByAdmin(db: DB, p: { actor: Actor; id: string; now: number }) {
  const user = target(db, p.id);
  if (user.id === p.actor.id) throw invalid('errors.admin.ownSecondFactor');
  // A superadmin may hand another a temporary password: with this too, one could take over another
  // superadmin. A superadmin locked out gets back in from the server (npm run admin:create).
  if (user.role === 'superadmin') throw forbidden('errors.admin.superadminSecondFactor');
  assertMayManage(p.actor, user);
  return db.transaction((tx) => {
    // Conditional: of two resets at once, the second finds nothing to turn off.
    const removed = tx.delete(secondFactors).where(eq(secondFactors.userId, user.id)).returning({ on: secondFactors.enabledAt }).get();
    if (removed?.on == null) throw conflict('errors.admin.noSecondFactor');
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).run();
    invalidateUserSessions(tx, user.id);
    recordAudit(tx, { actor: p.actor, action: 'user.second_factor_reset', target: { type: 'user', id: user.id }, now: p.now });
    return toAdminUserDto(tx, tx.select().from(users).where(eq(users.id, user.id)).get()!);
  });
}

export function verifyUserByAdmin(db: DB, p: { actor: Actor; id: string; now: number }) {
  const user = target(db, p.id);
  assertMayManage(p.actor, user);
  return db.transaction((tx) => {
    const updated = tx.update(users).set({ isEmailVerified: true, updatedAt: p.now }).where(eq(users.id, user.id)).returning().get()!;
    recordAudit(tx, { actor: p.actor, action: 'user.verified', target: { type: 'user', id: user.id }, now: p.now });
    return toAdminUserDto(tx, updated);
  });
}

export { target as findTargetUser };

/** For actions on a user that live outside this file (the reset email). */
export function findManageableUser(db: DB, actor: Actor, id: string): UserRow {
  const user = target(db, id);
  assertMayManage(actor, user);
  return user;
}
