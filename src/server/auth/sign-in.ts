import type { UserRow } from '../../../db/schema';
import type { Context } from '../context';
import { checkCredentials, recordLogin } from '../services/auth';
import { tooMany, unauthenticated } from '../services/errors';
import { sessionIdleMs } from '../services/settings';
import { createSession, invalidateSession, sessionCookie } from './session';

export function startSession(ctx: Context, userId: string) {
  const now = ctx.now();
  // A fresh session on every sign-in; the browser's previous one (if any) ends.
  if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
  const { token, session } = createSession(ctx.db, userId, now, ctx.userAgent, sessionIdleMs(ctx.db));
  ctx.resHeaders.append('Set-Cookie', sessionCookie(token, session.expiresAt, now, ctx.secureCookies));
}

export function refuseWhileThrottled(ctx: Context, keys: string[], what: 'sign-in' | 'password') {
  const wait = ctx.throttle.retryAfter(keys);
  if (wait > 0) {
    ctx.resHeaders.set('Retry-After', String(wait));
    throw tooMany(what === 'sign-in' ? 'errors.tooManySignIns' : 'errors.tooManyPasswords', wait, { count: Math.ceil(wait / 60) });
  }
}

/**
 * Password sign-in shared by the site and the admin panel: throttled per email and per IP;
 * `accept` narrows who may sign in here, and anyone refused gets the same answer as a wrong
 * password, so the form reveals nothing about accounts or roles.
 */
export async function signIn(
  ctx: Context,
  input: { email: string; password: string },
  opts: { refusal: string; accept?: (u: UserRow) => boolean },
): Promise<UserRow> {
  const keys = [`email:${input.email}`, `ip:${ctx.ip}`];
  refuseWhileThrottled(ctx, keys, 'sign-in');
  // Counted before the (slow) password check, so concurrent guesses cannot all slip under the limit.
  const undo = ctx.throttle.begin(keys);
  const user = await checkCredentials(ctx.db, input);
  if (!user || (opts.accept && !opts.accept(user))) throw unauthenticated(opts.refusal);
  undo();
  ctx.throttle.reset(keys[0]!);
  startSession(ctx, user.id);
  return recordLogin(ctx.db, user, ctx.now());
}
