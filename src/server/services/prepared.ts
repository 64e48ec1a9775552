import type { DB, DbLike } from '../../../db/database';

/*
 * Drizzle queries prepared once per database (`.prepare()` with `sql.placeholder()`), for the
 * writes that run on every request of their kind. Built per call, a drizzle query costs more than
 * running it: the builder's checks, the SQL text, and SQLite parsing that text again (measured
 * under the load test: about a quarter of the server's time on the write paths).
 *
 * A statement prepared on the database also runs inside a transaction of that database (one
 * better-sqlite3 connection: the transaction is the connection's state, not the handle's), so the
 * write paths pass their `db` to these inside `db.transaction(...)`; a transaction handle has no
 * cache of its own. The cache is keyed by the connection, so each test database gets its own.
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: DB, key: string, build: (db: DB) => T): T {
  let queries = cache.get(db.$client);
  if (!queries) cache.set(db.$client, (queries = new Map()));
  let query = queries.get(key) as T | undefined;
  if (query === undefined) queries.set(key, (query = build(db)));
  return query;
}

/** The database itself rather than a transaction handle: only it carries `$client` (drizzle's documented handle on the driver). */
export const isDatabase = (db: DbLike): db is DB => '$client' in db;
