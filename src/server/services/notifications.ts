import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { tidyPunctuation } from '@shared/punctuation';
import { notifications } from '../../../db/schema';
import type { DB, DbLike } from '../../../db/database';
import type { MessageKey } from '@shared/i18n/catalogue';
import type { Language } from '@shared/i18n/languages';
import { translate } from '../i18n';
import { toPage } from './paging';

/** Title and message are catalogue keys, `params` their values: each reader gets their own language. */
type Note = { type?: 'success' | 'info' | 'warning'; title: MessageKey; message: MessageKey; params?: Record<string, string | number>; link?: string | null };

/** One notification for one user; call inside the transaction of the event it reports. */
export function notifyUser(db: DbLike, p: Note & { userId: string; now: number }) {
  db.insert(notifications)
    .values({ userId: p.userId, type: p.type ?? 'info', title: p.title, message: p.message, params: p.params ? JSON.stringify(p.params) : null, link: p.link ?? null, createdAt: p.now })
    .run();
}

/**
 * The same notification for many members of a community, in one INSERT … SELECT: a thousand
 * members cost one statement, not a thousand round trips.
 */
export function notifyCommunity(
  db: DbLike,
  p: Note & { communityId: number; roles?: readonly string[]; exceptUserIds?: readonly string[]; unlessOptedOutOf?: 'newEvents'; now: number },
) {
  const roles = p.roles?.length ? sql`AND m.role IN (${sql.join(p.roles.map((r) => sql`${r}`), sql`, `)})` : sql``;
  // A member's notification settings can turn some notices off (users.notify_new_events).
  const optedIn = p.unlessOptedOutOf === 'newEvents' ? sql`AND EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id AND u.notify_new_events = 1)` : sql``;
  const except = p.exceptUserIds?.length ? sql`AND m.user_id NOT IN (${sql.join(p.exceptUserIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  db.run(sql`INSERT INTO notifications (user_id, type, title, message, params, link, read, created_at)
    SELECT m.user_id, ${p.type ?? 'info'}, ${p.title}, ${p.message}, ${p.params ? JSON.stringify(p.params) : null}, ${p.link ?? null}, 0, ${p.now}
    FROM memberships m WHERE m.community_id = ${p.communityId} ${roles} ${except} ${optedIn}`);
}

/** A notification in the reader's language (rows written before notifications were translated hold plain text, shown as it is). */
const toDto = (n: typeof notifications.$inferSelect, language: Language) => {
  const params = n.params ? (JSON.parse(n.params) as Record<string, unknown>) : undefined;
  return {
  id: n.id,
  type: n.type,
  title: tidyPunctuation(translate(language, n.title, params)),
  message: tidyPunctuation(translate(language, n.message, params)),
  link: n.link,
  read: n.read,
  timestamp: new Date(n.createdAt).toISOString(),
  };
};

export function unreadCount(db: DB, userId: string): number {
  return db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.read, false))).get()!.n;
}

export function listNotifications(db: DB, p: { userId: string; cursor?: number; limit: number; language: Language }) {
  const rows = db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, p.userId), p.cursor ? lt(notifications.id, p.cursor) : undefined))
    .orderBy(desc(notifications.id))
    .limit(p.limit + 1)
    .all();
  return { ...toPage(rows, p.limit, (r) => r.id, (r) => toDto(r, p.language)), unread: unreadCount(db, p.userId) };
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
