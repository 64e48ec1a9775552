import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/setup/longest-first.ts';

// '@shared/…' is src/shared (tsconfig.json's paths), in every project.
const resolve = { tsconfigPaths: true };

/** The browser test files that kill, stop or copy a server: one at a time, after the others (project 'e2e-alone'). */
const ALONE = ['tests/e2e/durability.test.ts', 'tests/e2e/shutdown.test.ts', 'tests/e2e/backup.test.ts'];
const browser = {
  include: ['tests/e2e/**/*.test.ts'],
  environment: 'node' as const,
  globalSetup: ['tests/e2e/global-setup.ts'],
  isolate: false,
  // Generous: a journey on a busy machine (four files at a time, or another heavy process beside the
  // run) takes several times its quiet 10–60 s, and that is slowness, not a failure.
  testTimeout: 240_000,
  hookTimeout: 120_000,
  // expect.poll's default second is less than a loaded machine can take to show a figure.
  expect: { poll: { timeout: 15_000 } },
};

export default defineConfig({
  test: {
    // Known long files first (a clean clone has no timings of its own to order by): tests/setup/longest-first.ts.
    sequence: { sequencer: LongestFirst },
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core machines this
    // runs on. Two keep both cores busy (the main process does little once files are transformed).
    maxWorkers: 2,
    projects: [
      // Both migrate an empty database once per run and give each test a copy (tests/setup/db-image.ts).
      // Files share their worker's modules (isolate: false): importing the app (zod schemas, Hono,
      // tRPC, sharp) once per worker instead of once per file saves most of the time the API files
      // took. Every test builds its own app over its own database, so nothing else is shared; a test
      // must not rely on module state being fresh (no vi.mock of app modules).
      { resolve, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false, globalSetup: ['tests/setup/migrate-once.ts'] } },
      { resolve, test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', isolate: false, testTimeout: 20_000, globalSetup: ['tests/setup/migrate-once.ts'] } },
      // Browser journeys, four files at a time: most of a journey is waiting on the page (two at a
      // time left the two cores a third idle), and each file starts its own compiled server and drives
      // the run's one Chromium. The layout walk starts first: it judges a page only once it has
      // settled, so a busy machine makes it slower, never wrong. The files share their modules.
      { resolve, test: { ...browser, name: 'e2e', exclude: ALONE, fileParallelism: true, maxWorkers: 4 } },
      // The files that kill, stop or copy a server and time how it behaves: alone, after the others.
      { resolve, test: { ...browser, name: 'e2e-alone', include: ALONE, fileParallelism: false } },
    ],
  },
});
