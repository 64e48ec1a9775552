// Whether dist/client is older than what it is built from (shared by `npm start` and the browser tests).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const CLIENT_BUILD = 'dist/client/index.html';

/** What the client build is made from: its sources and the files that configure the build. */
const SOURCE_DIRS = ['src/client', 'src/shared', 'public'];
const SOURCE_FILES = ['index.html', 'vite.config.ts', 'package-lock.json'];

/** The newest modification under `dir`: files, and folders too (a folder's time moves when a file is added, removed or renamed). */
function newest(dir) {
  let latest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** True when there is a client build and nothing it is built from changed after it. */
export function clientBuildIsFresh(root = '.') {
  const built = join(root, CLIENT_BUILD);
  if (!existsSync(built)) return false;
  const sources = Math.max(
    ...SOURCE_DIRS.map((d) => join(root, d)).filter(existsSync).map(newest),
    ...SOURCE_FILES.map((f) => join(root, f)).filter(existsSync).map((f) => statSync(f).mtimeMs),
  );
  return statSync(built).mtimeMs >= sources;
}
