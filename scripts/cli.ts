// Shared by the command-line scripts: one-line errors instead of stack traces, and fsync.
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { EnvError, loadEnv, type Env } from '../src/server/env';

export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** The server's configuration, or exit with the one-line message naming the bad variable. */
export function envOrExit(): Env {
  try {
    return loadEnv();
  } catch (e) {
    if (e instanceof EnvError) fail(e.message);
    throw e;
  }
}

/** Flushes a file or a folder (a rename is durable only once its folder is synced) to disk. */
export function fsync(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
