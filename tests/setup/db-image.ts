import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, openDatabaseImage, type DB } from '../../db/database';

/*
 * A fresh database per test without running the migrations per test: the migrations run once per
 * `vitest run` (tests/setup/migrate-once.ts, a global setup), whose result is saved as a file;
 * each test opens a private in-memory copy of it (about 1 ms, where migrating costs about 130 ms).
 * Outside such a run (no saved image provided) the image is made once per test process.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding a freshly migrated database's bytes (SQLite's serialize()). */
    migratedDbImage: string;
  }
}

let image: Buffer | undefined;

/** The bytes of a freshly migrated, empty database. */
export function migratedImage(): Buffer {
  if (image) return image;
  let saved: string | undefined;
  try {
    saved = inject('migratedDbImage');
  } catch {
    // Not inside a Vitest worker.
  }
  if (saved) return (image = readFileSync(saved));
  const db = openDatabase(':memory:');
  image = db.$client.serialize();
  db.$client.close();
  return image;
}

/** A new, private, migrated in-memory database. */
export const freshDatabase = (): DB => openDatabaseImage(migratedImage());
