import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { textOf } from '../setup/errors';

/** POST /api/uploads (multipart: file, kind) and GET /uploads/:name. */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function uploadsApp() {
  const dir = mkdtempSync(join(tmpdir(), 'harambee-uploads-'));
  dirs.push(dir);
  return { t: makeTestApp({ env: { UPLOADS_DIR: dir } }), dir };
}

/** The stored files, without the narrower copies of photos and banners (uploads-widths.test.ts covers those). */
const originals = (dir: string) => readdirSync(dir).filter((n) => !/-\d+\.webp$/.test(n));

async function signedInCookie(t: TestApp) {
  return (await as(t, await makeUser(t.db))).cookie!;
}

async function upload(
  t: TestApp,
  p: { cookie?: string | null; bytes?: Uint8Array; type?: string; filename?: string; kind?: string | null; headers?: Record<string, string>; path?: string },
) {
  const form = new FormData();
  if (p.bytes) form.append('file', new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'image/png' }), p.filename ?? 'banner.png');
  if (p.kind !== null) form.append('kind', p.kind ?? 'banner');
  const headers: Record<string, string> = { ...p.headers };
  if (p.cookie) headers.cookie = p.cookie;
  const res = await t.app.request(p.path ?? '/api/uploads', { method: 'POST', body: form, headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function fetchUpload(t: TestApp, url: string) {
  const res = await t.app.request(url);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const png = (width = 1600, height = 1000) => sharp({ create: { width, height, channels: 3, background: '#abc' } }).png().toBuffer();
const URL_SHAPE = /^\/uploads\/[a-z0-9]{16,64}\.webp$/;

describe('REST: POST /api/uploads', () => {
  it('takes a real PNG banner: 201 with a /uploads/….webp URL, served as image/webp, nosniff, 1200x600', async () => {
    const { t, dir } = uploadsApp();
    const r = await upload(t, { cookie: await signedInCookie(t), bytes: await png(), kind: 'banner' });
    expect(r.status).toBe(201);
    expect(r.body.url).toMatch(URL_SHAPE);
    expect(originals(dir)).toEqual([r.body.url.slice('/uploads/'.length)]);

    const served = await fetchUpload(t, r.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(served.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 600 });
  });

  it.each([
    ['avatar', 512, 512],
    ['banner', 1200, 600],
  ])('fits kind=%s to %ix%i whatever the source shape', async (kind, width, height) => {
    const { t } = uploadsApp();
    const cookie = await signedInCookie(t);
    for (const [w, h] of [[300, 900], [2000, 500]] as const) {
      const r = await upload(t, { cookie, bytes: await png(w, h), kind });
      expect(r.status).toBe(201);
      expect(await sharp((await fetchUpload(t, r.body.url)).bytes).metadata()).toMatchObject({ format: 'webp', width, height });
    }
  });

  it('treats a missing kind as avatar', async () => {
    const { t } = uploadsApp();
    const r = await upload(t, { cookie: await signedInCookie(t), bytes: await png(), kind: null });
    expect(r.status).toBe(201);
    expect(await sharp((await fetchUpload(t, r.body.url)).bytes).metadata()).toMatchObject({ width: 512, height: 512 });
  });

  it.each([
    ['JPEG', () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } }).jpeg().toBuffer(), 'image/jpeg'],
    ['WebP', () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#3c3' } }).webp().toBuffer(), 'image/webp'],
    ['GIF', () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#33c' } }).gif().toBuffer(), 'image/gif'],
  ])('takes a %s and re-encodes it to WebP', async (_label, make, type) => {
    const { t } = uploadsApp();
    const r = await upload(t, { cookie: await signedInCookie(t), bytes: await make(), type, filename: 'x.bin' });
    expect(r.status).toBe(201);
    expect((await sharp((await fetchUpload(t, r.body.url)).bytes).metadata()).format).toBe('webp');
  });

  it('strips EXIF: a JPEG carrying a copyright tag is served without any', async () => {
    const { t } = uploadsApp();
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#abc' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('secret');
    const r = await upload(t, { cookie: await signedInCookie(t), bytes: jpeg, type: 'image/jpeg', filename: 'photo.jpg' });
    expect(r.status).toBe(201);
    const served = await fetchUpload(t, r.body.url);
    const meta = await sharp(served.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.bytes.toString('latin1')).not.toContain('secret');
  });

  it('gives every upload its own random name', async () => {
    const { t, dir } = uploadsApp();
    const cookie = await signedInCookie(t);
    const bytes = await png(100, 100);
    const a = await upload(t, { cookie, bytes });
    const b = await upload(t, { cookie, bytes });
    expect(a.body.url).not.toBe(b.body.url);
    expect(originals(dir)).toHaveLength(2);
  });

  describe('refusals (nothing is stored)', () => {
    it('not signed in → 401', async () => {
      const { t, dir } = uploadsApp();
      const r = await upload(t, { bytes: await png() });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: textOf('errors.authRequired'), code: 'UNAUTHORIZED' });
      expect(readdirSync(dir)).toEqual([]);
    });

    it('a stale session cookie → 401', async () => {
      const { t } = uploadsApp();
      const r = await upload(t, { cookie: 'harambee_session=abcdefghijklmnopqrstuvwxyz234567', bytes: await png() });
      expect(r.status).toBe(401);
    });

    it('a cross-site upload (CSRF) → 403', async () => {
      const { t, dir } = uploadsApp();
      const r = await upload(t, { cookie: await signedInCookie(t), bytes: await png(), headers: { origin: 'https://evil.example' } });
      expect(r.status).toBe(403);
      expect(readdirSync(dir)).toEqual([]);
    });

    it.each([
      ['a text file renamed .png with type image/png', Buffer.from('just some text, not an image at all\n'), 'image/png', 'notes.png'],
      [
        'an SVG',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        'image/svg+xml',
        'logo.svg',
      ],
      ['an SVG declared as PNG', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png', 'logo.png'],
      ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png', 'x.png'],
      ['a PNG signature followed by garbage', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]), 'image/png', 'x.png'],
      ['an empty file', Buffer.alloc(0), 'image/png', 'empty.png'],
    ])('%s → 415', async (_label, bytes, type, filename) => {
      const { t, dir } = uploadsApp();
      const r = await upload(t, { cookie: await signedInCookie(t), bytes, type, filename });
      expect(r.status).toBe(415);
      expect(r.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(readdirSync(dir)).toEqual([]);
    });

    it('a decompression bomb (a small PNG whose header claims 20000x20000) → 415', async () => {
      const { t, dir } = uploadsApp();
      const bomb = Buffer.from(await png(10, 10));
      bomb.writeUInt32BE(20_000, 16);
      bomb.writeUInt32BE(20_000, 20);
      bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)) >>> 0, 29); // IHDR's CRC, so only the size is wrong
      const r = await upload(t, { cookie: await signedInCookie(t), bytes: bomb });
      expect(r.status).toBe(415);
      expect(readdirSync(dir)).toEqual([]);
    });

    it.each([
      ['just over 5 MB', 5 * 1024 * 1024 + 1],
      ['8 MB (cut off while streaming)', 8 * 1024 * 1024],
    ])('a file of %s → 413', async (_label, size) => {
      const { t, dir } = uploadsApp();
      const big = Buffer.alloc(size, 0);
      (await png(10, 10)).copy(big);
      const r = await upload(t, { cookie: await signedInCookie(t), bytes: big });
      expect(r.status).toBe(413);
      expect(r.body).toEqual({ error: textOf('errors.upload.tooLarge'), code: 'PAYLOAD_TOO_LARGE' });
      expect(readdirSync(dir)).toEqual([]);
    });

    it('the 5 MB limit, not the 1 MB JSON one, also holds at /api/uploads/ (trailing slash): a 2 MB photo → 201', async () => {
      const { t, dir } = uploadsApp();
      // Noise does not compress, so this PNG is about 2.4 MB.
      const noise = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } }).png().toBuffer();
      expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
      const r = await upload(t, { cookie: await signedInCookie(t), bytes: noise, path: '/api/uploads/' });
      expect(r.status).toBe(201);
      expect(originals(dir)).toEqual([r.body.url.slice('/uploads/'.length)]);
    });

    it('a form without the file field → 400', async () => {
      const { t } = uploadsApp();
      const r = await upload(t, { cookie: await signedInCookie(t), kind: 'banner' });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('BAD_REQUEST');
    });

    it('a JSON body instead of multipart → 400', async () => {
      const { t } = uploadsApp();
      const res = await t.app.request('/api/uploads', {
        method: 'POST',
        body: JSON.stringify({ file: 'data:image/png;base64,iVBORw0KGgo=' }),
        headers: { cookie: await signedInCookie(t), 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
    });

    it.each(['toString', '__proto__', 'constructor'])('kind=%s (an inherited name) → 400, nothing stored', async (kind) => {
      const { t, dir } = uploadsApp();
      const r = await upload(t, { cookie: await signedInCookie(t), bytes: await png(), kind });
      expect(r.status).toBe(400);
      expect(readdirSync(dir)).toEqual([]);
    });

    it('kind=other → 400', async () => {
      const { t, dir } = uploadsApp();
      const r = await upload(t, { cookie: await signedInCookie(t), bytes: await png(), kind: 'other' });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        error: textOf('errors.upload.kind'),
        code: 'BAD_REQUEST',
        issues: [{ path: ['kind'], message: textOf('errors.upload.kind') }],
      });
      expect(readdirSync(dir)).toEqual([]);
    });
  });
});

describe('REST: GET /uploads/:name', () => {
  it.each([
    ['/uploads/../etc/passwd'],
    ['/uploads/..%2f..%2fetc%2fpasswd'],
    ['/uploads/%2e%2e%2fpackage.json'],
    ['/uploads/abcdefghijklmnopqrstuvwxyz.webp'],
    ['/uploads/short.webp'],
    ['/uploads/ABCDEFGHIJKLMNOPQRST.webp'],
    ['/uploads/abcdefghijklmnopqrst.png'],
  ])('answers 404 for %s', async (path) => {
    const { t } = uploadsApp();
    const res = await t.app.request(path);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/root:|"name": "harambee"/);
  });

  it('serves the file with a long immutable cache and its length', async () => {
    const { t } = uploadsApp();
    const r = await upload(t, { cookie: await signedInCookie(t), bytes: await png(50, 50) });
    const served = await fetchUpload(t, r.body.url);
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Number(served.headers.get('content-length'))).toBe(served.bytes.length);
  });
});
