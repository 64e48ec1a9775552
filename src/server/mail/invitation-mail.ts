import { translator } from '../i18n';
import type { OutgoingInvitation } from '../services/invitations/send';
import { inviteUrl } from '../services/invitations/tokens';
import type { MailMessage } from './mailer';
import type { DbLike } from '../../../db/database';
import { queueMail } from './outbox';
import { mailCtx } from './send';
import { layout } from './templates';

type Ctx = ReturnType<typeof mailCtx>;

/** One invitation email, in the invitee's language (their account's, else the sender's). */
export type InvitationMailValues = { inviter: string; community: string; message?: string | null };

export function invitationMail(ctx: Ctx, to: Pick<OutgoingInvitation, 'email' | 'token' | 'language' | 'firstName'>, p: InvitationMailValues): MailMessage {
  const t = translator(to.language);
  const url = inviteUrl(ctx.appUrl, to.token);
  const values = { name: p.inviter, community: p.community, appName: ctx.appName };
  const paragraphs = [
    to.firstName ? t('invitations.mail.greeting', { firstName: to.firstName }) : t('invitations.mail.greetingNoName'),
    t('invitations.mail.body', values),
    ...(p.message ? [t('invitations.mail.message', { name: p.inviter, message: p.message })] : []),
    t('invitations.mail.expiry'),
  ];
  const body = layout(ctx, to.language, t('invitations.mail.heading', values), paragraphs, { url, label: t('invitations.mail.button', values) });
  return { to: to.email, subject: t('invitations.mail.subject', values), ...body, link: url };
}

/** Queues one invitation email in the invitations' transaction (mail/outbox.ts); `hash` is the token's, so each sending is one message. */
export function queueInvitationMail(tx: DbLike, to: OutgoingInvitation, hash: string, p: InvitationMailValues, now: number) {
  queueMail(tx, { template: 'invitation', to: { email: to.email, language: to.language, firstName: to.firstName }, payload: { token: to.token, ...p }, once: `invitation:${hash}`, now });
}
