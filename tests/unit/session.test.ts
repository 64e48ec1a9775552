import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { hashToken } from '../../src/server/auth/crypto';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  blankSessionCookie,
  createSession,
  invalidateSession,
  findSession,
  invalidateUserSessions,
  readSessionToken,
  sessionCookie,
  validateSessionToken,
} from '../../src/server/auth/session';
import { openDatabase, type DB } from '../../db/database';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse('2026-03-02T10:00:00Z');

let db: DB;
let userId: string;
function addUser(email: string) {
  const id = crypto.randomUUID();
  db.insert(users).values({ id, firstName: 'A', lastName: 'B', email, createdAt: T0, updatedAt: T0 }).run();
  return id;
}
const row = (token: string) => db.select().from(sessions).where(eq(sessions.id, hashToken(token))).get();

beforeEach(() => {
  db = openDatabase(':memory:');
  userId = addUser('a@example.org');
});

describe('session lifetimes', () => {
  it('uses 30 days idle and 90 days absolute', () => {
    expect(SESSION_IDLE_MS).toBe(30 * DAY);
    expect(SESSION_ABSOLUTE_MS).toBe(90 * DAY);
  });
});

describe('createSession', () => {
  it('stores sha256(token), never the token itself', () => {
    const { token, session } = createSession(db, userId, T0, 'UA');
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(session.id).toBe(hashToken(token));
    expect(session.id).toMatch(/^[0-9a-f]{64}$/);
    const all = db.select().from(sessions).all();
    expect(all).toHaveLength(1);
    expect(all[0]!.id).not.toBe(token);
    expect(JSON.stringify(all)).not.toContain(token);
    expect(all[0]).toMatchObject({ userId, createdAt: T0, expiresAt: T0 + 30 * DAY, userAgent: 'UA' });
  });

  it('gives every sign-in a different token', () => {
    const a = createSession(db, userId, T0).token;
    const b = createSession(db, userId, T0).token;
    expect(a).not.toBe(b);
  });

  it('caps a huge user agent at 300 characters', () => {
    const { session } = createSession(db, userId, T0, 'x'.repeat(5000));
    expect(session.userAgent).toHaveLength(300);
  });
});

describe('validateSessionToken', () => {
  it('finds the user for a fresh token without renewing', () => {
    const { token } = createSession(db, userId, T0);
    const v = validateSessionToken(db, token, T0 + 1000);
    expect(v?.user.id).toBe(userId);
    expect(v?.renewed).toBe(false);
  });

  it('refuses unknown, malformed and hashed tokens', () => {
    const { token } = createSession(db, userId, T0);
    expect(validateSessionToken(db, 'a'.repeat(32), T0)).toBeNull();
    expect(validateSessionToken(db, `${token}x`, T0)).toBeNull();
    expect(validateSessionToken(db, token.toUpperCase(), T0)).toBeNull();
    // The stored id is not a credential: a leaked table cannot be replayed.
    expect(validateSessionToken(db, hashToken(token), T0)).toBeNull();
  });

  it('does not renew before half-life (15 days)', () => {
    const { token } = createSession(db, userId, T0);
    const v = validateSessionToken(db, token, T0 + 15 * DAY - 1);
    expect(v?.renewed).toBe(false);
    expect(row(token)?.expiresAt).toBe(T0 + 30 * DAY);
  });

  it('renews to now + 30 days once half-life has passed', () => {
    const { token } = createSession(db, userId, T0);
    const at = T0 + 15 * DAY;
    const v = validateSessionToken(db, token, at);
    expect(v?.renewed).toBe(true);
    expect(v?.session.expiresAt).toBe(at + 30 * DAY);
    expect(row(token)?.expiresAt).toBe(at + 30 * DAY);
    // Right after a renewal there is nothing more to renew.
    expect(validateSessionToken(db, token, at + DAY)?.renewed).toBe(false);
  });

  it('expires after 30 idle days and deletes the row', () => {
    const { token } = createSession(db, userId, T0);
    expect(validateSessionToken(db, token, T0 + 30 * DAY - 1)).not.toBeNull();
    const other = createSession(db, userId, T0).token;
    expect(validateSessionToken(db, other, T0 + 30 * DAY)).toBeNull();
    expect(row(other)).toBeUndefined();
  });

  it('keeps an active user signed in past 30 days by sliding', () => {
    const { token } = createSession(db, userId, T0);
    for (let day = 20; day <= 80; day += 20) expect(validateSessionToken(db, token, T0 + day * DAY)).not.toBeNull();
  });

  it('ends a session 90 days after sign-in however active', () => {
    const { token } = createSession(db, userId, T0);
    let last = null;
    for (let day = 16; day < 90; day += 16) last = validateSessionToken(db, token, T0 + day * DAY);
    expect(last).not.toBeNull();
    // Renewal never pushes past the absolute cap.
    expect(validateSessionToken(db, token, T0 + 89 * DAY)?.session.expiresAt).toBe(T0 + 90 * DAY);
    expect(row(token)!.expiresAt).toBeLessThanOrEqual(T0 + 90 * DAY);
    expect(validateSessionToken(db, token, T0 + 90 * DAY)).toBeNull();
    expect(row(token)).toBeUndefined();
  });

  it('ends with the user: deleting the user deletes the sessions', () => {
    const { token } = createSession(db, userId, T0);
    db.delete(users).where(eq(users.id, userId)).run();
    expect(validateSessionToken(db, token, T0)).toBeNull();
    expect(db.select().from(sessions).all()).toHaveLength(0);
  });
});

describe('findSession (hand-written SQL on the signed-in hot path)', () => {
  it('reads the session and its user exactly as drizzle reads the tables, every column included', () => {
    // Every column set to something other than its default, booleans true, so a column missing
    // from the query or mapped wrongly shows as a difference.
    db.update(users)
      .set({
        username: 'amina', phoneNumber: '+237 6 00 00 00 00', location: 'Douala', birthday: '1990-04-01', tShirtSize: 'M',
        socialMedia: '@amina', profileImageUrl: '/uploads/a.webp', bio: 'Secretary', role: 'admin', isEmailVerified: true,
        authType: 'local', passwordHash: '$argon2id$x', mustChangePassword: true, loginStreak: 4, lastLoginAt: T0 - DAY,
      })
      .where(eq(users.id, userId))
      .run();
    const { session } = createSession(db, userId, T0, 'UA');
    const expected = {
      session: db.select().from(sessions).where(eq(sessions.id, session.id)).get(),
      user: db.select().from(users).where(eq(users.id, userId)).get(),
    };
    expect(findSession(db, session.id)).toStrictEqual(expected);
    expect(findSession(db, hashToken('unknown'))).toBeNull();
  });

  it('reads false booleans and empty optional columns as drizzle does', () => {
    const { session } = createSession(db, userId, T0);
    expect(findSession(db, session.id)).toStrictEqual({
      session: db.select().from(sessions).where(eq(sessions.id, session.id)).get(),
      user: db.select().from(users).where(eq(users.id, userId)).get(),
    });
  });
});

describe('invalidateSession / invalidateUserSessions', () => {
  it('ends one session, or all of one user and no one else', () => {
    const other = addUser('b@example.org');
    const s1 = createSession(db, userId, T0);
    const s2 = createSession(db, userId, T0);
    const s3 = createSession(db, other, T0);
    invalidateSession(db, s1.session.id);
    expect(validateSessionToken(db, s1.token, T0)).toBeNull();
    expect(validateSessionToken(db, s2.token, T0)).not.toBeNull();
    invalidateUserSessions(db, userId);
    expect(validateSessionToken(db, s2.token, T0)).toBeNull();
    expect(validateSessionToken(db, s3.token, T0)?.user.id).toBe(other);
  });
});

describe('session cookies', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ with Max-Age to the expiry; Secure only when asked', () => {
    const c = sessionCookie('tok', T0 + 30 * DAY, T0, false);
    expect(c).toBe(`${SESSION_COOKIE}=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=${30 * 24 * 60 * 60}`);
    expect(sessionCookie('tok', T0 + 1000, T0, true)).toMatch(/; Secure$/);
    expect(blankSessionCookie(false)).toContain('Max-Age=0');
    expect(blankSessionCookie(false)).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
  });

  it('reads the token among other cookies', () => {
    expect(readSessionToken(`a=1; ${SESSION_COOKIE}=abc; b=2`)).toBe('abc');
    expect(readSessionToken(`x${SESSION_COOKIE}=abc`)).toBeNull();
    expect(readSessionToken(`${SESSION_COOKIE}=`)).toBeNull();
    expect(readSessionToken(null)).toBeNull();
  });
});
