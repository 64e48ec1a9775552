import type { Language } from '@shared/i18n/languages';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { financeLink } from '@shared/finances/sections';

type Ctx = { appName: string; appUrl: string };
/** Who receives the email: its texts are in their language. */
type Recipient = { email: string; firstName: string; language: Language };

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Where a notification email's reader turns that kind of email off (mail/unsubscribe.ts). */
export type Unsubscribe = { headers: Record<string, string>; page: string };

/** A titled list of lines, each with its link into the app (the digest's sections). */
export type MailList = { heading: string; items: { text: string; url: string }[] };

export function layout(ctx: Ctx, language: Language, heading: string, paragraphs: string[], link: { url: string; label: string }, unsubscribe?: Unsubscribe, lists: MailList[] = []) {
  const t = translator(language);
  const fallback = t('mail.buttonFallback');
  const foot = unsubscribe ? t('mail.unsubscribe.foot') : null;
  const listHtml = lists
    .map((l) => `<h2 style="font-size:16px;margin-top:24px">${escape(l.heading)}</h2>\n<ul>${l.items.map((i) => `<li style="margin-bottom:6px"><a href="${escape(i.url)}" style="color:#1a202c">${escape(i.text)}</a></li>`).join('')}</ul>`)
    .join('\n');
  const listText = lists.map((l) => `${l.heading}\n${l.items.map((i) => `- ${i.text}\n  ${i.url}`).join('\n')}`).join('\n\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1a202c;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escape(heading)}</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
${listHtml}
<p><a href="${escape(link.url)}" style="display:inline-block;background:#2c7a7b;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p>
<p style="font-size:13px;color:#4a5568">${escape(fallback)}<br>${escape(link.url)}</p>
<p style="font-size:13px;color:#4a5568">${escape(ctx.appName)}</p>
${unsubscribe ? `<p style="font-size:12px;color:#4a5568">${escape(foot!)} <a href="${escape(unsubscribe.page)}">${escape(t('mail.unsubscribe.link'))}</a></p>\n` : ''}</body></html>`;
  const text = `${heading}\n\n${paragraphs.join('\n\n')}${listText ? `\n\n${listText}` : ''}\n\n${link.label}: ${link.url}\n\n${ctx.appName}\n${unsubscribe ? `\n${foot} ${t('mail.unsubscribe.link')}: ${unsubscribe.page}\n` : ''}`;
  return { html, text, ...(unsubscribe ? { headers: unsubscribe.headers } : {}) };
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
  unsubscribe?: Unsubscribe,
): MailMessage {
  const t = translator(to.language);
  const values = { community: r.community, number: r.receiptNo, firstName: to.firstName, amount: r.amountText };
  const url = `${ctx.appUrl}${financeLink(r.communityId, 'payments')}`;
  const body = layout(ctx, to.language, t('finances.receipt.mailHeading', values), [t('finances.receipt.mailBody', values)], { url, label: r.community }, unsubscribe);
  return {
    to: to.email,
    subject: t('finances.receipt.mailSubject', values),
    ...body,
    attachments: [{ filename: `receipt-${r.receiptNo}.pdf`, content: r.pdf, contentType: 'application/pdf' }],
  };
}

/** A short notice (a reminder) with a link into the app, in the recipient's language; a notification carries how to turn its kind off. */
export function noticeMail(ctx: Ctx, to: Recipient, n: { subject: string; body: string; link: string; unsubscribe?: Unsubscribe }): MailMessage {
  const url = `${ctx.appUrl}${n.link}`;
  const body = layout(ctx, to.language, n.subject, [n.body], { url, label: ctx.appName }, n.unsubscribe);
  return { to: to.email, subject: n.subject, ...body, link: url };
}
