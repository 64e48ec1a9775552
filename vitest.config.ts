import { defineConfig } from 'vitest/config';

// '@shared/…' is src/shared (tsconfig.json's paths), in every project.
const resolve = { tsconfigPaths: true };

/** The browser test files run one at a time, after the others (project 'e2e-alone'). */
const ALONE = ['tests/e2e/layout.test.ts', 'tests/e2e/durability.test.ts', 'tests/e2e/shutdown.test.ts', 'tests/e2e/backup.test.ts'];
const browser = {
  include: ['tests/e2e/**/*.test.ts'],
  environment: 'node' as const,
  globalSetup: ['tests/e2e/global-setup.ts'],
  isolate: false,
  testTimeout: 90_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
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
      // the run's one Chromium. The files share their modules (the harness, the factories).
      { resolve, test: { ...browser, name: 'e2e', exclude: ALONE, fileParallelism: true, maxWorkers: 4 } },
      // What wants the machine to itself: the layout walk (four walks side by side already), and the
      // files that kill, stop or copy a server and time how it behaves.
      { resolve, test: { ...browser, name: 'e2e-alone', include: ALONE, fileParallelism: false } },
    ],
  },
});
