import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { makeNotification, makeUser } from '../factories';
import { makeTestApp, type Agent, type TestApp } from '../setup/app';
import { anonymous, as } from '../setup/communities';
import { expectError, textOf } from '../setup/errors';

/*
 * The notification procedures (tRPC only, no REST paths). Every call is scoped to the
 * caller: another user's id behaves as an unknown one. What the app's flows create is in
 * notifications-flows.test.ts.
 */
type Row = { id: number; user_id: string; title: string; read: number };
const rowsOf = (t: TestApp, userId: string) =>
  t.db.$client.prepare('SELECT id, user_id, title, read FROM notifications WHERE user_id = ? ORDER BY id').all(userId) as Row[];
const allRows = (t: TestApp) => t.db.$client.prepare('SELECT * FROM notifications ORDER BY id').all();

/** `n` notifications for `user`, one second apart, titled `${prefix} 1..n`; their ids, oldest first. */
function seed(t: TestApp, user: UserRow, n: number, prefix = 'Note') {
  for (let i = 1; i <= n; i++) {
    t.clock.advance(1000);
    makeNotification(t.db, { userId: user.id, title: `${prefix} ${i}`, message: `Message ${i}`, link: i % 2 ? `/community/${i}` : null, type: 'info', now: t.clock.now() });
  }
  return rowsOf(t, user.id).map((r) => r.id);
}

/** Two users with three notifications each; `a` is signed in as `me`. */
async function pair(t: TestApp) {
  const me = await makeUser(t.db, { firstName: 'Nia' });
  const other = await makeUser(t.db, { firstName: 'Obi' });
  const mine = seed(t, me, 3, 'Mine');
  const theirs = seed(t, other, 3, 'Theirs');
  return { me, other, mine, theirs, a: await as(t, me), b: await as(t, other) };
}

const unread = async (a: Agent) => {
  const r = await a.query('notifications.unreadCount');
  expect(r.status, JSON.stringify(r.error)).toBe(200);
  return r.data.count as number;
};
const list = async (a: Agent, input: Record<string, unknown> = {}) => {
  const r = await a.query('notifications.list', input);
  expect(r.status, JSON.stringify(r.error)).toBe(200);
  return r.data as { items: { id: number; title: string; read: boolean }[]; nextCursor: number | null; unread: number };
};

describe('tRPC: notifications (signed out)', () => {
  it.each([
    ['list', 'query', {}],
    ['unreadCount', 'query', undefined],
    ['markRead', 'mutation', 'id'],
    ['markAllRead', 'mutation', undefined],
    ['remove', 'mutation', 'id'],
    ['clear', 'mutation', undefined],
  ] as const)('notifications.%s answers 401 and changes nothing', async (name, type, input) => {
    const t = makeTestApp();
    const { mine } = await pair(t);
    const before = allRows(t);
    const body = input === 'id' ? { id: mine[0] } : input;
    const r = type === 'query' ? await anonymous(t).query(`notifications.${name}`, body) : await anonymous(t).mutate(`notifications.${name}`, body);
    expect(r.status).toBe(401);
    expect(r.error?.code).toBe('UNAUTHORIZED');
    expect(r.data).toBeUndefined();
    expect(allRows(t)).toEqual(before);
  });
});

describe('tRPC: notifications.list', () => {
  it('answers the caller’s own notifications, newest first, with every field and the unread count', async () => {
    const t = makeTestApp();
    const { a, mine } = await pair(t);
    const data = await list(a);
    expect(data.nextCursor).toBeNull();
    expect(data.unread).toBe(3);
    expect(data.items.map((n) => n.id)).toEqual([...mine].reverse());
    // Nia's three were made a second apart, then Obi's three: her newest is three seconds before now.
    const newest = t.clock.now() - 3000;
    expect(data.items[0]).toEqual({
      id: mine[2],
      type: 'info',
      title: 'Mine 3',
      message: 'Message 3',
      link: '/community/3',
      read: false,
      timestamp: new Date(newest).toISOString(),
      handled: null,
    });
    expect(data.items[1]).toMatchObject({ title: 'Mine 2', link: null, timestamp: new Date(newest - 1000).toISOString() });
  });

  it("never includes another user's notifications", async () => {
    const t = makeTestApp();
    const { a, b, mine, theirs } = await pair(t);
    expect((await list(a)).items.map((n) => n.title)).toEqual(['Mine 3', 'Mine 2', 'Mine 1']);
    expect((await list(b)).items.map((n) => n.id)).toEqual([...theirs].reverse());
    expect((await list(b)).items.some((n) => mine.includes(n.id))).toBe(false);
  });

  it('pages with the cursor: no gaps, no repeats, nextCursor null on the last page, unread counts them all', async () => {
    const t = makeTestApp();
    const me = await makeUser(t.db);
    const ids = seed(t, me, 5).reverse();
    const a = await as(t, me);
    const p1 = await list(a, { limit: 2 });
    expect(p1.items.map((n) => n.id)).toEqual(ids.slice(0, 2));
    expect(p1.nextCursor).toBe(ids[1]);
    expect(p1.unread).toBe(5);
    const p2 = await list(a, { limit: 2, cursor: p1.nextCursor });
    expect(p2.items.map((n) => n.id)).toEqual(ids.slice(2, 4));
    const p3 = await list(a, { limit: 2, cursor: p2.nextCursor });
    expect(p3.items.map((n) => n.id)).toEqual(ids.slice(4));
    expect(p3.nextCursor).toBeNull();
    expect(p3.unread).toBe(5);
  });

  it('answers 20 by default and at most 100', async () => {
    const t = makeTestApp();
    const me = await makeUser(t.db);
    seed(t, me, 21);
    const a = await as(t, me);
    const page = await list(a);
    expect(page.items).toHaveLength(20);
    expect(page.nextCursor).toBe(page.items[19]!.id);
    expect((await list(a, { limit: 100 })).items).toHaveLength(21);
  });

  it.each([[{ limit: 0 }], [{ limit: 101 }], [{ limit: 'abc' }], [{ cursor: 0 }], [{ cursor: -1 }], [{ cursor: 'abc' }]])(
    'refuses %j with 400',
    async (input) => {
      const t = makeTestApp();
      const { a } = await pair(t);
      const r = await a.query('notifications.list', input);
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe('BAD_REQUEST');
    },
  );
});

describe('tRPC: notifications.unreadCount', () => {
  it('counts only the caller’s unread notifications', async () => {
    const t = makeTestApp();
    const { a, b, theirs } = await pair(t);
    seed(t, await makeUser(t.db), 2);
    t.db.$client.prepare('UPDATE notifications SET read = 1 WHERE id = ?').run(theirs[0]);
    expect(await unread(a)).toBe(3);
    expect(await unread(b)).toBe(2);
    expect(await unread(await as(t, await makeUser(t.db)))).toBe(0);
  });
});

describe('tRPC: notifications.markRead', () => {
  it('marks that one read: unreadCount goes down by one and the list shows it read', async () => {
    const t = makeTestApp();
    const { a, mine } = await pair(t);
    expect(await unread(a)).toBe(3);
    const r = await a.mutate('notifications.markRead', { id: mine[1] });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    expect(r.data).toEqual({ success: true });
    expect(await unread(a)).toBe(2);
    const { items, unread: inList } = await list(a);
    expect(inList).toBe(2);
    expect(items.map((n) => [n.id, n.read])).toEqual([
      [mine[2], false],
      [mine[1], true],
      [mine[0], false],
    ]);
  });

  it('marking one already read is harmless and counts it once', async () => {
    const t = makeTestApp();
    const { a, mine } = await pair(t);
    expect((await a.mutate('notifications.markRead', { id: mine[0] })).status).toBe(200);
    expect((await a.mutate('notifications.markRead', { id: mine[0] })).status).toBe(200);
    expect(await unread(a)).toBe(2);
  });

  it("refuses another user's notification with 404 'Notification not found' and leaves it unread", async () => {
    const t = makeTestApp();
    const { a, other, theirs } = await pair(t);
    const r = await a.mutate('notifications.markRead', { id: theirs[0] });
    expect(r.status).toBe(404);
    expectError(r, 'NOT_FOUND', 'validation.notification.notFound');
    expect(rowsOf(t, other.id).every((n) => n.read === 0)).toBe(true);
    expect(await unread(a)).toBe(3);
  });

  it('answers 404 for an id that does not exist', async () => {
    const t = makeTestApp();
    const { a, theirs } = await pair(t);
    const r = await a.mutate('notifications.markRead', { id: theirs[2]! + 1000 });
    expect(r.status).toBe(404);
    expectError(r, 'NOT_FOUND', 'validation.notification.notFound');
  });
});

describe('tRPC: notifications.markAllRead', () => {
  it("sets the caller's unreadCount to 0 and leaves another user's rows unread", async () => {
    const t = makeTestApp();
    const { a, b, other } = await pair(t);
    const theirsBefore = rowsOf(t, other.id);
    const r = await a.mutate('notifications.markAllRead');
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    expect(r.data).toEqual({ success: true });
    expect(await unread(a)).toBe(0);
    expect((await list(a)).items.every((n) => n.read)).toBe(true);
    expect(rowsOf(t, other.id)).toEqual(theirsBefore);
    expect(theirsBefore.every((n) => n.read === 0)).toBe(true);
    expect(await unread(b)).toBe(3);
  });

  it('a notification arriving afterwards is unread again', async () => {
    const t = makeTestApp();
    const { a, me } = await pair(t);
    await a.mutate('notifications.markAllRead');
    seed(t, me, 1, 'Later');
    expect(await unread(a)).toBe(1);
    expect((await list(a)).items[0]).toMatchObject({ title: 'Later 1', read: false });
  });
});

describe('tRPC: notifications.remove', () => {
  it('deletes that one only and lowers the unread count', async () => {
    const t = makeTestApp();
    const { a, me, mine } = await pair(t);
    const r = await a.mutate('notifications.remove', { id: mine[1] });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    expect(r.data).toEqual({ success: true });
    expect(rowsOf(t, me.id).map((n) => n.id)).toEqual([mine[0], mine[2]]);
    expect((await list(a)).items.map((n) => n.id)).toEqual([mine[2], mine[0]]);
    expect(await unread(a)).toBe(2);
    // Gone: a second remove finds nothing.
    expect((await a.mutate('notifications.remove', { id: mine[1] })).status).toBe(404);
  });

  it('removing a read one leaves the unread count alone', async () => {
    const t = makeTestApp();
    const { a, mine } = await pair(t);
    await a.mutate('notifications.markRead', { id: mine[0] });
    expect((await a.mutate('notifications.remove', { id: mine[0] })).status).toBe(200);
    expect(await unread(a)).toBe(2);
  });

  it("refuses another user's notification with 404 'Notification not found' and keeps it", async () => {
    const t = makeTestApp();
    const { a, b, other, theirs } = await pair(t);
    const before = rowsOf(t, other.id);
    const r = await a.mutate('notifications.remove', { id: theirs[1] });
    expect(r.status).toBe(404);
    expectError(r, 'NOT_FOUND', 'validation.notification.notFound');
    expect(rowsOf(t, other.id)).toEqual(before);
    expect((await list(b)).items).toHaveLength(3);
  });
});

describe('tRPC: notifications.clear', () => {
  it("deletes all of the caller's notifications and none of another user's", async () => {
    const t = makeTestApp();
    const { a, b, me, other } = await pair(t);
    const theirsBefore = rowsOf(t, other.id);
    const r = await a.mutate('notifications.clear');
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    expect(r.data).toEqual({ success: true });
    expect(rowsOf(t, me.id)).toEqual([]);
    expect(await list(a)).toEqual({ items: [], nextCursor: null, unread: 0 });
    expect(await unread(a)).toBe(0);
    expect(rowsOf(t, other.id)).toEqual(theirsBefore);
    expect(theirsBefore).toHaveLength(3);
    expect(await unread(b)).toBe(3);
  });
});

describe('tRPC: notifications.markRead / notifications.remove with an invalid id', () => {
  it.each([
    ['markRead', 'abc'],
    ['markRead', -1],
    ['markRead', 0],
    ['markRead', 1.5],
    ['markRead', undefined],
    ['remove', 'abc'],
    ['remove', -1],
    ['remove', 0],
    ['remove', 1.5],
    ['remove', undefined],
  ] as const)('notifications.%s refuses id %j with 400 and changes nothing', async (name, id) => {
    const t = makeTestApp();
    const { a } = await pair(t);
    const before = allRows(t);
    const r = await a.mutate(`notifications.${name}`, { id });
    expect(r.status).toBe(400);
    expect(r.error?.code).toBe('BAD_REQUEST');
    expect(r.error?.issues?.[0]).toEqual({ path: ['id'], message: textOf('validation.notification.notFound') });
    expect(allRows(t)).toEqual(before);
  });
});
