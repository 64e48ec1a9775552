import type { Language } from '@shared/i18n/languages';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';

type Ctx = { appName: string; appUrl: string };
/** Who receives the email: its texts are in their language. */
type Recipient = { email: string; firstName: string; language: Language };

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function layout(ctx: Ctx, language: Language, heading: string, paragraphs: string[], link: { url: string; label: string }) {
  const fallback = translator(language)('mail.buttonFallback');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1a202c;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escape(heading)}</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="${escape(link.url)}" style="display:inline-block;background:#2c7a7b;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p>
<p style="font-size:13px;color:#4a5568">${escape(fallback)}<br>${escape(link.url)}</p>
<p style="font-size:13px;color:#4a5568">${escape(ctx.appName)}</p>
</body></html>`;
  const text = `${heading}\n\n${paragraphs.join('\n\n')}\n\n${link.label}: ${link.url}\n\n${ctx.appName}\n`;
  return { html, text };
}

export function verificationMail(ctx: Ctx, to: Recipient, token: string): MailMessage {
  const t = translator(to.language);
  const values = { appName: ctx.appName, firstName: to.firstName };
  const url = `${ctx.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const body = layout(ctx, to.language, t('mail.verify.heading', values), [t('mail.verify.body'), t('mail.verify.expiry')], { url, label: t('mail.verify.button') });
  return { to: to.email, subject: t('mail.verify.subject', values), ...body, link: url };
}

export function passwordResetMail(ctx: Ctx, to: Recipient, token: string): MailMessage {
  const t = translator(to.language);
  const values = { appName: ctx.appName, firstName: to.firstName };
  const url = `${ctx.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const body = layout(ctx, to.language, t('mail.reset.heading', values), [t('mail.reset.body', values), t('mail.reset.expiry')], {
    url,
    label: t('mail.reset.button'),
  });
  return { to: to.email, subject: t('mail.reset.subject', values), ...body, link: url };
}

/**
 * To the owner of an address someone used to sign up again: the sign-up answered as for a new
 * address, so the person who tried learns nothing, and the owner learns what happened.
 */
export function signUpAttemptMail(ctx: Ctx, to: Recipient): MailMessage {
  const t = translator(to.language);
  const values = { appName: ctx.appName, firstName: to.firstName };
  const url = `${ctx.appUrl}/signin`;
  const body = layout(ctx, to.language, t('mail.signUpAttempt.heading', values), [t('mail.signUpAttempt.body', values), t('mail.signUpAttempt.ifYou'), t('mail.signUpAttempt.ifNotYou')], {
    url,
    label: t('mail.signUpAttempt.button'),
  });
  return { to: to.email, subject: t('mail.signUpAttempt.subject', values), ...body, link: url };
}

/** To the owner of an account whose second factor staff turned off: so a reset they did not ask for does not go unnoticed. */
export function secondFactorResetMail(ctx: Ctx, to: Recipient): MailMessage {
  const t = translator(to.language);
  const values = { appName: ctx.appName, firstName: to.firstName };
  const url = `${ctx.appUrl}/signin`;
  const body = layout(ctx, to.language, t('mail.secondFactorReset.heading', values), [t('mail.secondFactorReset.body', values), t('mail.secondFactorReset.again'), t('mail.secondFactorReset.ifNotYou')], {
    url,
    label: t('mail.secondFactorReset.button'),
  });
  return { to: to.email, subject: t('mail.secondFactorReset.subject', values), ...body, link: url };
}

/** The receipt of a confirmed payment, attached as a PDF, in the member's language. */
export function receiptMail(
  ctx: Ctx,
  to: Recipient,
  r: { community: string; communityId: number; receiptNo: number; amountText: string; pdf: Uint8Array },
): MailMessage {
  const t = translator(to.language);
  const values = { community: r.community, number: r.receiptNo, firstName: to.firstName, amount: r.amountText };
  const url = `${ctx.appUrl}/community/${r.communityId}?tab=finances`;
  const body = layout(ctx, to.language, t('finances.receipt.mailHeading', values), [t('finances.receipt.mailBody', values)], { url, label: r.community });
  return {
    to: to.email,
    subject: t('finances.receipt.mailSubject', values),
    ...body,
    attachments: [{ filename: `receipt-${r.receiptNo}.pdf`, content: r.pdf, contentType: 'application/pdf' }],
  };
}

/** A short notice (a reminder) with a link into the app, in the recipient's language. */
export function noticeMail(ctx: Ctx, to: Recipient, n: { subject: string; body: string; link: string }): MailMessage {
  const url = `${ctx.appUrl}${n.link}`;
  const body = layout(ctx, to.language, n.subject, [n.body], { url, label: ctx.appName });
  return { to: to.email, subject: n.subject, ...body, link: url };
}
