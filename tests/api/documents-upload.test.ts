import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { communities, documentVersions, financeAudit, uploads } from '../../db/schema';
import { MAX_DOCUMENT_BYTES } from '../../src/shared/documents/rules';
import { download, documentWorld, exeFile, jpegFile, odfFile, ooxmlFile, pdfFile, pngFile, text, uploadDocument, uploadVersion, webpFile } from '../setup/documents';
import { expectError } from '../setup/errors';

/*
 * POST /api/communities/:id/documents (multipart) and POST /api/documents/:id/versions: every
 * accepted kind decided by content, every refusal with its status (415, 413, 401, 403, 404), the
 * quota (413 naming usage and quota, held under two uploads at once), and the audit trail.
 */

const privateFiles = (dir: string) => readdirSync(join(dir, 'private'));

describe('REST: POST /api/communities/:id/documents', () => {
  it('accepts each kind, typed by content: PDF, PNG, JPEG, WebP, DOCX, XLSX, PPTX, ODT, ODS, text and CSV', async () => {
    const w = await documentWorld();
    const cases: [string, Uint8Array, string][] = [
      ['minutes.pdf', await pdfFile(), 'application/pdf'],
      ['flyer.png', await pngFile(), 'image/png'],
      ['photo.jpg', await jpegFile(), 'image/jpeg'],
      ['poster.webp', await webpFile(), 'image/webp'],
      ['constitution.docx', ooxmlFile('docx'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['accounts.xlsx', ooxmlFile('xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['agm.pptx', ooxmlFile('pptx'), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      ['statuts.odt', odfFile('odt'), 'application/vnd.oasis.opendocument.text'],
      ['budget.ods', odfFile('ods'), 'application/vnd.oasis.opendocument.spreadsheet'],
      ['notes.txt', text('Agenda: 1. dues 2. picnic\n'), 'text/plain'],
      ['members.csv', text('name,amount\nAmara,5000\n'), 'text/csv'],
    ];
    for (const [name, bytes, type] of cases) {
      // The declared type is a lie on purpose: only the bytes count.
      const r = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes, name, type: 'application/octet-stream' });
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(201);
      expect(r.body).toMatchObject({ title: name, contentType: type, originalName: name, version: 1, visibility: 'members', uploadedBy: { id: w.users.host.id, name: `Ngozi ${w.users.host.lastName}` } });
    }
    // Stored under random names without extension, outside the public folder.
    const stored = privateFiles(w.dir);
    expect(stored).toHaveLength(cases.length);
    for (const name of stored) expect(name).toMatch(/^[a-z0-9]{16,64}$/);
    expect(readdirSync(w.dir).sort()).toEqual(['private']);
    // Every file registered and attached to its document.
    const rows = w.t.db.select().from(uploads).all();
    expect(rows).toHaveLength(cases.length);
    expect(rows.every((r) => r.purpose === 'document' && r.attachedAt !== null && r.ownerId === w.users.host.id)).toBe(true);
  });

  it('re-encodes images without their metadata', async () => {
    const w = await documentWorld();
    const r = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: await jpegFile(), name: 'photo.jpg' });
    expect(r.status).toBe(201);
    const got = await download(w.t, w.agents.amara.cookie, r.body.downloadUrl);
    expect(got.status).toBe(200);
    const meta = await sharp(got.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(got.bytes).includes('SecretCam')).toBe(false);
  });

  it('refuses with 415 a renamed executable, HTML named .txt, an SVG with a script, a broken PDF; nothing is kept', async () => {
    const w = await documentWorld();
    const refused: [string, Uint8Array][] = [
      ['minutes.pdf', exeFile()],
      ['notes.txt', text('<!doctype html><html><body><script>fetch("/api/auth/user")</script></body></html>')],
      ['logo.png', text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>')],
      ['page.html', text('<html><body>hello</body></html>')],
      ['broken.pdf', text('%PDF-1.7\nthis is not really a pdf')],
    ];
    for (const [name, bytes] of refused) {
      const r = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes, name, type: 'text/plain' });
      expect(r.status, name).toBe(415);
      expect(r.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expectError(await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: exeFile(), name: 'x.pdf' }), 'UNSUPPORTED_MEDIA_TYPE', 'documents.errors.type');
    expect(w.t.db.select().from(uploads).all()).toEqual([]);
  });

  it('takes a file well over the 1 MB limit of JSON writes (the multipart path counts its own 20 MB)', async () => {
    const w = await documentWorld();
    const big = text('x'.repeat(3 * 1024 * 1024));
    const r = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: big, name: 'large.txt' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.bytes).toBe(big.byteLength);
  });

  it('refuses a file over 20 MB with 413 (counted while it streams in), an empty one with 400', async () => {
    const w = await documentWorld();
    const big = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    big.set(text('plain text'));
    big.fill(0x61, 10);
    const r = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: big, name: 'big.txt' });
    expect(r.status).toBe(413);
    expectError(r, 'PAYLOAD_TOO_LARGE', 'documents.errors.tooLarge');
    const empty = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: new Uint8Array(0), name: 'empty.txt' });
    expect(empty.status).toBe(400);
    expect(w.t.db.select().from(uploads).all()).toEqual([]);
  });

  it('who may upload: signed out 401, a plain member 403, an outsider of a public community 403, of a private one 404', async () => {
    const w = await documentWorld();
    const file = { bytes: await pdfFile(), name: 'minutes.pdf' };
    expect((await uploadDocument(w.t, null, w.community.id, file)).status).toBe(401);
    expect((await uploadDocument(w.t, w.agents.amara.cookie, w.community.id, file)).status).toBe(403);
    expect((await uploadDocument(w.t, w.agents.outsider.cookie, w.community.id, file)).status).toBe(403);
    expect((await uploadDocument(w.t, w.agents.outsider.cookie, w.privateCommunity.id, file)).status).toBe(404);
    expect((await uploadDocument(w.t, w.agents.host.cookie, 99999, file)).status).toBe(404);
    // The treasurer and an admin may.
    expect((await uploadDocument(w.t, w.agents.treasurer.cookie, w.community.id, file)).status).toBe(201);
    expect((await uploadDocument(w.t, w.agents.admin.cookie, w.community.id, file)).status).toBe(201);
    expect(w.t.db.select().from(uploads).all()).toHaveLength(2);
  });

  it('checks the fields: title required, visibility members|leaders, a folder of this community, the file field', async () => {
    const w = await documentWorld();
    const file = { bytes: await pdfFile(), name: 'minutes.pdf' };
    const noTitle = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, file, { title: '  ' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.issues[0].path).toEqual(['title']);
    expect((await uploadDocument(w.t, w.agents.host.cookie, w.community.id, file, { visibility: 'everyone' })).status).toBe(400);
    expect((await uploadDocument(w.t, w.agents.host.cookie, w.community.id, file, { folderId: '12345' })).status).toBe(404);
    const noFile = await w.t.app.request(`/api/communities/${w.community.id}/documents`, { method: 'POST', body: JSON.stringify({ title: 'x' }), headers: { cookie: w.agents.host.cookie!, 'content-type': 'application/json' } });
    expect(noFile.status).toBe(400);
    const leaders = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, file, { title: 'Draft accounts', description: 'Not yet approved', visibility: 'leaders' });
    expect(leaders.status).toBe(201);
    expect(leaders.body).toMatchObject({ title: 'Draft accounts', description: 'Not yet approved', visibility: 'leaders', folderId: null });
  });

  it('over the quota: 413 naming the usage and the quota; the file is not kept', async () => {
    const w = await documentWorld();
    const first = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: text('a'.repeat(600)), name: 'a.txt' });
    expect(first.status).toBe(201);
    w.t.db.update(communities).set({ documentQuotaBytes: 1000 }).where(eq(communities.id, w.community.id)).run();
    const over = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: text('b'.repeat(500)), name: 'b.txt' });
    expect(over.status).toBe(413);
    expectError(over, 'PAYLOAD_TOO_LARGE', 'documents.errors.overQuota', { used: '600 bytes', quota: '1000 bytes', size: '500 bytes' });
    // A new version counts too.
    const version = await uploadVersion(w.t, w.agents.host.cookie, first.body.id, { bytes: text('c'.repeat(401)), name: 'a.txt' });
    expect(version.status).toBe(413);
    expect(w.t.db.select().from(uploads).all()).toHaveLength(1);
    expect(privateFiles(w.dir)).toHaveLength(1);
    // What fits still goes in.
    expect((await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: text('d'.repeat(400)), name: 'd.txt' })).status).toBe(201);
  });

  it('the default quota comes from DOCUMENT_QUOTA_BYTES; French callers read the message in French', async () => {
    const w = await documentWorld({ DOCUMENT_QUOTA_BYTES: '100' });
    const r = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: text('x'.repeat(200)), name: 'x.txt' });
    expect(r.status).toBe(413);
    const fr = await w.t.app.request(`/api/communities/${w.community.id}/documents`, {
      method: 'POST',
      body: (() => {
        const f = new FormData();
        f.append('file', new Blob([text('x'.repeat(200))]), 'x.txt');
        f.append('title', 'x');
        return f;
      })(),
      headers: { cookie: w.agents.host.cookie!, 'accept-language': 'fr' },
    });
    expect(fr.status).toBe(413);
    expectError({ body: await fr.json() }, 'PAYLOAD_TOO_LARGE', 'documents.errors.overQuota', { used: '0 bytes', quota: '100 bytes', size: '200 bytes' }, 'fr');
  });

  it('two uploads at once cannot both pass on the same remaining room', async () => {
    const w = await documentWorld();
    w.t.db.update(communities).set({ documentQuotaBytes: 1500 }).where(eq(communities.id, w.community.id)).run();
    const results = await Promise.all([
      uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: text('a'.repeat(1000)), name: 'a.txt' }),
      uploadDocument(w.t, w.agents.admin.cookie, w.community.id, { bytes: text('b'.repeat(1000)), name: 'b.txt' }),
      uploadDocument(w.t, w.agents.treasurer.cookie, w.community.id, { bytes: text('c'.repeat(1000)), name: 'c.txt' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 413, 413]);
    expect(w.t.db.select().from(documentVersions).all()).toHaveLength(1);
    expect(privateFiles(w.dir)).toHaveLength(1);
  });

  it('uploads and new versions go to the community audit trail', async () => {
    const w = await documentWorld();
    const r = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: await pdfFile(), name: 'minutes.pdf' });
    const v = await uploadVersion(w.t, w.agents.admin.cookie, r.body.id, { bytes: await pdfFile(2), name: 'minutes-v2.pdf' });
    expect(v.status).toBe(201);
    const trail = w.t.db.select().from(financeAudit).where(eq(financeAudit.communityId, w.community.id)).all();
    expect(trail.map((a) => [a.action, a.actorId, a.subject])).toEqual([
      ['document.upload', w.users.host.id, `document:${r.body.id}`],
      ['document.version', w.users.admin.id, `document:${r.body.id}`],
    ]);
    expect(JSON.parse(trail[0]!.details)).toMatchObject({ title: 'minutes.pdf', file: 'minutes.pdf', contentType: 'application/pdf' });
  });
});

describe('REST: POST /api/documents/:id/versions', () => {
  it('a new current file; earlier ones stay listed newest first and downloadable by number', async () => {
    const w = await documentWorld();
    const first = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: text('version one'), name: 'notes.txt' });
    w.t.clock.advance(60_000);
    const second = await uploadVersion(w.t, w.agents.treasurer.cookie, first.body.id, { bytes: await pdfFile(), name: 'notes.pdf' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ id: first.body.id, version: 2, contentType: 'application/pdf', originalName: 'notes.pdf', title: 'notes.txt' });
    expect(second.body.versions.map((v: { version: number; current: boolean; uploadedBy: { id: string } }) => [v.version, v.current, v.uploadedBy.id])).toEqual([
      [2, true, w.users.treasurer.id],
      [1, false, w.users.host.id],
    ]);
    const old = await download(w.t, w.agents.amara.cookie, `/api/documents/${first.body.id}/download?version=1`);
    expect(new TextDecoder().decode(old.bytes)).toBe('version one');
    const current = await download(w.t, w.agents.amara.cookie, `/api/documents/${first.body.id}/download`);
    expect(current.headers.get('content-type')).toBe('application/pdf');
    expect((await download(w.t, w.agents.amara.cookie, `/api/documents/${first.body.id}/download?version=3`)).status).toBe(404);
    // A member cannot add a version; a refused type leaves the document as it was.
    expect((await uploadVersion(w.t, w.agents.amara.cookie, first.body.id, { bytes: text('mine'), name: 'n.txt' })).status).toBe(403);
    expect((await uploadVersion(w.t, w.agents.host.cookie, first.body.id, { bytes: exeFile(), name: 'n.txt' })).status).toBe(415);
    expect((await uploadVersion(w.t, w.agents.host.cookie, 424242, { bytes: text('x'), name: 'n.txt' })).status).toBe(404);
    expect(readFileSync(join(w.dir, 'private', w.t.db.select().from(uploads).all()[0]!.name), 'utf8')).toBe('version one');
  });
});
