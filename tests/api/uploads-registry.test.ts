import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { communities, uploads, users } from '../../db/schema';
import { runUploadsSweep, UNUSED_FOR_MS } from '../../src/server/jobs/uploads-sweep';
import { DOC, documentWorld, sendForm, text, uploadDocument, type DocumentWorld } from '../setup/documents';
import { seedBooks } from '../setup/finances';
import { OPS, transportsFor, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * The registry of stored files: every upload is registered unattached; where its URL is used it
 * is attached, only by its uploader; a replaced photo or banner is detached; the sweep removes
 * files unused for a day, and never one in use.
 */

const HOUR = 60 * 60_000;
const png = () => sharp({ create: { width: 600, height: 600, channels: 3, background: '#3a6' } }).png().toBuffer().then((b) => new Uint8Array(b));
const sweep = (w: DocumentWorld) => runUploadsSweep({ db: w.t.db, env: w.t.env, now: w.t.clock.now, log: { error: () => {} } as never });
// Photos and banners are public (/uploads/<name>); proofs private (/api/proofs/<name>, in private/).
const nameOf = (url: string) => url.replace(/^\/(?:uploads|api\/proofs)\//, '');
const fileOf = (w: DocumentWorld, url: string) => (url.startsWith('/api/proofs/') ? join(w.dir, 'private', nameOf(url)) : join(w.dir, nameOf(url)));
const rowOf = (w: DocumentWorld, url: string) => w.t.db.select().from(uploads).where(eq(uploads.name, nameOf(url))).get();

async function uploadImage(w: DocumentWorld, cookie: string | null, kind: 'avatar' | 'banner' | 'proof' = 'avatar') {
  const r = await sendForm(w.t, '/api/uploads', { cookie, file: { bytes: await png(), name: 'me.png', type: 'image/png' }, fields: { kind } });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body.url as string;
}

describe('POST /api/uploads registers the file', () => {
  it('owner, purpose, type, size, unattached', async () => {
    const w = await documentWorld();
    const url = await uploadImage(w, w.agents.amara.cookie, 'banner');
    expect(rowOf(w, url)).toMatchObject({ ownerId: w.users.amara.id, purpose: 'banner', contentType: 'image/webp', originalName: 'me.png', width: 1200, height: 600, attachedAt: null, createdAt: w.t.clock.now() });
    expect(existsSync(fileOf(w, url))).toBe(true);
  });
});

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: an upload is attached only by its uploader`, () => {
    it('profile photo: own upload attached; someone else’s or an unknown one refused with 400; the replaced one detached and swept a day later', async () => {
      const w = await documentWorld();
      const mine = await uploadImage(w, w.agents.amara.cookie);
      const theirs = await uploadImage(w, w.agents.bih.cookie);
      const refused = await T.call(w.agents.amara, OPS.updatePanel, { profileImage: theirs });
      expect(refused.status).toBe(400);
      expectError(refused, 'BAD_REQUEST', 'documents.errors.uploadNotYours');
      expect(refused.error!.issues?.[0]?.path).toEqual(['profileImage']);
      expect((await T.call(w.agents.amara, OPS.updatePanel, { profileImage: '/uploads/abcdefghijklmnopqrstuvwxyz012345.webp' })).status).toBe(400);
      expect((await T.call(w.agents.amara, OPS.updateProfile, { profileImageUrl: theirs })).status).toBe(400);
      expect(w.t.db.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, w.users.amara.id)).get()!.url).toBeNull();

      expect((await T.call(w.agents.amara, OPS.updatePanel, { profileImage: mine })).status).toBe(200);
      expect(rowOf(w, mine)!.attachedAt).toBe(w.t.clock.now());
      // Saving the same photo again changes nothing.
      expect((await T.call(w.agents.amara, OPS.updatePanel, { bio: 'Hello', profileImage: mine })).status).toBe(200);

      w.t.clock.advance(HOUR);
      const next = await uploadImage(w, w.agents.amara.cookie);
      expect((await T.call(w.agents.amara, OPS.updateProfile, { profileImageUrl: next })).status).toBe(200);
      expect(rowOf(w, mine)!.attachedAt).toBeNull();
      expect(rowOf(w, next)!.attachedAt).not.toBeNull();

      w.t.clock.advance(UNUSED_FOR_MS);
      expect(await sweep(w)).toEqual({ removed: 2 }); // the replaced photo, and Bih's upload nobody used
      expect(rowOf(w, mine)).toBeUndefined();
      expect(existsSync(fileOf(w, mine))).toBe(false);
      expect(rowOf(w, theirs)).toBeUndefined();
      expect(existsSync(fileOf(w, next))).toBe(true);
    });

    it('community banner: own upload at creation and on update; another’s refused; the old banner detached', async () => {
      const w = await documentWorld();
      const mine = await uploadImage(w, w.agents.host.cookie, 'banner');
      const theirs = await uploadImage(w, w.agents.amara.cookie, 'banner');
      const bad = await T.call(w.agents.host, OPS.createCommunity, { name: 'Lagos Circle', description: 'A circle of friends in Lagos', location: 'Lagos', imageUrl: theirs });
      expect(bad.status).toBe(400);
      const made = await T.call(w.agents.host, OPS.createCommunity, { name: 'Lagos Circle', description: 'A circle of friends in Lagos', location: 'Lagos', imageUrl: mine });
      expect(made.status, JSON.stringify(made.raw)).toBe(T.okStatus(OPS.createCommunity));
      expect(rowOf(w, mine)!.attachedAt).not.toBeNull();
      const id = w.t.db.select({ id: communities.id }).from(communities).where(eq(communities.name, 'Lagos Circle')).get()!.id;
      const update = (imageUrl: string | null) => w.agents.host.mutate('communities.update', { communityId: id, imageUrl });
      expect((await update(theirs)).status).toBe(400);
      const next = await uploadImage(w, w.agents.host.cookie, 'banner');
      expect((await update(next)).status).toBe(200);
      expect(rowOf(w, mine)!.attachedAt).toBeNull();
      expect(rowOf(w, next)!.attachedAt).not.toBeNull();
      expect((await update(null)).status).toBe(200);
      expect(rowOf(w, next)!.attachedAt).toBeNull();
    });
  });
}

describe('payment proofs and receipts', () => {
  it('a proof another member uploaded cannot be attached to one’s own payment', async () => {
    const w = await documentWorld();
    seedBooks(w.t, { community: w.community, officer: w.users.treasurer, approver: w.users.host, member: w.users.amara });
    const theirs = await uploadImage(w, w.agents.bih.cookie, 'proof');
    const mine = await uploadImage(w, w.agents.amara.cookie, 'proof');
    const declare = (proofUrl: string) => w.agents.amara.rest('POST', `/api/communities/${w.community.id}/finances/payments`, { amount: 5000, purpose: 'dues', method: 'cash', proofUrl });
    const bad = await declare(theirs);
    expect(bad.status).toBe(400);
    expect(rowOf(w, theirs)!.attachedAt).toBeNull();
    const ok = await declare(mine);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(rowOf(w, mine)!.attachedAt).not.toBeNull();
  });
});

describe('the uploads sweep', () => {
  it('removes only unattached files older than a day; never a file in use, whatever attached_at says', async () => {
    const w = await documentWorld();
    const old = await uploadImage(w, w.agents.amara.cookie);
    const avatar = await uploadImage(w, w.agents.amara.cookie);
    expect((await w.agents.amara.rest('PATCH', '/api/user/profile', { profileImage: avatar })).status).toBe(200);
    // A file in use whose row says otherwise (a bookkeeping slip): the sweep looks for users of it itself.
    const banner = await uploadImage(w, w.agents.host.cookie, 'banner');
    w.t.db.update(communities).set({ imageUrl: banner }).where(eq(communities.id, w.community.id)).run();
    const doc = await uploadDocument(w.t, w.agents.host.cookie, w.community.id, { bytes: text('kept'), name: 'kept.txt' });
    const docName = w.t.db.select().from(uploads).where(eq(uploads.purpose, 'document')).get()!.name;
    w.t.db.update(uploads).set({ attachedAt: null }).where(eq(uploads.name, docName)).run();

    w.t.clock.advance(UNUSED_FOR_MS - 1000);
    const young = await uploadImage(w, w.agents.bih.cookie);
    expect(await sweep(w)).toEqual({ removed: 0 }); // nothing a day old yet

    w.t.clock.advance(2000);
    expect(await sweep(w)).toEqual({ removed: 1 });
    expect(rowOf(w, old)).toBeUndefined();
    expect(existsSync(fileOf(w, old))).toBe(false);
    for (const kept of [avatar, banner, young]) {
      expect(rowOf(w, kept), kept).toBeDefined();
      expect(existsSync(fileOf(w, kept))).toBe(true);
    }
    expect(existsSync(join(w.dir, 'private', docName))).toBe(true);
    expect((await w.t.app.request(doc.body.downloadUrl, { headers: { cookie: w.agents.amara.cookie! } })).status).toBe(200);

    // Once the document is deleted, its file goes a day later.
    expect((await w.agents.host.rest('DELETE', DOC.remove.rest.path.replace(':id', String(doc.body.id)))).status).toBe(200);
    w.t.clock.advance(UNUSED_FOR_MS + 1);
    expect(await sweep(w)).toEqual({ removed: 2 }); // the document's file and Bih's unused upload
    expect(existsSync(join(w.dir, 'private', docName))).toBe(false);
    expect(existsSync(fileOf(w, avatar))).toBe(true);
    expect(existsSync(fileOf(w, banner))).toBe(true);
  });

  it('a file already gone from the disk is no error; the row still goes', async () => {
    const w = await documentWorld();
    const url = await uploadImage(w, w.agents.amara.cookie);
    rmSync(fileOf(w, url));
    w.t.clock.advance(UNUSED_FOR_MS + 1);
    expect(await sweep(w)).toEqual({ removed: 1 });
    expect(rowOf(w, url)).toBeUndefined();
  });
});

