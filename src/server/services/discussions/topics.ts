import type Database from 'better-sqlite3';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { memberships, topicMembers, topicReplies, topics, users, type TopicReplyRow, type TopicRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { ACTIVE_WINDOW_MS, mentionedIds, mentionsAsText, mentionToken, MENTION_SUGGESTIONS, type FollowMode } from '@shared/discussions/rules';
import { markdownToText } from '@shared/markdown';
import type { CreateTopicInput, TopicChanges } from '@shared/schemas/discussions';
import { conflict, fieldError, forbidden, invalid, notFound } from '../errors';
import { notify } from '../notify';
import { toPage } from '../paging';

/*
 * Discussions: topics, flat replies (a reply may quote another reply of its topic), @mentions,
 * the unread marker, follow / mute, search and the "active discussions" count. Writes are one
 * IMMEDIATE transaction each; notifications are written in it, in-app only. Moderation:
 * moderation.ts. The rules: docs/product-rules.md, "Discussions".
 */

export const TOPIC_NOT_FOUND = 'errors.discussions.topicNotFound';
export const REPLY_NOT_FOUND = 'errors.discussions.replyNotFound';
export const IMMEDIATE = { behavior: 'immediate' } as const;

export type Community = { id: number; name: string };
export type Actor = { id: string; name: string };

export const topicLink = (id: number) => `/topics/${id}`;
const nameOf = (first: string | null | undefined, last: string | null | undefined) => (first ? `${first} ${last ?? ''}`.trim() : null);
/** A post's plain text (mentions as `@Name`), cut to `max` characters. */
export const excerptOf = (body: string, max = 200) => {
  const text = markdownToText(mentionsAsText(body));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** The community a topic belongs to (for the guard), or undefined. */
export const topicCommunity = (db: DbLike, id: number) => db.select({ communityId: topics.communityId }).from(topics).where(eq(topics.id, id)).get()?.communityId;

/** The community a reply's topic belongs to (for the guard), or undefined. */
export const replyCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: topics.communityId }).from(topicReplies).innerJoin(topics, eq(topics.id, topicReplies.topicId)).where(eq(topicReplies.id, id)).get()?.communityId;

/** A topic the caller may see: a hidden one exists only for moderators. */
export function topicOf(db: DbLike, id: number, canModerate: boolean): TopicRow {
  const row = db.select().from(topics).where(eq(topics.id, id)).get();
  if (!row || (row.hiddenAt !== null && !canModerate)) throw notFound(TOPIC_NOT_FOUND);
  return row;
}

/** A reply the caller may act on: a hidden reply, or one in a hidden topic, exists only for moderators. */
export function replyOf(db: DbLike, id: number, canModerate: boolean): { reply: TopicReplyRow; topic: TopicRow } {
  const row = db.select({ reply: topicReplies, topic: topics }).from(topicReplies).innerJoin(topics, eq(topics.id, topicReplies.topicId)).where(eq(topicReplies.id, id)).get();
  if (!row || (!canModerate && (row.reply.hiddenAt !== null || row.topic.hiddenAt !== null))) throw notFound(REPLY_NOT_FOUND);
  return row;
}

/** Replies members can read, kept on the topic. */
export function recountReplies(tx: DbLike, topicId: number) {
  tx.update(topics)
    .set({ replyCount: sql`(SELECT count(*) FROM topic_replies r WHERE r.topic_id = ${topicId} AND r.hidden_at IS NULL)` })
    .where(eq(topics.id, topicId))
    .run();
}

/** The member's visit (lastReadAt) and/or follow setting; posting follows a topic unless muted. */
function touchMember(tx: DbLike, p: { topicId: number; userId: string; readAt?: number; follow?: FollowMode | 'posted' }) {
  const follow = p.follow === 'posted' ? 'following' : (p.follow ?? 'none');
  const set: Record<string, unknown> = {};
  if (p.readAt !== undefined) set.lastReadAt = p.readAt;
  if (p.follow === 'posted') set.follow = sql`CASE WHEN ${topicMembers.follow} = 'muted' THEN 'muted' ELSE 'following' END`;
  else if (p.follow !== undefined) set.follow = p.follow;
  tx.insert(topicMembers)
    .values({ topicId: p.topicId, userId: p.userId, lastReadAt: p.readAt ?? null, follow })
    .onConflictDoUpdate({ target: [topicMembers.topicId, topicMembers.userId], set })
    .run();
}

/** A member mentioned again and again in one topic gets at most one email about it in this time. */
export const MENTION_MAIL_EVERY_MS = 60 * 60_000;

/**
 * Tells each member a text mentions (and `previous` did not), once: only current members of the
 * community, never the author. Returns who was told.
 */
function notifyMentions(tx: DbLike, p: { communityId: number; community: string; text: string; previous?: string; author: Actor; topicId: number; title: string; now: number }): string[] {
  const before = new Set(p.previous === undefined ? [] : mentionedIds(p.previous));
  const ids = mentionedIds(p.text).filter((id) => id !== p.author.id && !before.has(id));
  if (!ids.length) return [];
  const members = tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.communityId, p.communityId), inArray(memberships.userId, ids)))
    .all()
    .map((m) => m.userId);
  const params = { name: p.author.name, title: p.title, community: p.community };
  // Told in the app of every mention; emailed at most once an hour per topic, however many posts mention them.
  notify(tx, { to: members, key: 'discussionMention', params, link: topicLink(p.topicId), mailOncePer: { key: `mention:${p.topicId}`, ms: MENTION_MAIL_EVERY_MS }, now: p.now });
  return members;
}

export function createTopic(db: DB, p: { community: Community; author: Actor; input: Omit<CreateTopicInput, 'communityId'>; now: number }) {
  return db.transaction((tx) => {
    const row = tx
      .insert(topics)
      .values({ communityId: p.community.id, title: p.input.title, body: p.input.body, category: p.input.category, authorId: p.author.id, lastActivityAt: p.now, createdAt: p.now })
      .returning()
      .get();
    touchMember(tx, { topicId: row.id, userId: p.author.id, readAt: p.now, follow: 'posted' });
    const mentioned = notifyMentions(tx, { communityId: p.community.id, community: p.community.name, text: row.body, author: p.author, topicId: row.id, title: row.title, now: p.now });
    return { ...topicDto(tx, row, { viewerId: p.author.id, canModerate: false }), mentioned };
  }, IMMEDIATE);
}

/** The author changes the title, body or category: marked edited; members newly mentioned are told. */
export function updateTopic(db: DB, p: { id: number; community: Community; author: Actor; canModerate: boolean; changes: TopicChanges; now: number }) {
  return db.transaction((tx) => {
    const row = topicOf(tx, p.id, p.canModerate);
    if (row.authorId !== p.author.id) throw forbidden('errors.discussions.notAuthor');
    const set: Partial<TopicRow> = { editedAt: p.now };
    if (p.changes.title !== undefined) set.title = p.changes.title;
    if (p.changes.body !== undefined) set.body = p.changes.body;
    if (p.changes.category !== undefined) set.category = p.changes.category;
    const updated = tx.update(topics).set(set).where(eq(topics.id, row.id)).returning().get();
    const mentioned = notifyMentions(tx, { communityId: row.communityId, community: p.community.name, text: updated.body, previous: row.body, author: p.author, topicId: row.id, title: updated.title, now: p.now });
    return { ...topicDto(tx, updated, { viewerId: p.author.id, canModerate: p.canModerate }), mentioned };
  }, IMMEDIATE);
}

/** The author deletes their own topic, with its replies. */
export function deleteOwnTopic(db: DB, p: { id: number; userId: string; canModerate: boolean }) {
  return db.transaction((tx) => {
    const row = topicOf(tx, p.id, p.canModerate);
    if (row.authorId !== p.userId) throw forbidden('errors.discussions.notAuthor');
    tx.delete(topics).where(eq(topics.id, row.id)).run();
    return { deleted: true as const, id: row.id };
  }, IMMEDIATE);
}

/**
 * A reply: refused in a locked topic (409). The replier follows the topic (unless they muted
 * it) and has read it; mentioned members are told of the mention, followers of the reply (each
 * member once, the mention first), never the replier.
 */
export function postReply(db: DB, p: { topicId: number; community: Community; author: Actor; canModerate: boolean; body: string; quotedId?: number; now: number }) {
  return db.transaction((tx) => {
    const topic = topicOf(tx, p.topicId, p.canModerate);
    if (topic.isLocked) throw conflict('errors.discussions.locked');
    if (p.quotedId !== undefined) {
      const quoted = tx.select({ topicId: topicReplies.topicId, hiddenAt: topicReplies.hiddenAt }).from(topicReplies).where(eq(topicReplies.id, p.quotedId)).get();
      if (!quoted || quoted.topicId !== topic.id || (quoted.hiddenAt !== null && !p.canModerate)) throw fieldError('invalid', 'quotedId', 'errors.discussions.quotedNotFound');
    }
    const reply = tx.insert(topicReplies).values({ topicId: topic.id, authorId: p.author.id, body: p.body, quotedId: p.quotedId ?? null, createdAt: p.now }).returning().get();
    // Conditional on the lock: a lock that committed meanwhile wins (409).
    const moved = tx.update(topics).set({ lastActivityAt: p.now, lastReplyBy: p.author.id }).where(and(eq(topics.id, topic.id), eq(topics.isLocked, false))).run().changes;
    if (!moved) throw conflict('errors.discussions.locked');
    recountReplies(tx, topic.id);
    touchMember(tx, { topicId: topic.id, userId: p.author.id, readAt: p.now, follow: 'posted' });
    const mentioned = notifyMentions(tx, { communityId: topic.communityId, community: p.community.name, text: reply.body, author: p.author, topicId: topic.id, title: topic.title, now: p.now });
    const followers = tx
      .select({ userId: topicMembers.userId })
      .from(topicMembers)
      .innerJoin(memberships, and(eq(memberships.userId, topicMembers.userId), eq(memberships.communityId, topic.communityId)))
      .where(and(eq(topicMembers.topicId, topic.id), eq(topicMembers.follow, 'following'), ne(topicMembers.userId, p.author.id)))
      .all()
      .map((f) => f.userId)
      .filter((id) => !mentioned.includes(id));
    const params = { name: p.author.name, title: topic.title, community: p.community.name };
    notify(tx, { to: followers, key: 'discussionReply', params, link: topicLink(topic.id), now: p.now });
    return { ...replyDto(tx, reply, { viewerId: p.author.id, canModerate: p.canModerate, lastReadAt: p.now }), mentioned, notified: followers };
  }, IMMEDIATE);
}

/** The author changes their reply: marked edited; members newly mentioned are told. */
export function updateReply(db: DB, p: { id: number; community: Community; author: Actor; canModerate: boolean; body: string; now: number }) {
  return db.transaction((tx) => {
    const { reply, topic } = replyOf(tx, p.id, p.canModerate);
    if (reply.authorId !== p.author.id) throw forbidden('errors.discussions.notAuthor');
    const updated = tx.update(topicReplies).set({ body: p.body, editedAt: p.now }).where(eq(topicReplies.id, reply.id)).returning().get();
    const mentioned = notifyMentions(tx, { communityId: topic.communityId, community: p.community.name, text: updated.body, previous: reply.body, author: p.author, topicId: topic.id, title: topic.title, now: p.now });
    return { ...replyDto(tx, updated, { viewerId: p.author.id, canModerate: p.canModerate, lastReadAt: null }), mentioned };
  }, IMMEDIATE);
}

/** The author deletes their own reply (a reply quoting it keeps its text, the quote points nowhere). */
export function deleteOwnReply(db: DB, p: { id: number; userId: string; canModerate: boolean }) {
  return db.transaction((tx) => {
    const { reply, topic } = replyOf(tx, p.id, p.canModerate);
    if (reply.authorId !== p.userId) throw forbidden('errors.discussions.notAuthor');
    tx.delete(topicReplies).where(eq(topicReplies.id, reply.id)).run();
    recountReplies(tx, topic.id);
    return { deleted: true as const, id: reply.id, topicId: topic.id };
  }, IMMEDIATE);
}

/** The member opened the topic: everything in it up to now is read. */
export function markRead(db: DB, p: { topicId: number; userId: string; canModerate: boolean; now: number }) {
  return db.transaction((tx) => {
    topicOf(tx, p.topicId, p.canModerate);
    touchMember(tx, { topicId: p.topicId, userId: p.userId, readAt: p.now });
    return { id: p.topicId, lastReadAt: p.now };
  }, IMMEDIATE);
}

/** Follow (told of every reply), mute (told of mentions only) or neither (mentions only; posting follows again). */
export function setFollow(db: DB, p: { topicId: number; userId: string; canModerate: boolean; mode: FollowMode }) {
  return db.transaction((tx) => {
    topicOf(tx, p.topicId, p.canModerate);
    touchMember(tx, { topicId: p.topicId, userId: p.userId, follow: p.mode });
    return { id: p.topicId, follow: p.mode };
  }, IMMEDIATE);
}

type Viewer = { viewerId: string; canModerate: boolean };

// The list and the autocomplete run on every page view and keystroke: prepared once per connection and shape.
const cache = new WeakMap<DB, Map<string, Database.Statement>>();
function statement(db: DB, key: string, text: () => string): Database.Statement {
  let stmts = cache.get(db);
  if (!stmts) cache.set(db, (stmts = new Map()));
  let s = stmts.get(key);
  if (!s) stmts.set(key, (s = db.$client.prepare(text())));
  return s;
}

function memberState(db: DbLike, topicId: number, userId: string) {
  return db.select({ lastReadAt: topicMembers.lastReadAt, follow: topicMembers.follow }).from(topicMembers).where(and(eq(topicMembers.topicId, topicId), eq(topicMembers.userId, userId))).get();
}

const author = (db: DbLike, id: string | null) => {
  if (!id) return null;
  const u = db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id)).get();
  return u ? { id, name: nameOf(u.firstName, u.lastName)! } : null;
};

/** A topic as members read it (a hidden one's reason only for moderators). */
export function topicDto(db: DbLike, row: TopicRow, v: Viewer) {
  const me = memberState(db, row.id, v.viewerId);
  const hidden = row.hiddenAt !== null;
  return {
    id: row.id,
    communityId: row.communityId,
    title: row.title,
    body: row.body,
    category: row.category,
    author: author(db, row.authorId),
    mine: row.authorId === v.viewerId,
    isPinned: row.isPinned,
    isLocked: row.isLocked,
    hidden,
    hideReason: hidden && v.canModerate ? row.hideReason : null,
    replyCount: row.replyCount,
    lastActivityAt: row.lastActivityAt,
    createdAt: row.createdAt,
    edited: row.editedAt !== null,
    editedAt: row.editedAt,
    lastReadAt: me?.lastReadAt ?? null,
    unread: me?.lastReadAt == null || row.lastActivityAt > me.lastReadAt,
    follow: (me?.follow ?? 'none') as FollowMode,
  };
}

/** A reply as members read it: a hidden one keeps its place without its text (moderators see both, and the reason). */
export function replyDto(db: DbLike, r: TopicReplyRow, v: Viewer & { lastReadAt: number | null }) {
  const hidden = r.hiddenAt !== null;
  const showBody = !hidden || v.canModerate;
  let quoted: { id: number; author: string | null; excerpt: string | null } | null = null;
  if (r.quotedId !== null) {
    const q = db
      .select({ id: topicReplies.id, body: topicReplies.body, hiddenAt: topicReplies.hiddenAt, firstName: users.firstName, lastName: users.lastName })
      .from(topicReplies)
      .leftJoin(users, eq(users.id, topicReplies.authorId))
      .where(eq(topicReplies.id, r.quotedId))
      .get();
    if (q) quoted = { id: q.id, author: nameOf(q.firstName, q.lastName), excerpt: q.hiddenAt === null || v.canModerate ? excerptOf(q.body) : null };
  }
  return {
    id: r.id,
    topicId: r.topicId,
    author: author(db, r.authorId),
    mine: r.authorId === v.viewerId,
    body: showBody ? r.body : null,
    hidden,
    hideReason: hidden && v.canModerate ? r.hideReason : null,
    quoted,
    edited: r.editedAt !== null,
    editedAt: r.editedAt,
    createdAt: r.createdAt,
    unread: v.lastReadAt === null || r.createdAt > v.lastReadAt,
  };
}

/** One topic and a page of its replies, oldest first. Reading changes nothing: opening it is markRead. */
export function getTopic(db: DB, p: { id: number; viewerId: string; canModerate: boolean; cursor?: number; limit: number }) {
  const row = topicOf(db, p.id, p.canModerate);
  const topic = topicDto(db, row, p);
  const rows = db
    .select()
    .from(topicReplies)
    .where(and(eq(topicReplies.topicId, row.id), p.cursor ? sql`${topicReplies.id} > ${p.cursor}` : undefined))
    .orderBy(topicReplies.id)
    .limit(p.limit + 1)
    .all();
  const replies = toPage(rows, p.limit, (r) => r.id, (r) => replyDto(db, r, { ...p, lastReadAt: topic.lastReadAt }));
  return { ...topic, canModerate: p.canModerate, replies };
}

type ListRow = {
  id: number;
  title: string;
  category: string | null;
  isPinned: number;
  isLocked: number;
  hiddenAt: number | null;
  replyCount: number;
  lastActivityAt: number;
  createdAt: number;
  editedAt: number | null;
  authorId: string | null;
  authorFirst: string | null;
  authorLast: string | null;
  lastReplyBy: string | null;
  lastFirst: string | null;
  lastLast: string | null;
  lastReadAt: number | null;
  follow: FollowMode | null;
};

const quote = (term: string) => `"${term.replace(/"/g, '""')}"`;
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function decodeCursor(cursor: string | undefined) {
  if (!cursor) return { pinned: 2, at: Number.MAX_SAFE_INTEGER, id: Number.MAX_SAFE_INTEGER };
  const m = /^([01])\.(\d{1,16})\.(\d{1,16})$/.exec(cursor);
  if (!m) throw invalid('validation.invalidCursor');
  return { pinned: Number(m[1]), at: Number(m[2]), id: Number(m[3]) };
}

/**
 * A community's topics: pinned first, then by last activity, newest first; keyset paged over
 * (pinned, last activity, id). `search` matches a substring of a topic's title or body or of one
 * of its visible replies (FTS5 trigram from three characters; LIKE below that). Hidden topics are
 * listed to moderators only.
 */
export function listTopics(db: DB, p: { communityId: number; viewerId: string; canModerate: boolean; search?: string; category?: string; cursor?: string; limit: number }) {
  const where = ['t.community_id = @communityId', '(t.is_pinned, t.last_activity_at, t.id) < (@pinned, @at, @id)'];
  const params: Record<string, string | number> = { communityId: p.communityId, viewer: p.viewerId, take: p.limit + 1, ...decodeCursor(p.cursor) };
  if (!p.canModerate) where.push('t.hidden_at IS NULL');
  if (p.category) {
    where.push('lower(t.category) = lower(@category)');
    params.category = p.category;
  }
  const term = p.search?.trim();
  const mode = !term ? 'all' : [...term].length >= 3 ? 'match' : 'like';
  if (term) {
    if (mode === 'match') {
      where.push(`(t.id IN (SELECT rowid FROM topics_fts WHERE topics_fts MATCH @match)
        OR t.id IN (SELECT r.topic_id FROM topic_replies_fts f CROSS JOIN topic_replies r ON r.id = f.rowid WHERE topic_replies_fts MATCH @match AND r.hidden_at IS NULL))`);
      params.match = quote(term);
    } else {
      where.push(`(t.title LIKE @like ESCAPE '\\' OR t.body LIKE @like ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM topic_replies r WHERE r.topic_id = t.id AND r.hidden_at IS NULL AND r.body LIKE @like ESCAPE '\\'))`);
      params.like = likePattern(term);
    }
  }
  const rows = statement(
    db,
    `list:${p.canModerate}:${!!p.category}:${mode}`,
    () =>
      `SELECT t.id, t.title, t.category, t.is_pinned AS isPinned, t.is_locked AS isLocked, t.hidden_at AS hiddenAt, t.reply_count AS replyCount,
        t.last_activity_at AS lastActivityAt, t.created_at AS createdAt, t.edited_at AS editedAt,
        t.author_id AS authorId, a.first_name AS authorFirst, a.last_name AS authorLast,
        t.last_reply_by AS lastReplyBy, l.first_name AS lastFirst, l.last_name AS lastLast,
        tm.last_read_at AS lastReadAt, tm.follow AS follow
      FROM topics t
      LEFT JOIN users a ON a.id = t.author_id
      LEFT JOIN users l ON l.id = t.last_reply_by
      LEFT JOIN topic_members tm ON tm.topic_id = t.id AND tm.user_id = @viewer
      WHERE ${where.join(' AND ')}
      ORDER BY t.is_pinned DESC, t.last_activity_at DESC, t.id DESC LIMIT @take`,
  ).all(params) as ListRow[];
  return toPage(rows, p.limit, (r) => `${r.isPinned ? 1 : 0}.${r.lastActivityAt}.${r.id}`, (r) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    starter: r.authorId ? { id: r.authorId, name: nameOf(r.authorFirst, r.authorLast) } : null,
    lastReplyBy: r.lastReplyBy ? { id: r.lastReplyBy, name: nameOf(r.lastFirst, r.lastLast) } : null,
    isPinned: !!r.isPinned,
    isLocked: !!r.isLocked,
    hidden: r.hiddenAt !== null,
    replyCount: r.replyCount,
    lastActivityAt: r.lastActivityAt,
    createdAt: r.createdAt,
    edited: r.editedAt !== null,
    unread: r.lastReadAt === null || r.lastActivityAt > r.lastReadAt,
    follow: r.follow ?? 'none',
  }));
}

/** The @mention autocomplete: up to ten other members whose first name, last name, full name or username starts with `prefix`. */
export function mentionable(db: DB, p: { communityId: number; viewerId: string; prefix: string }) {
  const like = `${p.prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = statement(
    db,
    'mentionable',
    () =>
      `SELECT u.id AS userId, u.first_name AS firstName, u.last_name AS lastName, u.username, u.profile_image_url AS profileImageUrl
      FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.community_id = @communityId AND m.user_id <> @viewer
        AND (u.first_name LIKE @like ESCAPE '\\' OR u.last_name LIKE @like ESCAPE '\\' OR (u.first_name || ' ' || u.last_name) LIKE @like ESCAPE '\\' OR u.username LIKE @like ESCAPE '\\')
      ORDER BY u.first_name COLLATE NOCASE, u.last_name COLLATE NOCASE, u.id LIMIT @take`,
  ).all({ communityId: p.communityId, viewer: p.viewerId, like, take: MENTION_SUGGESTIONS }) as { userId: string; firstName: string; lastName: string; username: string | null; profileImageUrl: string | null }[];
  return rows.map((r) => {
    const name = nameOf(r.firstName, r.lastName)!;
    return { userId: r.userId, name, username: r.username, profileImageUrl: r.profileImageUrl, token: mentionToken(name, r.userId) };
  });
}

/** The Overview's "active discussions": visible topics created or replied to in the last 30 days. */
export function activeCount(db: DB, p: { communityId: number; now: number }) {
  const since = p.now - ACTIVE_WINDOW_MS;
  const active = statement(db, 'active', () => 'SELECT count(*) FROM topics WHERE community_id = ? AND hidden_at IS NULL AND last_activity_at >= ?')
    .pluck()
    .get(p.communityId, since) as number;
  return { active, since };
}
