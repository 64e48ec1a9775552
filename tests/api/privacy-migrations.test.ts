import { join } from 'node:path';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { MIGRATIONS_DIR } from '../../src/server/paths';
import { makeCommunity, makeUser } from '../factories';
import { copyIntoOlderSchema, migrationsBefore, tempDirs } from '../setup/legacy-db';

/*
 * Migrations 0035 and 0037 on a database as an installation had it before them: anonymous polls
 * shown live, ballots whose ids followed the order of the votes, an election's option carrying
 * its candidate's name, and staff audit entries holding addresses and names. After them no id
 * follows the votes, no result is live, and the audit and the options name people by id only.
 */

const temp = tempDirs();

describe('migrations 0035 and 0037: secret ballots and people named by id', () => {
  it('shuffle a closed anonymous poll’s ballots onto random ids, hide live results, and erase names and addresses from the audit and the candidates', async () => {
    const db = openDatabase(join(temp('harambee-legacy-db-'), 'app.db'), { migrate: false });
    migrate(db, { migrationsFolder: migrationsBefore('0035_anonymous_ballots', temp) });
    const now = Date.parse('2026-03-02T10:00:00Z');
    // The rows are made by today's code, then copied into the older schema (tests/setup/legacy-db.ts).
    const today = openDatabase(':memory:');
    const staff = await makeUser(today, { firstName: 'Kofi', lastName: 'Staffer', email: 'kofi.staff@example.org', role: 'admin' });
    const member = await makeUser(today, { firstName: 'Adaeze', lastName: 'Nwosu', email: 'adaeze@example.org' });
    const community = makeCommunity(today, { creator: staff, name: 'Legacy Association' });
    copyIntoOlderSchema(db, today);
    today.$client.close();
    const sql = db.$client;
    const poll = (status: string, anonymous: number) =>
      Number(
        sql
          .prepare("INSERT INTO polls (community_id, kind, title, status, anonymous, results_visibility, closes_at, created_at, updated_at) VALUES (?, 'single', 'Venue', ?, ?, 'live', ?, ?, ?)")
          .run(community.id, status, anonymous, now + 86_400_000, now, now).lastInsertRowid,
      );
    const [closed, open, named] = [poll('closed', 1), poll('open', 1), poll('open', 0)];
    for (let i = 1; i <= 6; i++) sql.prepare('INSERT INTO poll_ballots (poll_id, voter_key, choices) VALUES (?, NULL, ?)').run(closed, `[${i}]`);
    sql.prepare("INSERT INTO poll_ballots (poll_id, voter_key, choices) VALUES (?, 'hmac-of-a-voter', '[1]')").run(open);
    sql.prepare("INSERT INTO poll_options (poll_id, position, label, user_id) VALUES (?, 1, 'Adaeze Nwosu', ?)").run(open, member.id);
    sql.prepare("INSERT INTO poll_options (poll_id, position, label, user_id) VALUES (?, 2, 'Hall', NULL)").run(open);
    const audit = sql.prepare('INSERT INTO admin_audit (actor_id, actor_email, action, target_type, target_id, target_label, details, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    audit.run(staff.id, staff.email, 'user.updated', 'user', member.id, member.email, JSON.stringify({ firstName: 'Adaeze', lastName: 'Nwosu', email: 'adaeze@example.org', role: 'user' }), now);
    audit.run(staff.id, staff.email, 'imports.members', 'community', String(community.id), community.name, JSON.stringify({ rows: 2, categories: [{ email: 'new.one@example.org', categoryId: 1 }] }), now);
    const before = sql.prepare('SELECT id, choices FROM poll_ballots WHERE poll_id = ? ORDER BY id').all(closed) as { id: number; choices: string }[];
    expect(before.map((b) => b.id)).toEqual([1, 2, 3, 4, 5, 6]);

    migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const after = sql.prepare('SELECT id, voter_key, choices FROM poll_ballots WHERE poll_id = ?').all(closed) as { id: number; voter_key: null; choices: string }[];
    expect(after.map((b) => b.choices).sort()).toEqual(before.map((b) => b.choices).sort());
    for (const b of after) expect(before.map((x) => x.id)).not.toContain(b.id);
    expect(sql.prepare('SELECT voter_key FROM poll_ballots WHERE poll_id = ?').pluck().all(open)).toEqual(['hmac-of-a-voter']);
    expect(sql.prepare('SELECT id, results_visibility FROM polls ORDER BY id').all()).toEqual([
      { id: closed, results_visibility: 'after_close' },
      { id: open, results_visibility: 'after_close' },
      { id: named, results_visibility: 'live' },
    ]);
    expect(sql.prepare('SELECT label FROM poll_options ORDER BY position').pluck().all()).toEqual(['', 'Hall']);
    const rows = sql.prepare('SELECT * FROM admin_audit ORDER BY id').all() as Record<string, unknown>[];
    expect(Object.keys(rows[0]!)).not.toContain('actor_email');
    const stored = JSON.stringify(rows);
    for (const personal of ['kofi.staff@example.org', 'adaeze@example.org', 'Adaeze', 'Nwosu', 'new.one@example.org']) expect(stored).not.toContain(personal);
    expect(JSON.parse(rows[0]!.details as string)).toEqual({ role: 'user' });
    expect(JSON.parse(rows[1]!.details as string)).toEqual({ rows: 2, categories: 1 });
    // Still append-only.
    expect(() => sql.prepare("UPDATE admin_audit SET action = 'x'").run()).toThrow(/append-only/);
    expect(() => sql.prepare('DELETE FROM admin_audit').run()).toThrow(/append-only/);
    db.$client.close();
  });
});
