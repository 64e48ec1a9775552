import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/**
 * The built client: its files, and index.html for every other GET (SPA fallback). The request
 * frame sends it only paths that are not the API's; null when the client is not built.
 */
export function clientApp(clientDir: string): Hono | null {
  const indexFile = join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const app = new Hono();
  const assets = serveStatic({ root: clientDir });
  app.use('/assets/*', async (c, next) => {
    const found = await assets(c, next);
    // File names carry a content hash, so they never change. Set on the response serveStatic
    // returns: its onFound hook runs after that response is built, so c.header() there was lost.
    if (found instanceof Response && found.ok) found.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    return found;
  });
  // Only paths that name a file (favicon.svg, robots.txt); every other path is a client route.
  // index.html itself goes through the fallback below, so it is always served with no-cache.
  const isFile = (path: string) => path !== '/index.html' && /\/[^/]+\.[a-z0-9]+$/i.test(path);
  const files = serveStatic({ root: clientDir });
  app.use('*', (c, next) => (isFile(c.req.path) ? files(c, next) : next()));
  const html = readFileSync(indexFile, 'utf8');
  app.get('*', (c) => {
    if (isFile(c.req.path)) return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return app;
}
