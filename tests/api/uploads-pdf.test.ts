import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { expectError, textOf } from '../setup/errors';

/*
 * Proofs of payment and expense receipts (kind=proof) as PDF: recognised by their bytes,
 * rewritten by pdf-lib (what the reader would run, attached files and earlier versions do not
 * survive), served only as downloads. Avatars and banners stay images.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function uploadsApp() {
  const dir = mkdtempSync(join(tmpdir(), 'harambee-uploads-pdf-'));
  dirs.push(dir);
  return { t: makeTestApp({ env: { UPLOADS_DIR: dir } }), dir };
}

async function upload(t: TestApp, p: { bytes: Uint8Array; kind?: string; type?: string; filename?: string; language?: string }) {
  const cookie = (await as(t, await makeUser(t.db))).cookie!;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'application/pdf' }), p.filename ?? 'receipt.pdf');
  form.append('kind', p.kind ?? 'proof');
  const headers: Record<string, string> = { cookie };
  if (p.language) headers['accept-language'] = p.language;
  const res = await t.app.request('/api/uploads', { method: 'POST', body: form, headers });
  const text = await res.text();
  lastUploader.set(t, cookie);
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Proofs are private: read back by the account that uploaded them (the last one, per app). */
const lastUploader = new WeakMap<TestApp, string>();
async function fetchUpload(t: TestApp, url: string) {
  const res = await t.app.request(url, { headers: { cookie: lastUploader.get(t) ?? '' } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** A one-page receipt, as a phone's "print to PDF" would make it. */
async function receiptPdf(p: { pages?: number; title?: string } = {}) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < (p.pages ?? 1); i++) doc.addPage([420, 595]).drawText(`MTN MoMo: 5000 XAF sent. Ref MP240615.${i}`, { x: 30, y: 500, size: 12, font });
  if (p.title) doc.setTitle(p.title);
  return doc.save();
}

const PDF_URL = /^\/api\/proofs\/[a-z0-9]{16,64}\.pdf$/;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('REST: POST /api/uploads, kind=proof, a PDF', () => {
  it('takes a real PDF, rewrites it, keeps it in the private folder, and serves it only as a download: application/pdf, attachment, nosniff, no-store', async () => {
    const { t, dir } = uploadsApp();
    const r = await upload(t, { bytes: await receiptPdf({ pages: 2, title: 'Statement of Mr X' }) });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ url: expect.stringMatching(PDF_URL), type: 'pdf', width: null, height: null });
    expect(readdirSync(dir)).toEqual(['private']);
    expect(readdirSync(join(dir, 'private'))).toEqual([r.body.url.slice('/api/proofs/'.length)]);

    const served = await fetchUpload(t, r.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="receipt\.pdf"/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain("sandbox; default-src 'none'");
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    expect(Number(served.headers.get('content-length'))).toBe(served.bytes.length);
    expect(text(served.bytes.subarray(0, 5))).toBe('%PDF-');
    // Still the same document to read, without its metadata.
    const copy = await PDFDocument.load(served.bytes, { updateMetadata: false });
    expect(copy.getPageCount()).toBe(2);
    expect(copy.getPage(0).getSize()).toEqual({ width: 420, height: 595 });
    expect(copy.getTitle()).toBeUndefined();
  });

  it('in French too, whatever name and type the browser declared', async () => {
    const { t } = uploadsApp();
    const r = await upload(t, { bytes: await receiptPdf(), type: 'application/octet-stream', filename: 'recu', language: 'fr' });
    expect(r.status).toBe(201);
    expect(r.body.url).toMatch(PDF_URL);
  });

  it('drops what a reader would run or open: the open action, page and link actions, attached files, and bytes after the end', async () => {
    const { t } = uploadsApp();
    const doc = await PDFDocument.load(await receiptPdf());
    const ctx = doc.context;
    const js = ctx.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("pwned")') });
    doc.catalog.set(PDFName.of('OpenAction'), ctx.register(js));
    const page = doc.getPage(0);
    page.node.set(PDFName.of('AA'), ctx.obj({ O: ctx.register(ctx.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(2)') })) }));
    const link = ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 20], A: ctx.register(ctx.obj({ S: 'Launch', F: PDFString.of('cmd.exe') })) }));
    const attachment = ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [0, 30, 20, 50], FS: PDFString.of('payload.exe') }));
    page.node.set(PDFName.of('Annots'), ctx.obj([link, attachment]));
    const tampered = Buffer.concat([Buffer.from(await doc.save({ useObjectStreams: false })), Buffer.from('\n<html><script>alert(document.cookie)</script></html>\n')]);

    const r = await upload(t, { bytes: tampered });
    expect(r.status).toBe(201);
    const served = (await fetchUpload(t, r.body.url)).bytes;
    expect(text(served)).not.toContain('<script>');
    const copy = await PDFDocument.load(served);
    expect(copy.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
    expect(copy.catalog.get(PDFName.of('Names'))).toBeUndefined();
    const copied = copy.getPage(0).node;
    expect(copied.get(PDFName.of('AA'))).toBeUndefined();
    const annots = copy.context.lookup(copied.get(PDFName.of('Annots')), PDFArray);
    expect(annots.size()).toBe(1);
    const kept = copy.context.lookup(annots.get(0), PDFDict);
    expect(kept.get(PDFName.of('Subtype'))).toBe(PDFName.of('Link'));
    expect(kept.get(PDFName.of('A'))).toBeUndefined();
  });

  describe('refusals (nothing is stored, never a 500)', () => {
    it.each([
      ['the header followed by junk', Buffer.from('%PDF-1.7\nthis is not a PDF at all, just words\n%%EOF\n')],
      ['the header alone', Buffer.from('%PDF-')],
      ['a PDF without any page', Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')],
      ['the header and random bytes', Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096)])],
    ])('a fake PDF: %s → 415 with a message to read', async (_label, bytes) => {
      const { t, dir } = uploadsApp();
      const r = await upload(t, { bytes });
      expect(r.status).toBe(415);
      expect(r.body).toEqual({ error: textOf('errors.upload.pdfUnreadable'), code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(readdirSync(dir)).toEqual([]);
    });

    it('a damaged real PDF (cut short or with bytes overwritten) is stored rewritten or refused with 415, never a 500', async () => {
      const { t } = uploadsApp();
      const good = Buffer.from(await receiptPdf({ pages: 3 }));
      const damaged = [good.subarray(0, good.length / 2), good.subarray(0, 200), good.subarray(0, good.length - 40)];
      for (let i = 0; i < 12; i++) {
        const copy = Buffer.from(good);
        const at = 9 + ((i * 7919) % (good.length - 9));
        randomBytes(64).copy(copy, Math.min(at, copy.length - 64));
        damaged.push(copy);
      }
      for (const bytes of damaged) {
        const r = await upload(t, { bytes });
        expect([201, 415]).toContain(r.status);
        if (r.status === 201) expect(text((await fetchUpload(t, r.body.url)).bytes.subarray(0, 5))).toBe('%PDF-');
      }
    });

    it('an encrypted PDF → 415, asking for a copy without a password', async () => {
      const { t, dir } = uploadsApp();
      const plain = text(await (await PDFDocument.load(await receiptPdf())).save({ useObjectStreams: false }));
      const encrypted = plain.replace('trailer\n<<', 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>');
      expect(encrypted).not.toBe(plain);
      const r = await upload(t, { bytes: Buffer.from(encrypted, 'latin1') });
      expect(r.status).toBe(415);
      expectError(r, 'UNSUPPORTED_MEDIA_TYPE', 'errors.upload.pdfEncrypted');
      const fr = await upload(t, { bytes: Buffer.from(encrypted, 'latin1'), language: 'fr' });
      expectError(fr, 'UNSUPPORTED_MEDIA_TYPE', 'errors.upload.pdfEncrypted', undefined, 'fr');
      expect(readdirSync(dir)).toEqual([]);
    });

    it('a compression bomb (an object stream that inflates to 256 MB) → 415, quickly', async () => {
      const { t, dir } = uploadsApp();
      const base = text(await receiptPdf());
      const bomb = deflateSync(Buffer.alloc(256 * 1024 * 1024, 0x20), { level: 9 });
      const at = base.lastIndexOf('xref');
      const header = `99 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`;
      const bytes = Buffer.concat([Buffer.from(base.slice(0, at), 'latin1'), Buffer.from(header, 'latin1'), bomb, Buffer.from('\nendstream\nendobj\n'), Buffer.from(base.slice(at), 'latin1')]);
      expect(bytes.length).toBeLessThan(1024 * 1024);
      const started = performance.now();
      const r = await upload(t, { bytes });
      expect(r.status).toBe(415);
      // Unguarded, pdf-lib inflates all of it: about 4 s and 256 MB of memory here.
      expect(performance.now() - started).toBeLessThan(2_500);
      expect(readdirSync(dir)).toEqual([]);
    });

    it('more than 50 pages → 415 saying so', async () => {
      const { t } = uploadsApp();
      const r = await upload(t, { bytes: await receiptPdf({ pages: 51 }) });
      expect(r.status).toBe(415);
      expectError(r, 'UNSUPPORTED_MEDIA_TYPE', 'errors.upload.pdfPages', { max: 50 });
      expect((await upload(t, { bytes: await receiptPdf({ pages: 50 }) })).status).toBe(201);
    });

    it.each(['avatar', 'banner'])('a real PDF as kind=%s → 415: those stay images', async (kind) => {
      const { t, dir } = uploadsApp();
      const r = await upload(t, { bytes: await receiptPdf(), kind });
      expect(r.status).toBe(415);
      expect(r.body).toEqual({ error: textOf('errors.upload.type'), code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(readdirSync(dir)).toEqual([]);
    });

    it('neither an image nor a PDF as a proof → 415 naming both', async () => {
      const { t } = uploadsApp();
      const r = await upload(t, { bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), type: 'application/pdf' });
      expect(r.status).toBe(415);
      expectError(r, 'UNSUPPORTED_MEDIA_TYPE', 'errors.upload.proofType');
    });

    it('a PDF just over 5 MB → 413 speaking of a file; one just under is taken', async () => {
      const { t, dir } = uploadsApp();
      const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
      Buffer.from(await receiptPdf()).copy(big);
      const r = await upload(t, { bytes: big });
      expect(r.status).toBe(413);
      expect(r.body).toEqual({ error: textOf('errors.upload.fileTooLarge'), code: 'PAYLOAD_TOO_LARGE' });
      expect(readdirSync(dir)).toEqual([]);

      // Noise does not compress: a scan of about 4.3 MB.
      const doc = await PDFDocument.create();
      const scan = await doc.embedPng(await sharp(randomBytes(1200 * 1200 * 3), { raw: { width: 1200, height: 1200, channels: 3 } }).png().toBuffer());
      doc.addPage([595, 842]).drawImage(scan, { x: 0, y: 0, width: 595, height: 595 });
      const heavy = await doc.save();
      expect(heavy.length).toBeGreaterThan(4 * 1024 * 1024);
      expect(heavy.length).toBeLessThan(5 * 1024 * 1024);
      const ok = await upload(t, { bytes: heavy });
      expect(ok.status).toBe(201);
      expect((await PDFDocument.load((await fetchUpload(t, ok.body.url)).bytes)).getPageCount()).toBe(1);
    });

    it('8 MB, cut off while streaming → 413', async () => {
      const { t, dir } = uploadsApp();
      const big = Buffer.alloc(8 * 1024 * 1024, 0x20);
      Buffer.from(await receiptPdf()).copy(big);
      const r = await upload(t, { bytes: big });
      expect(r.status).toBe(413);
      expect(r.body.code).toBe('PAYLOAD_TOO_LARGE');
      expect(readdirSync(dir)).toEqual([]);
    });
  });
});

describe('REST: POST /api/uploads, kind=proof, a photo', () => {
  it.each([
    [900, 1400, 900, 1400],
    [3000, 1000, 2000, 667],
    [1200, 4000, 600, 2000],
  ])('keeps a %ix%i photo whole (never cropped, only made smaller): %ix%i WebP', async (w, h, width, height) => {
    const { t } = uploadsApp();
    const photo = await sharp({ create: { width: w, height: h, channels: 3, background: '#f6e05e' } }).jpeg().toBuffer();
    const r = await upload(t, { bytes: photo, type: 'image/jpeg', filename: 'sms.jpg' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ url: expect.stringMatching(/^\/api\/proofs\/[a-z0-9]+\.webp$/), type: 'image', width, height });
    const served = await fetchUpload(t, r.body.url);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'webp', width, height });
  });
});

describe('REST: GET /uploads/:name for PDFs', () => {
  it.each(['/uploads/abcdefghijklmnopqrst.pdf', '/uploads/ABCDEFGHIJKLMNOPQRST.pdf', '/uploads/abcdefghijklmnopqrst.PDF', '/uploads/abcdefghijklmnopqrst.pdf.html'])('answers 404 for %s', async (path) => {
    const { t } = uploadsApp();
    expect((await t.app.request(path)).status).toBe(404);
  });
});
