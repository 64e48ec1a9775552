import type { Language } from '@shared/i18n/languages';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';
import { layout, type Unsubscribe } from './templates';

export type DigestItem = { author: string | null; where: string | null; excerpt: string };
const SHOWN = 10;

/** The hourly chat digest: mentions and direct messages waiting for the reader, in their language. */
export function chatDigestMail(ctx: { appName: string; appUrl: string }, to: { email: string; firstName: string; language: Language }, items: DigestItem[], unsubscribe?: Unsubscribe): MailMessage {
  const t = translator(to.language);
  const url = `${ctx.appUrl}/chat`;
  const lines = items.slice(0, SHOWN).map((i) => t('chat.mail.digestLine', { author: i.author ?? '—', where: i.where ?? t('chat.mail.digestDirect'), excerpt: i.excerpt }));
  if (items.length > SHOWN) lines.push(t('chat.mail.digestMore', { count: items.length - SHOWN }));
  const subject = t('chat.mail.digestSubject', { count: items.length });
  const body = layout(ctx, to.language, subject, [t('chat.mail.digestIntro', { name: to.firstName }), ...lines, t('chat.mail.digestFooter')], { url, label: t('chat.mail.digestAction') }, unsubscribe);
  return { to: to.email, subject, ...body, link: url };
}
