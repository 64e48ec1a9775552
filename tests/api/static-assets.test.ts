import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/server/http/security-headers';
import { makeCommunity, makeUser } from '../factories';
import { makeAppWithClient } from '../setup/hardening-client';

/*
 * Compression and caching of what the server sends (docs/decisions/009-compression-and-chunks.md):
 * the client build served from the .br / .gz copies the build writes beside each file, chosen
 * by Accept-Encoding, with Vary, Content-Length and an ETag per coding; hashed assets cached for
 * a year, index.html revalidated (304); JSON answers of about 1 KB and more compressed per
 * request. The client is a stand-in folder written here, as `vite build` lays it out.
 */
const filler = (label: string, n: number) => Array.from({ length: n }, (_, i) => `/* ${label} line ${i}: harambee */`).join('\n');
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-Abc123.js"></script></head><body><div id="root"></div><!--\n${filler('index', 60)}\n--></body></html>`;
const APP_JS = `console.log("hashed asset");\n${filler('app', 200)}`;
const PLAIN_JS = `console.log("no copies beside me");\n${filler('plain', 200)}`;
const STALE_JS = `console.log("rewritten after the build compressed it");\n${filler('stale', 200)}`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 2000 }, (_, i) => i % 251)]);

let dir: string;
/** What the build wrote beside each file: the bytes the server must send as they are. */
const copies = { indexBr: Buffer.alloc(0), indexGz: Buffer.alloc(0), appBr: Buffer.alloc(0), appGz: Buffer.alloc(0) };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'harambee-static-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  const write = (name: string, data: string | Buffer) => writeFileSync(join(dir, name), data);
  write('index.html', INDEX);
  write('assets/app-Abc123.js', APP_JS);
  write('assets/plain-Def456.js', PLAIN_JS);
  write('assets/logo-Ghi789.png', PNG);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('.vite/manifest.json', '{}');
  copies.indexBr = brotliCompressSync(INDEX);
  copies.indexGz = gzipSync(INDEX, { level: 9 });
  copies.appBr = brotliCompressSync(APP_JS);
  copies.appGz = gzipSync(APP_JS, { level: 9 });
  write('index.html.br', copies.indexBr);
  write('index.html.gz', copies.indexGz);
  write('assets/app-Abc123.js.br', copies.appBr);
  write('assets/app-Abc123.js.gz', copies.appGz);
  // A later step rewrote this file after its copies were made: the copies must not be sent.
  write('assets/stale-Jkl012.js', 'console.log("old");');
  write('assets/stale-Jkl012.js.br', brotliCompressSync('console.log("old");'));
  write('assets/stale-Jkl012.js.gz', gzipSync('console.log("old");'));
  write('assets/stale-Jkl012.js', STALE_JS);
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(dir, 'assets/stale-Jkl012.js'), later, later);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BROWSER = 'gzip, deflate, br, zstd';
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

function app() {
  return makeAppWithClient(dir).withClient;
}

describe('static assets: precompressed, negotiated by Accept-Encoding', () => {
  it('Brotli when accepted: the build copy as it is, with Content-Encoding, Content-Length, Vary and a year of caching', async () => {
    const res = await app().request('/assets/app-Abc123.js', { headers: { 'accept-encoding': BROWSER } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(body.equals(copies.appBr)).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(copies.appBr.length));
    expect(brotliDecompressSync(body).toString()).toBe(APP_JS);
  });

  it('gzip when Brotli is not accepted', async () => {
    const res = await app().request('/assets/app-Abc123.js', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(body.equals(copies.appGz)).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(copies.appGz.length));
    expect(gunzipSync(body).toString()).toBe(APP_JS);
  });

  it('identity without Accept-Encoding (or with neither coding), still with Vary', async () => {
    for (const accept of [undefined, 'identity', 'deflate, zstd', 'br;q=0, gzip;q=0']) {
      const res = await app().request('/assets/app-Abc123.js', { headers: accept ? { 'accept-encoding': accept } : {} });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBeNull();
      expect(res.headers.get('vary'), accept).toBe('Accept-Encoding');
      expect(res.headers.get('content-length'), accept).toBe(String(Buffer.byteLength(APP_JS)));
      expect(await res.text(), accept).toBe(APP_JS);
    }
  });

  it('follows q-values: the highest wins, Brotli on a tie, * counts for both', async () => {
    const cases: [string, string | null][] = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1.0, br;q=0.5', 'gzip'],
      ['gzip;q=0.5, br;q=0.5', 'br'],
      ['GZIP', 'gzip'],
      ['*', 'br'],
      ['*;q=0.1, br;q=0', 'gzip'],
    ];
    for (const [accept, expected] of cases) {
      const res = await app().request('/assets/app-Abc123.js', { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding'), accept).toBe(expected);
    }
  });

  it('an ETag per coding, and different ETags for different content', async () => {
    const t = app();
    const etag = async (path: string, accept?: string) =>
      (await t.request(path, { headers: accept ? { 'accept-encoding': accept } : {} })).headers.get('etag');
    const br = await etag('/assets/app-Abc123.js', 'br');
    const gz = await etag('/assets/app-Abc123.js', 'gzip');
    const plain = await etag('/assets/app-Abc123.js');
    expect(new Set([br, gz, plain]).size).toBe(3);
    for (const tag of [br, gz, plain]) expect(tag).toMatch(/^"[^"]+"$/);
    expect(await etag('/assets/plain-Def456.js')).not.toBe(plain);
  });

  it('a file the build left without copies is compressed once by the server (same bytes back)', async () => {
    const t = app();
    for (const [accept, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.request('/assets/plain-Def456.js', { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(accept);
      const body = await bytes(res);
      expect(res.headers.get('content-length')).toBe(String(body.length));
      expect(body.length).toBeLessThan(Buffer.byteLength(PLAIN_JS));
      expect(decode(body).toString()).toBe(PLAIN_JS);
    }
  });

  it('copies older than their file are ignored (a step after the build rewrote it)', async () => {
    const res = await app().request('/assets/stale-Jkl012.js', { headers: { 'accept-encoding': BROWSER } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(STALE_JS);
  });

  it('images and tiny files go as they are; a PNG has no Vary', async () => {
    const png = await app().request('/assets/logo-Ghi789.png', { headers: { 'accept-encoding': BROWSER } });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
    expect((await bytes(png)).equals(PNG)).toBe(true);
    const svg = await app().request('/favicon.svg', { headers: { 'accept-encoding': BROWSER } });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-encoding')).toBeNull();
    // A day: a picture drawn again on the page does not wait for a revalidation.
    expect(svg.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(svg.headers.get('etag')).toBeTruthy();
  });

  it('HEAD answers the headers of GET without the body', async () => {
    const res = await app().request('/assets/app-Abc123.js', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBe(String(copies.appBr.length));
    expect((await bytes(res)).length).toBe(0);
  });

  it('the build folder\'s own files (.vite/manifest.json) and the copies themselves are not pages or files to serve', async () => {
    const t = app();
    expect((await t.request('/.vite/manifest.json')).status).toBe(404);
    const copy = await t.request('/assets/app-Abc123.js.br');
    expect(copy.status).toBe(404);
  });
});

describe('index.html: no-cache, an ETag, 304 when it has not changed', () => {
  it('at / and at client routes: compressed, no-cache, an ETag, Vary', async () => {
    const t = app();
    for (const path of ['/', '/communities/5', '/index.html']) {
      const res = await t.request(path, { headers: { 'accept-encoding': BROWSER } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(res.headers.get('content-encoding'), path).toBe('br');
      // A page's HTML may carry preloads chosen by path, language and session (page-preloads.ts); the file itself does not.
      expect(res.headers.get('vary'), path).toBe(path === '/index.html' ? 'Accept-Encoding' : 'Accept-Encoding, Accept-Language, Cookie');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('etag'), path).toBeTruthy();
      const body = await bytes(res);
      expect(body.equals(copies.indexBr), path).toBe(true);
      expect(res.headers.get('content-length'), path).toBe(String(copies.indexBr.length));
    }
    const plain = await t.request('/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(INDEX);
  });

  it('answers 304 to a matching If-None-Match (also weak, in a list, or *), 200 to another', async () => {
    const t = app();
    const first = await t.request('/', { headers: { 'accept-encoding': BROWSER } });
    const etag = first.headers.get('etag')!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await t.request('/dashboard', { headers: { 'accept-encoding': BROWSER, 'if-none-match': ifNoneMatch } });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(await res.text(), ifNoneMatch).toBe('');
      expect(res.headers.get('etag'), ifNoneMatch).toBe(etag);
      expect(res.headers.get('cache-control'), ifNoneMatch).toBe('no-cache');
      expect(res.headers.get('vary'), ifNoneMatch).toBe('Accept-Encoding, Accept-Language, Cookie');
      expect(res.headers.get('content-security-policy'), ifNoneMatch).toBeTruthy();
    }
    // The ETag names the coding: the gzip copy's tag does not match the Brotli one.
    const gzipTag = (await t.request('/', { headers: { 'accept-encoding': 'gzip' } })).headers.get('etag')!;
    expect(gzipTag).not.toBe(etag);
    const other = await t.request('/', { headers: { 'accept-encoding': BROWSER, 'if-none-match': gzipTag } });
    expect(other.status).toBe(200);
    expect((await bytes(other)).equals(copies.indexBr)).toBe(true);
    const stale = await t.request('/', { headers: { 'accept-encoding': BROWSER, 'if-none-match': '"an-older-build"' } });
    expect(stale.status).toBe(200);
  });

  it('hashed assets answer 304 to their ETag too', async () => {
    const t = app();
    const etag = (await t.request('/assets/app-Abc123.js', { headers: { 'accept-encoding': 'gzip' } })).headers.get('etag')!;
    const res = await t.request('/assets/app-Abc123.js', { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps every security header the request frame adds, exactly', async () => {
    const t = app();
    const expected = securityHeaders(false);
    for (const path of ['/', '/assets/app-Abc123.js', '/favicon.svg']) {
      const res = await t.request(path, { headers: { 'accept-encoding': BROWSER } });
      for (const [name, value] of expected) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
    }
  });
});

describe('JSON answers: compressed per request from about 1 KB', () => {
  async function withCommunities() {
    const t = makeAppWithClient(dir);
    const creator = await makeUser(t.db);
    for (let i = 0; i < 12; i += 1) {
      makeCommunity(t.db, { creator, name: `Circle of the river ${i}`, description: `Meetings, savings and culture for members of circle ${i}. `.repeat(3) });
    }
    return t;
  }
  const LIST = '/api/communities/all?limit=20';
  const TRPC_LIST = `/trpc/communities.list?input=${encodeURIComponent(JSON.stringify({ limit: 20 }))}`;

  it('REST: Brotli or gzip when accepted, the same JSON once decoded, with Vary and Content-Length', async () => {
    const t = await withCommunities();
    const plain = await t.withClient.request(LIST);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    for (const [accept, coding, decode] of [
      [BROWSER, 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.withClient.request(LIST, { headers: { 'accept-encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await bytes(res);
      expect(res.headers.get('content-length')).toBe(String(body.length));
      expect(body.length).toBeLessThan(text.length / 2);
      expect(JSON.parse(decode(body).toString())).toEqual(JSON.parse(text));
    }
  });

  it('tRPC answers likewise', async () => {
    const t = await withCommunities();
    const plain = await t.withClient.request(TRPC_LIST);
    expect(plain.status).toBe(200);
    const res = await t.withClient.request(TRPC_LIST, { headers: { 'accept-encoding': BROWSER } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(await bytes(res)).toString())).toEqual(await plain.json());
  });

  it('a synchronous read still answers without a promise when it compresses', async () => {
    const t = await withCommunities();
    const res = t.app.fetch(new Request(`http://localhost:3000${LIST}`, { headers: { 'accept-encoding': BROWSER } }));
    expect(res).not.toBeInstanceOf(Promise);
    expect((res as Response).headers.get('content-encoding')).toBe('br');
  });

  it('small JSON goes as it is, without Vary, whatever the client accepts', async () => {
    const t = makeAppWithClient(dir);
    for (const path of ['/api/communities/all?limit=20', '/trpc/site.config', '/api/nope', '/api/auth/user']) {
      const res = await t.withClient.request(path, { headers: { 'accept-encoding': BROWSER } });
      const text = await res.text();
      expect(text.length, path).toBeLessThan(1024);
      expect(res.headers.get('content-encoding'), path).toBeNull();
      expect(res.headers.get('vary'), path).toBeNull();
      expect(() => JSON.parse(text), path).not.toThrow();
    }
  });
});
