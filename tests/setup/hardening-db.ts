import { createHash } from 'node:crypto';
import type { DB } from '../../db/database';

/*
 * A cheap fingerprint of everything stored, to prove that a refused call wrote nothing. Row
 * counts and `total_changes()` miss an UPDATE that rewrites a row, so every row of every table
 * is folded in: SQL concatenates each table (quote() keeps NULL, '' and blobs apart) in rowid
 * order, and the text is hashed here.
 */

type Table = { name: string; sql: string };
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
    return { name, sql: `SELECT count(*) || '#' || coalesce(group_concat(row, char(30)), '') FROM (SELECT ${row} AS row FROM "${name}" ORDER BY ${order})` };
  });
  queries.set(db, found);
  return found;
}

/** One hash per table (to say which table changed), e.g. `{ users: 'ab12…', … }`. */
export function tableHashes(db: DB): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of tableQueries(db)) {
    const text = db.$client.prepare(t.sql).pluck().get() as string;
    out[t.name] = createHash('sha256').update(text).digest('hex').slice(0, 16);
  }
  return out;
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
