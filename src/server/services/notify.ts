import { and, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbLike } from '../../../db/database';
import { mailOutbox, noticePreferences, notifications, users } from '../../../db/schema';
import type { Language } from '@shared/i18n/languages';
import { DEFAULT_CHANNELS, type NoticeChannel, type NoticeKind } from '@shared/notices';
import { NOTICE_KIND_OF } from '../domains';
import type { NoticeKindOf } from '../domains/domain';
import { queueMail } from '../mail/outbox';
import type { NoticeKey } from '../mail/notice';

type Params = Record<string, string | number>;

/** A notice's texts: `notifications.<key>`, or another area's full key ('chat.notice.mention'); each has `.title` and `.message`. */
export type NoticeText = NoticeKey | `${string}.${string}`;

export type Notice = {
  /** Who is told (user ids; repeats are told once). */
  to: readonly string[];
  /** The notice: its title and message are `<text>.title` and `.message`, in each reader's language. */
  key: NoticeText;
  type?: 'success' | 'info' | 'warning';
  /** The values of the texts; a function when they are written for the reader's language (an amount, a time). */
  params?: Params | ((language: Language) => Params);
  link: string | null;
  /** The waiting work the notice asks its readers to do ('payment:12'): once done, every notice about it reads as handled. */
  item?: string;
  /**
   * It cannot wait for the next digest (an event of tomorrow moved or cancelled): readers who chose
   * the digest for its kind get it by email at once too.
   */
  urgent?: boolean;
  /** The notice's "sent once" key: with it, a second notify() with the same key tells each person nothing more by email. */
  once?: string;
  /**
   * Each reader is emailed at most once per `ms` for this `key` (a topic's mentions: 'mention:12'),
   * however many notices it sends meanwhile; the notices themselves are all written.
   */
  mailOncePer?: { key: string; ms: number };
  /** Its email is this message rather than the notice's own text (a confirmed payment's receipt, its PDF attached). */
  mail?: { template: 'receipt'; payload: { communityId: number; paymentId: number } };
  now: number;
};

export const textOf = (key: NoticeText) => (key.includes('.') ? key : `notifications.${key}`);

/** The kind a notice follows (its domain's `noticeKinds`); a notice nobody gave a kind is a mistake in the code, refused loudly. */
export function kindOfText(text: string): NoticeKindOf {
  const kind = NOTICE_KIND_OF.get(text);
  if (!kind) throw new Error(`The notice ${text} has no kind: add it to its domain's noticeKinds`);
  return kind;
}
const kindName = (k: NoticeKindOf): NoticeKind | null => (k === 'account' ? null : typeof k === 'string' ? k : k.kind);
const mailsItself = (k: NoticeKindOf) => typeof k === 'object' && k.mail === 'own';

/** Whether a reader with `channel` for the notice's kind is emailed it now. */
export function emailsNow(k: NoticeKindOf, channel: NoticeChannel, urgent = false): boolean {
  if (k === 'account' || mailsItself(k)) return false;
  return channel === 'email' || (urgent && channel === 'digest');
}

/**
 * The one way to tell people something (docs/decisions/021-one-notice-pipeline-and-needs-you.md):
 * in the app, and by email, each as the reader chose for the notice's kind (in the app only, by
 * email at once, in the digest, or not at all), both written in the transaction `tx` of the change
 * they report, so a notice exists exactly when the change does. The mail leaves after the commit
 * (mail/outbox.ts). Deleted accounts are told nothing. Returns who was told.
 */
export function notify(tx: DbLike, n: Notice): string[] {
  const ids = [...new Set(n.to)];
  if (!ids.length) return [];
  const text = textOf(n.key);
  const kindOf = kindOfText(text);
  const kind = kindName(kindOf);
  const readers = tx
    .select({ id: users.id, language: users.language, deletedAt: users.deletedAt, channel: noticePreferences.channel })
    .from(users)
    .leftJoin(noticePreferences, and(eq(noticePreferences.userId, users.id), eq(noticePreferences.kind, kind ?? 'needs')))
    .where(inArray(users.id, ids))
    .all();
  const told: string[] = [];
  for (const reader of readers) {
    if (reader.deletedAt !== null) continue;
    const channel: NoticeChannel = kind === null ? 'app' : (reader.channel ?? DEFAULT_CHANNELS[kind]);
    if (channel === 'off') continue;
    const params = typeof n.params === 'function' ? n.params(reader.language) : (n.params ?? {});
    const row = tx
      .insert(notifications)
      .values({
        userId: reader.id,
        type: n.type ?? 'info',
        title: `${text}.title`,
        message: `${text}.message`,
        params: Object.keys(params).length ? JSON.stringify(params) : null,
        link: n.link,
        itemKey: n.item ?? null,
        createdAt: n.now,
      })
      .returning({ id: notifications.id })
      .get();
    told.push(reader.id);
    if (!kind || !emailsNow(kindOf, channel, n.urgent)) continue;
    let once = n.once ? `${n.once}:${reader.id}` : `notice:${row.id}`;
    if (n.mailOncePer) {
      // The outbox keeps every email it queued: one of this key to this reader within the period means none now.
      const prefix = `${n.mailOncePer.key}:${reader.id}:`;
      const recent = tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(gte(mailOutbox.onceKey, prefix), lt(mailOutbox.onceKey, `${prefix}~`), gt(mailOutbox.createdAt, n.now - n.mailOncePer.ms)))
        .limit(1)
        .get();
      if (recent) continue;
      once = `${prefix}${n.now}`;
    }
    if (n.mail) queueMail(tx, { template: n.mail.template, to: { userId: reader.id }, payload: n.mail.payload, once, now: n.now });
    else queueMail(tx, { template: 'notice', to: { userId: reader.id }, payload: { text, params, link: n.link ?? '/', notificationId: row.id, kind }, once, now: n.now });
  }
  return told;
}

/**
 * The same notice for many members of a community, in two INSERT … SELECT statements whatever the
 * number of members: the notices of those who did not turn the kind off, then the emails of those
 * who chose them at once. The values are the same for every reader (no amount in their language).
 */
export function notifyMembers(
  tx: DbLike,
  n: Omit<Notice, 'to' | 'params' | 'once'> & { communityId: number; roles?: readonly string[]; exceptUserIds?: readonly string[]; params?: Params },
): void {
  const text = textOf(n.key);
  const kindOf = kindOfText(text);
  const kind = kindName(kindOf);
  const params = n.params && Object.keys(n.params).length ? JSON.stringify(n.params) : null;
  const roles = n.roles?.length ? sql`AND m.role IN (${sql.join(n.roles.map((r) => sql`${r}`), sql`, `)})` : sql``;
  const except = n.exceptUserIds?.length ? sql`AND m.user_id NOT IN (${sql.join(n.exceptUserIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const channel = kind ? sql`coalesce(p.channel, ${DEFAULT_CHANNELS[kind]})` : sql`'app'`;
  const written = tx.all<{ id: number }>(sql`INSERT INTO notifications (user_id, type, title, message, params, link, read, item_key, created_at)
    SELECT m.user_id, ${n.type ?? 'info'}, ${`${text}.title`}, ${`${text}.message`}, ${params}, ${n.link}, 0, ${n.item ?? null}, ${n.now}
    FROM memberships m JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
    LEFT JOIN notice_preferences p ON p.user_id = m.user_id AND p.kind = ${kind ?? ''}
    WHERE m.community_id = ${n.communityId} ${roles} ${except} AND ${channel} <> 'off'
    RETURNING id`);
  if (!written.length || !kind) return;
  const emailed = (['email', 'digest'] as const).filter((c) => emailsNow(kindOf, c, n.urgent));
  if (!emailed.length) return;
  const ids = written.map((w) => w.id);
  const payload = JSON.stringify({ text, params: n.params ?? {}, link: n.link ?? '/', kind });
  tx.run(sql`INSERT INTO mail_outbox (once_key, template, user_id, payload, next_attempt_at, created_at)
    SELECT 'notice:' || n.id, 'notice', n.user_id, json_set(${payload}, '$.notificationId', n.id), ${n.now}, ${n.now}
    FROM notifications n LEFT JOIN notice_preferences p ON p.user_id = n.user_id AND p.kind = ${kind}
    WHERE n.id BETWEEN ${Math.min(...ids)} AND ${Math.max(...ids)} AND ${channel} IN (${sql.join(emailed.map((c) => sql`${c}`), sql`, `)})
    ON CONFLICT (once_key) DO NOTHING`);
}
