import type { Context } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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
  const json = JSON.stringify(body ?? null);
  // Small answers (most errors, single records) go as they are: nothing to check.
  const payload = json.length < COMPRESS_MIN ? json : compressForRequest(request, json, record);
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
  const res = new Response(payload, { status, headers: init });
  slots(request)[BUILT] = res;
  return res;
}

/*
 * Content coding. Browsers send `Accept-Encoding: gzip, deflate, br, zstd` (without br over plain
 * http); the answer is Brotli when the client takes it, else gzip, else the body as it is.
 * Brotli's best quality is for files compressed once (the client build, static-client.ts); an
 * answer compressed per request uses the cheapest levels that still pay: Brotli quality 1 or gzip
 * level 3 take about 20 µs of CPU for 1.5 KB of JSON, 30 µs for 5 KB and 60–75 µs for 20 KB, and
 * send a quarter to a fifth of the bytes (docs/benchmarks.md, "Compression").
 */
export type Encoding = 'br' | 'gzip';
/** JSON under about 1 KB goes as it is: a packet carries it either way. */
export const COMPRESS_MIN = 1024;
const encodingCache = new Map<string, Encoding | null>();

/** The coding to send for this Accept-Encoding: the highest q wins, Brotli on a tie; null for identity. */
export function preferredEncoding(accept: string | null | undefined): Encoding | null {
  if (!accept) return null;
  let chosen = encodingCache.get(accept);
  if (chosen !== undefined) return chosen;
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const part of accept.split(',')) {
    const [token = '', ...params] = part.split(';');
    const name = token.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value) || 0;
    }
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = q;
    else if (name === '*') any = q;
  }
  if (br < 0) br = any;
  if (gzip < 0) gzip = any;
  chosen = br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : null;
  // The strings a server sees are few (one per browser build): a small cache, emptied if it fills.
  if (encodingCache.size >= 64) encodingCache.clear();
  encodingCache.set(accept, chosen);
  return chosen;
}

/** `data` in the given coding at the cheap levels above. */
export function compressCheaply(data: string | Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  if (encoding === 'gzip') return gzipSync(data, { level: 3 });
  return brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: typeof data === 'string' ? data.length : data.byteLength },
  });
}

/**
 * The body for a JSON answer of COMPRESS_MIN or more: compressed when the client accepts it,
 * synchronously (zlib's sync calls, so a synchronous handler still answers without a promise).
 * Vary either way: the same URL answers differently to another Accept-Encoding.
 */
function compressForRequest(request: Request, json: string, record: HeaderRecord): string | Uint8Array<ArrayBuffer> {
  record['vary'] = record['vary'] ? `${record['vary']}, Accept-Encoding` : 'Accept-Encoding';
  const encoding = preferredEncoding(request.headers.get('accept-encoding'));
  if (!encoding) return json;
  const body = compressCheaply(json, encoding);
  record['content-encoding'] = encoding;
  record['content-length'] = String(body.byteLength);
  return body;
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
