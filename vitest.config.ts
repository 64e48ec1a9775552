import { defineConfig } from 'vitest/config';

// '@shared/…' is src/shared (tsconfig.json's paths), in every project.
const resolve = { tsconfigPaths: true };

export default defineConfig({
  test: {
    projects: [
      // Both migrate an empty database once per run and give each test a copy (tests/setup/db-image.ts).
      { resolve, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', globalSetup: ['tests/setup/migrate-once.ts'] } },
      { resolve, test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 20_000, globalSetup: ['tests/setup/migrate-once.ts'] } },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Each file starts its own server and Chromium; two cores fit one at a time.
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
