import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { notifications, users } from '../../../db/schema';
import type { DB, DbLike } from '../../../db/database';
import type { MessageKey } from '@shared/i18n/catalogue';
import type { Language } from '@shared/i18n/languages';
import { noticeText } from '../i18n';
import { notify, notifyMembers, type NoticeText } from './notify';
import { toPage } from './paging';

/** Title and message are catalogue keys (`<text>.title`, `<text>.message`), `params` their values: each reader gets their own language. */
type Note = { type?: 'success' | 'info' | 'warning'; title: MessageKey; message: MessageKey; params?: Record<string, string | number>; link?: string | null; item?: string };

const textOfNote = (n: Note) => {
  const text = n.title.replace(/\.title$/, '');
  if (n.message !== `${text}.message`) throw new Error(`A notice's title and message are one text's: ${n.title}, ${n.message}`);
  return text as NoticeText;
};

/**
 * One notification for one user, in the transaction of the event it reports; it reaches them as
 * they chose for its kind (services/notify.ts), by email too when they chose that.
 */
export function notifyUser(db: DbLike, p: Note & { userId: string; now: number }) {
  notify(db, { to: [p.userId], key: textOfNote(p), type: p.type, params: p.params, link: p.link ?? null, item: p.item, now: p.now });
}

/**
 * The same notification for many members of a community, in one INSERT … SELECT (and one more for
 * the emails): a thousand members cost two statements, not a thousand round trips.
 */
export function notifyCommunity(db: DbLike, p: Note & { communityId: number; roles?: readonly string[]; exceptUserIds?: readonly string[]; now: number }) {
  notifyMembers(db, { communityId: p.communityId, roles: p.roles, exceptUserIds: p.exceptUserIds, key: textOfNote(p), type: p.type, params: p.params, link: p.link ?? null, item: p.item, now: p.now });
}

/**
 * The waiting work `item` is done (confirmed, decided, withdrawn): every notice about it reads as
 * handled, by whom and when, and stops counting as unread. `onlyFor`: done for that reader alone
 * (one approval of an expense that needs two).
 */
export function markHandled(db: DbLike, p: { item: string; by: string | null; now: number; onlyFor?: string }) {
  db.update(notifications)
    .set({ handledAt: p.now, handledBy: p.by, read: true })
    .where(and(eq(notifications.itemKey, p.item), isNull(notifications.handledAt), p.onlyFor ? eq(notifications.userId, p.onlyFor) : undefined))
    .run();
}

/** A notification in the reader's language (rows written before notifications were translated hold plain text, shown as it is). */
const toDto = (n: typeof notifications.$inferSelect, handler: { firstName: string; lastName: string } | null, language: Language, viewerId: string) => {
  const params = n.params ? (JSON.parse(n.params) as Record<string, unknown>) : undefined;
  return {
    id: n.id,
    type: n.type,
    title: noticeText(language, n.title, params),
    message: noticeText(language, n.message, params),
    link: n.link,
    read: n.read,
    timestamp: new Date(n.createdAt).toISOString(),
    // The work it asked for is done: when, and by whom (null: an account since deleted, or nobody's act).
    handled: n.handledAt === null ? null : { at: new Date(n.handledAt).toISOString(), by: handler ? `${handler.firstName} ${handler.lastName}` : null, byYou: n.handledBy === viewerId },
  };
};

const handler = alias(users, 'handler');

/** Unread notices; `withoutWork`: only those that ask for no waiting work (that work is counted by "Needs you" instead). */
export function unreadCount(db: DB, userId: string, opts: { withoutWork?: boolean } = {}): number {
  return db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false), opts.withoutWork ? isNull(notifications.itemKey) : undefined))
    .get()!.n;
}

export function listNotifications(db: DB, p: { userId: string; cursor?: number; limit: number; language: Language }) {
  const rows = db
    .select({ n: notifications, handler: { firstName: handler.firstName, lastName: handler.lastName } })
    .from(notifications)
    .leftJoin(handler, eq(handler.id, notifications.handledBy))
    .where(and(eq(notifications.userId, p.userId), p.cursor ? lt(notifications.id, p.cursor) : undefined))
    .orderBy(desc(notifications.id))
    .limit(p.limit + 1)
    .all();
  return { ...toPage(rows, p.limit, (r) => r.n.id, (r) => toDto(r.n, r.handler, p.language, p.userId)), unread: unreadCount(db, p.userId) };
}

// Every change is scoped by the owner in its WHERE: another user's id simply matches nothing.
const own = (userId: string, id?: number) => and(eq(notifications.userId, userId), id === undefined ? undefined : eq(notifications.id, id));

export function markRead(db: DB, p: { userId: string; id: number }) {
  return db.update(notifications).set({ read: true }).where(own(p.userId, p.id)).run().changes > 0;
}
export function markAllRead(db: DB, p: { userId: string }) {
  db.update(notifications).set({ read: true }).where(and(own(p.userId), eq(notifications.read, false))).run();
}
export function removeNotification(db: DB, p: { userId: string; id: number }) {
  return db.delete(notifications).where(own(p.userId, p.id)).run().changes > 0;
}
export function clearNotifications(db: DB, p: { userId: string }) {
  db.delete(notifications).where(own(p.userId)).run();
}
