import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { DB } from '../../db/database';

/*
 * A cheap fingerprint of everything stored, to prove that a refused call wrote nothing. Row
 * counts and `total_changes()` miss an UPDATE that rewrites a row, so every row of every table
 * is folded in: SQL concatenates each table (quote() keeps NULL, '' and blobs apart) in rowid
 * order, and the text is hashed here.
 *
 * Hashing every table is the expensive part of a fuzzed or forged request, and most requests
 * write nothing: SQLite's total_changes() counts every row an INSERT, UPDATE or DELETE on the
 * connection touched, so while it has not moved since the last hashing the tables cannot differ and
 * that hashing is reused. (For a database written only through this connection: the tests' in-memory ones.)
 */

type Table = { name: string; read: Database.Statement };
const queries = new WeakMap<DB, Table[]>();

function tableQueries(db: DB): Table[] {
  let found = queries.get(db);
  if (found) return found;
  const client = db.$client;
  const all = client.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string; sql: string }[];
  // FTS5 tables (and their shadow tables) are an index of `communities`, which is hashed itself.
  const virtual = all.filter((t) => /CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  const tables = all.filter((t) => !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)));
  found = tables.map(({ name, sql }) => {
    const cols = (client.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(name) as string[]).map((c) => `quote("${c}")`);
    const withoutRowid = /WITHOUT\s+ROWID/i.test(sql);
    const row = withoutRowid ? cols.join(`||','||`) : `rowid||':'||${cols.join(`||','||`)}`;
    const order = withoutRowid ? 'row' : 'rowid';
    return { name, read: client.prepare(`SELECT count(*) || '#' || coalesce(group_concat(row, char(30)), '') FROM (SELECT ${row} AS row FROM "${name}" ORDER BY ${order})`).pluck() };
  });
  queries.set(db, found);
  return found;
}

const changeCounts = new WeakMap<DB, Database.Statement>();
const lastHashes = new WeakMap<DB, { changes: number; hashes: Record<string, string> }>();

/** Rows written through this connection so far (total_changes(), triggers' rows included). */
export function totalChanges(db: DB): number {
  let count = changeCounts.get(db);
  if (!count) changeCounts.set(db, (count = db.$client.prepare('SELECT total_changes()').pluck()));
  return count.get() as number;
}

/** One hash per table (to say which table changed), e.g. `{ users: 'ab12…', … }`. */
export function tableHashes(db: DB): Record<string, string> {
  const last = lastHashes.get(db);
  if (last && last.changes === totalChanges(db)) return { ...last.hashes };
  return freshTableHashes(db);
}

/** tableHashes() read from the rows whatever the change count says (after a ROLLBACK TO, it still counts the undone rows). */
export function freshTableHashes(db: DB): Record<string, string> {
  const changes = totalChanges(db);
  const out: Record<string, string> = {};
  for (const t of tableQueries(db)) {
    const text = t.read.get() as string;
    out[t.name] = createHash('sha256').update(text).digest('hex').slice(0, 16);
  }
  lastHashes.set(db, { changes, hashes: out });
  return { ...out };
}

/**
 * Says what the tables' hashes are now, when the caller knows it better than the change count:
 * after a ROLLBACK the rows are back as they were, but total_changes() still counts the rows the
 * undone writes touched, so the hashes remembered at that count would be the undone ones.
 */
export function knowHashes(db: DB, hashes: Record<string, string>): void {
  lastHashes.set(db, { changes: totalChanges(db), hashes: { ...hashes } });
}

/** The whole database as one hash. */
export function dbHash(db: DB): string {
  return createHash('sha256').update(JSON.stringify(tableHashes(db))).digest('hex');
}

/** The names of the tables whose rows differ between two `tableHashes` results. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]);
}
