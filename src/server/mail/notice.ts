import type { Language } from '@shared/i18n/languages';
import type { en } from '@shared/i18n/en';
import type { AppDeps } from '../context';
import { translate } from '../i18n';
import { mailCtx, sendMail } from './send';
import { noticeMail } from './templates';
import { notifyUser } from '../services/notifications';

export type Recipient = { id: string; email: string; firstName: string; language: Language };
export type NoticeKey = keyof typeof en.notifications;

/** A notification's text by email, in the recipient's own language (subject: its title, body: its message). */
export async function emailNotice(deps: Pick<AppDeps, 'env' | 'mailer' | 'log'>, to: Recipient, p: { key: NoticeKey; params: Record<string, string | number>; link: string }) {
  const subject = translate(to.language, `notifications.${p.key}.title`);
  await sendMail(deps, noticeMail(mailCtx(deps), to, { subject, body: translate(to.language, `notifications.${p.key}.message`, p.params), link: p.link }));
}

/** A reminder by both roads: in the app, and by email in the recipient's own language. */
export async function sendNotice(deps: AppDeps, to: Recipient, p: { key: NoticeKey; type: 'info' | 'warning'; params: Record<string, string | number>; link: string; now: number }) {
  notifyUser(deps.db, { userId: to.id, type: p.type, title: `notifications.${p.key}.title`, message: `notifications.${p.key}.message`, params: p.params, link: p.link, now: p.now });
  await emailNotice(deps, to, p);
}
