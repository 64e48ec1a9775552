import { open, readdir, rm, stat } from 'node:fs/promises';
import { privateDir } from '../../../db/private-files';
import { join } from 'node:path';
import type { AppDeps } from '../context';
import { backupName, newestBackup, pruneBackups, writeBackup } from '../backup/snapshot';
import { clearBackupFailure, recordBackupFailure } from '../backup/status';

/*
 * The daily backup, run by the scheduler (jobs/scheduler.ts). Each day from BACKUP_HOUR (UTC) on,
 * the first check that finds no backup since then takes one into BACKUP_DIR (backup/snapshot.ts)
 * and keeps the newest BACKUP_KEEP. A server that was down at that hour backs up at its next check.
 *
 * The day is claimed with a file created exclusively in BACKUP_DIR (`.claim-<slot>`), so two
 * processes on the same database (or two runs) never both back it up; a claim left by a run that
 * died is taken over after six hours. A failure is logged, remembered for the admin Overview
 * (backup/status.ts) and tried again at the next check; it never reaches the server.
 */

const HOUR_MS = 3_600_000;
const CLAIM_STALE_MS = 6 * HOUR_MS;
/** Pages copied between two turns of the event loop: requests are answered in between. */
const PAGES_PER_STEP = 256;
const CLAIM = /^\.claim-harambee-.*Z$/;

/** The latest BACKUP_HOUR:00 UTC at or before `now`: a backup older than this is due. */
export function dueSince(now: number, hour: number): number {
  const d = new Date(now);
  const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour);
  return today <= now ? today : today - 24 * HOUR_MS;
}

export type BackupJobResult =
  | { status: 'off' | 'not-due' | 'claimed' }
  | { status: 'done'; name: string; bytes: number; durationMs: number; removed: string[] }
  | { status: 'failed'; error: string };

/** Takes the slot's claim (its path); null when another run holds it. */
async function claim(dir: string, slot: number, now: number): Promise<string | null> {
  const path = join(dir, `.claim-${backupName(slot)}`);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = await open(path, 'wx');
      await fd.writeFile(JSON.stringify({ pid: process.pid, at: new Date(now).toISOString() }) + '\n');
      await fd.close();
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const info = await stat(path).catch(() => null);
      // A run that died holding it: take it over (once).
      if (info && Date.now() - info.mtimeMs < CLAIM_STALE_MS) return null;
      await rm(path, { force: true });
    }
  }
  return null;
}

/** Claims of earlier days: kept until the next backup, then not needed. */
async function dropOldClaims(dir: string, current: string) {
  for (const f of await readdir(dir).catch(() => [] as string[])) if (CLAIM.test(f) && join(dir, f) !== current) await rm(join(dir, f), { force: true });
}

export async function runBackupJob(deps: AppDeps, opts: { now?: number; signal?: AbortSignal; pagesPerStep?: number } = {}): Promise<BackupJobResult> {
  const dir = deps.env.BACKUP_DIR;
  if (!dir) return { status: 'off' };
  const now = opts.now ?? deps.now();
  const slot = dueSince(now, deps.env.BACKUP_HOUR);
  let claimed: string | null = null;
  try {
    const newest = await newestBackup(dir);
    if (newest && newest.time >= slot) return { status: 'not-due' };
    privateDir(dir);
    claimed = await claim(dir, slot, now);
    if (!claimed) return { status: 'claimed' };
    const backup = await writeBackup({
      source: deps.db.$client,
      uploadsDir: deps.env.UPLOADS_DIR,
      backupDir: dir,
      now,
      pagesPerStep: opts.pagesPerStep ?? PAGES_PER_STEP,
      signal: opts.signal,
    });
    const removed = await pruneBackups(dir, deps.env.BACKUP_KEEP, now);
    await dropOldClaims(dir, claimed);
    await clearBackupFailure(dir);
    const result = { status: 'done' as const, name: backup.name, bytes: backup.manifest.bytes, durationMs: backup.manifest.durationMs, removed };
    deps.log.info('backup written', { ...result, path: backup.path, uploads: backup.manifest.uploads.files });
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Given back, so the next check tries again.
    if (claimed) await rm(claimed, { force: true }).catch(() => {});
    if (opts.signal?.aborted) {
      // Shutting down: not a failure; the next start backs up.
      deps.log.info('backup stopped for shutdown', { dir });
      return { status: 'failed', error: message };
    }
    await recordBackupFailure(dir, { at: now, message });
    deps.log.error('backup failed', { dir, error: error instanceof Error ? (error.stack ?? message) : message });
    return { status: 'failed', error: message };
  }
}
