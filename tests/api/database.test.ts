import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';

const dir = mkdtempSync(join(tmpdir(), 'harambee-db-'));
const opened: DB[] = [];
afterAll(() => {
  for (const db of opened) db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(name: string) {
  const db = openDatabase(join(dir, name));
  opened.push(db);
  return db;
}

describe('openDatabase(path): SQLite pragmas (docs/decisions/002-sqlite-pragmas.md)', () => {
  it('opens a file database in WAL mode with foreign keys, a busy timeout and FULL sync', () => {
    const sqlite = open('nested/dir/app.db').$client;
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBeGreaterThanOrEqual(5000);
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(sqlite.pragma('secure_delete', { simple: true })).toBe(2); // FAST
  });

  it('makes the database, its -wal and -shm readable by the server’s user alone (0600, a new folder 0700), whatever the umask', () => {
    const before = process.umask(0o022);
    try {
      const path = join(dir, 'private/data/app.db');
      const sqlite = open('private/data/app.db').$client;
      sqlite.exec('CREATE TABLE mode_check (x); INSERT INTO mode_check VALUES (1)');
      const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
      expect([mode(join(dir, 'private')), mode(join(dir, 'private/data')), mode(path), mode(`${path}-wal`), mode(`${path}-shm`)]).toEqual(['700', '700', '600', '600', '600']);
      // A database left readable by an older version is tightened when opened.
      const old = join(dir, 'old.db');
      writeFileSync(old, '');
      chmodSync(old, 0o644);
      open('old.db');
      expect(mode(old)).toBe('600');
    } finally {
      process.umask(before);
    }
  });

  it('applies the migrations, and opening again is harmless', () => {
    open('twice.db');
    const sqlite = open('twice.db').$client;
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'")
      .pluck()
      .all();
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'email_tokens']));
  });

  it('enforces foreign keys: a session for a missing user is refused', () => {
    const sqlite = open('fk.db').$client;
    expect(() =>
      sqlite.prepare('insert into sessions (id, user_id, created_at, expires_at) values (?, ?, ?, ?)').run('s', 'no-such-user', 0, 1),
    ).toThrow(/FOREIGN KEY/);
  });

  it('keeps emails unique and usernames unique regardless of case', () => {
    const sqlite = open('unique.db').$client;
    const add = sqlite.prepare(
      'insert into users (id, first_name, last_name, email, username, created_at, updated_at) values (?, ?, ?, ?, ?, 0, 0)',
    );
    add.run('1', 'A', 'B', 'a@example.org', 'Kofi');
    add.run('2', 'A', 'B', 'b@example.org', null);
    add.run('3', 'A', 'B', 'c@example.org', null); // several users may have no username
    expect(() => add.run('4', 'A', 'B', 'a@example.org', null)).toThrow(/UNIQUE/);
    expect(() => add.run('5', 'A', 'B', 'd@example.org', 'kofi')).toThrow(/UNIQUE/);
  });
});
