import { emailTokens, type UserRow } from '../../../db/schema';
import type { Context } from '../context';
import { readCookie } from './cookies';
import { consumeEmailToken, TOKEN_TTL_MS } from './email-tokens';
import { generateToken, hashToken } from './crypto';

/*
 * "Pending sign-in": the browser that signed up may be signed in when it opens the verification
 * link, without typing the password again. Sign-up sets a short-lived, http-only cookie on every
 * accepted sign-up, a free address and a taken one alike (same name, same attributes, a token of
 * the same shape), so the answer still tells nothing; only for a new account is the token's hash
 * stored, bound to that account and its address. Verifying the email consumes it, and signs the
 * browser in only when nobody is signed in there and the token belongs to the account the link
 * verified: the link alone (forwarded, read on another device) never opens a session, and the
 * cookie alone (without the mailbox) proves nothing. Security reasoning: decision 016.
 */
export const PENDING_COOKIE = 'harambee_pending';
const cookieName = (secure: boolean) => (secure ? `__Host-${PENDING_COOKIE}` : PENDING_COOKIE);

function cookie(ctx: Context, value: string, maxAgeSeconds: number) {
  const secure = ctx.secureCookies;
  return `${cookieName(secure)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

/** Sets the cookie; stores its token for `user` (a new account), or nothing for a taken address. */
export function setPendingSignIn(ctx: Context, user: UserRow | null) {
  const token = generateToken();
  if (user) {
    const now = ctx.now();
    ctx.db
      .insert(emailTokens)
      .values({ id: hashToken(token), userId: user.id, email: user.email, purpose: 'pending-sign-in', createdAt: now, expiresAt: now + TOKEN_TTL_MS['pending-sign-in'] })
      .run();
  }
  ctx.resHeaders.append('Set-Cookie', cookie(ctx, token, Math.floor(TOKEN_TTL_MS['pending-sign-in'] / 1000)));
}

/**
 * At verification: whether this browser may be signed in as `verified`. The cookie is spent and
 * cleared whatever the outcome (it works once); a signed-in browser keeps its own session.
 */
export function takePendingSignIn(ctx: Context, verified: UserRow): boolean {
  const token = readCookie(ctx.cookieHeader, cookieName(ctx.secureCookies));
  if (!token) return false;
  ctx.resHeaders.append('Set-Cookie', cookie(ctx, '', 0));
  const row = consumeEmailToken(ctx.db, { token, purpose: 'pending-sign-in', now: ctx.now() });
  if (ctx.user) return false;
  return !!row && row.userId === verified.id && row.email === verified.email && !verified.deletedAt;
}
