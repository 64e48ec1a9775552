import type { UserRow } from '../../../db/schema';
import type { Context } from '../context';
import { checkCredentials, recordLogin } from '../services/auth';
import { tooMany, unauthenticated } from '../services/errors';
import { sessionIdleMs } from '../services/settings';
import { findUserByEmail } from '../services/users';
import { hasSecondFactor, issueChallenge } from '../services/second-factor';
import { queueAccountMail } from './account-mail';
import { randomUUID } from 'node:crypto';
import { createSession, invalidateSession, sessionCookie } from './session';

export function startSession(ctx: Context, userId: string) {
  const now = ctx.now();
  // A fresh session on every sign-in; the browser's previous one (if any) ends.
  if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
  const { token, session } = createSession(ctx.db, userId, now, ctx.userAgent, sessionIdleMs(ctx.db));
  ctx.resHeaders.append('Set-Cookie', sessionCookie(token, session.expiresAt, now, ctx.secureCookies));
}

export function refuseWhileThrottled(ctx: Context, keys: string[], what: 'sign-in' | 'password', limit?: number) {
  const wait = ctx.throttle.retryAfter(keys, limit);
  if (wait > 0) throw tooMany(what === 'sign-in' ? 'errors.tooManySignIns' : 'errors.tooManyPasswords', wait, { count: Math.ceil(wait / 60) });
}

/** From one address, failures on one account block that pair; failures from one address over any accounts block it. */
const MEMBER_LIMIT = 10;
/** The staff panel has its own, stricter counters, and a staff account is held whatever the address. */
const STAFF_LIMIT = 5;
/** Across addresses an account is slowed, never locked: a pause grows with its recent failures... */
const SLOW_FROM = 10;
const SLOW_STEP_MS = 250;
const SLOW_MAX_MS = 3000;
/** ...and its owner is told by email once, when this many failures have happened in the window. */
const TELL_OWNER_AT = 20;

/** The answer to a right password on an account with a second factor. */
export type SecondStepNeeded = { secondFactorRequired: true; challenge: string; expiresAt: string };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Password sign-in shared by the site and the admin panel. Members: throttled per (email,
 * address) and per address, so a stranger's wrong guesses cannot lock the owner out from
 * elsewhere; across addresses the account is slowed and its owner emailed once. Staff: stricter
 * counters of their own, per email and per address. `accept` narrows who may sign in here, and
 * anyone refused gets the same answer as a wrong password, so the form reveals nothing about
 * accounts or roles.
 */
export async function signIn(
  ctx: Context,
  input: { email: string; password: string },
  opts: { refusal: string; accept?: (u: UserRow) => boolean; staff?: boolean },
): Promise<UserRow | SecondStepNeeded> {
  const account = `${opts.staff ? 'staff-' : ''}email:${input.email}`;
  const locks = opts.staff ? [account, `staff-ip:${ctx.ip}`] : [`pair:${input.email}|${ctx.ip}`, `ip:${ctx.ip}`];
  const limit = opts.staff ? STAFF_LIMIT : MEMBER_LIMIT;
  refuseWhileThrottled(ctx, locks, 'sign-in', limit);
  // Counted before the (slow) password check, so concurrent guesses cannot all slip under the limit.
  const undo = ctx.throttle.begin(opts.staff ? locks : [...locks, account]);
  const failures = ctx.throttle.count(account);
  if (!opts.staff && failures > SLOW_FROM) await pause(Math.min((failures - SLOW_FROM) * SLOW_STEP_MS, SLOW_MAX_MS));
  const user = await checkCredentials(ctx.db, input);
  if (!user || (opts.accept && !opts.accept(user))) {
    if (!opts.staff && failures === TELL_OWNER_AT) tellOwner(ctx, input.email);
    throw unauthenticated(opts.refusal);
  }
  undo();
  ctx.throttle.reset(account);
  ctx.throttle.reset(locks[0]!);
  // With a second factor the password alone opens nothing: the caller gets a short-lived token
  // for the second step (operations/second-factor.ts), which starts the session.
  if (hasSecondFactor(ctx.db, user.id)) {
    const { token, expiresAt } = issueChallenge(ctx.db, { userId: user.id, now: ctx.now() });
    return { secondFactorRequired: true, challenge: token, expiresAt: new Date(expiresAt).toISOString() };
  }
  startSession(ctx, user.id);
  return recordLogin(ctx.db, user, ctx.now());
}

/** "Many failed sign-ins on your account": once per window, to the address on file (nothing for an unknown email). */
function tellOwner(ctx: Context, email: string) {
  const owner = findUserByEmail(ctx.db, email);
  if (!owner) return;
  const payload = { subject: 'mail.signInFailures.subject', body: 'mail.signInFailures.body', params: { count: TELL_OWNER_AT }, link: '/forgot-password' };
  queueAccountMail(ctx, 'message', owner.id, payload, `sign-in-failures:${owner.id}:${randomUUID()}`);
}
