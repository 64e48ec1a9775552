import { and, eq, ne, sql } from 'drizzle-orm';
import { users, type UserRow } from '../../../db/schema';
import type { DB, DbLike } from '../../../db/database';
import type { ProfilePanelInput, ProfileUpdateInput } from '@shared/schemas/profile';
import { attachUpload, detachUpload } from '../uploads/registry';
import { fieldError } from './errors';
import { prepared } from './prepared';

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/** The user as the API shows it to that user: their profile and account state, never the password hash. */
export function toUserDto(u: UserRow) {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    username: u.username,
    phoneNumber: u.phoneNumber,
    location: u.location,
    birthday: u.birthday,
    tShirtSize: u.tShirtSize,
    socialMedia: u.socialMedia,
    profileImageUrl: u.profileImageUrl,
    bio: u.bio,
    language: u.language,
    contactVisibility: u.contactVisibility,
    role: u.role,
    isEmailVerified: u.isEmailVerified,
    mustChangePassword: u.mustChangePassword,
    authType: u.authType,
    loginStreak: u.loginStreak,
    lastLoginAt: iso(u.lastLoginAt),
    /** No sign-in before the current one: the dashboard says "Welcome", later "Welcome back". */
    firstVisit: u.previousLoginAt === null,
    showRecognitions: u.showRecognitions,
    createdAt: iso(u.createdAt)!,
    updatedAt: iso(u.updatedAt)!,
  };
}

export function findUserByEmail(db: DB, email: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.email, email)).get();
}

export function findUserById(db: DB, id: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

function assertUsernameFree(db: DB, userId: string, username: string | null | undefined) {
  if (!username) return;
  const taken = db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, userId)))
    .get();
  if (taken) throw fieldError('conflict', 'username', 'errors.auth.usernameTaken');
}

/** Edit-profile screen: fields left out stay as they are; null or '' clears an optional one. */
export function updateProfile(db: DB, p: { userId: string; input: ProfileUpdateInput; now: number }): UserRow {
  assertUsernameFree(db, p.userId, p.input.username);
  return db.transaction((tx) => {
    swapPhoto(tx, p.userId, p.input.profileImageUrl, 'profileImageUrl', p.now);
    return tx
      .update(users)
      .set({ ...p.input, updatedAt: p.now })
      .where(eq(users.id, p.userId))
      .returning()
      .get()!;
  });
}

/** A new photo must be the member's own upload; the one it replaces is left for the sweep (uploads/registry.ts). */
function swapPhoto(tx: DbLike, userId: string, url: string | null | undefined, field: string, now: number) {
  if (url === undefined) return;
  const before = tx.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, userId)).get()?.url ?? null;
  attachUpload(tx, { url, ownerId: userId, field, now, current: before });
  if (before !== url) detachUpload(tx, before);
}

/** Side panel: name, bio, location and photo. */
export function updateProfilePanel(db: DB, p: { userId: string; input: ProfilePanelInput; now: number }): UserRow {
  const { profileImage, ...rest } = p.input;
  const changes: Record<string, unknown> = { ...rest, ...(profileImage !== undefined ? { profileImageUrl: profileImage } : {}) };
  return db.transaction((tx) => {
    swapPhoto(tx, p.userId, profileImage, 'profileImage', p.now);
    return panelUpdate(db, changes).get({ ...changes, updatedAt: p.now, userId: p.userId })!;
  });
}

/**
 * The panel's UPDATE for the fields this request changes (drizzle leaves undefined ones out, and
 * so does this), prepared once per set of fields (prepared.ts) and run on `db` inside the caller's
 * transaction: members save the panel often. Every field it takes is a text column.
 */
function panelUpdate(db: DB, changes: Record<string, unknown>) {
  const fields = Object.keys(changes).filter((k) => changes[k] !== undefined).sort();
  return prepared(db, `users.panel:${fields.join(',')}`, (d) => {
    const set: Record<string, unknown> = { updatedAt: sql`${sql.placeholder('updatedAt')}` };
    for (const f of fields) set[f] = sql`${sql.placeholder(f)}`;
    return d
      .update(users)
      .set(set as Partial<UserRow>)
      .where(eq(users.id, sql.placeholder('userId')))
      .returning()
      .prepare();
  });
}

/** Who sees the member's email and phone in their communities' directories. */
export function updateContactVisibility(db: DB, p: { userId: string; contactVisibility: UserRow['contactVisibility']; now: number }): UserRow {
  return db.update(users).set({ contactVisibility: p.contactVisibility, updatedAt: p.now }).where(eq(users.id, p.userId)).returning().get()!;
}
