import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { createHash } from 'node:crypto';
import { createOutboxSender } from '../../src/server/mail/outbox';
import { createApp } from '../../src/server/app';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import type { DB } from '../../db/database';
import { createLogger } from '../../src/server/logger';
import type { TestApp } from './app';
import { changedTables, freshTableHashes, tableHashes, totalChanges } from './hardening-db';

export { totalChanges };

/*
 * Helpers for the authorization matrix and the tests built like it: a database image taken once,
 * a fresh app over a copy of it (appFromImage) or over a connection the caller keeps (appOver),
 * and hashes of the tables to prove a refused call wrote nothing.
 */

/** The database's bytes: what every cell starts from. */
export const takeImage = (t: TestApp): Buffer => {
  // The mail the world's making queued counts as sent before the picture is taken: otherwise the
  // first write of a cell would wake the sender, which marks rows sent, and the cell would see a write.
  t.db.$client.prepare("UPDATE mail_outbox SET status = 'sent', payload = NULL, sent_at = 0 WHERE status = 'pending'").run();
  return t.db.$client.serialize();
};

/**
 * The real app over a private in-memory copy of `image`, with the base app's env and a frozen
 * clock at `now`. Mail is dropped (the matrix is about who may call, not what is sent).
 */
export function appFromImage(image: Buffer, base: Pick<TestApp, 'env'>, now: number): TestApp {
  return appOver(openImage(image), base, now);
}

/** A private in-memory copy of `image`, opened as db/database.ts opens a database. */
export function openImage(image: Buffer): DB {
  const sqlite = new Database(image);
  sqlite.pragma('foreign_keys = ON');
  // As db/database.ts opens it: without the relational API's schema, unused and costly per copy.
  return drizzle(sqlite) as unknown as DB;
}

/**
 * The real app over `db`, with the base app's env and a frozen clock at `now`; its own login
 * throttle, mail sender and caches, so nothing in memory passes from one cell to the next.
 */
export function appOver(db: DB, base: Pick<TestApp, 'env'>, now: number): TestApp {
  let at = now;
  const clock = {
    now: () => at,
    advance: (ms: number) => {
      at += ms;
    },
    set: (ms: number) => {
      at = ms;
    },
  };
  const logLines: string[] = [];
  const log = createLogger('error', (line) => logLines.push(line));
  const mailer = { send: async () => {} };
  const outbox = createOutboxSender({ db, env: base.env, log, now: clock.now, mailer });
  const app = createApp({ db, env: base.env, log, now: clock.now, throttle: new LoginThrottle(clock.now), mailer, outbox });
  const flushMail = async () => {
    await new Promise((r) => setImmediate(r));
    await outbox.wake();
  };
  return { app, db, clock, env: base.env, logLines, outbox, flushMail, pauses: [] as number[] };
}

/** The application's tables: every table but SQLite's own, drizzle's journal and the FTS index (derived). */
export function mainTables(db: DB): string[] {
  return (
    db.$client
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table'
         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' AND name NOT LIKE 'communities_fts%' AND name NOT LIKE 'topics_fts%' AND name NOT LIKE 'topic_replies_fts%' ORDER BY name`,
      )
      .pluck()
      .all() as string[]
  );
}

/** Per connection: each main table's "all rows" statement, prepared once (a cell hashes its tables up to twice). */
const tableReads = new WeakMap<DB, { table: string; read: Database.Statement }[]>();

/** One hash over every row of every main table. */
export function tableHash(db: DB): string {
  let reads = tableReads.get(db);
  if (!reads) tableReads.set(db, (reads = mainTables(db).map((table) => ({ table, read: db.$client.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).raw() }))));
  const h = createHash('sha256');
  for (const { table, read } of reads) {
    h.update(`\u0000${table}\u0000`);
    h.update(JSON.stringify(read.all()));
  }
  return h.digest('hex');
}

/** What a cell's database held before its call: its tables' hashes (the image's are computed once). */
export type Before = { hashes: Record<string, string> };
export const beforeCall = (db: DB): Before => ({ hashes: tableHashes(db) });

/**
 * A cell whose preparation wrote rows is judged against the rows after that preparation. Hashing
 * every table before each such call was a third of the matrix's time, and most calls write
 * nothing, so the call runs after a savepoint instead and the hashes are taken only when the
 * change count moved: the rows after the call, then, the call undone (ROLLBACK TO), the rows as
 * they were. (The cell's whole transaction is rolled back by the next cell anyway.)
 */
export function markBeforeCall(db: DB): number {
  db.$client.exec('SAVEPOINT before_call');
  return totalChanges(db);
}

/** Whether the call made after markBeforeCall() wrote (`judge` as for changedSince). */
export function wroteSinceMark(db: DB, since: number, judge: 'rows' | 'count' = 'rows'): boolean {
  if (totalChanges(db) === since) return false;
  if (judge === 'count') return true;
  const after = freshTableHashes(db);
  db.$client.exec('ROLLBACK TO before_call');
  return changedTables(freshTableHashes(db), after).length > 0;
}

/**
 * Whether the database differs from `before`, from the cheapest evidence up: no row written since
 * the count `since` (SQLite's total_changes()), and only then the rows themselves, since an UPDATE
 * may write a row back as it was and a write undone by a rollback is still counted. (A cell runs
 * inside a transaction, so the database's bytes, which hold only what is committed, say nothing.)
 * `judge: 'count'` stops at the count: for an allowed write, where rows written are the effect
 * looked for and hashing every table would be paid on most cells.
 */
export function changedSince(db: DB, since: number, before: Before, judge: 'rows' | 'count' = 'rows'): boolean {
  if (totalChanges(db) === since) return false;
  if (judge === 'count') return true;
  return changedTables(before.hashes, tableHashes(db)).length > 0;
}

/** Rows of one table, snake_case as stored. */
export const rows = <T = Record<string, any>>(db: DB, table: string, where = '1', ...params: unknown[]) =>
  db.$client.prepare(`SELECT * FROM "${table}" WHERE ${where} ORDER BY rowid`).all(...params) as T[];
