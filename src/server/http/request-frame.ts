import { getPath } from 'hono/utils/url';
import { languageFromHeader } from '@shared/i18n/languages';
import type { AppDeps } from '../context';
import { restRefusal } from '../rest/errors';
import { foreignWriteCheck } from './csrf';
import { loggedPath } from './logged-path';
import { finishResponseHeaders, requestJson, startResponseHeaders } from './response-headers';
import { apiSecurityHeaders, securityHeaders } from './security-headers';

type Fetch = (request: Request, env?: unknown, executionCtx?: never) => Response | Promise<Response>;

/** Paths the API answers (JSON, tRPC); everything else is a page, a file or an upload. */
export const isApiPath = (path: string) => /^\/(?:api|trpc)(?:\/|$)/.test(path);
const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
/**
 * Writes whose credential is a signed token in the request itself, never the session cookie: a
 * mail provider's one-click unsubscribe (RFC 8058) may come from anywhere, and a forged request
 * from another site can do nothing the token does not already allow.
 */
export const TOKEN_WRITES = new Set(['/api/notifications/unsubscribe']);

/**
 * What every request needs, around the Hono apps rather than inside them as a middleware: a
 * middleware matches every path, so each request would go through Hono's compose (async
 * dispatch, closures per step) instead of its single-handler fast path, where a synchronous
 * REST read answers without a promise (docs/benchmarks.md, "Third session").
 * - the security headers and a request id on every response (http/response-headers.ts);
 * - on /api and /trpc writes, the CSRF check (the 1 MB body limit is a write-only route in app.ts);
 * - API paths and uploads to `routes`, everything else to `site` (the built client) when there is one;
 * - one JSON log line.
 */
export function requestFrame(deps: AppDeps, handlers: { routes: Fetch; site: Fetch | null }): Fetch {
  const https = deps.env.APP_URL.startsWith('https://');
  const lower = (pairs: [string, string][]) => Object.fromEntries(pairs.map(([name, value]) => [name.toLowerCase(), value]));
  const pageHeaders = lower(securityHeaders(https));
  const apiHeaders = lower(apiSecurityHeaders(https));
  const foreignWrite = foreignWriteCheck(deps.env.APP_URL);
  const logRequests = deps.log.enabled('info');
  const { routes, site } = handlers;
  // Request ids tie a response to its log line: a random prefix per app (so ids differ across
  // restarts and servers) and a counter. A randomUUID() per request cost more, measurably.
  const idPrefix = crypto.randomUUID().slice(0, 13);
  let served = 0;

  function finish(request: Request, res: Response, started: number, requestId: string, path: string): Response {
    finishResponseHeaders(request, res);
    // The path only, token segments replaced: query strings and those segments can hold credentials.
    if (logRequests) {
      deps.log.info('request', { requestId, method: request.method, path: loggedPath(path), status: res.status, ms: Math.round((performance.now() - started) * 10) / 10 });
    }
    return res;
  }

  return (request, env, executionCtx) => {
    const started = logRequests ? performance.now() : 0;
    const requestId = `${idPrefix}-${(++served).toString(36)}`;
    const path = getPath(request);
    const api = isApiPath(path);
    startResponseHeaders(request, api ? apiHeaders : pageHeaders)['x-request-id'] = requestId;
    let res: Response | Promise<Response>;
    if (api && isWrite(request.method) && !TOKEN_WRITES.has(path) && foreignWrite(request)) {
      res = requestJson(request, restRefusal(languageFromHeader(request.headers.get('accept-language')), 'FORBIDDEN', 'errors.foreignSite'), 403);
    } else {
      res = (api || !site || path.startsWith('/uploads/') || path === '/ws' ? routes : site)(request, env, executionCtx);
    }
    if (res instanceof Promise) return res.then((r) => finish(request, r, started, requestId, path));
    return finish(request, res, started, requestId, path);
  };
}
