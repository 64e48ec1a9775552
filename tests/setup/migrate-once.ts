import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../db/database';

/**
 * Global setup of the unit and API projects: migrates an empty database once per run and saves its
 * bytes for tests/setup/db-image.ts, which gives every test a copy. Run per `vitest run`, so a
 * migration added since the last run is always in.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'harambee-migrated-'));
  const file = join(dir, 'migrated.db');
  const db = openDatabase(':memory:');
  writeFileSync(file, db.$client.serialize());
  db.$client.close();
  project.provide('migratedDbImage', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
