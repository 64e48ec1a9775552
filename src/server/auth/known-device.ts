import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from '../context';
import { readCookie } from './cookies';
import { derivedSecretsKey } from './secrets-key';

/*
 * "Known device" (OWASP's device-cookie defence against lockout): the account-wide ceiling of
 * sign-in.ts spaces a besieged account's attempts a minute apart, and a botnet firing constantly
 * would take every slot. A browser that completed a sign-in of an account (password, and the second
 * factor when there is one, at either door) keeps a long-lived cookie: an HMAC of the account's id
 * and the time it was issued. An attempt on that same account carrying a valid, unexpired one skips
 * the account-wide slowing and spacing; the per-address and per-email-and-address limits still
 * apply, and its failures still count. The cookie opens nothing by itself.
 *
 * The MAC's key is derived from the secrets key (SECRETS_KEY or secrets.key, secrets-key.ts), kept
 * apart from the database: a copy of the database or of a backup cannot forge one. A new secrets
 * key voids every device cookie (owners then wait like anyone until they sign in again).
 * One cookie per browser: the last account signed in there.
 */
export const DEVICE_COOKIE = 'harambee_device';
const cookieName = (secure: boolean) => (secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE);
export const DEVICE_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** A cookie issued "later than now" by more than this (clock skew between servers) is refused. */
const SKEW_MS = 5 * 60 * 1000;

const mac = (userId: string, issuedAt: number) =>
  createHmac('sha256', derivedSecretsKey('known-device')).update(`known-device:${userId}:${issuedAt}`).digest('base64url');

/** The cookie's value for `userId`, issued at `issuedAt`. */
export const deviceCookieValue = (userId: string, issuedAt: number) => `${issuedAt.toString(36)}.${mac(userId, issuedAt)}`;

/** Marks this browser as one `userId` signed in from (after the last step of a sign-in). */
export function setKnownDevice(ctx: Context, userId: string) {
  const issuedAt = ctx.now();
  const secure = ctx.secureCookies;
  ctx.resHeaders.append('Set-Cookie', `${cookieName(secure)}=${deviceCookieValue(userId, issuedAt)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_TTL_MS / 1000}${secure ? '; Secure' : ''}`);
}

/** Whether the request carries a valid, unexpired device cookie of `userId`. */
export function isKnownDevice(ctx: Context, userId: string): boolean {
  const value = readCookie(ctx.cookieHeader, cookieName(ctx.secureCookies));
  const [stamp, sent] = value?.split('.') ?? [];
  if (!stamp || !sent) return false;
  const issuedAt = parseInt(stamp, 36);
  const now = ctx.now();
  if (!Number.isSafeInteger(issuedAt) || issuedAt > now + SKEW_MS || now - issuedAt > DEVICE_TTL_MS) return false;
  const expected = Buffer.from(mac(userId, issuedAt));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
