import { serve } from '@hono/node-server';
import { createApp } from './app';
import { chatSocketServer } from './chat/ws';
import { LoginThrottle } from './auth/rate-limit';
import { openDatabase } from '../../db/database';
import { EnvError, loadEnv } from './env';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { startScheduler } from './jobs/scheduler';
import { createOutboxSender } from './mail/outbox';
import { closeWhenBodyUnread } from './http/early-close';
import { CLIENT_DIR } from './paths';
import { PrerenderedPages } from './http/prerendered';
import { hasSuperadmin } from './services/superadmin';
import { movePendingPrivateFiles } from './uploads/private-moves';
import { resolveSecretsKey, useSecretsKey } from './auth/secrets-key';
import { upgradeStoredSecrets } from './auth/secrets-upgrade';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const log = createLogger(env.LOG_LEVEL);
  const db = openDatabase(env.DATABASE_PATH);
  // Before anything is served: files a migration made private leave the public folder (idempotent; one query once done).
  await movePendingPrivateFiles({ db, env, log });
  // Authenticator-app keys are sealed with this key; rows from before are sealed (and old recovery codes slow-hashed) now.
  useSecretsKey(resolveSecretsKey(env));
  const upgraded = await upgradeStoredSecrets(db);
  if (upgraded.keys || upgraded.codes) log.info('stored secrets upgraded', upgraded);
  const now = () => Date.now();
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.MAIL_OUTBOX_DIR });
  const deps = {
    db,
    env,
    log,
    now,
    mailer,
    throttle: new LoginThrottle(now),
    outbox: createOutboxSender({ db, env, log, now, mailer }),
  };
  const prerendered = new PrerenderedPages({ appName: env.APP_NAME, supportEmail: env.SUPPORT_EMAIL }, log);
  const app = createApp({ ...deps, clientDir: CLIENT_DIR, prerendered });
  const stopScheduler = startScheduler(deps);

  if (!env.SMTP_URL) console.log(`No SMTP_URL: emails (with their verification and reset links) are written to ${env.MAIL_OUTBOX_DIR}/, not sent.`);
  if (!hasSuperadmin(db)) {
    console.log('No superadmin yet: create one with  npm run admin:create -- --email you@example.org --password "a strong password"');
  }

  // The chat's WebSocket (/ws, chat/ws.ts): serve() hands it the upgrades the app accepts.
  const wss = chatSocketServer();
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, websocket: { server: wss } }, (info) => {
    console.log(`${env.APP_NAME} is listening on ${env.APP_URL} (port ${info.port})`);
  });
  closeWhenBodyUnread(server);

  // SIGTERM: stop accepting, let in-flight requests finish, then close the database.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info('shutting down', { signal });
    stopScheduler();
    // Open chat sockets would hold close() until the forced exit: 1001 "going away", clients reconnect elsewhere.
    for (const client of wss.clients) client.close(1001, 'server restarting');
    server.close(() => {
      db.$client.close();
      process.exit(0);
    });
    // close() ends the keep-alive connections that are idle now, once. One busy now would stay
    // open after its response until keepAliveTimeout (5 s) and could carry new requests: from
    // here every response closes its connection, and connections that fall idle are closed.
    if ('closeIdleConnections' in server) {
      server.prependListener('request', (_req, res) => {
        if (!res.headersSent) res.setHeader('Connection', 'close');
      });
      setInterval(() => server.closeIdleConnections(), 50).unref();
    }
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
