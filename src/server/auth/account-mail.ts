import type { Context } from '../context';
import { queueMail } from '../mail/outbox';
import type { MailTemplate, PayloadOf } from '../mail/outbox-templates';
import { tooMany } from '../services/errors';
import type { Limit } from './rate-limit';

const MINUTE = 60 * 1000;

/**
 * Requests that send account mail (sign-up, forgot password, resend verification), per client
 * address and per action: past it, 429. Generous enough for a family or an office behind one
 * address; small enough that nobody uses the instance to mail hundreds of strangers.
 */
export const PER_ADDRESS: Limit = { max: 10, windowMs: 15 * MINUTE };
/**
 * Account emails of one kind to one recipient. Past it the request answers as usual and simply
 * sends nothing: a refusal here would say that the address has an account.
 */
export const PER_RECIPIENT: Limit = { max: 3, windowMs: 60 * MINUTE };

export type AccountAction = 'sign-up' | 'forgot-password' | 'resend-verification';
export type AccountMailKind = 'verify' | 'reset' | 'sign-up-attempt';

/** Counts this request against the caller's address (before any work); 429 with Retry-After beyond the limit. */
export function limitAddress(ctx: Context, action: AccountAction): void {
  const wait = ctx.throttle.requests.take([{ key: `${action}-ip:${ctx.ip}`, limit: PER_ADDRESS }]);
  if (wait > 0) throw tooMany('errors.tooManyAccountRequests', wait, { count: Math.ceil(wait / 60) });
}

/** Whether one more email of this kind may go to this address now (and counts it when so). */
export function mayMail(ctx: Context, kind: AccountMailKind, email: string): boolean {
  return ctx.throttle.requests.take([{ key: `mail-${kind}:${email.toLowerCase()}`, limit: PER_RECIPIENT }]) === 0;
}

/**
 * An account email to `userId`, queued (mail/outbox.ts) and sent once the answer has gone: how long
 * an answer takes must not depend on whether a mail was sent, nor on how slow the mail server is.
 * `once` names this message (a token's hash, a time): the same key twice is one message.
 */
export function queueAccountMail<T extends MailTemplate>(ctx: Pick<Context, 'db' | 'now'>, template: T, userId: string, payload: PayloadOf<T>, once: string): void {
  queueMail(ctx.db, { template, to: { userId }, payload, once: `${template}:${once}`, now: ctx.now() });
}
