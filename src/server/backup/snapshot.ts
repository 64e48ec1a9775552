import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, existsSync, fsyncSync, openSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PRIVATE_DIR, PRIVATE_FILE, privateDir, privateFile } from '../../../db/private-files';

/*
 * Backups, one implementation for `npm run backup` and the server's daily job (jobs/backups.ts).
 *
 * The database is copied with SQLite's backup API (better-sqlite3's db.backup()). The copy is
 * switched to a self-contained rollback-journal file and checked with PRAGMA integrity_check
 * before it counts. Two ways to call it:
 * - from another connection (the script, in its own process): every page in one step, so one
 *   read transaction gives the database as of one commit; in WAL mode that read never blocks
 *   the server's writes;
 * - from the server's own connection (the job): a few hundred pages a step, so requests are
 *   answered between steps; SQLite applies the connection's own writes to the pages already
 *   copied, so the copy is still the database as of one commit (the last step's). A write from
 *   another process restarts the copy; after too many restarts the rest goes in one step.
 *
 * A backup folder holds app.db, uploads/ (the upload files, hard-linked where the file system
 * allows, copied otherwise; they are never changed once written) and manifest.json. It is built
 * under a `.partial-<pid>` name and renamed once complete and verified, so a folder with the
 * backup's name is always whole. The database is copied before the uploads: a file a row points
 * to was written before the row, so every file the copied database names is in the copy.
 */

export const DB_FILE = 'app.db';
export const MANIFEST_FILE = 'manifest.json';
export const UPLOADS_SUBDIR = 'uploads';
const NAME = /^harambee-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/;
const PARTIAL = /^harambee-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.partial-\d+$/;
const ALL_PAGES = 0x7fffffff;

/** `harambee-2026-11-23T03-00-00Z`: the UTC second the backup was taken (names sort by time). */
export function backupName(ms: number): string {
  return `harambee-${new Date(ms).toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
}

/** The time in a backup's name, or null for any other name. */
export function timeOfBackupName(name: string): number | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Date.UTC rolls impossible dates over (month 13): only a name it gives back exactly counts.
  return Number.isFinite(ms) && ms >= 0 && backupName(ms) === name ? ms : null;
}

export type Manifest = {
  format: 1;
  app: 'harambee';
  /** When the copy began (ISO, UTC). */
  createdAt: string;
  durationMs: number;
  database: { file: string; bytes: number; pages: number; sha256: string; integrityCheck: 'ok'; users: number; communities: number };
  uploads: { files: number; bytes: number; linked: number; copied: number };
  /** Database and uploads together. */
  bytes: number;
};

export class BackupError extends Error {}

/** Flushes a file or a folder (a rename is durable only once its folder is synced) to disk. */
export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export const removeWithSidecars = async (path: string) => {
  for (const f of [path, `${path}-journal`, `${path}-wal`, `${path}-shm`]) await rm(f, { force: true });
};

export type DatabaseFacts = Manifest['database'];

/**
 * Copies `source` into `target` (a new file), turns the copy into a rollback-journal database and
 * checks it. Throws BackupError when the copy fails PRAGMA integrity_check; the caller removes it.
 * `pagesPerStep` omitted: everything in one step (for a second connection).
 */
export async function copyDatabase(source: Database.Database, target: string, opts: { pagesPerStep?: number; signal?: AbortSignal } = {}): Promise<DatabaseFacts> {
  const perStep = opts.pagesPerStep ?? ALL_PAGES;
  let steps = 0;
  // Made here, 0600 and new ('wx'), before SQLite writes a page into it: SQLite would create it
  // with the umask's mode (often readable by all) for the whole copy, and its -journal follows the
  // file's mode. A file already there (someone else's, with their mode) is refused.
  closeSync(openSync(target, 'wx', PRIVATE_FILE));
  await source.backup(target, {
    progress: ({ totalPages }) => {
      if (opts.signal?.aborted) throw new BackupError('the backup was stopped (the server is shutting down)');
      steps += 1;
      // Restarted too often by another process's writes: copy the rest in one read transaction.
      return steps > 2 * Math.ceil(totalPages / perStep) + 10 ? ALL_PAGES : perStep;
    },
  });

  // Only the server's user reads a copy of everyone's data (the folder is 0700 as well); again
  // in case a umask took owner bits from the mode above.
  privateFile(target);
  const copy = new Database(target, { fileMustExist: true });
  let facts: Omit<DatabaseFacts, 'bytes' | 'sha256' | 'file'>;
  try {
    // A backup should be one file: rollback-journal mode (the server switches it back to WAL).
    copy.pragma('journal_mode = DELETE');
    const problems = (copy.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).filter((r) => r !== 'ok');
    if (problems.length) throw new BackupError(`the copy failed PRAGMA integrity_check: ${problems.slice(0, 5).join('; ')}`);
    const count = (table: string) => {
      try {
        return (copy.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number) ?? 0;
      } catch {
        return 0; // a database from before the table existed
      }
    };
    facts = { pages: copy.pragma('page_count', { simple: true }) as number, integrityCheck: 'ok', users: count('users'), communities: count('communities') };
  } finally {
    copy.close();
  }
  fsyncPath(target);
  return { file: basename(target), bytes: statSync(target).size, sha256: await sha256File(target), ...facts };
}

/** Hard-links (or, across file systems, copies) every file under `from` into `to`. */
export async function copyUploads(from: string, to: string): Promise<Manifest['uploads']> {
  const out = { files: 0, bytes: 0, linked: 0, copied: 0 };
  await mkdir(to, { recursive: true, mode: PRIVATE_DIR });
  if (!existsSync(from)) return out;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (entry.isDirectory()) {
      const sub = await copyUploads(src, dst);
      for (const k of ['files', 'bytes', 'linked', 'copied'] as const) out[k] += sub[k];
      continue;
    }
    if (!entry.isFile()) continue;
    try {
      await link(src, dst);
      out.linked += 1;
    } catch (error) {
      // Gone since the listing (never by the app, which keeps its files): nothing to keep.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      await copyFile(src, dst);
      out.copied += 1;
    }
    out.files += 1;
    out.bytes += (await stat(dst)).size;
  }
  return out;
}

/**
 * One backup folder in `backupDir`, named for `now`: the database from `source`, the files of
 * `uploadsDir`, the manifest. Nothing under the backup's name unless all of it was verified.
 */
export async function writeBackup(p: {
  source: Database.Database;
  uploadsDir: string | null;
  backupDir: string;
  now: number;
  pagesPerStep?: number;
  signal?: AbortSignal;
}): Promise<{ name: string; path: string; manifest: Manifest }> {
  const started = performance.now();
  privateDir(p.backupDir);
  const name = backupName(p.now);
  const final = join(p.backupDir, name);
  if (existsSync(final)) throw new BackupError(`${final} already exists`);
  const partial = `${final}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { mode: PRIVATE_DIR });
  try {
    const database = await copyDatabase(p.source, join(partial, DB_FILE), { pagesPerStep: p.pagesPerStep, signal: p.signal });
    const uploads = p.uploadsDir ? await copyUploads(p.uploadsDir, join(partial, UPLOADS_SUBDIR)) : { files: 0, bytes: 0, linked: 0, copied: 0 };
    if (!p.uploadsDir) await mkdir(join(partial, UPLOADS_SUBDIR), { mode: PRIVATE_DIR });
    const manifest: Manifest = {
      format: 1,
      app: 'harambee',
      createdAt: new Date(p.now).toISOString(),
      durationMs: Math.round(performance.now() - started),
      database,
      uploads,
      bytes: database.bytes + uploads.bytes,
    };
    await writeFile(join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n', { mode: PRIVATE_FILE });
    fsyncPath(join(partial, MANIFEST_FILE));
    fsyncPath(join(partial, UPLOADS_SUBDIR));
    fsyncPath(partial);
    await rename(partial, final);
    fsyncPath(p.backupDir);
    return { name, path: final, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

export type BackupEntry = { name: string; path: string; time: number; manifest: Manifest | null };

/** The backup folders in `backupDir` (only names of our pattern), newest first. */
export async function listBackups(backupDir: string): Promise<BackupEntry[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(backupDir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isDirectory() && timeOfBackupName(e.name) !== null)
    .map((e) => ({ name: e.name, path: join(backupDir, e.name), time: timeOfBackupName(e.name)!, manifest: null }))
    .sort((a, b) => b.time - a.time);
}

export async function readManifest(dir: string): Promise<Manifest | null> {
  try {
    const m = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    return m && m.app === 'harambee' && m.format === 1 ? m : null;
  } catch {
    return null;
  }
}

/** The newest complete backup with its manifest, or null. */
export async function newestBackup(backupDir: string): Promise<BackupEntry | null> {
  for (const b of await listBackups(backupDir)) {
    const manifest = await readManifest(b.path);
    if (manifest) return { ...b, manifest };
  }
  return null;
}

/**
 * Keeps the newest `keep` backups and deletes the older ones: only folders named like a backup,
 * never anything else in the folder. Also clears what a crashed run left (`.partial-*` folders
 * older than a day). Returns the names removed.
 */
export async function pruneBackups(backupDir: string, keep: number, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const old of (await listBackups(backupDir)).slice(keep)) {
    await rm(old.path, { recursive: true, force: true });
    removed.push(old.name);
  }
  for (const e of await readdir(backupDir, { withFileTypes: true }).catch(() => [])) {
    if (!e.isDirectory() || !PARTIAL.test(e.name)) continue;
    const path = join(backupDir, e.name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > 86_400_000) {
      await rm(path, { recursive: true, force: true });
      removed.push(e.name);
    }
  }
  return removed;
}

/**
 * What `npm run restore` was given: a backup folder (or the app.db inside one), or a plain
 * database file (`npm run backup -- <file>`, or any copy).
 */
export function resolveBackupInput(path: string): { kind: 'folder'; dir: string; database: string } | { kind: 'file'; database: string } | null {
  if (!existsSync(path)) return null;
  const info = statSync(path);
  if (info.isDirectory()) return { kind: 'folder', dir: path, database: join(path, DB_FILE) };
  if (!info.isFile()) return null;
  if (basename(path) === DB_FILE && existsSync(join(dirname(path), MANIFEST_FILE))) return { kind: 'folder', dir: dirname(path), database: path };
  return { kind: 'file', database: path };
}

/** Problems with a backup folder's manifest and files (empty when they match). */
export async function checkBackupFolder(dir: string): Promise<string[]> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
  } catch {
    return [`it has no readable ${MANIFEST_FILE}`];
  }
  if (manifest?.app !== 'harambee' || manifest.format !== 1) return [`its ${MANIFEST_FILE} is not a Harambee backup's`];
  const db = join(dir, DB_FILE);
  if (!existsSync(db)) return [`it has no ${DB_FILE}`];
  const sum = await sha256File(db);
  if (sum !== manifest.database.sha256) return [`${DB_FILE} does not match the SHA-256 in ${MANIFEST_FILE} (changed or damaged since the backup)`];
  const uploads = join(dir, UPLOADS_SUBDIR);
  const files = existsSync(uploads) ? await countFiles(uploads) : 0;
  if (files < manifest.uploads.files) return [`${UPLOADS_SUBDIR}/ holds ${files} files where ${MANIFEST_FILE} lists ${manifest.uploads.files}`];
  return [];
}

async function countFiles(dir: string): Promise<number> {
  let n = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) n += e.isDirectory() ? await countFiles(join(dir, e.name)) : e.isFile() ? 1 : 0;
  return n;
}
