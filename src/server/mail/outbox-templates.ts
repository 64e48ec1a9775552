import type { Language } from '@shared/i18n/languages';
import type { DB } from '../../../db/database';
import type { Env } from '../env';
import { translate } from '../i18n';
import type { MailMessage } from './mailer';
import type { NoticeKey } from './notice';
import { chatDigestMail, type DigestItem } from './chat-digest';
import { invitationMail, type InvitationMailValues } from './invitation-mail';
import { mailCtx } from './send';
import { noticeMail, passwordResetMail, secondFactorResetMail, signUpAttemptMail, verificationMail } from './templates';

/*
 * What each kind of queued message becomes when it is sent (mail/outbox.ts): a renderer from the
 * recipient (read then: their current address, name and language) and the values the change
 * stored. A renderer that finds nothing left to say returns null and the message is dropped.
 */

export type OutboxRecipient = { userId: string | null; email: string; firstName: string | null; language: Language };
type Deps = { db: DB; env: Env };
const ctxOf = (deps: Deps) => mailCtx(deps);
const named = (to: OutboxRecipient) => ({ email: to.email, firstName: to.firstName ?? '', language: to.language });

export const MAIL_TEMPLATES = {
  /** A notification's text by email (subject: its title, body: its message, both in the recipient's language). */
  notice: (deps: Deps, to: OutboxRecipient, p: { key: NoticeKey; params: Record<string, string | number>; link: string }): MailMessage =>
    noticeMail(ctxOf(deps), named(to), {
      subject: translate(to.language, `notifications.${p.key}.title`, p.params),
      body: translate(to.language, `notifications.${p.key}.message`, p.params),
      link: p.link,
    }),
  /** A short notice whose subject and body are any catalogue keys (sign-in warnings and the like). */
  message: (deps: Deps, to: OutboxRecipient, p: { subject: string; body: string; params?: Record<string, string | number>; link: string }): MailMessage =>
    noticeMail(ctxOf(deps), named(to), { subject: translate(to.language, p.subject, p.params), body: translate(to.language, p.body, p.params), link: p.link }),
  verify: (deps: Deps, to: OutboxRecipient, p: { token: string }): MailMessage => verificationMail(ctxOf(deps), named(to), p.token),
  reset: (deps: Deps, to: OutboxRecipient, p: { token: string }): MailMessage => passwordResetMail(ctxOf(deps), named(to), p.token),
  signUpAttempt: (deps: Deps, to: OutboxRecipient): MailMessage => signUpAttemptMail(ctxOf(deps), named(to)),
  secondFactorReset: (deps: Deps, to: OutboxRecipient): MailMessage => secondFactorResetMail(ctxOf(deps), named(to)),
  chatDigest: (deps: Deps, to: OutboxRecipient, p: { items: DigestItem[] }): MailMessage => chatDigestMail(ctxOf(deps), named(to), p.items),
  invitation: (deps: Deps, to: OutboxRecipient, p: InvitationMailValues & { token: string }): MailMessage => invitationMail(ctxOf(deps), { ...to, token: p.token }, p),
} satisfies Record<string, (deps: Deps, to: OutboxRecipient, payload: never) => MailMessage | null | Promise<MailMessage | null>>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;
export type PayloadOf<T extends MailTemplate> = Parameters<(typeof MAIL_TEMPLATES)[T]>[2] extends undefined ? Record<string, never> : Parameters<(typeof MAIL_TEMPLATES)[T]>[2];
