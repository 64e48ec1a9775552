// `npm run backup -- <file> [--force]`: an online, consistent copy of DATABASE_PATH, safe while
// the server runs. It opens a second connection (busy_timeout 5000, as docs/decisions/002 plans)
// and uses SQLite's backup API through better-sqlite3's db.backup(), asking for every page in
// one step: one read transaction, so the copy is the database as of one commit. In WAL mode
// that read never blocks the server's writes. The copy is written beside the target, switched
// to a self-contained rollback-journal file, checked with PRAGMA integrity_check and only then
// renamed to <file>, so <file> is either a whole, verified backup or absent.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { envOrExit, fail, fsync } from './cli';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
if (positionals.length !== 1) fail('Usage: npm run backup -- <file> [--force]   (copies DATABASE_PATH to <file>; the server may keep running)', 2);

const env = envOrExit();
const source = resolve(env.DATABASE_PATH);
const target = resolve(positionals[0]!);
if (!existsSync(source)) fail(`No database at ${source} (DATABASE_PATH): nothing to back up.`);
if (target === source || target.startsWith(`${source}-`)) fail(`Refusing to back up ${source} onto itself or its -wal/-shm files. Choose another file.`);
if (existsSync(target) && !values.force) fail(`${target} already exists. Choose a new file name, or pass --force to replace it.`);

mkdirSync(dirname(target), { recursive: true });
const partial = `${target}.partial-${process.pid}`;
const started = performance.now();
try {
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // better-sqlite3's first step copies nothing; then all remaining pages in one step.
    await db.backup(partial, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }

  const copy = new Database(partial, { fileMustExist: true });
  let facts: { pages: number; users: number; communities: number; problems: string[] };
  try {
    // A backup should be one file: rollback-journal mode (the server switches it back to WAL).
    copy.pragma('journal_mode = DELETE');
    const problems = (copy.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).filter((r) => r !== 'ok');
    facts = {
      problems,
      pages: copy.pragma('page_count', { simple: true }) as number,
      users: (copy.prepare('SELECT count(*) FROM users').pluck().get() as number) ?? 0,
      communities: (copy.prepare('SELECT count(*) FROM communities').pluck().get() as number) ?? 0,
    };
  } finally {
    copy.close();
  }
  if (facts.problems.length) throw new Error(`the copy failed PRAGMA integrity_check: ${facts.problems.slice(0, 5).join('; ')}`);

  fsync(partial);
  renameSync(partial, target);
  fsync(dirname(target));
  const ms = Math.round(performance.now() - started);
  console.log(
    `Backed up ${source} to ${target}: ${statSync(target).size.toLocaleString('en-US')} bytes, ${facts.pages} pages, ` +
      `${facts.users} users, ${facts.communities} communities; integrity_check ok (${ms} ms).`,
  );
  console.log(`To put it back: stop the server, then  npm run restore -- ${positionals[0]}`);
} catch (error) {
  for (const f of [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
  fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
}
