import { createHash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** A 160-bit random token, base32 (URL- and cookie-safe). */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * What we store instead of a token: its SHA-256, hex. node:crypto rather than a JavaScript
 * SHA-256: this runs on every signed-in request, and the native hash is several times cheaper.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
