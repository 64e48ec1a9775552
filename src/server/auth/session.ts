import type Database from 'better-sqlite3';
import { and, eq, ne, sql } from 'drizzle-orm';
import { sessions, type SessionRow, type UserRow } from '../../../db/schema';
import type { DB, DbLike } from '../../../db/database';
import { readCookie } from './cookies';
import { generateToken, hashToken } from './crypto';

export const SESSION_COOKIE = 'harambee_session';
/**
 * Over https the cookie carries the __Host- prefix: browsers then accept it only with Secure,
 * Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite it.
 */
export const cookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);
const DAY = 24 * 60 * 60 * 1000;
/** A session lives this long after its last renewal (sliding). */
export const SESSION_IDLE_MS = 30 * DAY;
/** …and never longer than this after sign-in, however active. */
export const SESSION_ABSOLUTE_MS = 90 * DAY;

export type SessionValidation = { session: SessionRow; user: UserRow; renewed: boolean };

/*
 * Runs on every signed-in request, so it is one hand-written join prepared once per connection,
 * read into two object literals: drizzle's row mapper (a decoder call and an entity check per
 * column, 29 columns) cost ~7 µs a request here (docs/benchmarks.md, "Third session").
 * tests/unit/session.test.ts holds both rows equal to drizzle's select of the same tables, so a
 * column added to the schema and not here fails there.
 */
const FIND_SQL = `SELECT s.id AS s_id, s.user_id AS s_user_id, s.created_at AS s_created_at, s.renewed_at AS s_renewed_at,
  s.expires_at AS s_expires_at, s.user_agent AS s_user_agent,
  u.id, u.first_name, u.last_name, u.email, u.username, u.phone_number, u.location, u.birthday, u.t_shirt_size,
  u.social_media, u.profile_image_url, u.bio, u.language, u.role, u.is_email_verified, u.auth_type, u.password_hash,
  u.must_change_password, u.contact_visibility, u.deleted_at, u.login_streak, u.last_login_at, u.previous_login_at, u.show_recognitions, u.created_at, u.updated_at
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?`;
type FoundRow = {
  s_id: string; s_user_id: string; s_created_at: number; s_renewed_at: number; s_expires_at: number; s_user_agent: string | null;
  id: string; first_name: string; last_name: string; email: string; username: string | null; phone_number: string | null;
  location: string | null; birthday: string | null; t_shirt_size: string | null; social_media: string | null;
  profile_image_url: string | null; bio: string | null; language: UserRow['language']; role: UserRow['role']; is_email_verified: number; auth_type: string;
  password_hash: string | null; must_change_password: number; contact_visibility: UserRow['contactVisibility']; deleted_at: number | null; login_streak: number; last_login_at: number | null; previous_login_at: number | null; show_recognitions: number;
  created_at: number; updated_at: number;
};
const findStatements = new WeakMap<DB, Database.Statement<[string], FoundRow>>();

/** The session with this stored id and its user, as drizzle would read them. */
export function findSession(db: DB, id: string): { session: SessionRow; user: UserRow } | null {
  let find = findStatements.get(db);
  if (!find) findStatements.set(db, (find = db.$client.prepare<[string], FoundRow>(FIND_SQL)));
  const r = find.get(id);
  if (!r) return null;
  return {
    session: { id: r.s_id, userId: r.s_user_id, createdAt: r.s_created_at, renewedAt: r.s_renewed_at, expiresAt: r.s_expires_at, userAgent: r.s_user_agent },
    user: {
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      username: r.username,
      phoneNumber: r.phone_number,
      location: r.location,
      birthday: r.birthday,
      tShirtSize: r.t_shirt_size,
      socialMedia: r.social_media,
      profileImageUrl: r.profile_image_url,
      bio: r.bio,
      language: r.language,
      role: r.role,
      isEmailVerified: r.is_email_verified === 1,
      authType: r.auth_type,
      passwordHash: r.password_hash,
      mustChangePassword: r.must_change_password === 1,
      contactVisibility: r.contact_visibility,
      deletedAt: r.deleted_at,
      loginStreak: r.login_streak,
      lastLoginAt: r.last_login_at,
      previousLoginAt: r.previous_login_at,
      showRecognitions: r.show_recognitions === 1,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    },
  };
}

export function createSession(db: DB, userId: string, now: number, userAgent?: string | null, idleMs = SESSION_IDLE_MS) {
  const token = generateToken();
  const session: SessionRow = {
    id: hashToken(token),
    userId,
    createdAt: now,
    renewedAt: now,
    expiresAt: Math.min(now + idleMs, now + SESSION_ABSOLUTE_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  db.insert(sessions).values(session).run();
  return { token, session };
}

export function validateSessionToken(db: DB, token: string, now: number, idleMs = SESSION_IDLE_MS): SessionValidation | null {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const row = findSession(db, hashToken(token));
  if (!row) return null;
  const { session, user } = row;
  const hardLimit = session.createdAt + SESSION_ABSOLUTE_MS;
  if (now >= session.renewedAt + idleMs || now >= hardLimit) {
    db.delete(sessions).where(eq(sessions.id, session.id)).run();
    announce({ sessionId: session.id });
    return null;
  }
  // Renew at half-life only, so an active user causes one write per half timeout, not one per request.
  let renewed = false;
  if (now - session.renewedAt >= idleMs / 2) {
    const expiresAt = Math.min(now + idleMs, hardLimit);
    db.update(sessions).set({ renewedAt: now, expiresAt }).where(eq(sessions.id, session.id)).run();
    Object.assign(session, { renewedAt: now, expiresAt });
    renewed = true;
  }
  return { session, user, renewed };
}

/*
 * Whatever holds a session open beyond one request (a chat WebSocket) hears at once when sessions
 * end, so it stops at once too. Announced after the current synchronous work (the transaction that
 * deleted the rows has committed by then); a listener checks the session again, so an end that was
 * rolled back costs a look and nothing more. Ids are random, so one listener set serves every app
 * of the process.
 */
export type SessionsEnded = { sessionId: string } | { userId: string };
const endListeners = new Set<(ended: SessionsEnded) => void>();

/** Listens for ended sessions; answers the function that stops listening. */
export function onSessionsEnded(listener: (ended: SessionsEnded) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

function announce(ended: SessionsEnded): void {
  if (!endListeners.size) return;
  queueMicrotask(() => {
    for (const listener of endListeners) listener(ended);
  });
}

export function invalidateSession(db: DB, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
  announce({ sessionId });
}

/** Ends every session of a user (password change, reset, role change, a staff reset, deletion). */
export function invalidateUserSessions(db: DbLike, userId: string): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
  announce({ userId });
}

export function sessionCookie(token: string, expiresAt: number, now: number, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAt - now) / 1000));
  return `${cookieName(secure)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

export function blankSessionCookie(secure: boolean): string {
  return `${cookieName(secure)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

export function readSessionToken(cookieHeader: string | null | undefined, secure = false): string | null {
  return readCookie(cookieHeader, cookieName(secure));
}

/** A user's own sessions, newest first (the id is the stored hash, never a usable token). */
export function listUserSessions(db: DB, userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sql`${sessions.createdAt} DESC`).all();
}

/** Ends one of the user's sessions; another user's id matches nothing. */
export function invalidateOwnSession(db: DB, userId: string, sessionId: string): boolean {
  const ended = db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId))).run().changes > 0;
  if (ended) announce({ sessionId });
  return ended;
}

/** Signs out every other device of the user, keeping `keepId`. */
export function invalidateOtherSessions(db: DB, userId: string, keepId: string): number {
  const ended = db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId))).run().changes;
  // The kept session's sockets look too, find theirs alive and stay.
  if (ended) announce({ userId });
  return ended;
}
