import { existsSync } from 'node:fs';
import { build } from 'vite';

/** Browser tests run against the built client, as `npm start` serves it. */
export default async function setup() {
  if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
    throw new Error('Browser tests need Chromium: apt-get install -y chromium (or set CHROMIUM_PATH).');
  }
  // Vitest sets NODE_ENV=test, and Vite keeps a NODE_ENV it finds: the build would carry React's
  // development code (twice the size, several times slower). The tests run what `npm start` serves.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
