import { Hono, type ErrorHandler } from 'hono';
import { PatternRouter } from 'hono/router/pattern-router';
import { isApiPath, requestFrame } from './http/request-frame';
import { jsonBodyLimit } from './http/json-body-limit';
import { clientApp } from './http/static-client';
import type { PrerenderedPages } from './http/prerendered';
import { openGraphFor } from './http/open-graph';
import { languageFromHeader } from '@shared/i18n/languages';
import type { AppDeps } from './context';
import { restRefusal } from './rest/errors';
import { trpcHandler } from './trpc/http';
import { DOMAINS } from './domains';
import { createOutboxSender } from './mail/outbox';
import { resolveSecretsKey, useSecretsKey } from './auth/secrets-key';

export type AppOptions = AppDeps & {
  /** The built client (dist/client); API tests leave it out. */
  clientDir?: string;
  /** Public pages rendered ahead (http/prerendered.ts); the server's start warms them. */
  prerendered?: PrerenderedPages;
};

const JSON_LIMIT = 1024 * 1024;
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const languageOf = (c: { req: { header(name: string): string | undefined } }) => languageFromHeader(c.req.header('accept-language'));

/**
 * The whole server: the API app (tRPC, the REST routes, uploads) and, when the client is built,
 * a second app for its files, both behind one request frame (http/request-frame.ts) that is
 * this app's `fetch` (so `app.request()` in tests goes through it too).
 */
export function createApp(opts: AppOptions) {
  const { clientDir, prerendered, ...given } = opts;
  // One sender of queued mail per database: the server's own (index.ts) or, in tests, this app's.
  const deps = { ...given, outbox: given.outbox ?? createOutboxSender(given) };
  // The key that seals authenticator-app keys in this database (SECRETS_KEY or secrets.key beside it).
  useSecretsKey(resolveSecretsKey(deps.env));
  // PatternRouter, not Hono's default: the API's paths put static names beside parameters
  // (/communities/all beside /communities/:id), which its fastest router (RegExpRouter) refuses,
  // and among the routers that take them this one answered the hot reads fastest in place
  // (docs/benchmarks.md, "Third session"). Routes match in the order they are added, as before.
  const app = new Hono({ router: new PatternRouter() });

  // Routes that read their own bodies come first (image, document and chat uploads, the chat's
  // WebSocket at GET /ws, upgraded by serve(): index.ts): their handlers answer without calling
  // next(), so the 1 MB JSON limit below never runs for them, whatever form of the path the router
  // accepted; each counts its own limit while the body streams in.
  for (const domain of DOMAINS) if (domain.rawRoutes) app.route('/', domain.rawRoutes(deps));

  // Writes to /api and /trpc carry at most 1 MB of JSON. Registered for write methods only, so a
  // read matches one handler (request-frame.ts).
  app.on(
    WRITE_METHODS,
    ['/api/*', '/trpc/*'],
    jsonBodyLimit(JSON_LIMIT, (c) => c.json(restRefusal(languageOf(c), 'PAYLOAD_TOO_LARGE', 'errors.bodyTooLarge'), 413)),
  );

  // The app's own typed calls (tRPC's protocol, answered from the operations: trpc/http.ts).
  app.all('/trpc/*', trpcHandler(deps));

  // The REST routes (some three hundred, each compiled to a pattern as it is added) are added on
  // the first request to /api, or when the route list is read: an app made per test that only
  // calls tRPC (the authorization matrix makes thousands) never pays for them. They are the last
  // routes either way, so matching order is what it was when they were added here.
  let restAdded = false;
  const addRest = () => {
    if (restAdded) return;
    restAdded = true;
    for (const domain of DOMAINS) if (domain.rest) app.route('/api', domain.rest(deps));
  };
  const routeList = app.routes;
  Object.defineProperty(app, 'routes', {
    get: () => {
      addRest();
      return routeList;
    },
  });
  app.notFound((c) => (isApiPath(c.req.path) ? c.json(restRefusal(languageOf(c), 'NOT_FOUND', 'errors.noApiPath'), 404) : c.text('404 Not Found', 404)));

  const onError: ErrorHandler = (error, c) => {
    deps.log.error('unhandled error', { path: c.req.path, error: error.stack ?? String(error) });
    return c.json(restRefusal(languageOf(c), 'INTERNAL_SERVER_ERROR', 'errors.generic'), 500);
  };
  app.onError(onError);

  const site = clientDir ? clientApp(clientDir, { headFor: (path) => openGraphFor(deps, path), prerendered }) : null;
  site?.onError(onError);
  // Hono's fetch is an instance property; app.request() calls this.fetch, so tests get the frame.
  const routes = app.fetch;
  const routesWithRest: typeof routes = (request, ...rest) => {
    if (!restAdded && request.url.includes('/api/')) addRest();
    return routes(request, ...rest);
  };
  app.fetch = requestFrame(deps, { routes: routesWithRest, site: site ? site.fetch : null }) as typeof app.fetch;
  return app;
}
