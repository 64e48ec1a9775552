import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { clientBuildIsFresh } from '../../scripts/client-build.mjs';
import { ROOT } from '../../scripts/durability/server';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled server (dist/server/index.js), as `npm start` runs it. */
    compiledServer: string;
    /** One Chromium for the whole run: the files connect to it instead of starting their own. */
    chromiumEndpoint: string;
  }
}

/**
 * Browser tests run what `npm start` serves: the built client (rebuilt only when something it is
 * built from is newer than the build) and the compiled server (compiled every run: it takes about
 * a second). One Chromium serves every file; each file's contexts are its own.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(chromiumPath())) {
    throw new Error('Browser tests need Chromium: apt-get install -y chromium (or set CHROMIUM_PATH).');
  }
  if (!clientBuildIsFresh(ROOT)) {
    // Vitest sets NODE_ENV=test, and Vite keeps a NODE_ENV it finds: the build would carry React's
    // development code (twice the size, several times slower). The tests run what `npm start` serves.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root: ROOT, logLevel: 'warn' });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  }
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  project.provide('compiledServer', join(ROOT, 'dist/server/index.js'));

  const browser = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
  };
}
