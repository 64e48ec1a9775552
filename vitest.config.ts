import { defineConfig } from 'vitest/config';

// '@shared/…' is src/shared (tsconfig.json's paths), in every project.
const resolve = { tsconfigPaths: true };

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
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Each file starts its own server (compiled) and drives the run's one Chromium; two cores
          // fit one file at a time. The files share their modules (the harness, the factories).
          fileParallelism: false,
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
