import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { loadEnv } from '../../src/server/env';
import { documentWorld, sendForm, text, type DocumentWorld } from '../setup/documents';
import { expectError, textOf } from '../setup/errors';

/*
 * What one account may upload, images, documents and chat files together: at most
 * UPLOAD_RATE_MAX files per UPLOAD_RATE_WINDOW_MINUTES (429, Retry-After) and UPLOAD_DAILY_BYTES
 * per 24 hours (413). Counted per account: one member at the limit leaves everyone else free.
 * A refusal stores nothing.
 */

const png = () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#a63' } }).png().toBuffer();
type Who = 'host' | 'admin';

/** One upload through each of the three paths that take files. */
const PATHS = {
  image: async (w: DocumentWorld, who: Who, headers?: Record<string, string>) =>
    sendForm(w.t, '/api/uploads', { cookie: w.agents[who].cookie, file: { bytes: await png(), name: 'photo.png', type: 'image/png' }, fields: { kind: 'banner' }, headers }),
  document: (w: DocumentWorld, who: Who, headers?: Record<string, string>, bytes = text('Minutes of the meeting\n')) =>
    sendForm(w.t, `/api/communities/${w.community.id}/documents`, { cookie: w.agents[who].cookie, file: { bytes, name: 'minutes.txt', type: 'text/plain' }, fields: { title: 'Minutes' }, headers }),
  chat: (w: DocumentWorld, who: Who, headers?: Record<string, string>, bytes = text('See you at the hall\n')) =>
    sendForm(w.t, '/api/chat/files', { cookie: w.agents[who].cookie, file: { bytes, name: 'note.txt', type: 'text/plain' }, headers }),
};

const rowsOf = (w: DocumentWorld, who: Who) => w.t.db.select().from(uploads).where(eq(uploads.ownerId, w.users[who].id)).all();
/** Every file in the uploads folder, public and private. */
const storedFiles = (w: DocumentWorld) => [...readdirSync(w.dir).filter((n) => n !== 'private'), ...(existsSync(join(w.dir, 'private')) ? readdirSync(join(w.dir, 'private')) : [])];

describe('REST: the upload rate per account', () => {
  it.each(Object.keys(PATHS) as (keyof typeof PATHS)[])('%s: the files past UPLOAD_RATE_MAX in the window → 429 with Retry-After, nothing stored; another account still uploads', async (path) => {
    const w = await documentWorld({ UPLOAD_RATE_MAX: '3', UPLOAD_RATE_WINDOW_MINUTES: '10' });
    // The allowance is shared by the three paths: an image, a document and a chat file use it up.
    expect((await PATHS.image(w, 'host')).status).toBe(201);
    w.t.clock.advance(60_000);
    expect((await PATHS.document(w, 'host')).status).toBe(201);
    w.t.clock.advance(60_000);
    expect((await PATHS.chat(w, 'host')).status).toBe(201);
    const files = storedFiles(w).length;

    const refused = await PATHS[path](w, 'host');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: textOf('errors.upload.tooMany', { count: 8, limit: 3, window: 10 }), code: 'TOO_MANY_REQUESTS' });
    // The first of the three leaves the window 8 minutes from now.
    expect(refused.headers.get('retry-after')).toBe(String(8 * 60));
    expect(rowsOf(w, 'host')).toHaveLength(3);
    expect(storedFiles(w)).toHaveLength(files);

    const fr = await PATHS[path](w, 'host', { 'accept-language': 'fr' });
    expectError(fr, 'TOO_MANY_REQUESTS', 'errors.upload.tooMany', { count: 8, limit: 3, window: 10 }, 'fr');

    // Per account, not for everyone.
    expect((await PATHS[path](w, 'admin')).status).toBe(201);

    // Once the first upload leaves the window, one more fits.
    w.t.clock.advance(8 * 60_000);
    expect((await PATHS[path](w, 'host')).status).toBe(201);
    expect((await PATHS[path](w, 'host')).status).toBe(429);
  });

  it('side-by-side uploads cannot all pass on one count: 6 at once with room for 3 → exactly 3 stored', async () => {
    const w = await documentWorld({ UPLOAD_RATE_MAX: '3' });
    const results = await Promise.all([PATHS.image(w, 'host'), PATHS.image(w, 'host'), PATHS.document(w, 'host'), PATHS.document(w, 'host'), PATHS.chat(w, 'host'), PATHS.chat(w, 'host')]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    expect(rowsOf(w, 'host')).toHaveLength(3);
    // The refused ones' files were removed too (an image has three narrower copies beside it).
    const images = rowsOf(w, 'host').filter((r) => r.purpose === 'banner').length;
    expect(storedFiles(w)).toHaveLength(3 + images * 3);
  });

  it('a refused file (415) uses no allowance', async () => {
    const w = await documentWorld({ UPLOAD_RATE_MAX: '1' });
    const exe = await sendForm(w.t, '/api/chat/files', { cookie: w.agents.host.cookie, file: { bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]), name: 'a.exe' } });
    expect(exe.status).toBe(415);
    expect((await PATHS.chat(w, 'host')).status).toBe(201);
    expect((await PATHS.chat(w, 'host')).status).toBe(429);
  });

  it('UPLOAD_RATE_MAX=0 turns the rate off', async () => {
    const w = await documentWorld({ UPLOAD_RATE_MAX: '0' });
    for (let i = 0; i < 4; i++) expect((await PATHS.chat(w, 'host')).status).toBe(201);
  });
});

describe('REST: the daily upload allowance per account', () => {
  it('bytes of the last 24 hours past UPLOAD_DAILY_BYTES → 413, nothing stored; exactly the allowance fits; another account and the next day are free', async () => {
    const w = await documentWorld({ UPLOAD_DAILY_BYTES: '100000' });
    const of = (n: number) => text('x'.repeat(n - 1) + '\n');
    expect((await PATHS.document(w, 'host', undefined, of(60_000))).status).toBe(201);
    w.t.clock.advance(60 * 60_000);

    const over = await PATHS.chat(w, 'host', undefined, of(60_000));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ error: textOf('errors.upload.dailyQuota', { limit: 0.1 }), code: 'PAYLOAD_TOO_LARGE' });
    const fr = await PATHS.chat(w, 'host', { 'accept-language': 'fr' }, of(60_000));
    expect(fr.body.error).toBe('Un compte peut téléverser 0,1 Mo en 24 heures, et ce fichier dépasserait cette limite. Veuillez réessayer plus tard ou choisir un fichier plus léger.');
    expect(rowsOf(w, 'host')).toHaveLength(1);

    // Up to the allowance exactly.
    expect((await PATHS.chat(w, 'host', undefined, of(40_000))).status).toBe(201);
    expect(rowsOf(w, 'host').reduce((sum, r) => sum + r.bytes, 0)).toBe(100_000);
    // Nothing left: refused before the file is even read, whatever its path.
    for (const path of ['image', 'document', 'chat'] as const) expect((await PATHS[path](w, 'host')).status).toBe(413);
    expect(rowsOf(w, 'host')).toHaveLength(2);

    // Per account.
    expect((await PATHS.document(w, 'admin', undefined, of(60_000))).status).toBe(201);

    // A day after the first upload, its bytes no longer count.
    w.t.clock.advance(23 * 60 * 60_000 + 1);
    expect((await PATHS.chat(w, 'host', undefined, of(50_000))).status).toBe(201);
  });
});

describe('configuration', () => {
  it('defaults need nothing: 30 files per 10 minutes, 200 MB a day; wrong values stop the server with the variable named', () => {
    expect(loadEnv({})).toMatchObject({ UPLOAD_RATE_MAX: 30, UPLOAD_RATE_WINDOW_MINUTES: 10, UPLOAD_DAILY_BYTES: 200 * 1024 * 1024 });
    expect(() => loadEnv({ UPLOAD_RATE_MAX: '-1' })).toThrow(/UPLOAD_RATE_MAX/);
    expect(() => loadEnv({ UPLOAD_RATE_WINDOW_MINUTES: '0' })).toThrow(/UPLOAD_RATE_WINDOW_MINUTES/);
    expect(() => loadEnv({ UPLOAD_DAILY_BYTES: 'lots' })).toThrow(/UPLOAD_DAILY_BYTES/);
  });
});
