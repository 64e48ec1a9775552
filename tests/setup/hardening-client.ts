import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/server/app';
import type { PrerenderedPages } from '../../src/server/http/prerendered';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { createLogger } from '../../src/server/logger';
import { createMailer } from '../../src/server/mail/mailer';
import { makeTestApp } from './app';

export const INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/x.js"></script></head><body><div id="root"></div></body></html>';
export const ASSET_JS = 'console.log("hashed asset");';

/** A stand-in for dist/client: index.html, assets/x.js and a favicon, in a temporary folder. */
export function makeClientDir() {
  const dir = mkdtempSync(join(tmpdir(), 'harambee-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'x.js'), ASSET_JS);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** makeTestApp's app, plus a second app over the same database that also serves the client from `clientDir`. */
export function makeAppWithClient(clientDir: string, env: Record<string, string> = {}, extra: { prerendered?: PrerenderedPages } = {}) {
  const t = makeTestApp({ env });
  const withClient = createApp({
    db: t.db,
    env: t.env,
    log: createLogger('silent'),
    now: t.clock.now,
    throttle: new LoginThrottle(t.clock.now),
    mailer: createMailer({ from: t.env.MAIL_FROM, outboxDir: '/tmp/harambee-test-outbox', log: () => {} }),
    clientDir,
    prerendered: extra.prerendered,
  });
  return { ...t, withClient };
}
