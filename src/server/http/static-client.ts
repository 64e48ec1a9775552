import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { injectHead } from './open-graph';
import { compressCheaply, preferredEncoding, type Encoding } from './response-headers';

/** File names under /assets/ carry a content hash (Vite), so they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon.svg, landing images): kept, but checked with the ETag on each use. */
const REVALIDATE = 'no-cache';
/** Text formats (the same list as the precompress plugin in vite.config.ts). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico)$/i;
/** Below this a file goes as it is when the build left no compressed copy beside it. */
const COMPRESS_MIN = 1024;

type Representation = { body: Uint8Array<ArrayBuffer>; etag: string; encoding?: Encoding };
type ClientFile = {
  type: string;
  cacheControl: string;
  identity: Representation;
  /** The build's .br / .gz copies; compressed here on first use when the build left none (or a stale one). */
  encoded: Partial<Record<Encoding, Representation | null>>;
  compressible: boolean;
  path: string;
};

const tag = (data: Uint8Array, suffix = '') => `"${createHash('sha1').update(data).digest('base64url').slice(0, 22)}${suffix}"`;

/** A compressed copy written after the file itself (a later step that rewrote the file leaves it stale). */
function readCopy(path: string, mtimeMs: number): Uint8Array<ArrayBuffer> | null {
  try {
    if (statSync(path).mtimeMs < mtimeMs) return null;
    return readFileSync(path);
  } catch {
    return null;
  }
}

function loadFile(path: string, urlPath: string): ClientFile {
  const data = readFileSync(path);
  const compressible = COMPRESSIBLE.test(path);
  const file: ClientFile = {
    type: getMimeType(path) ?? 'application/octet-stream',
    cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
    identity: { body: data, etag: tag(data) },
    encoded: {},
    compressible,
    path,
  };
  if (compressible) {
    const mtimeMs = statSync(path).mtimeMs;
    for (const [encoding, ext] of [['br', '.br'], ['gzip', '.gz']] as const) {
      const body = readCopy(path + ext, mtimeMs);
      if (body) file.encoded[encoding] = { body, etag: tag(data, `-${encoding}`), encoding };
    }
  }
  return file;
}

/** The representation to send: the build's copy, or one made now (once) for a file the build did not compress. */
function representation(file: ClientFile, encoding: Encoding | null): Representation {
  if (!encoding || !file.compressible) return file.identity;
  let encoded = file.encoded[encoding];
  if (encoded === undefined) {
    const data = file.identity.body;
    const body = data.byteLength >= COMPRESS_MIN ? compressCheaply(data, encoding) : null;
    encoded = file.encoded[encoding] = body && body.byteLength < data.byteLength ? { body, etag: tag(data, `-${encoding}`), encoding } : null;
  }
  return encoded ?? file.identity;
}

/** If-None-Match against the ETag we would send (weak comparison, as RFC 9110 asks for GET). */
function notModified(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  for (const candidate of ifNoneMatch.split(',')) {
    const value = candidate.trim();
    if (value === '*' || value === etag || value === `W/${etag}`) return true;
  }
  return false;
}

function send(request: Request, file: ClientFile): Response {
  const rep = representation(file, file.compressible ? preferredEncoding(request.headers.get('accept-encoding')) : null);
  // A 304 carries what a cache updates its copy with (RFC 9110, 15.4.5): ETag, Cache-Control, Vary.
  const headers: Record<string, string> = { 'cache-control': file.cacheControl, etag: rep.etag };
  if (file.compressible) headers['vary'] = 'Accept-Encoding';
  if (notModified(request.headers.get('if-none-match'), rep.etag)) return new Response(null, { status: 304, headers });
  headers['content-type'] = file.type;
  if (rep.encoding) headers['content-encoding'] = rep.encoding;
  headers['content-length'] = String(rep.body.byteLength);
  return new Response(rep.body, { status: 200, headers });
}

/** Every file of the build by its URL path; dot folders (.vite/manifest.json) and the compressed copies are not served themselves. */
function listFiles(clientDir: string): Map<string, ClientFile> {
  const files = new Map<string, ClientFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !/\.(?:br|gz)$/.test(entry.name)) {
        const urlPath = `/${relative(clientDir, path).split(sep).join('/')}`;
        files.set(urlPath, loadFile(path, urlPath));
      }
    }
  };
  walk(clientDir);
  return files;
}

/**
 * The built client: its files, and index.html for every other GET (SPA fallback). The request
 * frame sends it only paths that are not the API's (and adds the security headers); null when
 * the client is not built.
 *
 * Files are read once, when the app starts, with the .br and .gz copies the build wrote beside
 * them (vite.config.ts), and answered from memory by Accept-Encoding (Brotli, else gzip, else as
 * they are) with Vary, Content-Length and an ETag per coding; a matching If-None-Match gets a
 * 304. A synchronous handler, so a file answers without a promise. A running server keeps
 * serving the build it started with, whole, while a new build replaces the folder; files added
 * to the folder later are served after a restart.
 */
export function clientApp(clientDir: string, opts: { headFor?: (path: string) => { tags: string; title?: string } | null } = {}): Hono | null {
  if (!existsSync(join(clientDir, 'index.html'))) return null;
  const files = listFiles(clientDir);
  const index = files.get('/index.html')!;
  // Only paths that name a file (favicon.svg, robots.txt); every other path is a client route.
  const isFile = (path: string) => /\/[^/]+\.[a-z0-9]+$/i.test(path);
  const app = new Hono();
  app.get('*', (c) => {
    const path = c.req.path;
    const file = files.get(path) ?? (path.includes('%') ? files.get(safeDecode(path)) : undefined);
    if (file) return send(c.req.raw, file);
    if (isFile(path)) return c.text('Not found', 404);
    // Pages that carry their own tags for link previews (open-graph.ts): built per request, never cached as the shared index.
    const head = opts.headFor?.(path);
    if (head) {
      const html = injectHead(new TextDecoder().decode(index.identity.body), head.tags, head.title);
      return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': REVALIDATE } });
    }
    return send(c.req.raw, index);
  });
  return app;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
