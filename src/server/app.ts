import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrfGuard } from './http/csrf';
import { clientIp } from './http/client-ip';
import { apiSecurityHeaders, securityHeaders } from './http/security-headers';
import { mountClient } from './http/static-client';
import { adminRoutes } from './rest/admin';
import { announcementRoutes } from './rest/announcements';
import { authRoutes } from './rest/auth';
import { communityRoutes } from './rest/communities';
import { uploadRoutes } from './uploads/routes';
import { createContext, type AppDeps } from './trpc/context';
import { appRouter } from './trpc/root';

export type AppOptions = AppDeps & {
  /** The built client (dist/client); API tests leave it out. */
  clientDir?: string;
};

const JSON_LIMIT = 1024 * 1024;

export function createApp(opts: AppOptions) {
  const { clientDir, ...deps } = opts;
  const app = new Hono();
  // Keyed by the Hono context: middlewares (the body limit) may replace c.req.raw.
  const requestIds = new WeakMap<object, string>();

  const https = deps.env.APP_URL.startsWith('https://');
  const pageHeaders = securityHeaders(https);
  const apiHeaders = apiSecurityHeaders(https);
  const apiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/trpc/');
  /*
   * Headers go on before the handler runs, so c.json() and c.body() build the response with them.
   * Setting them on a finished response instead makes @hono/node-server materialise it and
   * stream the body (about 100 µs a request, docs/benchmarks.md). tRPC builds its own Response,
   * so its route copies them on (see below).
   */
  const headersFor = (path: string, requestId: string): [string, string][] => [
    ...(apiPath(path) ? apiHeaders : pageHeaders),
    ['X-Request-Id', requestId],
  ];

  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = crypto.randomUUID();
    requestIds.set(c, requestId);
    for (const [name, value] of headersFor(c.req.path, requestId)) c.header(name, value);
    await next();
    // The path only: query strings can hold tokens.
    deps.log.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  for (const prefix of ['/api/*', '/trpc/*']) {
    app.use(prefix, csrfGuard(deps.env.APP_URL));
    const jsonLimit = bodyLimit({
      maxSize: JSON_LIMIT,
      onError: (c) => c.json({ error: 'The request body is too large (1 MB at most).', code: 'PAYLOAD_TOO_LARGE' }, 413),
    });
    // Image uploads have their own, larger limit; GET and HEAD carry no body to count.
    app.use(prefix, (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path === '/api/uploads' ? next() : jsonLimit(c, next)));
  }

  app.all('/trpc/*', async (c) => {
    const res = await fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: ({ resHeaders }) =>
        createContext(deps, { headers: c.req.raw.headers, ip: clientIp(c, deps.env.TRUST_PROXY), resHeaders }),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') deps.log.error('procedure failed', { path, error: error.cause?.stack ?? error.message });
      },
    });
    for (const [name, value] of headersFor(c.req.path, requestIds.get(c) ?? '')) res.headers.set(name, value);
    return res;
  });

  app.route('/', uploadRoutes(deps));
  app.route('/api', authRoutes(deps));
  app.route('/api', communityRoutes(deps));
  app.route('/api', announcementRoutes(deps));
  app.route('/api', adminRoutes(deps));
  app.all('/api/*', (c) => c.json({ error: 'No such API path', code: 'NOT_FOUND' }, 404));

  app.onError((error, c) => {
    deps.log.error('unhandled error', { path: c.req.path, error: error.stack ?? String(error) });
    return c.json({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_SERVER_ERROR' }, 500);
  });

  if (clientDir) mountClient(app, clientDir);
  return app;
}
