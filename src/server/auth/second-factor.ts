import { timingSafeEqual } from 'node:crypto';
import { decodeBase32IgnorePadding, encodeBase32LowerCaseNoPadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';

/*
 * TOTP (RFC 6238) as every authenticator app speaks it: SHA-1, 6 digits, 30-second steps.
 * Codes are computed from our clock (HOTP of the step) rather than with the library's TOTP
 * helpers, which read Date.now(): the tests drive time, and the replay rule needs the step.
 */
export const TOTP_PERIOD_MS = 30_000;
const DIGITS = 6;
/** Steps either side of now that are accepted: a phone's clock a little off still works. */
const DRIFT_STEPS = 1;

export const totpStep = (now: number) => Math.floor(now / TOTP_PERIOD_MS);

/** A new 160-bit shared secret, base32 (what authenticator apps expect). */
export function newTotpKey(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32UpperCaseNoPadding(bytes);
}

export function totpCode(key: string, step: number): string {
  return generateHOTP(decodeBase32IgnorePadding(key), BigInt(step), DIGITS);
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The step whose code `code` is, within the drift window around `now` and later than
 * `lastUsedStep`, or null. A code already accepted (or one older than it) never works again.
 */
export function matchTotp(key: string, code: string, now: number, lastUsedStep: number | null): number | null {
  const current = totpStep(now);
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (same(totpCode(key, step), code)) return step;
  }
  return null;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpKeyUri(issuer: string, account: string, key: string): string {
  return createTOTPKeyURI(issuer, account, decodeBase32IgnorePadding(key), TOTP_PERIOD_MS / 1000, DIGITS);
}

/** The key in groups of four, easier to type into an app by hand. */
export const groupedKey = (key: string) => key.match(/.{1,4}/g)!.join(' ');

/** A one-time recovery code: 80 random bits, shown as xxxx-xxxx-xxxx-xxxx. */
export function newRecoveryCode(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes).match(/.{4}/g)!.join('-');
}

/** What people type, as stored: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** A six-digit code (spaces allowed, as apps show "123 456") or a recovery code. */
export const isTotpShaped = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));
