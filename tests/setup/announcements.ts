import { expect } from 'vitest';
import type { CommunityRow, UserRow } from '../../db/schema';
import { createAnnouncement } from '../../src/server/services/announcements';
import { createCategory } from '../../src/server/services/categories';
import type { TestApp } from './app';
import type { Op, Outcome, Transport } from './transport';

/*
 * The announcement and category REST paths and their tRPC procedures as `Op`s for TRANSPORTS. Path params are filled
 * from the tRPC input (`:id` ← input.id); whatever is left is the REST body or query string.
 */
type Method = Op['rest']['method'] | 'DELETE';
const op = (method: Method, path: string, procedure: string, type: 'query' | 'mutation', extra: Omit<Op['rest'], 'method' | 'path'> = {}) =>
  // transport.ts's Op has no DELETE yet; REST.call passes the method through unchanged.
  ({ rest: { method, path, ...extra }, trpc: { path: procedure, type } }) as Op;

const byCommunity = { params: { communityId: 'communityId' } };
const byId = { params: { id: 'id' } };

export const ANN = {
  list: op('GET', '/api/communities/:communityId/announcements', 'announcements.list', 'query', { ...byCommunity, page: true }),
  create: op('POST', '/api/communities/:communityId/announcements', 'announcements.create', 'mutation', { ...byCommunity, created: true }),
  update: op('PATCH', '/api/announcements/:id', 'announcements.update', 'mutation', byId),
  delete: op('DELETE', '/api/announcements/:id', 'announcements.delete', 'mutation', byId),
  togglePin: op('POST', '/api/announcements/:id/toggle-pin', 'announcements.togglePin', 'mutation', byId),
} satisfies Record<string, Op>;

export const CAT = {
  list: op('GET', '/api/announcement-categories', 'categories.list', 'query'),
  create: op('POST', '/api/announcement-categories', 'categories.create', 'mutation', { created: true }),
  update: op('PATCH', '/api/announcement-categories/:id', 'categories.update', 'mutation', byId),
  delete: op('DELETE', '/api/announcement-categories/:id', 'categories.delete', 'mutation', byId),
} satisfies Record<string, Op>;

/**
 * One page of the feed in one shape. REST: a JSON array and the cursor in X-Next-Cursor; tRPC:
 * `{ items, nextCursor }` and no header. (transport.ts's `page` reads numeric cursors only.)
 */
export function feed(tr: Transport, r: Outcome): { items: any[]; nextCursor: string | null } {
  expect(r.status, JSON.stringify(r.error)).toBe(200);
  if (tr.name === 'REST') {
    expect(Array.isArray(r.data), 'a REST list is a JSON array').toBe(true);
    return { items: r.data, nextCursor: r.headers.get('x-next-cursor') };
  }
  expect(r.headers.get('x-next-cursor')).toBeNull();
  expect(Object.keys(r.data).sort()).toEqual(['items', 'nextCursor']);
  return r.data;
}

/** An announcement written straight through the service (not the transport under test) at the test clock's now. */
export function seedAnnouncement(
  t: TestApp,
  p: { community: CommunityRow; author: UserRow; title?: string; content?: string; categoryId?: number | null; isPinned?: boolean; isPublished?: boolean },
) {
  return createAnnouncement(t.db, {
    communityId: p.community.id,
    authorId: p.author.id,
    now: t.clock.now(),
    input: {
      title: p.title ?? 'Drumming practice',
      content: p.content ?? 'Saturday at **ten**, in the hall.',
      categoryId: p.categoryId ?? null,
      isPinned: p.isPinned ?? false,
      isPublished: p.isPublished ?? true,
    },
  });
}

export function seedCategory(t: TestApp, p: { community: CommunityRow; name?: string; color?: string; description?: string | null }) {
  return createCategory(t.db, {
    communityId: p.community.id,
    now: t.clock.now(),
    input: { name: p.name ?? 'Events', color: p.color ?? '#1E90FF', description: p.description ?? null },
  });
}

const sql = (t: TestApp) => t.db.$client;

/** The stored announcement row (snake_case, as SQLite has it), or undefined. */
export const announcementRow = (t: TestApp, id: number) =>
  sql(t).prepare('SELECT * FROM announcements WHERE id = ?').get(id) as Record<string, any> | undefined;

export const categoryRow = (t: TestApp, id: number) =>
  sql(t).prepare('SELECT * FROM announcement_categories WHERE id = ?').get(id) as Record<string, any> | undefined;

export const announcementCount = (t: TestApp) => sql(t).prepare('SELECT count(*) FROM announcements').pluck().get() as number;
export const categoryCount = (t: TestApp) => sql(t).prepare('SELECT count(*) FROM announcement_categories').pluck().get() as number;

/** Every announcement and category as stored, to prove a refused call changed nothing. */
export function annSnapshot(t: TestApp) {
  const all = (table: string) => sql(t).prepare(`SELECT * FROM ${table} ORDER BY id`).all();
  return { announcements: all('announcements'), categories: all('announcement_categories') };
}

export const iso = (ms: number) => new Date(ms).toISOString();
