import type { UserRow } from '../../../db/schema';
import type { Context } from '../context';
import { checkCredentials, recordLogin } from '../services/auth';
import { tooMany, unauthenticated } from '../services/errors';
import { sessionIdleMs } from '../services/settings';
import { findUserByEmail } from '../services/users';
import { hasSecondFactor, issueChallenge } from '../services/second-factor';
import { queueAccountMail } from './account-mail';
import { isKnownDevice, setKnownDevice } from './known-device';
import { randomUUID } from 'node:crypto';
import type { Limit } from './rate-limit';
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
/**
 * Staff accounts have stricter counters of their own, kept the same way (per account and address,
 * per address): a stranger's guesses never lock staff out from elsewhere. They apply at both doors,
 * the member sign-in too, so a staff password is never guessed there at members' rates.
 */
const STAFF_LIMIT = 5;
/** Across addresses an account is slowed, never locked: a pause grows with its recent failures... */
const SLOW_FROM = 10;
const SLOW_STEP_MS = 250;
const SLOW_MAX_MS = 3000;
/** ...and its owner is told by email once, when this many failures have happened in the window. */
const TELL_OWNER_AT = 20;
/**
 * The ceiling: this many failures in the window, from however many addresses, and for a day the
 * account takes one attempt a minute (any more wait, 429). Guesses from a botnet then come at most
 * 1,440 a day. The owner's known browser (known-device.ts) skips it; from anywhere else the owner,
 * told already, competes with the botnet for the minute's attempt.
 */
const ACCOUNT_CEILING = 50;
const BESIEGED: Limit = { max: 1, windowMs: 24 * 60 * 60 * 1000 };
const SPACED: Limit = { max: 1, windowMs: 60 * 1000 };

/** The answer to a right password on an account with a second factor. */
export type SecondStepNeeded = { secondFactorRequired: true; challenge: string; expiresAt: string };

/**
 * Password sign-in shared by the site and the admin panel. Members: throttled per (email,
 * address) and per address, so a stranger's wrong guesses cannot lock the owner out from
 * elsewhere; across addresses the account is slowed, its owner emailed once, and past a ceiling
 * its attempts are spaced (except from a browser the account signed in from: known-device.ts). Staff: stricter counters of their own, kept the same way, at both
 * doors. `accept` narrows who may sign in here, and
 * anyone refused gets the same answer as a wrong password, so the form reveals nothing about
 * accounts or roles.
 */
export async function signIn(
  ctx: Context,
  input: { email: string; password: string },
  opts: { refusal: string; accept?: (u: UserRow) => boolean; staff?: boolean },
): Promise<UserRow | SecondStepNeeded> {
  const email = input.email;
  // The admin sign-in counts everyone with the staff counters; the member sign-in, staff accounts.
  const staffCounts = opts.staff || isStaffEmail(ctx, email);
  const counter = staffCounts ? 'staff-' : '';
  const locks = [`${counter}pair:${email}|${ctx.ip}`, `${counter}ip:${ctx.ip}`];
  refuseWhileThrottled(ctx, locks, 'sign-in', staffCounts ? STAFF_LIMIT : MEMBER_LIMIT);
  // One count per account, whichever door the guesses come through.
  const account = `email:${email}`;
  const failures = ctx.throttle.count(account);
  // The owner's browser (a device cookie of this account: known-device.ts) is neither slowed nor
  // spaced by the account-wide counts, so a botnet's guesses cannot keep the owner out.
  const known = knownDevice(ctx, email);
  if (!known) waitPastCeiling(ctx, email, failures);
  // Counted before the (slow) password check, so concurrent guesses cannot all slip under the limit.
  const undo = ctx.throttle.begin([...locks, account]);
  if (!known && failures > SLOW_FROM) await ctx.throttle.pause(Math.min((failures - SLOW_FROM) * SLOW_STEP_MS, SLOW_MAX_MS));
  const user = await checkCredentials(ctx.db, input);
  if (!user || (opts.accept && !opts.accept(user))) {
    if (failures === TELL_OWNER_AT) tellOwner(ctx, email);
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
  setKnownDevice(ctx, user.id);
  return recordLogin(ctx.db, user, ctx.now());
}

const knownDevice = (ctx: Context, email: string) => {
  const owner = findUserByEmail(ctx.db, email);
  return !!owner && isKnownDevice(ctx, owner.id);
};

const isStaffEmail = (ctx: Context, email: string) => {
  const role = findUserByEmail(ctx.db, email)?.role;
  return role !== undefined && role !== 'user';
};

/**
 * Past the ceiling, one attempt a minute on the account for a day (a sign-in resets nothing here;
 * the owner's known browser skips this).
 */
function waitPastCeiling(ctx: Context, email: string, failures: number) {
  const besieged = `besieged:${email}`;
  if (failures >= ACCOUNT_CEILING) ctx.throttle.requests.take([{ key: besieged, limit: BESIEGED }]);
  if (!ctx.throttle.requests.seen(besieged, BESIEGED.windowMs)) return;
  const wait = ctx.throttle.requests.take([{ key: `spaced:${email}`, limit: SPACED }]);
  if (wait > 0) throw tooMany('errors.tooManySignIns', wait, { count: Math.ceil(wait / 60) });
}

/** "Many failed sign-ins on your account": once per window, to the address on file (nothing for an unknown email). */
function tellOwner(ctx: Context, email: string) {
  const owner = findUserByEmail(ctx.db, email);
  if (!owner) return;
  const payload = { subject: 'mail.signInFailures.subject', body: 'mail.signInFailures.body', params: { count: TELL_OWNER_AT }, link: '/forgot-password' };
  queueAccountMail(ctx, 'message', owner.id, payload, `sign-in-failures:${owner.id}:${randomUUID()}`);
}
