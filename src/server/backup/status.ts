import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../env';
import { newestBackup } from './snapshot';

/*
 * What the admin Overview shows about the daily backups: the newest complete one, the last
 * failure if it came after it, and whether the newest is too old. A failure is remembered in
 * memory and in `.last-failure.json` in the backup folder (so a restart still shows it); a
 * successful backup clears both.
 */

export const STALE_AFTER_MS = 2 * 86_400_000;
const FAILURE_FILE = '.last-failure.json';

type Failure = { at: number; message: string };
const failures = new Map<string, Failure>();

export async function recordBackupFailure(dir: string, failure: Failure): Promise<void> {
  failures.set(dir, failure);
  // The folder may be what fails (missing rights, full disk): the memory copy is enough then.
  await writeFile(join(dir, FAILURE_FILE), JSON.stringify(failure) + '\n').catch(() => {});
}

export async function clearBackupFailure(dir: string): Promise<void> {
  failures.delete(dir);
  await rm(join(dir, FAILURE_FILE), { force: true });
}

function lastFailure(dir: string): Failure | null {
  const known = failures.get(dir);
  if (known) return known;
  try {
    const f = JSON.parse(readFileSync(join(dir, FAILURE_FILE), 'utf8')) as Failure;
    return typeof f?.at === 'number' && typeof f.message === 'string' ? f : null;
  } catch {
    return null;
  }
}

export type BackupStatus = {
  /** False when BACKUP_DIR=off (or the database is in memory). */
  enabled: boolean;
  keep: number;
  /** The UTC hour the daily backup is due from. */
  hour: number;
  last: { name: string; at: string; bytes: number; databaseBytes: number; uploads: number } | null;
  /** The last failed attempt, when it is newer than the last backup. */
  failure: { at: string; message: string } | null;
  /** No backup, or the newest is older than two days: the Overview warns. */
  stale: boolean;
};

export async function backupStatus(env: Env, now: number): Promise<BackupStatus> {
  const base = { keep: env.BACKUP_KEEP, hour: env.BACKUP_HOUR };
  if (!env.BACKUP_DIR) return { enabled: false, ...base, last: null, failure: null, stale: false };
  const newest = await newestBackup(env.BACKUP_DIR);
  const m = newest?.manifest;
  const failed = lastFailure(env.BACKUP_DIR);
  return {
    enabled: true,
    ...base,
    last: newest && m ? { name: newest.name, at: new Date(newest.time).toISOString(), bytes: m.bytes, databaseBytes: m.database.bytes, uploads: m.uploads.files } : null,
    failure: failed && (!newest || failed.at > newest.time) ? { at: new Date(failed.at).toISOString(), message: failed.message } : null,
    stale: !newest || now - newest.time > STALE_AFTER_MS,
  };
}
