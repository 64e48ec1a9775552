// `npm run backup`: an online, consistent copy while the server runs (src/server/backup/snapshot.ts
// does the copying, for this script and the server's daily job alike).
//
//   npm run backup                          a backup folder in BACKUP_DIR (app.db, uploads/,
//                                           manifest.json), as the daily job writes; the newest
//                                           BACKUP_KEEP folders are kept
//   npm run backup -- --into <folder>       the same, into another folder
//   npm run backup -- <file> [--force]      the database alone, as one file
//
// It opens a second connection (busy_timeout 5000, as docs/decisions/002 plans) and asks SQLite's
// backup API for every page in one step: one read transaction, so the copy is the database as of
// one commit. In WAL mode that read never blocks the server's writes. The copy is switched to a
// self-contained rollback-journal file, checked with PRAGMA integrity_check and only then renamed
// to its name, so <file> (or the folder) is either a whole, verified backup or absent.
import Database from 'better-sqlite3';
import { existsSync, renameSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { privateDir } from '../db/private-files';
import { copyDatabase, pruneBackups, removeWithSidecars, writeBackup } from '../src/server/backup/snapshot';
import { envOrExit, fail, fsync } from './cli';

const USAGE =
  'Usage: npm run backup [-- --into <folder>]   (a backup folder in BACKUP_DIR, or <folder>)\n' +
  '       npm run backup -- <file> [--force]    (the database alone, as one file)\n' +
  'The server may keep running.';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false }, into: { type: 'string' } },
});
if (positionals.length > 1 || (positionals.length === 1 && values.into)) fail(USAGE, 2);

const env = envOrExit();
const source = resolve(env.DATABASE_PATH);
if (env.DATABASE_PATH === ':memory:' || !existsSync(source)) fail(`No database at ${source} (DATABASE_PATH): nothing to back up.`);

const open = () => {
  const db = new Database(source, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
};
const bytes = (n: number) => n.toLocaleString('en-US');
const started = performance.now();

if (positionals.length === 1) {
  const target = resolve(positionals[0]!);
  if (target === source || target.startsWith(`${source}-`)) fail(`Refusing to back up ${source} onto itself or its -wal/-shm files. Choose another file.`);
  if (existsSync(target) && !values.force) fail(`${target} already exists. Choose a new file name, or pass --force to replace it.`);
  privateDir(dirname(target));
  const partial = `${target}.partial-${process.pid}`;
  try {
    const db = open();
    let facts;
    try {
      facts = await copyDatabase(db, partial);
    } finally {
      db.close();
    }
    renameSync(partial, target);
    fsync(dirname(target));
    const ms = Math.round(performance.now() - started);
    console.log(
      `Backed up ${source} to ${target}: ${bytes(facts.bytes)} bytes, ${facts.pages} pages, ` +
        `${facts.users} users, ${facts.communities} communities; integrity_check ok (${ms} ms).`,
    );
    console.log(`To put it back: stop the server, then  npm run restore -- ${positionals[0]}`);
  } catch (error) {
    await removeWithSidecars(partial);
    fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  }
} else {
  const folder = values.into ? resolve(values.into) : env.BACKUP_DIR ? resolve(env.BACKUP_DIR) : null;
  if (!folder) fail(`BACKUP_DIR is off: give a folder (npm run backup -- --into <folder>) or a file (npm run backup -- <file>).`);
  try {
    const db = open();
    let backup;
    try {
      backup = await writeBackup({ source: db, uploadsDir: resolve(env.UPLOADS_DIR), backupDir: folder, now: Date.now() });
    } finally {
      db.close();
    }
    const removed = await pruneBackups(folder, env.BACKUP_KEEP);
    const m = backup.manifest;
    console.log(
      `Backed up ${source} to ${backup.path}: ${bytes(m.database.bytes)} bytes, ${m.database.pages} pages, ` +
        `${m.database.users} users, ${m.database.communities} communities, ${m.uploads.files} uploads (${bytes(m.uploads.bytes)} bytes); ` +
        `integrity_check ok (${m.durationMs} ms).`,
    );
    if (removed.length) console.log(`Kept the newest ${env.BACKUP_KEEP} backups (BACKUP_KEEP); removed ${removed.join(', ')}.`);
    console.log(`To put it back: stop the server, then  npm run restore -- ${backup.path}`);
  } catch (error) {
    fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
