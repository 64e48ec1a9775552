import type { Language } from '@shared/i18n/languages';
import type { DB } from '../../../db/database';
import type { Env } from '../env';
import { noticeText } from '../i18n';
import type { MailMessage } from './mailer';
import type { NoticeKey } from './notice';
import { chatDigestMail, type DigestItem } from './chat-digest';
import { invitationMail, type InvitationMailValues } from './invitation-mail';
import { mailCtx } from './send';
import { noticeMail, passwordResetMail, receiptMail, secondFactorResetMail, signUpAttemptMail, verificationMail } from './templates';
import { unsubscribeParts } from './unsubscribe';
import { digestMail } from './digest-mail';
import type { DigestContent } from '../services/digest';
import { receiptPdf } from '../services/finances/receipt';
import { amountText, receiptData } from '../services/finances/receipts';
import { notifications } from '../../../db/schema';
import type { NoticeKind } from '@shared/notices';
import { eq } from 'drizzle-orm';

/*
 * What each kind of queued message becomes when it is sent (mail/outbox.ts): a renderer from the
 * recipient (read then: their current address, name and language) and the values the change
 * stored. A renderer that finds nothing left to say returns null and the message is dropped.
 */

export type OutboxRecipient = { userId: string | null; email: string; firstName: string | null; language: Language };
type Deps = { db: DB; env: Env };
const ctxOf = (deps: Deps) => mailCtx(deps);
const named = (to: OutboxRecipient) => ({ email: to.email, firstName: to.firstName ?? '', language: to.language });
const handled = (db: DB, notificationId: number) => db.select({ at: notifications.handledAt }).from(notifications).where(eq(notifications.id, notificationId)).get()?.at != null;

export const MAIL_TEMPLATES = {
  /**
   * A notification's text by email (subject: its title, body: its message, both in the recipient's
   * language), with how to turn its kind off. Nothing when the work it asked for was handled
   * before it left (services/notifications.ts markHandled).
   */
  notice: (deps: Deps, to: OutboxRecipient, p: { text?: string; key?: NoticeKey; params: Record<string, string | number>; link: string; notificationId?: number; kind?: NoticeKind }): MailMessage | null => {
    if (p.notificationId !== undefined && handled(deps.db, p.notificationId)) return null;
    const text = p.text ?? `notifications.${p.key}`;
    return noticeMail(ctxOf(deps), named(to), {
      subject: noticeText(to.language, `${text}.title`, p.params),
      body: noticeText(to.language, `${text}.message`, p.params),
      link: p.link,
      unsubscribe: p.kind && to.userId ? unsubscribeParts(deps.db, deps.env.APP_URL, to.userId, p.kind) : undefined,
    });
  },
  /** A confirmed payment's receipt, its PDF written when the mail leaves (in the member's language then). */
  receipt: async (deps: Deps, to: OutboxRecipient, p: { communityId: number; paymentId: number }): Promise<MailMessage | null> => {
    const data = receiptData(deps.db, { communityId: p.communityId, paymentId: p.paymentId, appName: deps.env.APP_NAME });
    const pdf = await receiptPdf(data, to.language);
    const unsubscribe = to.userId ? unsubscribeParts(deps.db, deps.env.APP_URL, to.userId, 'money') : undefined;
    return receiptMail(ctxOf(deps), named(to), { community: data.community, communityId: p.communityId, receiptNo: data.receiptNo, amountText: amountText(data, to.language), pdf }, unsubscribe);
  },
  /** A short notice whose subject and body are any catalogue keys (sign-in warnings and the like). */
  message: (deps: Deps, to: OutboxRecipient, p: { subject: string; body: string; params?: Record<string, string | number>; link: string }): MailMessage =>
    noticeMail(ctxOf(deps), named(to), { subject: noticeText(to.language, p.subject, p.params), body: noticeText(to.language, p.body, p.params), link: p.link }),
  verify: (deps: Deps, to: OutboxRecipient, p: { token: string }): MailMessage => verificationMail(ctxOf(deps), named(to), p.token),
  reset: (deps: Deps, to: OutboxRecipient, p: { token: string }): MailMessage => passwordResetMail(ctxOf(deps), named(to), p.token),
  signUpAttempt: (deps: Deps, to: OutboxRecipient): MailMessage => signUpAttemptMail(ctxOf(deps), named(to)),
  secondFactorReset: (deps: Deps, to: OutboxRecipient): MailMessage => secondFactorResetMail(ctxOf(deps), named(to)),
  chatDigest: (deps: Deps, to: OutboxRecipient, p: { items: DigestItem[] }): MailMessage =>
    chatDigestMail(ctxOf(deps), named(to), p.items, to.userId ? unsubscribeParts(deps.db, deps.env.APP_URL, to.userId, 'chat') : undefined),
  /** The daily or weekly digest: its content was gathered when its day was claimed (jobs/digest.ts). */
  digest: (deps: Deps, to: OutboxRecipient, p: { content: DigestContent; date: string; weekly: boolean }): MailMessage =>
    digestMail(ctxOf(deps), named(to), p.content, { weekly: p.weekly, unsubscribe: to.userId ? unsubscribeParts(deps.db, deps.env.APP_URL, to.userId, 'digest') : undefined }),
  invitation: (deps: Deps, to: OutboxRecipient, p: InvitationMailValues & { token: string }): MailMessage => invitationMail(ctxOf(deps), { ...to, token: p.token }, p),
} satisfies Record<string, (deps: Deps, to: OutboxRecipient, payload: never) => MailMessage | null | Promise<MailMessage | null>>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;
export type PayloadOf<T extends MailTemplate> = Parameters<(typeof MAIL_TEMPLATES)[T]>[2] extends undefined ? Record<string, never> : Parameters<(typeof MAIL_TEMPLATES)[T]>[2];
