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
  // The sender's message is their words, not ours: introduced as such and quoted as plain text
  // (the layout escapes it; nothing in it becomes a link or markup), with who wrote it and for which community.
  const paragraphs = [
    to.firstName ? t('invitations.mail.greeting', { firstName: to.firstName }) : t('invitations.mail.greetingNoName'),
    t('invitations.mail.body', values),
    ...(p.message ? [t('invitations.mail.messageFrom', values), t('invitations.mail.quoted', { message: p.message })] : []),
    t('invitations.mail.expiry'),
  ];
  // Whoever did not expect it says so in one click (the invitation page asks to confirm): the
  // address is then left alone and staff see the report (services/invitations/report.ts).
  const report = { heading: t('invitations.mail.reportHeading'), items: [{ text: t('invitations.mail.report', values), url: `${url}?report=1` }] };
  const body = layout(ctx, to.language, t('invitations.mail.heading', values), paragraphs, { url, label: t('invitations.mail.button', values) }, undefined, [report]);
  return { to: to.email, subject: t('invitations.mail.subject', values), ...body, link: url };
}

/** Queues one invitation email in the invitations' transaction (mail/outbox.ts); `hash` is the token's, so each sending is one message. */
export function queueInvitationMail(tx: DbLike, to: OutgoingInvitation, hash: string, p: InvitationMailValues, now: number) {
  queueMail(tx, { template: 'invitation', to: { email: to.email, language: to.language, firstName: to.firstName }, payload: { token: to.token, ...p }, once: `invitation:${hash}`, now });
}
