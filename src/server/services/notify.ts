import { inArray } from 'drizzle-orm';
import type { DbLike } from '../../../db/database';
import { notifications, users } from '../../../db/schema';
import type { Language } from '@shared/i18n/languages';
import { queueMail } from '../mail/outbox';
import type { NoticeKey } from '../mail/notice';

type Params = Record<string, string | number>;

export type Notice = {
  /** Who is told (user ids; repeats are told once). */
  to: readonly string[];
  /** The notice: its title and message are `notifications.<key>.title` and `.message`, in each reader's language. */
  key: NoticeKey;
  type?: 'success' | 'info' | 'warning';
  /** The values of the texts; a function when they are written for the reader's language (an amount, a time). */
  params?: Params | ((language: Language) => Params);
  link: string | null;
  /** Who is also told by email: everyone told, nobody (the default), or those listed. */
  email?: 'all' | 'none' | readonly string[];
  /** The notice's "sent once" key: with it, a second notify() with the same key tells each person nothing more by email. */
  once?: string;
  now: number;
};

/**
 * The one way to tell people something (docs/decisions/021-one-notice-pipeline.md): in the app, and
 * by email for those it says, both written in the transaction `tx` of the change they report, so
 * a notice exists exactly when the change does. The mail leaves after the commit (mail/outbox.ts).
 */
export function notify(tx: DbLike, n: Notice): void {
  const ids = [...new Set(n.to)];
  if (!ids.length) return;
  const emailed = n.email === 'all' ? new Set(ids) : new Set(n.email === 'none' || !n.email ? [] : n.email);
  const languages = typeof n.params === 'function' || emailed.size ? languagesOf(tx, ids) : null;
  for (const userId of ids) {
    const language = languages?.get(userId) ?? 'en';
    const params = typeof n.params === 'function' ? n.params(language) : (n.params ?? {});
    const row = tx
      .insert(notifications)
      .values({
        userId,
        type: n.type ?? 'info',
        title: `notifications.${n.key}.title`,
        message: `notifications.${n.key}.message`,
        params: Object.keys(params).length ? JSON.stringify(params) : null,
        link: n.link,
        createdAt: n.now,
      })
      .returning({ id: notifications.id })
      .get();
    if (!emailed.has(userId)) continue;
    queueMail(tx, { template: 'notice', to: { userId }, payload: { key: n.key, params, link: n.link ?? '/' }, once: n.once ? `${n.once}:${userId}` : `notice:${row.id}`, now: n.now });
  }
}

function languagesOf(tx: DbLike, ids: readonly string[]): Map<string, Language> {
  const rows = tx.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, [...ids])).all();
  return new Map(rows.map((r) => [r.id, r.language]));
}
