import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, financeAudit, uploads } from '../../db/schema';
import { makeUser } from '../factories';
import { anonymous, as } from '../setup/communities';
import { DOC, DOCT, download, documentWorld, pdfFile, pngFile, text, uploadDocument, type DocumentWorld } from '../setup/documents';
import { TRPC, transportsFor } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Reading documents: the list (newest first, by folder, by title, paged), the Overview's recent
 * three, one document with its versions; the download route's checks on every request (session,
 * membership, visibility) and its headers; editing, folders, deleting, usage and the staff quota.
 */

async function seed(w: DocumentWorld) {
  const up = async (name: string, fields: Record<string, string> = {}, bytes?: Uint8Array) => {
    w.t.clock.advance(1000);
    const r = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: bytes ?? text(`content of ${name}`), name }, fields);
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    return r.body as { id: number; downloadUrl: string };
  };
  return { up };
}

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: documents.list / GET /api/communities/:id/documents`, () => {
    it('newest first; members do not see leaders-only ones; by folder; by title with LIKE characters taken literally; paged', async () => {
      const w = await documentWorld();
      const { up } = await seed(w);
      const folder = (await TRPC.call(w.agents.host, DOCT.createFolder, { communityId: w.community.id, name: 'Minutes' })).data;
      const a = await up('Minutes March.txt', { folderId: String(folder.id) });
      const b = await up('Budget 100% draft.txt', { visibility: 'leaders' });
      const c = await up('Picnic_flyer.txt');
      const ids = (r: { items: { id: number }[] }) => r.items.map((i) => i.id);

      const forMember = T.page(await T.call(w.agents.amara, DOC.list, { communityId: w.community.id }));
      expect(ids(forMember)).toEqual([c.id, a.id]);
      expect(forMember.items[1]).toMatchObject({ folderId: folder.id, folderName: 'Minutes', kind: 'text', bytes: 'content of Minutes March.txt'.length, uploadedBy: { id: w.users.host.id } });
      expect(ids(T.page(await T.call(w.agents.treasurer, DOC.list, { communityId: w.community.id })))).toEqual([c.id, b.id, a.id]);
      expect(ids(T.page(await T.call(w.agents.host, DOC.list, { communityId: w.community.id, folderId: folder.id })))).toEqual([a.id]);
      expect(ids(T.page(await T.call(w.agents.host, DOC.list, { communityId: w.community.id, folderId: 'none' })))).toEqual([c.id, b.id]);
      expect(ids(T.page(await T.call(w.agents.host, DOC.list, { communityId: w.community.id, search: 'march' })))).toEqual([a.id]);
      expect(ids(T.page(await T.call(w.agents.host, DOC.list, { communityId: w.community.id, search: '100%' })))).toEqual([b.id]);
      expect(ids(T.page(await T.call(w.agents.host, DOC.list, { communityId: w.community.id, search: '_' })))).toEqual([c.id]);
      expect(ids(T.page(await T.call(w.agents.amara, DOC.list, { communityId: w.community.id, search: 'budget' })))).toEqual([]);

      const first = T.page(await T.call(w.agents.host, DOC.list, { communityId: w.community.id, limit: 2 }));
      expect(ids(first)).toEqual([c.id, b.id]);
      expect(first.nextCursor).toBe(b.id);
      const second = T.page(await T.call(w.agents.host, DOC.list, { communityId: w.community.id, limit: 2, cursor: first.nextCursor }));
      expect(ids(second)).toEqual([a.id]);
      expect(second.nextCursor).toBeNull();
    });

    it('outsiders: 403 for a public community, 404 for a private one; signed out 401; bad input 400', async () => {
      const w = await documentWorld();
      expect((await T.call(w.agents.outsider, DOC.list, { communityId: w.community.id })).status).toBe(403);
      expect((await T.call(w.agents.outsider, DOC.list, { communityId: w.privateCommunity.id })).status).toBe(404);
      expect((await T.call(w.agents.amara, DOC.list, { communityId: w.privateCommunity.id })).status).toBe(200);
      expect((await T.call(anonymous(w.t), DOC.list, { communityId: w.community.id })).status).toBe(401);
      expect((await T.call(w.agents.amara, DOC.list, { communityId: w.community.id, search: 'x'.repeat(101) })).status).toBe(400);
      expect((await T.call(w.agents.amara, DOC.list, { communityId: w.community.id, folderId: 'abc' })).status).toBe(400);
    });
  });

  describe(`${T.name}: documents.remove / DELETE /api/documents/:id`, () => {
    it('a leader deletes a document and all its versions; its files are detached for the sweep; audited; members cannot', async () => {
      const w = await documentWorld();
      const { up } = await seed(w);
      const doc = await up('old.txt');
      expect((await T.call(w.agents.amara, DOC.remove, { id: doc.id })).status).toBe(403);
      expect((await T.call(w.agents.outsider, DOC.remove, { id: doc.id })).status).toBe(403);
      const r = await T.call(w.agents.treasurer, DOC.remove, { id: doc.id });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ deleted: true, id: doc.id });
      expect(w.t.db.select().from(uploads).all().map((u) => u.attachedAt)).toEqual([null]);
      expect((await download(w.t, w.agents.host.cookie, doc.downloadUrl)).status).toBe(404);
      expect((await T.call(w.agents.treasurer, DOC.remove, { id: doc.id })).status).toBe(404);
      const trail = w.t.db.select().from(financeAudit).where(eq(financeAudit.action, 'document.delete')).all();
      expect(trail).toHaveLength(1);
      expect(trail[0]).toMatchObject({ actorId: w.users.treasurer.id, subject: `document:${doc.id}` });
    });
  });
}

describe('GET /api/documents/:id/download', () => {
  it('an attachment with the original name (RFC 5987), the stored type, nosniff, no caching and a sandbox', async () => {
    const w = await documentWorld();
    const r = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: await pdfFile(), name: 'Procès-verbal "AGM" 2026.pdf', type: 'text/html' });
    const got = await download(w.t, w.agents.bih.cookie, r.body.downloadUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="Proc_s-verbal AGM 2026.pdf"; filename*=UTF-8''Proc%C3%A8s-verbal%20AGM%202026.pdf`);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toBe('private, no-store');
    expect(got.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(got.headers.get('x-frame-options')).toBe('DENY');
    expect(new TextDecoder().decode(got.bytes.slice(0, 5))).toBe('%PDF-');
  });

  it('inline only for a preview of an image or a PDF (framed by the app itself); text always downloads', async () => {
    const w = await documentWorld();
    const pdf = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: await pdfFile(), name: 'm.pdf' });
    const png = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: await pngFile(), name: 'f.png' });
    const txt = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: text('hello'), name: 'n.txt' });
    const p = await download(w.t, w.agents.amara.cookie, `${pdf.body.downloadUrl}?inline=1`);
    expect(p.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(p.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect((await download(w.t, w.agents.amara.cookie, `${png.body.downloadUrl}?inline=1`)).headers.get('content-disposition')).toMatch(/^inline; /);
    const t = await download(w.t, w.agents.amara.cookie, `${txt.body.downloadUrl}?inline=1`);
    expect(t.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(t.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await download(w.t, w.agents.amara.cookie, `${txt.body.downloadUrl}?inline=yes`)).status).toBe(400);
  });

  it('checked on every request: a leaked URL is useless without a session, to outsiders and, for leaders-only files, to members', async () => {
    const w = await documentWorld();
    const open = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: text('for all'), name: 'a.txt' });
    const draft = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: text('draft'), name: 'd.txt' }, { visibility: 'leaders' });
    const secret = await uploadDocument(w.t, w.agents.host.cookie, w.privateCommunity.id, { bytes: text('inside'), name: 's.txt' });
    expect((await download(w.t, null, open.body.downloadUrl)).status).toBe(401);
    expect((await download(w.t, 'harambee_session=forged', open.body.downloadUrl)).status).toBe(401);
    expect((await download(w.t, w.agents.outsider.cookie, open.body.downloadUrl)).status).toBe(403);
    // A private community's outsider and a member asking for a leaders-only file: as if it did not exist.
    const hidden = await download(w.t, w.agents.outsider.cookie, secret.body.downloadUrl);
    const unknown = await download(w.t, w.agents.outsider.cookie, '/api/documents/987654/download');
    expect(hidden.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(hidden.bytes)).error).toBe(JSON.parse(new TextDecoder().decode(unknown.bytes)).error);
    const asMember = await download(w.t, w.agents.amara.cookie, draft.body.downloadUrl);
    expect(asMember.status).toBe(404);
    expectError({ body: JSON.parse(new TextDecoder().decode(asMember.bytes)) }, 'NOT_FOUND', 'documents.errors.notFound');
    expect((await download(w.t, w.agents.treasurer.cookie, draft.body.downloadUrl)).status).toBe(200);
    expect((await download(w.t, w.agents.amara.cookie, secret.body.downloadUrl)).status).toBe(200);
    // Someone who leaves loses access at once.
    const leaver = await makeUser(w.t.db);
    const { addMember } = await import('../factories');
    addMember(w.t.db, { communityId: w.community.id, user: leaver });
    const agent = await as(w.t, leaver);
    expect((await download(w.t, agent.cookie, open.body.downloadUrl)).status).toBe(200);
    expect((await agent.rest('POST', `/api/communities/${w.community.id}/leave`)).status).toBe(200);
    expect((await download(w.t, agent.cookie, open.body.downloadUrl)).status).toBe(403);
    // The stored files are never reachable through the public /uploads path.
    const name = w.t.db.select().from(uploads).all()[0]!.name;
    expect((await w.t.app.request(`/uploads/${name}`)).status).toBe(404);
    expect((await w.t.app.request(`/uploads/private/${name}`)).status).toBe(404);
  });
});

describe('tRPC-only document procedures', () => {
  it('recent: the last three the caller may see; get: a document with its versions; versions hides leaders-only ones from members', async () => {
    const w = await documentWorld();
    const { up } = await seed(w);
    const docs = [await up('one.txt'), await up('two.txt'), await up('three.txt', { visibility: 'leaders' }), await up('four.txt')];
    const recent = await TRPC.call(w.agents.amara, DOCT.recent, { communityId: w.community.id });
    expect(recent.data.map((d: { title: string }) => d.title)).toEqual(['four.txt', 'two.txt', 'one.txt']);
    expect((await TRPC.call(w.agents.host, DOCT.recent, { communityId: w.community.id })).data.map((d: { title: string }) => d.title)).toEqual(['four.txt', 'three.txt', 'two.txt']);
    const got = await TRPC.call(w.agents.amara, DOCT.get, { id: docs[0]!.id });
    expect(got.data).toMatchObject({ title: 'one.txt', canManage: false, versions: [{ version: 1, current: true }] });
    expect((await TRPC.call(w.agents.amara, DOCT.get, { id: docs[2]!.id })).status).toBe(404);
    expect((await TRPC.call(w.agents.amara, DOCT.versions, { id: docs[2]!.id })).status).toBe(404);
    expect((await TRPC.call(w.agents.host, DOCT.versions, { id: docs[2]!.id })).data).toHaveLength(1);
    expect((await TRPC.call(w.agents.outsider, DOCT.recent, { communityId: w.privateCommunity.id })).status).toBe(404);
  });

  it('update: title, description, folder, visibility (audited); only leaders; a folder of another community is refused', async () => {
    const w = await documentWorld();
    const { up } = await seed(w);
    const doc = await up('notes.txt');
    const folder = (await TRPC.call(w.agents.admin, DOCT.createFolder, { communityId: w.community.id, name: 'Receipts' })).data;
    const elsewhere = (await TRPC.call(w.agents.host, DOCT.createFolder, { communityId: w.privateCommunity.id, name: 'Receipts' })).data;
    expect((await TRPC.call(w.agents.amara, DOCT.update, { id: doc.id, title: 'Mine' })).status).toBe(403);
    expect((await TRPC.call(w.agents.host, DOCT.update, { id: doc.id })).status).toBe(400);
    expect((await TRPC.call(w.agents.host, DOCT.update, { id: doc.id, folderId: elsewhere.id })).status).toBe(404);
    const r = await TRPC.call(w.agents.treasurer, DOCT.update, { id: doc.id, title: 'March receipts', description: 'Scanned', folderId: folder.id, visibility: 'leaders' });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ title: 'March receipts', description: 'Scanned', folderId: folder.id, folderName: 'Receipts', visibility: 'leaders' });
    expect((await TRPC.call(w.agents.amara, DOCT.get, { id: doc.id })).status).toBe(404);
    const back = await TRPC.call(w.agents.treasurer, DOCT.update, { id: doc.id, folderId: null });
    expect(back.data.folderId).toBeNull();
    const trail = w.t.db.select().from(financeAudit).where(eq(financeAudit.action, 'document.visibility')).all();
    expect(trail.map((a) => JSON.parse(a.details))).toEqual([{ title: 'March receipts', from: 'members', to: 'leaders' }]);
  });

  it('folders: one level, unique names regardless of case, counts, rename, delete moves documents to the top level', async () => {
    const w = await documentWorld();
    const { up } = await seed(w);
    const f = (await TRPC.call(w.agents.host, DOCT.createFolder, { communityId: w.community.id, name: 'Minutes' })).data;
    expect((await TRPC.call(w.agents.host, DOCT.createFolder, { communityId: w.community.id, name: 'minutes ' })).status).toBe(409);
    expect((await TRPC.call(w.agents.amara, DOCT.createFolder, { communityId: w.community.id, name: 'Mine' })).status).toBe(403);
    expect((await TRPC.call(w.agents.host, DOCT.createFolder, { communityId: w.community.id, name: '' })).status).toBe(400);
    await up('a.txt', { folderId: String(f.id) });
    await up('b.txt', { folderId: String(f.id), visibility: 'leaders' });
    await up('c.txt');
    expect((await TRPC.call(w.agents.amara, DOCT.folders, { communityId: w.community.id })).data).toMatchObject({ items: [{ id: f.id, name: 'Minutes', documentCount: 1 }], topLevelCount: 1 });
    expect((await TRPC.call(w.agents.host, DOCT.folders, { communityId: w.community.id })).data.items[0].documentCount).toBe(2);
    const two = (await TRPC.call(w.agents.host, DOCT.createFolder, { communityId: w.community.id, name: 'Flyers' })).data;
    expect((await TRPC.call(w.agents.host, DOCT.renameFolder, { id: two.id, name: 'MINUTES' })).status).toBe(409);
    expect((await TRPC.call(w.agents.host, DOCT.renameFolder, { id: f.id, name: 'Meeting minutes' })).data).toMatchObject({ name: 'Meeting minutes', documentCount: 2 });
    expect((await TRPC.call(w.agents.amara, DOCT.deleteFolder, { id: f.id })).status).toBe(403);
    expect((await TRPC.call(w.agents.host, DOCT.deleteFolder, { id: f.id })).data).toEqual({ deleted: true, id: f.id, movedDocuments: 2 });
    expect((await TRPC.call(w.agents.host, DOCT.deleteFolder, { id: f.id })).status).toBe(404);
    expect((await TRPC.call(w.agents.host, DOCT.folders, { communityId: w.community.id })).data.topLevelCount).toBe(3);
  });

  it('usage and the staff quota: members see usage; only staff with admin.settings set the quota (audited), null is the default again', async () => {
    const w = await documentWorld();
    const { up } = await seed(w);
    await up('a.txt', {}, text('x'.repeat(1234)));
    expect((await TRPC.call(w.agents.amara, DOCT.usage, { communityId: w.community.id })).data).toEqual({ usedBytes: 1234, quotaBytes: 1073741824, isDefault: true });
    expect((await TRPC.call(w.agents.host, DOCT.setQuota, { communityId: w.community.id, quotaBytes: 5000 })).status).toBe(403);
    const staffUser = await makeUser(w.t.db, { role: 'superadmin' });
    const staff = await as(w.t, staffUser);
    expect((await TRPC.call(staff, DOCT.setQuota, { communityId: w.community.id, quotaBytes: -1 })).status).toBe(400);
    expect((await TRPC.call(staff, DOCT.setQuota, { communityId: 99999, quotaBytes: 10 })).status).toBe(404);
    expect((await TRPC.call(staff, DOCT.setQuota, { communityId: w.community.id, quotaBytes: 5000 })).data).toEqual({ usedBytes: 1234, quotaBytes: 5000, isDefault: false });
    expect((await TRPC.call(w.agents.amara, DOCT.usage, { communityId: w.community.id })).data.quotaBytes).toBe(5000);
    // The staff list of communities carries the same, for the quota dialog to open on.
    const listed = async () =>
      ((await staff.rest('GET', `/trpc/admin.communities?input=${encodeURIComponent(JSON.stringify({ search: w.community.name }))}`)).body as { result: { data: { items: { id: number; documents: unknown }[] } } }).result.data.items.find(
        (c) => c.id === w.community.id,
      )?.documents;
    expect(await listed()).toEqual({ usedBytes: 1234, quotaBytes: 5000, isDefault: false, defaultBytes: 1073741824 });
    expect((await TRPC.call(staff, DOCT.setQuota, { communityId: w.community.id, quotaBytes: null })).data.isDefault).toBe(true);
    expect(await listed()).toEqual({ usedBytes: 1234, quotaBytes: 1073741824, isDefault: true, defaultBytes: 1073741824 });
    const audit = w.t.db.select().from(adminAudit).where(eq(adminAudit.action, 'community.documentQuota')).all();
    expect(audit.map((a) => JSON.parse(a.details!))).toEqual([{ from: null, to: 5000 }, { from: 5000, to: null }]);
  });
});
