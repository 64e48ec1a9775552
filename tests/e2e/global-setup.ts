import { existsSync } from 'node:fs';
import { build } from 'vite';

/** Browser tests run against the built client, as `npm start` serves it. */
export default async function setup() {
  if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
    throw new Error('Browser tests need Chromium: apt-get install -y chromium (or set CHROMIUM_PATH).');
  }
  await build({ logLevel: 'warn' });
}
