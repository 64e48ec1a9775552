import QRCode from 'qrcode';
import type { UserRow } from '../../../db/schema';
import {
  confirmSecondFactorInput,
  disableSecondFactorInput,
  secondFactorCodeInput,
  secondFactorSignInInput,
} from '@shared/schemas/second-factor';
import type { Context } from '../context';
import { groupedKey, totpKeyUri } from '../auth/second-factor';
import { setKnownDevice } from '../auth/known-device';
import { startSession, type SecondStepNeeded } from '../auth/sign-in';
import { recordLogin } from '../services/auth';
import { DomainError, tooMany, unauthenticated } from '../services/errors';
import {
  beginSetup,
  challengeUser,
  checkSecondFactor,
  confirmSetup,
  consumeChallenge,
  disableSecondFactor,
  regenerateRecoveryCodes,
  SECOND_FACTOR_MSG,
  secondFactorStatus,
} from '../services/second-factor';
import { findUserById, toUserDto } from '../services/users';
import { anyone, mutation, query, signedIn } from './define';

/** What a sign-in answers: the account, or the request for its second step. */
export const signInAnswer = (r: UserRow | SecondStepNeeded) => ('secondFactorRequired' in r ? r : toUserDto(r));

/** Wrong codes allowed per account in the throttle's window, then per address over any accounts. */
const CODE_LIMIT = 5;
const CODE_IP_LIMIT = 20;

/**
 * Code attempts are throttled like passwords: counted before the check (concurrent guesses cannot
 * all slip under the limit), taken back only when the code was right. Six digits are a million
 * guesses; at five per quarter hour a stolen password gives nothing in any useful time.
 */
async function throttledCode<T>(ctx: Context, userId: string, check: () => T | Promise<T>): Promise<T> {
  const account = `2fa:${userId}`;
  const address = `2fa-ip:${ctx.ip}`;
  const wait = Math.max(ctx.throttle.retryAfter([account], CODE_LIMIT), ctx.throttle.retryAfter([address], CODE_IP_LIMIT));
  if (wait > 0) throw tooMany('secondFactor.errors.tooManyCodes', wait, { count: Math.ceil(wait / 60) });
  const undo = ctx.throttle.begin([account, address]);
  let result: T;
  try {
    result = await check();
  } catch (error) {
    // Only a wrong code or password keeps the count; a refusal for another reason is no guess.
    if (!(error instanceof DomainError && error.kind === 'invalid' && error.issues?.length)) undo();
    throw error;
  }
  undo();
  ctx.throttle.reset(account);
  return result;
}

export const secondFactor = {
  /** Whether the caller has a second factor, how many recovery codes remain, and whether their role requires one. */
  status: query({
    access: signedIn,
    run: (ctx) => {
      const s = secondFactorStatus(ctx.db, ctx.user.id);
      return {
        enabled: s.enabled,
        enabledAt: s.enabledAt ? new Date(s.enabledAt).toISOString() : null,
        recoveryCodesLeft: s.recoveryCodesLeft,
        required: ctx.user.role !== 'user',
      };
    },
  }),

  /** A new key for the authenticator app: its address, the QR code drawing it, the key to type by hand. */
  setup: mutation({
    access: signedIn,
    run: async (ctx) => {
      const key = beginSetup(ctx.db, { userId: ctx.user.id, now: ctx.now() });
      const keyUri = totpKeyUri(ctx.env.APP_NAME, ctx.user.email, key);
      const qrSvg = await QRCode.toString(keyUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { keyUri, qrSvg, key: groupedKey(key) };
    },
  }),

  /** Turns it on with a first code; answers the recovery codes, which are never shown again. */
  confirm: mutation({
    input: confirmSecondFactorInput,
    access: signedIn,
    run: (ctx, input) =>
      throttledCode(ctx, ctx.user.id, async () => ({ recoveryCodes: await confirmSetup(ctx.db, { userId: ctx.user.id, code: input.code, now: ctx.now() }) })),
  }),

  /** New recovery codes (the old ones stop working), proven with a current code. */
  regenerateRecoveryCodes: mutation({
    input: secondFactorCodeInput,
    access: signedIn,
    run: (ctx, input) =>
      throttledCode(ctx, ctx.user.id, async () => ({ recoveryCodes: await regenerateRecoveryCodes(ctx.db, { userId: ctx.user.id, code: input.code, now: ctx.now() }) })),
  }),

  /** Turns it off with the password and a code; staff must keep theirs. */
  disable: mutation({
    input: disableSecondFactorInput,
    access: signedIn,
    run: (ctx, input) =>
      throttledCode(ctx, ctx.user.id, async () => {
        await disableSecondFactor(ctx.db, { user: ctx.user, password: input.password, code: input.code, now: ctx.now() });
        return { success: true as const };
      }),
  }),

  /** The second step of a sign-in (either door): the challenge the password step answered and a code. */
  signIn: mutation({
    input: secondFactorSignInInput,
    access: anyone,
    run: (ctx, input) => {
      const userId = challengeUser(ctx.db, input.challenge, ctx.now());
      if (!userId) throw unauthenticated(SECOND_FACTOR_MSG.challengeExpired);
      return throttledCode(ctx, userId, async () => {
        if (!(await checkSecondFactor(ctx.db, { userId, code: input.code, now: ctx.now() }))) {
          throw new DomainError('invalid', SECOND_FACTOR_MSG.wrongCode, [{ path: ['code'], message: SECOND_FACTOR_MSG.wrongCode }]);
        }
        // Used once: a second call with the same token (a double click, a replay) starts nothing.
        if (!consumeChallenge(ctx.db, input.challenge)) throw unauthenticated(SECOND_FACTOR_MSG.challengeExpired);
        const user = findUserById(ctx.db, userId);
        if (!user || user.deletedAt != null) throw unauthenticated(SECOND_FACTOR_MSG.challengeExpired);
        startSession(ctx, user.id);
        setKnownDevice(ctx, user.id);
        return toUserDto(recordLogin(ctx.db, user, ctx.now()));
      });
    },
  }),
};
