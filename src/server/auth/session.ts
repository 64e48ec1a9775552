import { and, eq, ne, sql } from 'drizzle-orm';
import { sessions, users, type SessionRow, type UserRow } from '../../../db/schema';
import type { DB, DbLike } from '../db';
import { generateToken, hashToken } from './crypto';

export const SESSION_COOKIE = 'harambee_session';
const DAY = 24 * 60 * 60 * 1000;
/** A session lives this long after its last renewal (sliding). */
export const SESSION_IDLE_MS = 30 * DAY;
/** …and never longer than this after sign-in, however active. */
export const SESSION_ABSOLUTE_MS = 90 * DAY;

export type SessionValidation = { session: SessionRow; user: UserRow; renewed: boolean };

const prepared = new WeakMap<DB, ReturnType<typeof prepare>>();
function prepare(db: DB) {
  // Runs on every authenticated request: one prepared join, built once per connection.
  return {
    find: db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('id')))
      .prepare(),
  };
}
function statements(db: DB) {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = prepare(db)));
  return s;
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
  const row = statements(db).find.get({ id: hashToken(token) });
  if (!row) return null;
  const { session, user } = row;
  const hardLimit = session.createdAt + SESSION_ABSOLUTE_MS;
  if (now >= session.renewedAt + idleMs || now >= hardLimit) {
    db.delete(sessions).where(eq(sessions.id, session.id)).run();
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

export function invalidateSession(db: DB, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Ends every session of a user (password change, reset, role change). */
export function invalidateUserSessions(db: DbLike, userId: string): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}

export function sessionCookie(token: string, expiresAt: number, now: number, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAt - now) / 1000));
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

export function blankSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

export function readSessionToken(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** A user's own sessions, newest first (the id is the stored hash, never a usable token). */
export function listUserSessions(db: DB, userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sql`${sessions.createdAt} DESC`).all();
}

/** Ends one of the user's sessions; another user's id matches nothing. */
export function invalidateOwnSession(db: DB, userId: string, sessionId: string): boolean {
  return db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId))).run().changes > 0;
}

/** Signs out every other device of the user, keeping `keepId`. */
export function invalidateOtherSessions(db: DB, userId: string, keepId: string): number {
  return db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId))).run().changes;
}
