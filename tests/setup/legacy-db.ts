import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { DB } from '../../db/database';
import { MIGRATIONS_DIR } from '../../src/server/paths';

/*
 * Migration tests need a database as an older schema held it, with rows in it. Today's services
 * write today's columns, so the rows are made by today's code in a fully migrated database and
 * copied into the older one with the columns it has (tables it does not have yet are left out).
 * A column added later never breaks such a test again.
 */

/** The tables rows are copied into: not drizzle's journal, nor the full-text indexes (virtual tables and their shadow tables), which the triggers fill as rows arrive. */
function tablesOf(db: DB): string[] {
  const all = db.$client.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as { name: string; sql: string | null }[];
  const virtual = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? '')).map((t) => t.name);
  return all
    .map((t) => t.name)
    .filter((name) => !name.startsWith('sqlite_') && !name.startsWith('__drizzle') && !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
}
const columnsOf = (db: DB, table: string) => (db.$client.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name);

/** Every row of `from` into `older` (its rows replaced), with the columns `older` has. */
export function copyIntoOlderSchema(older: DB, from: DB) {
  const known = new Set(tablesOf(older));
  const sql = older.$client;
  sql.pragma('foreign_keys = OFF');
  try {
    sql.transaction(() => {
      for (const table of tablesOf(from)) {
        if (!known.has(table)) continue;
        const theirs = new Set(columnsOf(from, table));
        const columns = columnsOf(older, table).filter((c) => theirs.has(c));
        const list = columns.map((c) => `"${c}"`).join(', ');
        sql.prepare(`DELETE FROM "${table}"`).run();
        const insert = sql.prepare(`INSERT INTO "${table}" (${list}) VALUES (${columns.map(() => '?').join(', ')})`);
        for (const row of from.$client.prepare(`SELECT ${list} FROM "${table}"`).raw().all() as unknown[][]) insert.run(...row);
      }
    })();
  } finally {
    sql.pragma('foreign_keys = ON');
  }
}

/** Temporary folders for one test file, removed after it: call at the file's top level. */
export function tempDirs() {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** A copy of the migrations folder holding only those before `tag`: a database as an installation had it then. */
export function migrationsBefore(tag: string, temp: (prefix: string) => string): string {
  const dir = temp('harambee-migrations-');
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}
