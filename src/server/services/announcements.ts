import { and, eq, not, sql } from 'drizzle-orm';
import { FORMER_MEMBER_NAME, POSTED_BY_YOU } from '@shared/constants';
import type Database from 'better-sqlite3';
import { announcementCategories, announcements } from '../../../db/schema';
import type { DB, DbLike } from '../../../db/database';
import { notifyCommunity } from './notifications';
import { toPage } from './paging';
import { prepared } from './prepared';
import { ANNOUNCEMENT_MSG, type AnnouncementChanges, type AnnouncementFields } from '@shared/schemas/announcements';
import { fieldError, invalid, notFound } from './errors';

type FeedRow = {
  id: number;
  communityId: number;
  title: string;
  content: string;
  categoryId: number | null;
  categoryName: string | null;
  categoryColor: string | null;
  isPinned: number;
  isPublished: number;
  publishDate: number | null;
  sortAt: number;
  createdAt: number;
  updatedAt: number;
  authorId: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
};

const feeds = new WeakMap<DB, { all: Database.Statement; published: Database.Statement }>();
function feedStatements(db: DB) {
  let s = feeds.get(db);
  if (!s) {
    // Pinned first, then newest; keyset over (is_pinned, sort_at, id) with a row-value comparison.
    const sql = (publishedOnly: boolean) => `SELECT a.id, a.community_id AS communityId, a.title, a.content, a.category_id AS categoryId,
        k.name AS categoryName, k.color AS categoryColor, a.is_pinned AS isPinned, a.is_published AS isPublished,
        a.publish_date AS publishDate, a.sort_at AS sortAt, a.created_at AS createdAt, a.updated_at AS updatedAt,
        a.author_id AS authorId, u.first_name AS authorFirstName, u.last_name AS authorLastName
      FROM announcements a
      LEFT JOIN announcement_categories k ON k.id = a.category_id
      LEFT JOIN users u ON u.id = a.author_id
      WHERE a.community_id = @communityId ${publishedOnly ? 'AND a.is_published = 1' : ''}
        AND (a.is_pinned, a.sort_at, a.id) < (@pinned, @sortAt, @id)
      ORDER BY a.is_pinned DESC, a.sort_at DESC, a.id DESC LIMIT @take`;
    s = { all: db.$client.prepare(sql(false)), published: db.$client.prepare(sql(true)) };
    feeds.set(db, s);
  }
  return s;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toDto(r: FeedRow, viewerId: string) {
  return {
    id: r.id,
    communityId: r.communityId,
    title: r.title,
    content: r.content,
    categoryId: r.categoryId,
    category: r.categoryId === null ? null : { id: r.categoryId, name: r.categoryName!, color: r.categoryColor! },
    isPinned: !!r.isPinned,
    isPublished: !!r.isPublished,
    publishDate: iso(r.publishDate),
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
    authorId: r.authorId,
    // 'Posted by': the viewer's own are 'You'; others show the author's name.
    postedBy: r.authorId === viewerId ? POSTED_BY_YOU : r.authorFirstName ? `${r.authorFirstName} ${r.authorLastName ?? ''}`.trim() : FORMER_MEMBER_NAME,
  };
}
export type AnnouncementDto = ReturnType<typeof toDto>;

const encodeCursor = (r: FeedRow) => `${r.isPinned}.${r.sortAt}.${r.id}`;
function decodeCursor(cursor: string | undefined) {
  if (!cursor) return { pinned: 2, sortAt: Number.MAX_SAFE_INTEGER, id: Number.MAX_SAFE_INTEGER };
  const m = /^([01])\.(\d{1,16})\.(\d{1,16})$/.exec(cursor);
  if (!m) throw invalid('validation.invalidCursor');
  return { pinned: Number(m[1]), sortAt: Number(m[2]), id: Number(m[3]) };
}

/** Members read published announcements; creator and admins also see drafts. */
export function listAnnouncements(db: DB, p: { communityId: number; includeDrafts: boolean; viewerId: string; cursor?: string; limit: number }) {
  const stmt = p.includeDrafts ? feedStatements(db).all : feedStatements(db).published;
  const rows = stmt.all({ communityId: p.communityId, take: p.limit + 1, ...decodeCursor(p.cursor) }) as FeedRow[];
  return toPage(rows, p.limit, encodeCursor, (r) => toDto(r, p.viewerId));
}

function getOne(db: DB, id: number, viewerId: string) {
  // Prepared once (prepared.ts): every new announcement is read back through it.
  const row = prepared(db, 'announcements.one', (d) =>
    d.$client.prepare(
      `SELECT a.id, a.community_id AS communityId, a.title, a.content, a.category_id AS categoryId, k.name AS categoryName,
        k.color AS categoryColor, a.is_pinned AS isPinned, a.is_published AS isPublished, a.publish_date AS publishDate,
        a.sort_at AS sortAt, a.created_at AS createdAt, a.updated_at AS updatedAt, a.author_id AS authorId,
        u.first_name AS authorFirstName, u.last_name AS authorLastName
      FROM announcements a LEFT JOIN announcement_categories k ON k.id = a.category_id LEFT JOIN users u ON u.id = a.author_id
      WHERE a.id = ?`,
    ),
  ).get(id) as FeedRow | undefined;
  return row && toDto(row, viewerId);
}

/** The community an announcement belongs to, so the caller's role there can be checked. */
export function announcementCommunity(db: DB, id: number): number | undefined {
  return db.select({ communityId: announcements.communityId }).from(announcements).where(eq(announcements.id, id)).get()?.communityId;
}

/** A category id is accepted only if it belongs to the same community. */
function assertCategory(db: DB, communityId: number, categoryId: number | null | undefined) {
  if (categoryId == null) return;
  const found = db
    .select({ id: announcementCategories.id })
    .from(announcementCategories)
    .where(and(eq(announcementCategories.id, categoryId), eq(announcementCategories.communityId, communityId)))
    .get();
  if (!found) throw fieldError('invalid', 'categoryId', ANNOUNCEMENT_MSG.wrongCategory);
}

/** Members hear about an announcement once: when it is first published. */
function announceToMembers(tx: DbLike, p: { communityId: number; title: string; authorId: string | null; publisherId: string; now: number }) {
  // Neither the author nor whoever pressed Publish needs telling.
  const except = [p.publisherId, ...(p.authorId && p.authorId !== p.publisherId ? [p.authorId] : [])];
  notifyCommunity(tx, {
    communityId: p.communityId,
    exceptUserIds: except,
    title: 'notifications.announcement.title',
    message: 'notifications.announcement.message',
    params: { title: p.title },
    link: `/community/${p.communityId}`,
    now: p.now,
  });
}

export function createAnnouncement(db: DB, p: { communityId: number; authorId: string; input: AnnouncementFields; now: number }) {
  assertCategory(db, p.communityId, p.input.categoryId);
  const publishDate = p.input.isPublished ? p.now : null;
  const row: Record<string, unknown> = {
    ...p.input,
    categoryId: p.input.categoryId ?? null,
    communityId: p.communityId,
    authorId: p.authorId,
    publishDate,
    sortAt: p.now,
    createdAt: p.now,
    updatedAt: p.now,
  };
  const id = db.transaction((tx) => {
    const { id } = insertAnnouncement(db, row).get(row)!;
    if (publishDate !== null) {
      announceToMembers(tx, { communityId: p.communityId, title: p.input.title, authorId: p.authorId, publisherId: p.authorId, now: p.now });
    }
    return id;
  });
  return getOne(db, id, p.authorId)!;
}

/**
 * The INSERT for the fields given (drizzle leaves undefined ones to their defaults, and so does
 * this), prepared once per set of fields (prepared.ts) and run on `db` inside the caller's
 * transaction; values go through the columns' own encoders as in a built query.
 */
function insertAnnouncement(db: DB, row: Record<string, unknown>) {
  const fields = Object.keys(row).filter((k) => row[k] !== undefined).sort();
  return prepared(db, `announcements.insert:${fields.join(',')}`, (d) =>
    d
      .insert(announcements)
      .values(Object.fromEntries(fields.map((f) => [f, sql.placeholder(f)])) as unknown as typeof announcements.$inferInsert)
      .returning({ id: announcements.id })
      .prepare(),
  );
}

export function updateAnnouncement(db: DB, p: { id: number; communityId: number; changes: AnnouncementChanges; viewerId: string; now: number }) {
  assertCategory(db, p.communityId, p.changes.categoryId);
  const where = and(eq(announcements.id, p.id), eq(announcements.communityId, p.communityId));
  db.transaction((tx) => {
    const current = tx
      .select({ publishDate: announcements.publishDate, title: announcements.title, authorId: announcements.authorId })
      .from(announcements)
      .where(where)
      .get();
    if (!current) throw notFound('validation.announcement.notFound');
    // The publish date is set when it is first published, and then kept.
    const firstPublish = p.changes.isPublished === true && current.publishDate === null;
    tx.update(announcements)
      .set({ ...p.changes, updatedAt: p.now, ...(firstPublish ? { publishDate: p.now, sortAt: p.now } : {}) })
      .where(where)
      .run();
    if (firstPublish) {
      announceToMembers(tx, { communityId: p.communityId, title: p.changes.title ?? current.title, authorId: current.authorId, publisherId: p.viewerId, now: p.now });
    }
  });
  return getOne(db, p.id, p.viewerId)!;
}

export function deleteAnnouncement(db: DB, p: { id: number; communityId: number }) {
  db.delete(announcements).where(and(eq(announcements.id, p.id), eq(announcements.communityId, p.communityId))).run();
}

export function togglePin(db: DB, p: { id: number; communityId: number; viewerId: string; now: number }) {
  db.update(announcements)
    .set({ isPinned: not(announcements.isPinned), updatedAt: p.now })
    .where(and(eq(announcements.id, p.id), eq(announcements.communityId, p.communityId)))
    .run();
  return getOne(db, p.id, p.viewerId)!;
}
