import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DB } from '../../../db/database';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { syncFolder } from './durable-write';
import { privateDir, privatePath } from './files';

/*
 * Files that were once served publicly and must not be any more (payment proofs and receipts,
 * made private by migration 0021) move from UPLOADS_DIR into UPLOADS_DIR/private under the same
 * name. The migration lists them in `pending_file_moves`; this runs at every start, before the
 * server listens (and before a restore's database is used), so no request ever finds a row naming
 * a file that is not yet where its route looks. Once the list is empty it costs one query.
 *
 * Idempotent and crash-safe: a file is moved by rename (one atomic step on the same disk; across
 * disks a copy flushed under a temporary name, then renamed), both folders are flushed, and only
 * then is its row deleted. A crash at any point leaves the row, and the next start finds the file
 * either still public (moved again), already private (the public copy, if any, removed) or nowhere
 * (lost before: logged, row dropped).
 */

const PUBLIC_NAME = /^[a-z0-9]{16,64}\.(?:webp|pdf)$/;

export async function movePendingPrivateFiles(deps: { db: DB; env: Pick<Env, 'UPLOADS_DIR'>; log: Pick<Logger, 'info' | 'error'> }): Promise<{ moved: number; missing: number }> {
  const names = deps.db.$client.prepare('SELECT name FROM pending_file_moves ORDER BY name').pluck().all() as string[];
  if (names.length === 0) return { moved: 0, missing: 0 };
  const done = deps.db.$client.prepare('DELETE FROM pending_file_moves WHERE name = ?');
  await mkdir(privateDir(deps.env), { recursive: true });
  let moved = 0;
  let missing = 0;
  for (const name of names) {
    if (!PUBLIC_NAME.test(name)) {
      // Not a name the app ever gave: nothing of ours to move (and never a path to follow).
      done.run(name);
      continue;
    }
    const from = join(deps.env.UPLOADS_DIR, name);
    const to = privatePath(deps.env, name);
    const [isPublic, isPrivate] = await Promise.all([exists(from), exists(to)]);
    if (isPublic && !isPrivate) {
      await moveFile(from, to);
      moved += 1;
    } else if (isPublic && isPrivate) {
      // Moved by a run that stopped before removing what a cross-disk copy left behind.
      await rm(from, { force: true });
    } else if (!isPrivate) {
      missing += 1;
      deps.log.error('private files: a listed file is in neither folder', { name });
    }
    await syncFolder(privateDir(deps.env));
    await syncFolder(deps.env.UPLOADS_DIR);
    done.run(name);
  }
  deps.log.info('private files moved out of the public uploads folder', { moved, missing });
  return { moved, missing };
}

async function exists(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => null);
  return Boolean(info?.isFile());
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    // Another disk: a complete, flushed copy appears under the final name in one rename.
    const partial = `${to}.partial`;
    await copyFile(from, partial);
    const handle = await open(partial, 'r');
    await handle.sync().finally(() => handle.close());
    await rename(partial, to);
    await rm(from, { force: true });
  }
}
