import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

/** Serves the built client; any other GET that is not an API path gets index.html (SPA fallback). */
export function mountClient(app: Hono, clientDir: string) {
  const indexFile = join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  app.use(
    '/assets/*',
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => {
        // File names carry a content hash, so they never change.
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // Only paths that name a file (favicon.svg, robots.txt); every other path is a client route.
  const isFile = (path: string) => /\/[^/]+\.[a-z0-9]+$/i.test(path);
  const files = serveStatic({ root: clientDir });
  app.use('*', (c, next) => (isFile(c.req.path) ? files(c, next) : next()));
  const html = readFileSync(indexFile, 'utf8');
  app.get('*', (c) => {
    if (isFile(c.req.path)) return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return true;
}
