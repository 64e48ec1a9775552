import type { Context } from 'hono';

/*
 * The headers of each response, kept per request as a plain record instead of Hono's
 * c.header(). Why: c.header() collects into a WHATWG Headers (validated and sorted on every
 * set), which @hono/node-server then copies back out header by header; a Response built with a
 * plain object goes to node's writeHead as it is. On the hot JSON lists that difference is
 * 20–40 µs of a ~250 µs request (docs/benchmarks.md). Keys are lower case, so a handler's value
 * replaces the default instead of travelling beside it.
 */
type HeaderRecord = Record<string, string>;
// Kept on the Hono context itself rather than in a WeakMap keyed by it: one less table entry
// per request for the garbage collector to clear.
const RECORD = Symbol('response headers');
/** The response jsonResponse() built, which already carries the record. */
const BUILT = Symbol('response built with the record');
type Slots = { [RECORD]?: HeaderRecord; [BUILT]?: Response };
const slots = (c: Context) => c as unknown as Slots;

/** The top middleware starts each request's record from the defaults for its path. */
export function startResponseHeaders(c: Context, defaults: HeaderRecord): HeaderRecord {
  return (slots(c)[RECORD] = Object.assign({}, defaults));
}

/** This request's headers, for a handler to add to (names in lower case). */
export function responseHeaders(c: Context): HeaderRecord {
  return (slots(c)[RECORD] ??= {});
}

/**
 * A JSON response with this request's headers. `headers` (Set-Cookie, Retry-After from a
 * procedure) join them; several Set-Cookie values need a Headers, the rare slow path.
 */
export function jsonResponse(c: Context, body: unknown, status: number, headers?: Headers): Response {
  // The request's own record: nothing else reads it once its response is built.
  const record = responseHeaders(c);
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
  slots(c)[BUILT] = res;
  return res;
}

/**
 * After the handler: every other response (pages, files, tRPC, Hono's own errors) gets the
 * headers it lacks. Mutating `res.headers` keeps @hono/node-server's fast path, where
 * c.header() on a finished response would rebuild it and stream the body.
 */
export function finishResponseHeaders(c: Context): void {
  if (slots(c)[BUILT] === c.res) return;
  const record = slots(c)[RECORD];
  if (!record) return;
  const headers = c.res.headers;
  for (const name in record) if (!headers.has(name)) headers.set(name, record[name]!);
}
