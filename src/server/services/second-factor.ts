import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { recoveryCodes, secondFactors, signInChallenges, type UserRow } from '../../../db/schema';
import type { DbLike } from '../../../db/database';
import { generateToken, hashToken } from '../auth/crypto';
import { hashPassword, verifyPassword } from '../auth/password';
import { isTotpShaped, matchTotp, newRecoveryCode, newTotpKey, normaliseRecoveryCode } from '../auth/second-factor';
import { isSealed, openSecret, sealSecret } from '../auth/secrets-key';
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

/** The account's factor with its key opened (the column holds it encrypted: auth/secrets-key.ts). */
function factorOf(db: DbLike, userId: string) {
  const row = db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).get();
  // A key written straight into the table (not by this code) is read as it is; the start step seals those.
  return row && { ...row, key: isSealed(row.key) ? openSecret(row.key, userId) : row.key };
}

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
  const sealed = sealSecret(key, p.userId);
  db.insert(secondFactors)
    .values({ userId: p.userId, key: sealed, enabledAt: null, lastUsedStep: null, createdAt: p.now })
    .onConflictDoUpdate({ target: secondFactors.userId, set: { key: sealed, lastUsedStep: null, createdAt: p.now } })
    .run();
  return key;
}

/*
 * Recovery codes are 80 random bits, and only a slow hash of each is kept: argon2id (as passwords)
 * of the code's SHA-256. The SHA-256 in between lets codes stored before as plain SHA-256 be moved
 * to the slow hash without knowing them (auth/secrets-upgrade.ts).
 */
export const hashRecoveryDigest = (digest: string) => hashPassword(digest);
const digestOf = (code: string) => hashToken(normaliseRecoveryCode(code));

/** New codes and their hashes, made before any transaction (hashing takes a while, off the event loop). */
async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: await Promise.all(codes.map((c) => hashRecoveryDigest(digestOf(c)))) };
}

/** Fresh recovery codes (the old ones stop working); only their hashes are kept. */
function replaceRecoveryCodes(db: DbLike, userId: string, now: number, fresh: { codes: string[]; hashes: string[] }): string[] {
  db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
  db.insert(recoveryCodes)
    .values(fresh.hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })))
    .run();
  return fresh.codes;
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

/** Spends the unused recovery code `code` is, if any: compared with every unused one's hash, spent by a conditional UPDATE (once). */
async function useRecoveryCode(db: DbLike, userId: string, code: string, now: number): Promise<boolean> {
  const digest = digestOf(code);
  const unused = db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .all();
  const matches = await Promise.all(unused.map((r) => verifyPassword(r.codeHash, digest)));
  const found = unused.find((_, i) => matches[i]);
  if (!found) return false;
  const spent = db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, found.id), isNull(recoveryCodes.usedAt)))
    .run();
  return spent.changes === 1;
}

/** Confirms the set-up with a first code from the app; answers the recovery codes, shown only now. */
export async function confirmSetup(db: DbLike, p: { userId: string; code: string; now: number }): Promise<string[]> {
  const row = factorOf(db, p.userId);
  if (!row) throw invalid(SECOND_FACTOR_MSG.notStarted);
  if (row.enabledAt != null) throw conflict(SECOND_FACTOR_MSG.alreadyOn);
  if (!isTotpShaped(p.code) || matchTotp(row.key, p.code, p.now, row.lastUsedStep) === null) throw fieldError('invalid', 'code', SECOND_FACTOR_MSG.wrongCode);
  const fresh = await newRecoveryCodes();
  return db.transaction((tx) => {
    // Checked again, and the step recorded, in the transaction: a code is good once.
    if (!useTotp(tx, p.userId, row.key, p.code, p.now, row.lastUsedStep)) throw fieldError('invalid', 'code', SECOND_FACTOR_MSG.wrongCode);
    const enabled = tx.update(secondFactors).set({ enabledAt: p.now }).where(and(eq(secondFactors.userId, p.userId), isNull(secondFactors.enabledAt))).run();
    if (enabled.changes !== 1) throw conflict(SECOND_FACTOR_MSG.alreadyOn);
    return replaceRecoveryCodes(tx, p.userId, p.now, fresh);
  });
}

/** A code of the account's factor: a TOTP code (once) or an unused recovery code (spent). */
export async function checkSecondFactor(db: DbLike, p: { userId: string; code: string; now: number }): Promise<'totp' | 'recovery' | null> {
  const row = factorOf(db, p.userId);
  if (!row || row.enabledAt == null) return null;
  if (isTotpShaped(p.code)) return useTotp(db, p.userId, row.key, p.code, p.now, row.lastUsedStep) ? 'totp' : null;
  return (await useRecoveryCode(db, p.userId, p.code, p.now)) ? 'recovery' : null;
}

async function requireCode(db: DbLike, p: { userId: string; code: string; now: number }) {
  if (!hasSecondFactor(db, p.userId)) throw invalid(SECOND_FACTOR_MSG.notOn);
  if (!(await checkSecondFactor(db, p))) throw fieldError('invalid', 'code', SECOND_FACTOR_MSG.wrongCode);
}

/** New recovery codes, proven with a current code. */
export async function regenerateRecoveryCodes(db: DbLike, p: { userId: string; code: string; now: number }): Promise<string[]> {
  await requireCode(db, p);
  const fresh = await newRecoveryCodes();
  return db.transaction((tx) => replaceRecoveryCodes(tx, p.userId, p.now, fresh));
}

/** Turns the factor off with the password and a code. Staff must keep theirs. */
export async function disableSecondFactor(db: DbLike, p: { user: UserRow; password: string; code: string; now: number }): Promise<void> {
  if (p.user.role !== 'user') throw forbidden(SECOND_FACTOR_MSG.staffMustKeep);
  if (!hasSecondFactor(db, p.user.id)) throw invalid(SECOND_FACTOR_MSG.notOn);
  if (!p.user.passwordHash || !(await verifyPassword(p.user.passwordHash, p.password))) {
    throw fieldError('invalid', 'password', SECOND_FACTOR_MSG.wrongPassword);
  }
  await requireCode(db, { userId: p.user.id, code: p.code, now: p.now });
  db.transaction((tx) => {
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
