import { TRPCError } from '@trpc/server';
import { blankSessionCookie, createSession, invalidateSession, sessionCookie } from '../../auth/session';
import { passwordResetMail, verificationMail } from '../../mail/templates';
import {
  AUTH_MSG,
  changePassword,
  checkCredentials,
  issueVerificationToken,
  recordLogin,
  registerUser,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
} from '../../services/auth';
import { toUserDto } from '../../services/users';
import {
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordInput,
  verifyEmailInput,
} from '../../../shared/schemas/auth';
import type { Context } from '../context';
import type { MailMessage } from '../../mail/mailer';
import { authedProcedure, publicProcedure, router } from '../init';

/** Mail failures are logged, not shown: the account change itself has succeeded. */
async function sendMail(ctx: Context, message: MailMessage) {
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    ctx.log.error('mail delivery failed', { subject: message.subject, error: String(error) });
  }
}

function startSession(ctx: Context, userId: string) {
  const now = ctx.now();
  // A fresh session on every sign-in; the browser's previous one (if any) ends.
  if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
  const { token, session } = createSession(ctx.db, userId, now, ctx.userAgent);
  ctx.resHeaders.append('Set-Cookie', sessionCookie(token, session.expiresAt, now, ctx.secureCookies));
}

function refuseWhileThrottled(ctx: Context, keys: string[], what: string) {
  const wait = ctx.throttle.retryAfter(keys);
  if (wait > 0) {
    ctx.resHeaders.set('Retry-After', String(wait));
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `Too many failed ${what} attempts. Please try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}.`,
    });
  }
}

const mailCtx = (ctx: Context) => ({ appName: ctx.env.APP_NAME, appUrl: ctx.env.APP_URL });

export const authRouter = router({
  /** The signed-in user, or null: a signed-out visitor is not an error here. */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? toUserDto(ctx.user) : null)),

  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const user = await registerUser(ctx.db, { input, now: ctx.now() });
    const token = issueVerificationToken(ctx.db, user, ctx.now());
    await sendMail(ctx, verificationMail(mailCtx(ctx), user, token));
    return toUserDto(user);
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const keys = [`email:${input.email}`, `ip:${ctx.ip}`];
    refuseWhileThrottled(ctx, keys, 'sign-in');
    const user = await checkCredentials(ctx.db, input);
    if (!user) {
      ctx.throttle.fail(keys);
      throw new TRPCError({ code: 'UNAUTHORIZED', message: AUTH_MSG.invalidCredentials });
    }
    ctx.throttle.reset(keys[0]!);
    startSession(ctx, user.id);
    return toUserDto(recordLogin(ctx.db, user, ctx.now()));
  }),

  logout: publicProcedure.mutation(({ ctx }) => {
    if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
    ctx.resHeaders.append('Set-Cookie', blankSessionCookie(ctx.secureCookies));
    return { success: true as const };
  }),

  verifyEmail: publicProcedure.input(verifyEmailInput).mutation(({ ctx, input }) => {
    const user = verifyEmail(ctx.db, { token: input.token, now: ctx.now() });
    return { success: true as const, email: user.email };
  }),

  resendVerification: authedProcedure.mutation(async ({ ctx }) => {
    if (ctx.user.isEmailVerified) return { sent: false as const };
    const token = issueVerificationToken(ctx.db, ctx.user, ctx.now());
    await sendMail(ctx, verificationMail(mailCtx(ctx), ctx.user, token));
    return { sent: true as const };
  }),

  forgotPassword: publicProcedure.input(forgotPasswordInput).mutation(async ({ ctx, input }) => {
    const found = requestPasswordReset(ctx.db, { email: input.email, now: ctx.now() });
    if (found) await sendMail(ctx, passwordResetMail(mailCtx(ctx), found.user, found.token));
    // The same answer whether or not the account exists.
    return { message: AUTH_MSG.forgotPassword };
  }),

  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    await resetPassword(ctx.db, { token: input.token, password: input.password, now: ctx.now() });
    return { success: true as const };
  }),

  changePassword: authedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    // Guessing the current password from a stolen session is throttled like sign-in.
    const keys = [`change-password:${ctx.user.id}`];
    refuseWhileThrottled(ctx, keys, 'password');
    try {
      await changePassword(ctx.db, { user: ctx.user, ...input, now: ctx.now() });
    } catch (error) {
      if (error instanceof TRPCError && error.code === 'BAD_REQUEST') ctx.throttle.fail(keys);
      throw error;
    }
    ctx.throttle.reset(keys[0]!);
    // Every session ended, this device included; it gets a new one so the user stays signed in here.
    startSession({ ...ctx, session: null }, ctx.user.id);
    return { success: true as const };
  }),
});
