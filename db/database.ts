import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { dirname } from 'node:path';
import { MIGRATIONS_DIR } from '../src/server/paths';
import * as schema from './schema';
import { privateDatabaseFile, privateDir } from './private-files';

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The database or a transaction on it: helpers that write take either. */
export type DbLike = BaseSQLiteDatabase<'sync', Database.RunResult, typeof schema>;


/** The per-connection pragmas of docs/decisions/002-sqlite-pragmas.md. */
function configure(sqlite: Database.Database): DB {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A deleted row's bytes are zeroed where that costs no extra I/O. A closed anonymous poll's
  // ballots are deleted with ON, freed pages zeroed too (services/polls/polls.ts, decision 014).
  sqlite.pragma('secure_delete = FAST');
  // No `{ schema }`: it only feeds drizzle's relational API (db.query.*), which this code does not
  // use, and building it costs about 0.4 ms of CPU per connection (tests open thousands of copies).
  // The type still names the schema's tables.
  return drizzle(sqlite) as unknown as DB;
}

/**
 * Open the SQLite file with the pragmas recorded in docs/decisions/002-sqlite-pragmas.md
 * and bring its schema up to date. ':memory:' gives a private database (tests).
 */
export function openDatabase(path: string, opts: { migrate?: boolean } = {}): DB {
  if (path !== ':memory:') {
    privateDir(dirname(path));
    privateDatabaseFile(path);
  }
  const db = configure(new Database(path));
  if (opts.migrate !== false) migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return db;
}

/**
 * A private in-memory database holding a copy of `image` (the bytes of `serialize()`), with the
 * same pragmas. Tests open a migrated image this way: a copy costs about a millisecond where
 * running the migrations costs a hundred.
 */
export function openDatabaseImage(image: Buffer): DB {
  return configure(new Database(image));
}
