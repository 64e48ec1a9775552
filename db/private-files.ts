import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/*
 * The database, its -wal and -shm, and the backups hold everyone's data: readable by the server's
 * own user only, whichever program makes them first (the server, admin:create, a migration, a
 * backup, a restore) and whatever its umask. Folders made here are 0700 (an existing one is left
 * as it is: it may be shared, the project folder or a mount point); files are 0600.
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** `path` and any missing parents, created 0700. */
export function privateDir(path: string): void {
  if (!existsSync(path)) mkdirSync(path, { recursive: true, mode: PRIVATE_DIR });
}

/** Makes `path` 0600 when it exists (a file someone else owns is left to its owner). */
export function privateFile(path: string): void {
  try {
    chmodSync(path, PRIVATE_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/**
 * Before SQLite opens `path`: the file exists, 0600, so that SQLite, which gives a new -wal and
 * -shm the database file's mode, makes those 0600 too; ones left from before are tightened.
 */
export function privateDatabaseFile(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_FILE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) privateFile(file);
}
