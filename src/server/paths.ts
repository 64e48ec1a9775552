import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the one holding package.json), found from this file's place, so paths
 * hold both when the server runs from its sources (src/server) and compiled (dist/server).
 */
function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`No package.json above ${from}`);
    dir = up;
  }
  return dir;
}

export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
export const CLIENT_DIR = join(ROOT, 'dist/client');
export const MIGRATIONS_DIR = join(ROOT, 'db/migrations');
export const PACKAGE_JSON = join(ROOT, 'package.json');
