import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { HttpBindings } from '@hono/node-server';

/**
 * Hono's bodyLimit, without its cost on the common case. Hono's middleware first reads
 * `c.req.raw.body`, which makes @hono/node-server build a full WHATWG Request around the
 * socket (a ReadableStream, an AbortSignal, undici's header checks): about a tenth of the
 * server's time under the write-heavy load test, for a body that the route then reads through
 * the adapter's direct path anyway. Under @hono/node-server (`c.env.incoming`) over HTTP/1.1 a
 * body's size is known from its headers before any of it is read:
 * - `Content-Length` without `Transfer-Encoding`: the size, compared as Hono compares it;
 * - neither header: no body at all (HTTP/1.1 framing), nothing to limit;
 * - `Transfer-Encoding` (chunked): counted as it streams, by Hono's own middleware.
 * Anywhere else (app.request() in tests, other runtimes) Hono's middleware does it all.
 */
export function jsonBodyLimit(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError });
  return (c, next) => {
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    if (!incoming || incoming.httpVersionMajor !== 1) return counted(c, next);
    const headers = incoming.headers;
    if (headers['transfer-encoding'] !== undefined) return counted(c, next);
    const length = headers['content-length'];
    if (length === undefined) return next();
    return parseInt(length || '0', 10) > maxSize ? Promise.resolve(onError(c)) : next();
  };
}
