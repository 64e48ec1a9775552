import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { closeWhenBodyUnread } from '../../src/server/http/early-close';
import { makeTestApp } from './app';

/**
 * A test app on a real socket, as src/server/index.ts serves it (node-server, the early-close
 * rule), for tests of what only a socket shows. Each test's server is closed after it.
 */
export function useListeningApp(): () => Promise<number> {
  let server: ServerType | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));
  return () => {
    const t = makeTestApp();
    return new Promise((resolve) => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
      closeWhenBodyUnread(server);
    });
  };
}
