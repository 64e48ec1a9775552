import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { recoveryCodes, secondFactors, signInChallenges, type UserRow } from '../../../db/schema';
import type { DbLike } from '../../../db/database';
import { generateToken, hashToken } from '../auth/crypto';
import { verifyPassword } from '../auth/password';
import { isTotpShaped, matchTotp, newRecoveryCode, newTotpKey, normaliseRecoveryCode } from '../auth/second-factor';
import { conflict, fieldError, forbidden, invalid } from './errors';

/** Catalogue keys of the second factor's refusals. */
export const SECOND_FACTOR_MSG = {
  required: 'secondFactor.errors.required',
  alreadyOn: 'secondFactor.errors.alreadyOn',
  notStarted: 'secondFactor.errors.notStarted',
  notOn: 'secondFactor.errors.notOn',
  wrongCode: 'secondFactor.errors.wrongCode',
  wrongPassword: 'secondFactor.errors.wrongPassword',
  challengeExpired: 'secondFactor.errors.challengeExpired',
  staffMustKeep: 'secondFactor.errors.staffMustKeep',
} as const;

export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may wait after the password was accepted. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

const factorOf = (db: DbLike, userId: string) => db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).get();

/** Whether the account signs in with a second factor (a confirmed one). */
export function hasSecondFactor(db: DbLike, userId: string): boolean {
  const row = db.select({ on: secondFactors.enabledAt }).from(secondFactors).where(eq(secondFactors.userId, userId)).get();
  return row?.on != null;
}

export function secondFactorStatus(db: DbLike, userId: string) {
  const row = factorOf(db, userId);
  const left = db
    .select({ n: sql<number>`count(*)` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get()!.n;
  return { enabled: row?.enabledAt != null, enabledAt: row?.enabledAt ?? null, recoveryCodesLeft: row?.enabledAt != null ? left : 0 };
}

/** A new key awaiting confirmation; a set-up begun earlier and never confirmed is replaced. */
export function beginSetup(db: DbLike, p: { userId: string; now: number }): string {
  if (hasSecondFactor(db, p.userId)) throw conflict(SECOND_FACTOR_MSG.alreadyOn);
  const key = newTotpKey();
  db.insert(secondFactors)
    .values({ userId: p.userId, key, enabledAt: null, lastUsedStep: null, createdAt: p.now })
    .onConflictDoUpdate({ target: secondFactors.userId, set: { key, lastUsedStep: null, createdAt: p.now } })
    .run();
  return key;
}

/** Fresh recovery codes (the old ones stop working); only their hashes are kept. */
function replaceRecoveryCodes(db: DbLike, userId: string, now: number): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
  db.insert(recoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: hashToken(normaliseRecoveryCode(c)), createdAt: now })))
    .run();
  return codes;
}

/**
 * Accepts a TOTP code at most once: the step is recorded with a conditional UPDATE, so of two
 * concurrent uses of one code only the first wins.
 */
function useTotp(db: DbLike, userId: string, key: string, code: string, now: number, lastUsedStep: number | null): boolean {
  const step = matchTotp(key, code.replace(/\s/g, ''), now, lastUsedStep);
  if (step === null) return false;
  const won = db
    .update(secondFactors)
    .set({ lastUsedStep: step })
    .where(and(eq(secondFactors.userId, userId), or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step))))
    .run();
  return won.changes === 1;
}

function useRecoveryCode(db: DbLike, userId: string, code: string, now: number): boolean {
  const hash = hashToken(normaliseRecoveryCode(code));
  const spent = db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)))
    .run();
  return spent.changes === 1;
}

/** Confirms the set-up with a first code from the app; answers the recovery codes, shown only now. */
export function confirmSetup(db: DbLike, p: { userId: string; code: string; now: number }): string[] {
  const row = factorOf(db, p.userId);
  if (!row) throw invalid(SECOND_FACTOR_MSG.notStarted);
  if (row.enabledAt != null) throw conflict(SECOND_FACTOR_MSG.alreadyOn);
  return db.transaction((tx) => {
    if (!useTotp(tx, p.userId, row.key, p.code, p.now, row.lastUsedStep)) throw fieldError('invalid', 'code', SECOND_FACTOR_MSG.wrongCode);
    tx.update(secondFactors).set({ enabledAt: p.now }).where(eq(secondFactors.userId, p.userId)).run();
    return replaceRecoveryCodes(tx, p.userId, p.now);
  });
}

/** A code of the account's factor: a TOTP code (once) or an unused recovery code (spent). */
export function checkSecondFactor(db: DbLike, p: { userId: string; code: string; now: number }): 'totp' | 'recovery' | null {
  const row = factorOf(db, p.userId);
  if (!row || row.enabledAt == null) return null;
  if (isTotpShaped(p.code)) return useTotp(db, p.userId, row.key, p.code, p.now, row.lastUsedStep) ? 'totp' : null;
  return useRecoveryCode(db, p.userId, p.code, p.now) ? 'recovery' : null;
}

function requireCode(db: DbLike, p: { userId: string; code: string; now: number }) {
  if (!hasSecondFactor(db, p.userId)) throw invalid(SECOND_FACTOR_MSG.notOn);
  if (!checkSecondFactor(db, p)) throw fieldError('invalid', 'code', SECOND_FACTOR_MSG.wrongCode);
}

/** New recovery codes, proven with a current code. */
export function regenerateRecoveryCodes(db: DbLike, p: { userId: string; code: string; now: number }): string[] {
  return db.transaction((tx) => {
    requireCode(tx, p);
    return replaceRecoveryCodes(tx, p.userId, p.now);
  });
}

/** Turns the factor off with the password and a code. Staff must keep theirs. */
export async function disableSecondFactor(db: DbLike, p: { user: UserRow; password: string; code: string; now: number }): Promise<void> {
  if (p.user.role !== 'user') throw forbidden(SECOND_FACTOR_MSG.staffMustKeep);
  if (!hasSecondFactor(db, p.user.id)) throw invalid(SECOND_FACTOR_MSG.notOn);
  if (!p.user.passwordHash || !(await verifyPassword(p.user.passwordHash, p.password))) {
    throw fieldError('invalid', 'password', SECOND_FACTOR_MSG.wrongPassword);
  }
  db.transaction((tx) => {
    requireCode(tx, { userId: p.user.id, code: p.code, now: p.now });
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, p.user.id)).run();
    tx.delete(secondFactors).where(eq(secondFactors.userId, p.user.id)).run();
  });
}

/** After the right password: a short-lived token for the second step (only its hash is kept). */
export function issueChallenge(db: DbLike, p: { userId: string; now: number }): { token: string; expiresAt: number } {
  const token = generateToken();
  const expiresAt = p.now + CHALLENGE_TTL_MS;
  // Expired ones of anyone go on the way; at most a handful exist at a time.
  db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, p.now)).run();
  db.insert(signInChallenges).values({ id: hashToken(token), userId: p.userId, expiresAt, createdAt: p.now }).run();
  return { token, expiresAt };
}

/** The account a live challenge token stands for, or null. */
export function challengeUser(db: DbLike, token: string, now: number): string | null {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const row = db.select().from(signInChallenges).where(eq(signInChallenges.id, hashToken(token))).get();
  return row && row.expiresAt > now ? row.userId : null;
}

/** Ends a challenge once used, so its token cannot start a second session. */
export function consumeChallenge(db: DbLike, token: string): boolean {
  return db.delete(signInChallenges).where(eq(signInChallenges.id, hashToken(token))).run().changes === 1;
}
