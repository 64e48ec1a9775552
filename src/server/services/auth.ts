import { and, eq } from 'drizzle-orm';
import { emailTokens, users, type UserRow } from '../../../db/schema';
import { hashToken } from '../auth/crypto';
import { consumeEmailToken, issueEmailToken } from '../auth/email-tokens';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/password';
import { invalidateUserSessions } from '../auth/session';
import type { DB } from '../../../db/database';
import { notifyUser } from './notifications';
import { findUserByEmail, findUserById } from './users';
import { fieldError, invalid, isUniqueViolation, unauthenticated } from './errors';
import type { MessageKey } from '@shared/i18n/catalogue';
import type { Language } from '@shared/i18n/languages';

/** Catalogue keys of what the account services answer (src/shared/i18n). */
export const AUTH_MSG = {
  invalidCredentials: 'errors.auth.invalidCredentials',
  resetExpired: 'errors.auth.resetExpired',
  verifyFailed: 'errors.auth.verifyFailed',
  wrongCurrentPassword: 'errors.auth.wrongCurrentPassword',
  forgotPassword: 'notices.forgotPassword',
  signUp: 'notices.signUp',
} as const satisfies Record<string, MessageKey>;

export type SignUpOutcome = { created: UserRow; existing?: never } | { existing: UserRow; created?: never };

/**
 * A new account, or the account that already has this address (left untouched). Both take the
 * same slow step, hashing the password, so the time taken does not tell them apart.
 */
export async function registerUser(
  db: DB,
  p: { input: { firstName: string; lastName: string; email: string; password: string }; language?: Language; now: number },
): Promise<SignUpOutcome> {
  const { firstName, lastName, email, password } = p.input;
  const passwordHash = await hashPassword(password);
  const owner = findUserByEmail(db, email);
  if (owner) return { existing: owner };
  try {
    return {
      created: db.transaction((tx) => {
        const user = tx
          .insert(users)
          .values({ id: crypto.randomUUID(), firstName, lastName, email, passwordHash, language: p.language, createdAt: p.now, updatedAt: p.now })
          .returning()
          .get();
        notifyUser(tx, {
          userId: user.id,
          type: 'success',
          title: 'notifications.welcome.title',
          message: 'notifications.welcome.message',
          params: { firstName },
          link: '/communities',
          now: p.now,
        });
        return user;
      }),
    };
  } catch (e) {
    // Two sign-ups with one address at once: the unique index decides, and the second is the "existing" case.
    if (isUniqueViolation(e)) {
      const winner = findUserByEmail(db, email);
      if (winner) return { existing: winner };
    }
    throw e;
  }
}

/** The user whose password matches, or null; takes as long for an unknown email. */
export async function checkCredentials(db: DB, p: { email: string; password: string }): Promise<UserRow | null> {
  const user = findUserByEmail(db, p.email);
  if (!user?.passwordHash) {
    await burnPasswordCheck(p.password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, p.password)) ? user : null;
}

const DAY = 24 * 60 * 60 * 1000;
/** Consecutive days (UTC) with a sign-in, counting today. */
export function nextLoginStreak(lastLoginAt: number | null, streak: number, now: number): number {
  if (lastLoginAt == null) return 1;
  const days = Math.floor(now / DAY) - Math.floor(lastLoginAt / DAY);
  if (days <= 0) return Math.max(streak, 1);
  if (days === 1) return streak + 1;
  return 1;
}

export function recordLogin(db: DB, user: UserRow, now: number): UserRow {
  return db
    .update(users)
    .set({ lastLoginAt: now, previousLoginAt: user.lastLoginAt, loginStreak: nextLoginStreak(user.lastLoginAt, user.loginStreak, now) })
    .where(eq(users.id, user.id))
    .returning()
    .get()!;
}

export function issueVerificationToken(db: DB, user: UserRow, now: number): string {
  return issueEmailToken(db, { userId: user.id, email: user.email, purpose: 'verify-email', now });
}

export function verifyEmail(db: DB, p: { token: string; now: number }): UserRow {
  const row = consumeEmailToken(db, { token: p.token, purpose: 'verify-email', now: p.now });
  const user = row && findUserById(db, row.userId);
  // The link proves only the address it was sent to.
  if (!row || !user || user.email !== row.email) {
    throw invalid(AUTH_MSG.verifyFailed);
  }
  return db.update(users).set({ isEmailVerified: true, updatedAt: p.now }).where(eq(users.id, user.id)).returning().get()!;
}

/** A reset token for the address, or null when no such account (the caller answers the same). */
export function requestPasswordReset(db: DB, p: { email: string; now: number }) {
  const user = findUserByEmail(db, p.email);
  if (!user) return null;
  const token = issueEmailToken(db, { userId: user.id, email: user.email, purpose: 'reset-password', now: p.now });
  return { user, token };
}

export async function resetPassword(db: DB, p: { token: string; password: string; now: number }): Promise<void> {
  const expired = () => unauthenticated(AUTH_MSG.resetExpired);
  const pending = db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.id, hashToken(p.token)), eq(emailTokens.purpose, 'reset-password')))
    .get();
  if (!pending || pending.expiresAt <= p.now) throw expired();
  const passwordHash = await hashPassword(p.password); // outside the transaction: it takes ~30 ms
  db.transaction((tx) => {
    const row = consumeEmailToken(tx, { token: p.token, purpose: 'reset-password', now: p.now });
    if (!row) throw expired();
    // Only for the address it was sent to: a link mailed before the account's email changed is dead.
    const updated = tx
      .update(users)
      // Following the emailed link also proves the address.
      .set({ passwordHash, isEmailVerified: true, mustChangePassword: false, updatedAt: p.now })
      .where(and(eq(users.id, row.userId), eq(users.email, row.email)))
      .run();
    if (updated.changes === 0) throw expired();
    invalidateUserSessions(tx, row.userId);
  });
}

export async function changePassword(
  db: DB,
  p: { user: UserRow; currentPassword: string; newPassword: string; now: number },
): Promise<void> {
  if (!p.user.passwordHash || !(await verifyPassword(p.user.passwordHash, p.currentPassword))) {
    throw fieldError('invalid', 'currentPassword', AUTH_MSG.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(p.newPassword);
  db.transaction((tx) => {
    tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: p.now }).where(eq(users.id, p.user.id)).run();
    invalidateUserSessions(tx, p.user.id);
  });
}
