// `npm run restore -- <backup>`: puts a backup back as DATABASE_PATH. The server must be stopped.
// <backup> is a backup folder (the daily job's or `npm run backup`'s: app.db, uploads/,
// manifest.json), the app.db inside one, or a plain database file (`npm run backup -- <file>`).
// A folder is first checked against its manifest (app.db's SHA-256, the number of uploads); its
// uploads are copied into UPLOADS_DIR (files missing there, or differing; files uploaded since
// the backup stay, unreferenced).
//
// How "the server is running" is detected: every SQLite connection to a WAL database holds a
// shared lock on the database file for as long as it stays open, idle or not (SQLite relies on
// it to know whether a closing connection is the last one). So this script opens the live
// database with locking_mode=EXCLUSIVE and runs BEGIN EXCLUSIVE with a short busy_timeout: it
// succeeds only when no other process (server, backup, sqlite3 shell) has the file open, and
// fails with SQLITE_BUSY otherwise. The kernel drops the locks of a dead process, so a server
// killed with -9 does not block a restore, and nothing can go stale the way a pid file can.
//
// Steps: copy <file> into the database's directory (fsync), check that copy (it must open as
// SQLite, pass PRAGMA integrity_check and hold Harambee's tables), take the lock above, let that
// connection checkpoint the live WAL and close, keep the replaced database as a hard link
// (<db>.pre-restore-<time>), delete the old -wal/-shm (a stale WAL would be replayed onto the
// restored file and corrupt it) and rename the copy over DATABASE_PATH: one atomic step.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkBackupFolder, resolveBackupInput, UPLOADS_SUBDIR } from '../src/server/backup/snapshot';
import { privateDir, privateFile } from '../db/private-files';
import { envOrExit, fail, fsync } from './cli';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length !== 1) fail('Usage: npm run restore -- <backup folder or file>   (replaces DATABASE_PATH, and uploads, with a backup; stop the server first)', 2);

const env = envOrExit();
const live = resolve(env.DATABASE_PATH);
const backup = resolve(positionals[0]!);
const input = resolveBackupInput(backup);
if (!input) fail(`No backup file at ${backup}.`);
if (input.database === live) fail(`${backup} is the live database (DATABASE_PATH) itself; give the backup file.`);

const removeWithSidecars = (path: string) => {
  for (const f of [path, `${path}-journal`, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
};

/** Problems that make `path` unfit to restore; empty when it is a sound Harambee database. */
function check(path: string): string[] {
  let db: Database.Database;
  try {
    db = new Database(path, { fileMustExist: true });
  } catch (error) {
    return [`it cannot be opened: ${error instanceof Error ? error.message : String(error)}`];
  }
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (integrity.length !== 1 || integrity[0] !== 'ok') return [`PRAGMA integrity_check reports: ${integrity.slice(0, 5).join('; ')}`];
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
    const missing = ['__drizzle_migrations', 'users', 'sessions', 'communities', 'memberships'].filter((t) => !tables.has(t));
    if (missing.length) return [`it is not a Harambee database (no ${missing.join(', ')} table)`];
    return [];
  } catch (error) {
    // A file that is not SQLite opens lazily and fails on the first read: "file is not a database".
    return [`SQLite cannot read it: ${error instanceof Error ? error.message : String(error)}`];
  } finally {
    db.close();
  }
}

/** A reason to stop with nothing changed (the staged copy is removed on the way out). */
class Refusal extends Error {}

/**
 * Copies the backup's uploads into UPLOADS_DIR: each file missing there or of another size
 * (through a temporary name, then a rename). Files are never changed once uploaded and their
 * names are random, so a file already there with the same size is the same file.
 */
function restoreUploads(from: string, to: string): { copied: number; present: number } {
  const out = { copied: 0, present: 0 };
  if (!existsSync(from)) return out;
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (entry.isDirectory()) {
      const sub = restoreUploads(src, dst);
      out.copied += sub.copied;
      out.present += sub.present;
      continue;
    }
    if (!entry.isFile()) continue;
    if (existsSync(dst) && statSync(dst).size === statSync(src).size) {
      out.present += 1;
      continue;
    }
    const tmp = join(to, `.${entry.name}.restore-${process.pid}`);
    copyFileSync(src, tmp);
    fsync(tmp);
    renameSync(tmp, dst);
    out.copied += 1;
  }
  if (out.copied) fsync(to);
  return out;
}

privateDir(dirname(live));
const staged = resolve(dirname(live), `.${basename(live)}.restore-${process.pid}`);
try {
  if (input.kind === 'folder') {
    const problems = await checkBackupFolder(input.dir);
    if (problems.length) throw new Refusal(`Refused: ${backup} is not a usable backup: ${problems.join('; ')}. ${live} was not touched.`);
  }
  copyFileSync(input.database, staged);
  // The restored database is the server's alone, whatever the backup file's mode was.
  privateFile(staged);
  fsync(staged);
  const problems = check(staged);
  if (problems.length) throw new Refusal(`Refused: ${backup} is not a usable backup: ${problems.join('; ')}. ${live} was not touched.`);

  if (existsSync(live)) {
    const db = new Database(live, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 500');
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE');
      db.exec('ROLLBACK');
    } catch (error) {
      db.close();
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
        throw new Refusal(`Refused: ${live} is in use by another process. Is the server running? Stop it (SIGTERM) and run the restore again. Nothing was changed.`);
      }
      if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
        // Then whether a server has it open cannot be told; the operator moves it aside knowingly.
        throw new Refusal(`Refused: ${live} is damaged (${(error as Error).message}). Stop the server, move that file (and any -wal/-shm) aside, then run the restore again.`);
      }
      throw error;
    }
    // The last connection to close checkpoints the WAL into the file, so the old database is
    // complete on its own before it is set aside.
    db.close();
  }

  // Uploads first: should copying them fail, the database is still the old one.
  const uploads = input.kind === 'folder' ? restoreUploads(join(input.dir, UPLOADS_SUBDIR), resolve(env.UPLOADS_DIR)) : null;

  let kept: string | null = null;
  if (existsSync(live)) {
    kept = `${live}.pre-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    linkSync(live, kept);
  }
  for (const f of [`${live}-wal`, `${live}-shm`, `${live}-journal`]) rmSync(f, { force: true });
  renameSync(staged, live);
  fsync(dirname(live));
  console.log(`Restored ${backup} into ${live}.`);
  if (uploads) {
    console.log(`Uploads: ${uploads.copied} copied into ${resolve(env.UPLOADS_DIR)}, ${uploads.present} already there (files uploaded since the backup were left in place).`);
  }
  if (kept) console.log(`The database it replaced is kept as ${kept} (delete it when you no longer need it).`);
  console.log('Start the server again; it applies any newer migrations at boot.');
} catch (error) {
  removeWithSidecars(staged);
  fail(error instanceof Refusal ? error.message : `Restore failed: ${error instanceof Error ? error.message : String(error)}. ${live} was not replaced.`);
}
removeWithSidecars(staged);
