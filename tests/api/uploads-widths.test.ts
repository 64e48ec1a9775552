import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runUploadsSweep, UNUSED_FOR_MS } from '../../src/server/jobs/uploads-sweep';
import { srcSetFor } from '../../src/shared/images';
import { documentWorld, sendForm, type DocumentWorld } from '../setup/documents';
import { OPS, TRANSPORTS } from '../setup/transport';

/*
 * Photos and banners are stored in several widths beside the image (`<name>-200.webp`, …), never
 * wider than the image itself; the copies are served like the image, a copy that was never made
 * (an upload from before the copies) is answered with the image, and the sweep removes the copies
 * with their image.
 */

const png = (width = 1600, height = 1000) => sharp({ create: { width, height, channels: 3, background: '#3a6' } }).png().toBuffer();
const sweep = (w: DocumentWorld) => runUploadsSweep({ db: w.t.db, env: w.t.env, now: w.t.clock.now, log: { error: () => {} } as never });
const nameOf = (url: string) => url.slice('/uploads/'.length);
const copy = (url: string, width: number) => url.replace(/\.webp$/, `-${width}.webp`);

async function upload(w: DocumentWorld, kind: 'avatar' | 'banner' | 'proof', bytes?: Buffer) {
  const r = await sendForm(w.t, '/api/uploads', { cookie: w.agents.amara.cookie, file: { bytes: bytes ?? (await png()), name: 'photo.png', type: 'image/png' }, fields: { kind } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.url as string;
}

async function get(w: DocumentWorld, url: string) {
  const res = await w.t.app.request(url);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The files stored for an upload: the image and its copies, by name. */
const filesOf = (w: DocumentWorld, url: string) =>
  readdirSync(w.dir)
    .filter((n) => n.startsWith(nameOf(url).replace(/\.webp$/, '')))
    .sort();

describe('REST: POST /api/uploads stores photos and banners in several widths', () => {
  it('a banner (1200x600): copies 200, 400 and 800 px wide, same crop, none at or above its own width', async () => {
    const w = await documentWorld();
    const url = await upload(w, 'banner');
    const base = nameOf(url).replace(/\.webp$/, '');
    expect(filesOf(w, url)).toEqual([`${base}-200.webp`, `${base}-400.webp`, `${base}-800.webp`, `${base}.webp`]);
    for (const [width, height] of [[200, 100], [400, 200], [800, 400]] as const) {
      expect(await sharp(join(w.dir, nameOf(copy(url, width)))).metadata()).toMatchObject({ format: 'webp', width, height });
    }
    // Smaller copies weigh less: the point of having them.
    const size = (u: string) => statSync(join(w.dir, nameOf(u))).size;
    expect(size(copy(url, 400))).toBeLessThan(size(url));
  });

  it('an avatar (512x512) is never enlarged: copies 200 and 400 only', async () => {
    const w = await documentWorld();
    const url = await upload(w, 'avatar');
    const base = nameOf(url).replace(/\.webp$/, '');
    expect(filesOf(w, url)).toEqual([`${base}-200.webp`, `${base}-400.webp`, `${base}.webp`]);
    expect(await sharp(join(w.dir, `${base}-400.webp`)).metadata()).toMatchObject({ width: 400, height: 400 });
  });

  it('a proof photo is kept whole, without copies (it is read, never drawn in a grid), in the private folder', async () => {
    const w = await documentWorld();
    const url = await upload(w, 'proof');
    const name = url.slice('/api/proofs/'.length);
    expect(readdirSync(join(w.dir, 'private')).filter((n) => n.startsWith(name.replace(/\.webp$/, '')))).toEqual([name]);
    expect(readdirSync(w.dir).filter((n) => n.startsWith(name.replace(/\.webp$/, '')))).toEqual([]);
  });
});

describe('REST: GET /uploads/:name-<width>.webp', () => {
  it('serves a copy like the image: WebP, nosniff, immutable, its own length', async () => {
    const w = await documentWorld();
    const url = await upload(w, 'banner');
    const full = await get(w, url);
    const small = await get(w, copy(url, 400));
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect(small.headers.get('x-content-type-options')).toBe('nosniff');
    expect(small.headers.get('cache-control')).toBe(full.headers.get('cache-control'));
    expect(small.headers.get('cache-control')).toContain('immutable');
    expect(Number(small.headers.get('content-length'))).toBe(small.bytes.length);
    expect(small.bytes.length).toBeLessThan(full.bytes.length);
    expect((await sharp(small.bytes).metadata()).width).toBe(400);
  });

  it('answers a copy that was never made with the image itself (uploads from before the copies, an avatar’s 800)', async () => {
    const w = await documentWorld();
    // An older upload: the image alone, as the server stored them before.
    const old = 'oldupload0000000000000000abcdefg.webp';
    writeFileSync(join(w.dir, old), await sharp(await png()).resize(1200, 600).webp().toBuffer());
    for (const width of [200, 400, 800]) {
      const r = await get(w, `/uploads/${old.replace('.webp', `-${width}.webp`)}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(r.bytes).metadata()).width).toBe(1200);
    }
    // A copy lost on disk falls back the same way.
    const url = await upload(w, 'banner');
    rmSync(join(w.dir, nameOf(copy(url, 800))));
    expect((await sharp((await get(w, copy(url, 800))).bytes).metadata()).width).toBe(1200);
    // An avatar has no 800: its srcset never asks, but a guess still gets the photo.
    const avatar = await upload(w, 'avatar');
    expect((await sharp((await get(w, copy(avatar, 800))).bytes).metadata()).width).toBe(512);
  });

  it.each([
    ['a copy of an image that does not exist', '/uploads/abcdefghijklmnopqrstuvwxyz012345-400.webp'],
    ['a width that is not one of the copies', 'WIDTH:300'],
    ['a width written with a leading zero', 'WIDTH:0400'],
    ['a copy of a PDF', '/uploads/abcdefghijklmnopqrstuvwxyz012345-400.pdf'],
    ['a copy name with a path in it', '/uploads/..%2fabcdefghijklmnopqrst-400.webp'],
  ])('404 for %s', async (_label, path) => {
    const w = await documentWorld();
    const url = await upload(w, 'banner');
    const target = path.startsWith('WIDTH:') ? url.replace(/\.webp$/, `-${path.slice(6)}.webp`) : path;
    expect((await get(w, target)).status).toBe(404);
  });
});

describe('the uploads sweep removes the copies with their image', () => {
  const T = TRANSPORTS[0]!;
  it('an unused banner goes with its copies; a photo in use keeps them', async () => {
    const w = await documentWorld();
    const unused = await upload(w, 'banner');
    const used = await upload(w, 'avatar');
    expect((await T.call(w.agents.amara, OPS.updateProfile, { profileImageUrl: used })).status).toBe(200);
    // Someone else's file in the folder, named like a copy of neither: untouched.
    writeFileSync(join(w.dir, 'someoneelse00000000000000000000.webp'), 'x');

    w.t.clock.advance(UNUSED_FOR_MS + 1);
    expect(await sweep(w)).toEqual({ removed: 1 });
    expect(filesOf(w, unused)).toEqual([]);
    for (const u of [unused, copy(unused, 200), copy(unused, 400), copy(unused, 800)]) {
      expect(existsSync(join(w.dir, nameOf(u)))).toBe(false);
      expect((await get(w, u)).status).toBe(404);
    }
    expect(filesOf(w, used)).toHaveLength(3);
    expect(existsSync(join(w.dir, 'someoneelse00000000000000000000.webp'))).toBe(true);
  });
});

describe('srcSetFor', () => {
  it('lists the copies and the image at its full width; nothing for other URLs', () => {
    const url = '/uploads/abcdefghijklmnopqrstuvwxyz012345.webp';
    expect(srcSetFor(url)).toBe(
      '/uploads/abcdefghijklmnopqrstuvwxyz012345-200.webp 200w, /uploads/abcdefghijklmnopqrstuvwxyz012345-400.webp 400w, /uploads/abcdefghijklmnopqrstuvwxyz012345-800.webp 800w, /uploads/abcdefghijklmnopqrstuvwxyz012345.webp 1200w',
    );
    expect(srcSetFor(url, 'avatar')).toBe('/uploads/abcdefghijklmnopqrstuvwxyz012345-200.webp 200w, /uploads/abcdefghijklmnopqrstuvwxyz012345-400.webp 400w, /uploads/abcdefghijklmnopqrstuvwxyz012345.webp 512w');
    for (const other of [null, undefined, '', '/uploads/abcdefghijklmnopqrstuvwxyz012345.pdf', 'https://example.org/a.webp', '/favicon.svg']) expect(srcSetFor(other)).toBeUndefined();
  });
});

