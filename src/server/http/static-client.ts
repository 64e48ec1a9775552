import { createHash } from 'node:crypto';
import { COLOR_MODE_SCRIPT } from '@shared/color-mode-script';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { injectHead } from './open-graph';
import { hasSessionCookie, pageLanguage, PagePreloads } from './page-preloads';
import type { Language } from '@shared/i18n/languages';
import type { PrerenderedPage, PrerenderedPages } from './prerendered';
import { compressCheaply, preferredEncoding, type Encoding } from './response-headers';

/** File names under /assets/ carry a content hash (Vite), so they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Pictures outside /assets/ (favicon.svg, the icons, the landing page's drawings): a day. Checked
 * on each use, the logo cost a round trip each time a page drew it again (three on a cold landing
 * page: the copy's, the live page's, the menu's); a changed icon may show a day late.
 */
const PICTURE = 'public, max-age=86400';
const PICTURES = /\.(?:svg|png|ico|webp|jpe?g|gif)$/i;
/** Everything else (index.html, the service worker, the manifest): kept, but checked with the ETag on each use. */
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
    cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : PICTURES.test(urlPath) ? PICTURE : REVALIDATE,
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

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Replaces a file's compressed copies with the best Brotli and gzip can do (zlib's thread pool). */
async function compressWell(file: ClientFile): Promise<void> {
  const data = file.identity.body;
  const [br, gz] = await Promise.all([
    brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength } }),
    gzipAsync(data, { level: 9 }),
  ]);
  file.encoded.br = { body: new Uint8Array(br), etag: tag(data, '-br-best'), encoding: 'br' };
  file.encoded.gzip = { body: new Uint8Array(gz), etag: tag(data, '-gzip-best'), encoding: 'gzip' };
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

function send(request: Request, file: ClientFile, vary = 'Accept-Encoding'): Response {
  const rep = representation(file, file.compressible ? preferredEncoding(request.headers.get('accept-encoding')) : null);
  // A 304 carries what a cache updates its copy with (RFC 9110, 15.4.5): ETag, Cache-Control, Vary.
  const headers: Record<string, string> = { 'cache-control': file.cacheControl, etag: rep.etag };
  if (file.compressible) headers['vary'] = vary;
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
export function clientApp(
  clientDir: string,
  opts: { headFor?: (path: string) => { tags: string; title?: string } | null; prerendered?: PrerenderedPages } = {},
): Hono | null {
  if (!existsSync(join(clientDir, 'index.html'))) return null;
  const files = listFiles(clientDir);
  const index = files.get('/index.html')!;
  const indexHtml = new TextDecoder().decode(index.identity.body);
  // index.html with a page's preloads (page-preloads.ts), one per distinct set: a few dozen at most
  // (route patterns × languages × signed in or not), each compressed once, on first use.
  const preloads = PagePreloads.fromBuild(clientDir);
  const pages = new Map<string, ClientFile>();
  const pageWith = (tags: string, ahead?: { page: PrerenderedPage; language: Language; path: string }): ClientFile => {
    const key = ahead ? `${ahead.language}${ahead.path}\n${tags}` : tags;
    let file = pages.get(key);
    if (!file) {
      let html = withPreloads(indexHtml, tags);
      if (ahead) html = withPrerendered(html, ahead.page, ahead.language);
      const body = new TextEncoder().encode(html) as Uint8Array<ArrayBuffer>;
      file = { ...index, identity: { body, etag: tag(body) }, encoded: {} };
      pages.set(key, file);
      // A pre-rendered page is 150 KB or more of markup and styles: compressed at the best
      // levels, off the event loop, once; the first requests get the quick compression meanwhile.
      // A failure (out of memory, say) leaves the quick compression in place.
      if (ahead) compressWell(file).catch(() => undefined);
    }
    return file;
  };
  // Only paths that name a file (favicon.svg, robots.txt); every other path is a client route.
  const isFile = (path: string) => /\/[^/]+\.[a-z0-9]+$/i.test(path);
  const app = new Hono();
  app.get('*', (c) => {
    const path = c.req.path;
    const file = files.get(path) ?? (path.includes('%') ? files.get(safeDecode(path)) : undefined);
    if (file) return send(c.req.raw, file);
    if (isFile(path)) return c.text('Not found', 404);
    // What the client will start with: the language it will choose and whether it may be signed in.
    const cookie = c.req.header('cookie');
    const language = pageLanguage(cookie, c.req.header('accept-language'));
    const signedIn = hasSessionCookie(cookie);
    const preload = preloads?.tags(path, language, signedIn) ?? '';
    // Pages that carry their own tags for link previews (open-graph.ts): built per request, never cached as the shared index.
    const head = opts.headFor?.(path);
    if (head) {
      const html = injectHead(withPreloads(indexHtml, preload), head.tags, head.title);
      return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': REVALIDATE, vary: PAGE_VARY } });
    }
    // A signed-out visitor's public page comes rendered (prerendered.ts).
    if (opts.prerendered && !signedIn) {
      const page = opts.prerendered.get(path, language);
      if (page) return send(c.req.raw, pageWith(preload, { page, language, path }), PAGE_VARY);
    }
    return send(c.req.raw, preload ? pageWith(preload) : index, PAGE_VARY);
  });
  return app;
}

/**
 * Where a page's preloads go. The current-user call, tiny and the first thing every signed-in
 * page waits for, goes ahead of the entry's script: over HTTP/1.1's six connections the browser
 * starts requests in document order. The chunks go after Vite's own preloads of the entry's
 * chunks, so that the entry arrives first and runs (texts, router) while the page's own code is
 * still on its way.
 */
function withPreloads(html: string, tags: string): string {
  if (!tags) return html;
  const lines = tags.split('\n').map((line) => line.trim());
  const early = lines.filter((line) => line.includes('as="fetch"'));
  const late = lines.filter((line) => !line.includes('as="fetch"'));
  const at = html.indexOf('<script type="module"');
  let out = html;
  if (early.length && at >= 0) out = `${out.slice(0, at)}${early.join('\n    ')}\n    ${out.slice(at)}`;
  else late.unshift(...early);
  // Replacer functions throughout: a string replacement would read '$&' or "$'" in the text as patterns.
  return late.length ? out.replace('</head>', () => `  ${late.join('\n    ')}\n  </head>`) : out;
}

/** index.html with a pre-rendered page in #root, inert until the client renders over it, and the page's language and title. */
function withPrerendered(html: string, page: PrerenderedPage, language: Language): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
  return html
    .replace(/<html lang="[^"]*">/, () => `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(page.title)}</title>\n    <script>${COLOR_MODE_SCRIPT}</script>`)
    .replace('<div id="root"></div>', () => `<div id="root"><div inert data-prerendered>${page.root}</div></div>`);
}

/** A page's HTML follows the path, the session cookie and the language (page-preloads.ts). */
const PAGE_VARY = 'Accept-Encoding, Accept-Language, Cookie';

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
