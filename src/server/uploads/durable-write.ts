import { open, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/*
 * An upload's file is on disk before the database row that names it commits (the row's
 * transaction is synchronous = FULL). Without a flush, a power cut soon after could leave the row
 * naming an empty or missing file: each file is flushed, then its folder (which holds the new name).
 */

/**
 * Writes `data` to a new file at `path` ('wx': never over another's) and flushes it to disk. A
 * write that fails (a full disk) removes what it began, so no half file stays behind.
 */
export async function writeNewFileDurably(path: string, data: Uint8Array): Promise<void> {
  const file = await open(path, 'wx');
  try {
    await file.writeFile(data);
    await file.datasync();
  } catch (error) {
    await file.close().catch(() => {});
    await rm(path, { force: true });
    throw error;
  }
  await file.close();
}

/** Flushes a folder's entries (new names) to disk. Where a folder cannot be opened for it (Windows), there is nothing more to do. */
export async function syncFolder(path: string): Promise<void> {
  let folder;
  try {
    folder = await open(path, 'r');
  } catch {
    return;
  }
  try {
    await folder.sync();
  } catch {
    // EINVAL/EPERM on file systems that do not sync folders: the file itself is flushed.
  } finally {
    await folder.close();
  }
}

/** Both, for one file. */
export async function writeFileDurably(path: string, data: Uint8Array): Promise<void> {
  await writeNewFileDurably(path, data);
  await syncFolder(dirname(path));
}
