import type { MailMessage } from './mailer';

type Ctx = { appName: string; appUrl: string };

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(ctx: Ctx, heading: string, paragraphs: string[], link: { url: string; label: string }) {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a202c;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escape(heading)}</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="${escape(link.url)}" style="display:inline-block;background:#2c7a7b;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p>
<p style="font-size:13px;color:#4a5568">If the button does not work, copy this address into your browser:<br>${escape(link.url)}</p>
<p style="font-size:13px;color:#4a5568">${escape(ctx.appName)}</p>
</body></html>`;
  const text = `${heading}\n\n${paragraphs.join('\n\n')}\n\n${link.label}: ${link.url}\n\n${ctx.appName}\n`;
  return { html, text };
}

export function verificationMail(ctx: Ctx, to: { email: string; firstName: string }, token: string): MailMessage {
  const url = `${ctx.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const body = layout(
    ctx,
    `Welcome to ${ctx.appName}, ${to.firstName}!`,
    ['Please confirm your email address so your communities can reach you.', 'This link works once and expires in 24 hours.'],
    { url, label: 'Verify my email' },
  );
  return { to: to.email, subject: `Verify your email for ${ctx.appName}`, ...body, link: url };
}

export function passwordResetMail(ctx: Ctx, to: { email: string; firstName: string }, token: string): MailMessage {
  const url = `${ctx.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const body = layout(
    ctx,
    `Reset your ${ctx.appName} password`,
    [
      `Hello ${to.firstName}, someone (hopefully you) asked to reset the password of this account.`,
      'This link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
    ],
    { url, label: 'Choose a new password' },
  );
  return { to: to.email, subject: `Reset your ${ctx.appName} password`, ...body, link: url };
}
