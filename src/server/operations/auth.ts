import { z } from 'zod';
import {
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordInput,
  verifyEmailInput,
} from '@shared/schemas/auth';
import {
  blankSessionCookie,
  invalidateOtherSessions,
  invalidateOwnSession,
  invalidateSession,
  listUserSessions,
} from '../auth/session';
import { refuseWhileThrottled, signIn, startSession } from '../auth/sign-in';
import { setPendingSignIn, takePendingSignIn } from '../auth/pending-sign-in';
import { hasSecondFactor } from '../services/second-factor';
import { translate } from '../i18n';
import { limitAddress, mayMail, queueAccountMail } from '../auth/account-mail';
import { hashToken } from '../auth/crypto';
import { randomUUID } from 'node:crypto';
import {
  AUTH_MSG,
  changePassword,
  issueVerificationToken,
  recordLogin,
  registerUser,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
} from '../services/auth';
import { DomainError, invalid, notFound } from '../services/errors';
import { joinOnSignUp, userById } from '../services/invitations/accept';
import { assertPasswordPolicy } from '../services/settings';
import { toUserDto } from '../services/users';
import { anyone, mutation, query, signedIn, signedInChangingPassword } from './define';
import { describeDevice } from '../auth/device';
import { signInAnswer } from './second-factor';

export const auth = {
  /** The signed-in user, or null: a signed-out visitor is not an error here. */
  me: query({ access: anyone, run: (ctx) => (ctx.user ? toUserDto(ctx.user) : null) }),

  /*
   * The same answer whether or not the address has an account (decision 016): a new address gets
   * its account and a verification link; a taken one gets, instead, an email to its owner saying
   * someone tried. Neither the answer, its status nor its timing (mail goes after the response)
   * tells the two apart, and nobody is signed in either way.
   */
  register: mutation({
    input: registerInput,
    access: anyone,
    run: async (ctx, input) => {
      limitAddress(ctx, 'sign-up');
      assertPasswordPolicy(ctx.db, input.password, 'password');
      // A visitor who signs up reading French keeps French (the emails too).
      const outcome = await registerUser(ctx.db, { input, language: ctx.language, now: ctx.now() });
      const answer = { message: translate(ctx.language, AUTH_MSG.signUp) };
      // Both paths set the same cookie; only a new account's token can sign this browser in later.
      setPendingSignIn(ctx, outcome.created ?? null);
      if (outcome.existing) {
        if (mayMail(ctx, 'sign-up-attempt', outcome.existing.email)) queueAccountMail(ctx, 'signUpAttempt', outcome.existing.id, {}, `${outcome.existing.id}:${randomUUID()}`);
        return answer;
      }
      const user = outcome.created;
      // Signing up from an invitation joins its community at once (when the invitation is for this
      // account); the answer does not say so, since a taken address could not have joined.
      const joined = input.invite ? joinOnSignUp(ctx.db, { token: input.invite, user, now: ctx.now() }) : null;
      const fresh = joined ? (userById(ctx.db, user.id) ?? user) : user;
      if (!fresh.isEmailVerified && mayMail(ctx, 'verify', user.email)) {
        const token = issueVerificationToken(ctx.db, user, ctx.now());
        queueAccountMail(ctx, 'verify', user.id, { token }, hashToken(token));
      }
      return answer;
    },
  }),

  login: mutation({
    input: loginInput,
    access: anyone,
    run: async (ctx, input) => signInAnswer(await signIn(ctx, input, { refusal: AUTH_MSG.invalidCredentials })),
  }),

  logout: mutation({
    access: anyone,
    run: (ctx) => {
      if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
      ctx.resHeaders.append('Set-Cookie', blankSessionCookie(ctx.secureCookies));
      return { success: true as const };
    },
  }),

  verifyEmail: mutation({
    input: verifyEmailInput,
    access: anyone,
    run: (ctx, input) => {
      const user = verifyEmail(ctx.db, { token: input.token, now: ctx.now() });
      // The browser that signed up, with nobody signed in there, is signed in (auth/pending-sign-in.ts).
      const signedIn = takePendingSignIn(ctx, user) && !hasSecondFactor(ctx.db, user.id);
      if (signedIn) {
        startSession(ctx, user.id);
        recordLogin(ctx.db, user, ctx.now());
      }
      return { success: true as const, email: user.email, signedIn };
    },
  }),

  resendVerification: mutation({
    access: signedIn,
    run: async (ctx) => {
      limitAddress(ctx, 'resend-verification');
      if (ctx.user.isEmailVerified) return { sent: false as const };
      // Past the recipient's limit the answer stays the same and no mail goes (the earlier links still work).
      if (mayMail(ctx, 'verify', ctx.user.email)) {
        const token = issueVerificationToken(ctx.db, ctx.user, ctx.now());
        queueAccountMail(ctx, 'verify', ctx.user.id, { token }, hashToken(token));
      }
      return { sent: true as const };
    },
  }),

  forgotPassword: mutation({
    input: forgotPasswordInput,
    access: anyone,
    run: async (ctx, input) => {
      limitAddress(ctx, 'forgot-password');
      // Counted for unknown addresses too, so the limit itself says nothing about accounts.
      const allowed = mayMail(ctx, 'reset', input.email);
      const found = allowed ? requestPasswordReset(ctx.db, { email: input.email, now: ctx.now() }) : null;
      if (found) queueAccountMail(ctx, 'reset', found.user.id, { token: found.token }, hashToken(found.token));
      // The same answer whether or not the account exists, and whether or not a mail went.
      return { message: translate(ctx.language, AUTH_MSG.forgotPassword) };
    },
  }),

  resetPassword: mutation({
    input: resetPasswordInput,
    access: anyone,
    run: async (ctx, input) => {
      assertPasswordPolicy(ctx.db, input.password, 'password');
      await resetPassword(ctx.db, { token: input.token, password: input.password, now: ctx.now() });
      return { success: true as const };
    },
  }),

  /** The caller's signed-in devices. */
  sessions: query({
    access: signedIn,
    run: (ctx) =>
      listUserSessions(ctx.db, ctx.user.id).map((s) => ({
        id: s.id,
        current: s.id === ctx.session.id,
        userAgent: s.userAgent,
        device: describeDevice(s.userAgent),
        signedInAt: new Date(s.createdAt).toISOString(),
        lastActiveAt: new Date(s.renewedAt).toISOString(),
      })),
  }),

  revokeSession: mutation({
    input: z.object({ id: z.string().trim().regex(/^[0-9a-f]{64}$/, 'validation.auth.sessionNotFound') }),
    access: signedIn,
    run: (ctx, input) => {
      if (input.id === ctx.session.id) throw invalid('errors.auth.useSignOut');
      if (!invalidateOwnSession(ctx.db, ctx.user.id, input.id)) throw notFound('validation.auth.sessionNotFound');
      return { success: true as const };
    },
  }),

  /** 'Sign out other devices': every session of the caller but this one ends. */
  revokeOtherSessions: mutation({
    access: signedIn,
    run: (ctx) => ({ ended: invalidateOtherSessions(ctx.db, ctx.user.id, ctx.session.id) }),
  }),

  changePassword: mutation({
    input: changePasswordInput,
    access: signedInChangingPassword,
    run: async (ctx, input) => {
      // Guessing the current password from a stolen session is throttled like sign-in.
      const keys = [`change-password:${ctx.user.id}`];
      refuseWhileThrottled(ctx, keys, 'password');
      assertPasswordPolicy(ctx.db, input.newPassword, 'newPassword');
      // Counted before the check (concurrent guesses cannot all pass the limit); only a wrong current password keeps the count.
      const undo = ctx.throttle.begin(keys);
      try {
        await changePassword(ctx.db, { user: ctx.user, ...input, now: ctx.now() });
      } catch (error) {
        if (!(error instanceof DomainError && error.kind === 'invalid')) undo();
        throw error;
      }
      undo();
      ctx.throttle.reset(keys[0]!);
      // Every session ended, this device included; it gets a new one so the user stays signed in here.
      startSession({ ...ctx, session: null }, ctx.user.id);
      return { success: true as const };
    },
  }),
};
