import type { Context } from 'hono';

/*
 * The headers of each response, kept per request as a plain record instead of Hono's
 * c.header(). Why: c.header() collects into a WHATWG Headers (validated and sorted on every
 * set), which @hono/node-server then copies back out header by header; a Response built with a
 * plain object goes to node's writeHead as it is. On the hot JSON lists that difference is
 * 20–40 µs of a ~250 µs request (docs/benchmarks.md). Keys are lower case, so a handler's value
 * replaces the default instead of travelling beside it.
 *
 * The record hangs off the Request itself (the request frame starts it before Hono sees the
 * request; handlers reach it as c.req.raw), so no middleware is needed to carry it.
 */
type HeaderRecord = Record<string, string>;
const RECORD = Symbol('response headers');
/** The response jsonResponse() built, which already carries the record. */
const BUILT = Symbol('response built with the record');
type Slots = { [RECORD]?: HeaderRecord; [BUILT]?: Response };
const slots = (request: Request) => request as unknown as Slots;

/** The request frame starts each request's record from the defaults for its path. */
export function startResponseHeaders(request: Request, defaults: HeaderRecord): HeaderRecord {
  return (slots(request)[RECORD] = Object.assign({}, defaults));
}

/** This request's headers, for a handler to add to (names in lower case). */
export function responseHeaders(c: Context): HeaderRecord {
  return (slots(c.req.raw)[RECORD] ??= {});
}

/**
 * A JSON response with this request's headers. `headers` (Set-Cookie, Retry-After from a
 * procedure) join them; several Set-Cookie values need a Headers, the rare slow path.
 */
export function jsonResponse(c: Context, body: unknown, status: number, headers?: Headers): Response {
  return requestJson(c.req.raw, body, status, headers);
}

/** jsonResponse() for code that holds the Request rather than a Hono context (the request frame). */
export function requestJson(request: Request, body: unknown, status: number, headers?: Headers): Response {
  // The request's own record: nothing else reads it once its response is built.
  const record = (slots(request)[RECORD] ??= {});
  record['content-type'] = 'application/json';
  let init: HeaderRecord | Headers = record;
  if (headers) {
    const cookies = headers.getSetCookie();
    headers.forEach((value, name) => {
      if (name !== 'set-cookie') record[name] = value;
    });
    if (cookies.length > 0) {
      init = new Headers(record);
      for (const cookie of cookies) init.append('set-cookie', cookie);
    }
  }
  const res = new Response(JSON.stringify(body ?? null), { status, headers: init });
  slots(request)[BUILT] = res;
  return res;
}

/**
 * After the handler: every other response (pages, files, tRPC, Hono's own errors) gets the
 * headers it lacks. Mutating `res.headers` keeps @hono/node-server's fast path, where
 * c.header() on a finished response would rebuild it and stream the body.
 */
export function finishResponseHeaders(request: Request, res: Response): void {
  if (slots(request)[BUILT] === res) return;
  const record = slots(request)[RECORD];
  if (!record) return;
  const headers = res.headers;
  for (const name in record) if (!headers.has(name)) headers.set(name, record[name]!);
}
