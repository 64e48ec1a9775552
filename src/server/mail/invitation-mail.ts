import type { AppDeps } from '../context';
import { translator } from '../i18n';
import type { OutgoingInvitation } from '../services/invitations/send';
import { inviteUrl } from '../services/invitations/tokens';
import type { MailMessage } from './mailer';
import { mailCtx, sendMail } from './send';
import { layout } from './templates';

type Ctx = ReturnType<typeof mailCtx>;

/** One invitation email, in the invitee's language (their account's, else the sender's). */
export function invitationMail(ctx: Ctx, to: OutgoingInvitation, p: { inviter: string; community: string; message?: string | null }): MailMessage {
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

/*
 * Sent once the invitations' transaction has committed, one message per address; a failed
 * delivery is logged by sendMail and undoes nothing (the leader can resend).
 */
export async function mailInvitations(deps: Pick<AppDeps, 'env' | 'mailer' | 'log'>, outgoing: readonly OutgoingInvitation[], p: { inviter: string; community: string; message?: string | null }) {
  const ctx = mailCtx(deps);
  for (const to of outgoing) await sendMail(deps, invitationMail(ctx, to, p));
}
