import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { foreignWriteCheck } from './http/csrf';
import { clientIp } from './http/client-ip';
import { apiSecurityHeaders, securityHeaders } from './http/security-headers';
import { finishResponseHeaders, startResponseHeaders } from './http/response-headers';
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
  const https = deps.env.APP_URL.startsWith('https://');
  const lower = (pairs: [string, string][]) => Object.fromEntries(pairs.map(([name, value]) => [name.toLowerCase(), value]));
  const pageHeaders = lower(securityHeaders(https));
  const apiHeaders = lower(apiSecurityHeaders(https));
  const apiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/trpc/');

  const foreignWrite = foreignWriteCheck(deps.env.APP_URL);
  const jsonLimit = bodyLimit({
    maxSize: JSON_LIMIT,
    onError: (c) => c.json({ error: 'The request body is too large (1 MB at most).', code: 'PAYLOAD_TOO_LARGE' }, 413),
  });

  /*
   * One middleware for what every request needs, rather than one each: each layer costs an
   * async step on the hot read paths (docs/benchmarks.md).
   * - the security headers and a request id on every response (http/response-headers.ts on
   *   why they live in a plain record rather than in c.header());
   * - on /api and /trpc writes: the CSRF check and the 1 MB body limit (image uploads have
   *   their own, larger limit; GET and HEAD carry no body to count);
   * - one JSON log line.
   */
  const logRequests = deps.log.enabled('info');
  app.use('*', async (c, next) => {
    const started = logRequests ? performance.now() : 0;
    const requestId = crypto.randomUUID();
    const path = c.req.path;
    const api = apiPath(path);
    startResponseHeaders(c, api ? apiHeaders : pageHeaders)['x-request-id'] = requestId;
    const method = c.req.method;
    if (!api || method === 'GET' || method === 'HEAD' || method === 'OPTIONS') await next();
    else if (foreignWrite(c)) c.res = c.json({ error: 'This request came from another site and was refused.', code: 'FORBIDDEN' }, 403);
    else if (path === '/api/uploads') await next();
    else {
      // Over the limit, bodyLimit answers instead of calling next(): that answer is the response.
      const refused = await jsonLimit(c, next);
      if (refused instanceof Response) c.res = refused;
    }
    finishResponseHeaders(c);
    // The path only: query strings can hold tokens.
    if (logRequests) deps.log.info('request', {
      requestId,
      method,
      path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  app.all('/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: ({ resHeaders }) =>
        createContext(deps, { headers: c.req.raw.headers, ip: clientIp(c, deps.env.TRUST_PROXY), resHeaders }),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') deps.log.error('procedure failed', { path, error: error.cause?.stack ?? error.message });
      },
    }),
  );

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
