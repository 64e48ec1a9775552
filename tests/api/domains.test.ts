import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DOMAINS, OPERATIONS_BY_PATH } from '../../src/server/domains';
import { appRouter } from '../../src/server/trpc/root';
import { deleteAccount } from '../../src/server/services/account/delete';
import { exportAccountData } from '../../src/server/services/account/export';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp } from '../setup/app';
import { pendingRequest } from '../setup/communities';
import { createSession } from '../../src/server/auth/session';
import { notifyUser } from '../../src/server/services/notifications';
import { createCalendarToken } from '../../src/server/services/events/feeds';
import { createTopic, setFollow } from '../../src/server/services/discussions/topics';

/*
 * The server is built from the list of domains (src/server/domains/index.ts). These tests keep
 * that list honest: every table that names a person belongs to exactly one domain, which says how
 * the "your data" export and the account's deletion treat it, and what it says is what they do;
 * every operation of every domain is a tRPC procedure (the authorization matrix then asks for its cells).
 */

/** Tables with a column that points at users (a foreign key), or that hold a person's id or address without one. */
function personalTables(db: ReturnType<typeof makeTestApp>['db']): Map<string, string[]> {
  const tables = db.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%' AND name NOT LIKE '__drizzle%'`);
  const out = new Map<string, string[]>();
  for (const { name } of tables) {
    const fks = db.all<{ table: string; from: string }>(sql.raw(`PRAGMA foreign_key_list("${name}")`)).filter((f) => f.table === 'users');
    const cols = db.all<{ name: string }>(sql.raw(`PRAGMA table_info("${name}")`)).map((c) => c.name);
    const unlinked = cols.filter((c) => /^(actor_id|actor_email|user_id|member_id|author_id)$/.test(c));
    const columns = [...new Set([...fks.map((f) => f.from), ...unlinked])];
    if (columns.length && name !== 'users') out.set(name, columns);
  }
  return out;
}

describe('the list of domains', () => {
  it('gives every table that names a person to exactly one domain, which says how export and deletion treat it', () => {
    const t = makeTestApp();
    const owners = new Map<string, string[]>();
    for (const d of DOMAINS) for (const table of Object.keys(d.personalData ?? {})) owners.set(table, [...(owners.get(table) ?? []), d.name]);
    const unclaimed = [...personalTables(t.db).keys()].filter((table) => !owners.has(table));
    expect(unclaimed, 'tables naming a person that no domain declares in personalData').toEqual([]);
    const twice = [...owners].filter(([, by]) => by.length > 1).map(([table, by]) => `${table}: ${by.join(', ')}`);
    expect(twice).toEqual([]);
    const existing = new Set(t.db.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table'`).map((r) => r.name));
    expect([...owners.keys()].filter((table) => !existing.has(table)), 'declared tables that do not exist').toEqual([]);
  });

  it('exports under each declared key and deletes the rows declared deleted', async () => {
    const t = makeTestApp();
    const now = t.clock.now();
    const person = await makeUser(t.db, {}, { secondFactor: true });
    const creator = await makeUser(t.db);
    const community = makeCommunity(t.db, { creator });
    addMember(t.db, { communityId: community.id, user: person });
    // Rows of the person's in tables their domains say deletion removes.
    createSession(t.db, person.id, now);
    notifyUser(t.db, { userId: person.id, type: 'info', title: 'notifications.welcome.title', message: 'notifications.welcome.message', now });
    pendingRequest(t, makeCommunity(t.db, { creator, isPublic: false }), person);
    createCalendarToken(t.db, { userId: person.id, appUrl: t.env.APP_URL, now });
    const topic = createTopic(t.db, { community: { id: community.id, name: community.name }, author: { id: creator.id, name: 'C' }, input: { title: 'Hall', body: 'Who knows a hall?', category: null }, now }).id;
    setFollow(t.db, { topicId: topic, userId: person.id, canModerate: false, mode: 'following' });
    const tables = personalTables(t.db);
    const deleted = DOMAINS.flatMap((d) => Object.entries(d.personalData ?? {}).filter(([, p]) => p.erase === 'deleted').map(([table]) => table));
    const data = exportAccountData(t.db, person, now);
    const keys = DOMAINS.flatMap((d) => Object.values(d.personalData ?? {}).flatMap((p) => ('key' in p.export ? [p.export.key] : [])));
    expect(keys.filter((k) => !(k in data)), 'export keys declared but missing from the export').toEqual([]);

    const before = deleted.flatMap((table) => (tables.get(table) ?? []).map((column) => t.db.get<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = '${person.id}'`))!.n));
    expect(before.filter((n) => n > 0).length, 'the seeded rows exist before deletion').toBeGreaterThanOrEqual(7);
    deleteAccount(t.db, { user: person, removePosts: true, actor: { id: person.id, email: person.email }, byStaff: false, now });
    const left = deleted.flatMap((table) =>
      (tables.get(table) ?? ['user_id']).flatMap((column) => {
        const n = t.db.get<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = '${person.id}'`))!.n;
        return n ? [`${table}.${column}: ${n}`] : [];
      }),
    );
    expect(left, 'rows left in tables declared deleted').toEqual([]);
  });

  it('makes every operation of every domain a tRPC procedure, and nothing else', () => {
    const procedures = Object.keys(appRouter._def.procedures as Record<string, unknown>).sort();
    expect(procedures).toEqual([...OPERATIONS_BY_PATH.keys()].sort());
    expect(procedures).toContain('finances.summary');
  });
});
