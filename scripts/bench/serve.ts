// Child process of `npm run bench`: serves either the real app or the bare baseline over one
// database on a free port, and tells the parent the port over IPC. Usage:
//   node --import tsx scripts/bench/serve.ts <app|baseline> <database file> <scratch dir>
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp } from '../../src/server/app';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { openDatabase } from '../../db/database';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';
import { createMailer } from '../../src/server/mail/mailer';
import { startBaseline } from './baseline';

const [kind, dbPath, scratch] = process.argv.slice(2);
if (!kind || !dbPath || !scratch || !process.send) {
  console.error('usage: serve.ts <app|baseline> <database> <scratch dir> (started by scripts/bench.ts with IPC)');
  process.exit(2);
}
const ready = (port: number) => process.send!({ port });

if (kind === 'baseline') {
  const server = await startBaseline(dbPath);
  ready((server.address() as AddressInfo).port);
} else {
  const env = loadEnv({
    DATABASE_PATH: dbPath,
    APP_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    UPLOADS_DIR: join(scratch, 'uploads'),
    MAIL_OUTBOX_DIR: join(scratch, 'outbox'),
    NODE_ENV: 'production',
  });
  const now = () => Date.now();
  const app = createApp({
    db: openDatabase(env.DATABASE_PATH),
    env,
    log: createLogger(env.LOG_LEVEL),
    now,
    throttle: new LoginThrottle(now),
    mailer: createMailer({ from: env.MAIL_FROM, outboxDir: env.MAIL_OUTBOX_DIR, log: () => {} }),
  });
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => ready(info.port));
}
// CPU time used so far (µs), so the parent can report CPU per request: steadier than req/s
// on a machine shared with other work.
process.on('message', (m) => {
  if (m === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send!({ cpu: user + system });
  }
});
// The parent ends this process when it is done (or when it exits: the IPC channel closes).
process.on('disconnect', () => process.exit(0));
// A normal exit on SIGTERM too, so that a CPU profile (--cpu-prof) is written.
process.on('SIGTERM', () => process.exit(0));
