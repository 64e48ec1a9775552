import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { addMember, FACTORY_PASSWORD, makeUser } from '../factories';
import { recordContribution } from '../../src/server/services/njangi/contributions';
import { recordPayout } from '../../src/server/services/njangi/payouts';
import { makeTestApp, type TestApp } from '../setup/app';
import { as, cast } from '../setup/communities';
import { sendForm } from '../setup/documents';
import { seedBooks } from '../setup/finances';
import { buildCircle } from '../setup/njangi';
import { attachProofs, storedProof } from '../setup/proofs';
import { writeBackup } from '../../src/server/backup/snapshot';
import { communities } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { expectError } from '../setup/errors';

/*
 * Proofs of payment and receipts are private papers: kept in UPLOADS_DIR/private and served only
 * by GET /api/proofs/:name, on every request checked for the reader — the payer (or the expense's
 * author, the contributor, the payout's beneficiary), the community's finance officers, a
 * circle's organiser — with `Cache-Control: private, no-store`. No public name reaches them, a
 * narrower copy's name (-200, -400, -800) included.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function world() {
  const dir = mkdtempSync(join(tmpdir(), 'harambee-proofs-'));
  dirs.push(dir);
  const t = makeTestApp({ env: { UPLOADS_DIR: dir } });
  const c = await cast(t);
  const books = seedBooks(t, { community: c.pub, officer: c.users.treasurer, approver: c.users.admin, member: c.users.target });
  return { t, dir, ...c, books };
}

async function get(t: TestApp, url: string, cookie: string | null, language?: string) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (language) headers['accept-language'] = language;
  const res = await t.app.request(url, { headers });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(Buffer.from(bytes).toString('utf8')) };
}

const photo = () => sharp({ create: { width: 640, height: 900, channels: 3, background: '#e9d8a6' } }).jpeg().toBuffer().then((b) => new Uint8Array(b));

describe('REST: GET /api/proofs/:name, a payment’s proof uploaded and declared through the app', () => {
  it('the payer and the finance officers get the file, private and never stored; other members, outsiders and the signed-out do not; no public name serves it', async () => {
    const w = await world();
    const payer = await as(w.t, w.users.target);
    const up = await sendForm(w.t, '/api/uploads', { cookie: payer.cookie, file: { bytes: await photo(), name: 'momo.jpg', type: 'image/jpeg' }, fields: { kind: 'proof' } });
    expect(up.status).toBe(201);
    const url = (up.body as { url: string }).url;
    expect(url).toMatch(/^\/api\/proofs\/[a-z0-9]+\.webp$/);
    const name = url.slice('/api/proofs/'.length);
    // Stored privately, nowhere in the public folder.
    expect(readdirSync(join(w.dir, 'private'))).toContain(name);
    expect(existsSync(join(w.dir, name))).toBe(false);

    const declared = await payer.rest('POST', `/api/communities/${w.pub.id}/finances/payments`, { amount: 2000, purpose: 'dues', method: 'mobile_money', provider: 'MTN MoMo', proofUrl: url });
    expect(declared.status).toBe(201);
    expect(declared.body.proofUrl).toBe(url);

    for (const who of ['target', 'treasurer', 'admin', 'creator'] as const) {
      const r = await get(w.t, url, (await as(w.t, w.users[who])).cookie);
      expect(r.status, who).toBe(200);
      expect(r.headers.get('cache-control'), who).toBe('private, no-store');
      expect(r.headers.get('content-type')).toBe('image/webp');
      expect(r.headers.get('content-disposition')).toMatch(/^inline; filename="momo\.jpg"/);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await sharp(r.bytes).metadata()).format).toBe('webp');
    }
    for (const who of ['member', 'outsider', 'requester'] as const) {
      const r = await get(w.t, url, (await as(w.t, w.users[who])).cookie);
      expect(r.status, who).toBe(404);
      expectError({ body: r.json() }, 'NOT_FOUND', 'errors.upload.proofNotFound');
    }
    const fr = await get(w.t, url, (await as(w.t, w.users.member)).cookie, 'fr');
    expectError({ body: fr.json() }, 'NOT_FOUND', 'errors.upload.proofNotFound', undefined, 'fr');
    expect((await get(w.t, url, null)).status).toBe(401);

    const base = name.replace(/\.webp$/, '');
    for (const path of [`/uploads/${name}`, `/uploads/${base}-200.webp`, `/uploads/${base}-400.webp`, `/uploads/${base}-800.webp`, `/uploads/private/${name}`, `/uploads/private%2F${name}`]) {
      expect((await get(w.t, path, payer.cookie)).status, path).toBe(404);
    }
  });

  it('a PDF proof is a download, private and never stored', async () => {
    const w = await world();
    const url = storedProof(w.t, w.users.target.id, 'pdf');
    w.t.db.$client.prepare('UPDATE payments SET proof_url = ? WHERE id = ?').run(url, w.books.payment);
    const r = await get(w.t, url, (await as(w.t, w.users.treasurer)).cookie);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
  });

  it('an upload nobody has used yet is its uploader’s alone; an unknown name is a 404, a malformed one a 400', async () => {
    const w = await world();
    const url = storedProof(w.t, w.users.member.id);
    expect((await get(w.t, url, (await as(w.t, w.users.member)).cookie)).status).toBe(200);
    expect((await get(w.t, url, (await as(w.t, w.users.treasurer)).cookie)).status).toBe(404);
    const creator = (await as(w.t, w.users.creator)).cookie;
    expect((await get(w.t, '/api/proofs/0123456789abcdef0123.webp', creator)).status).toBe(404);
    for (const path of ['/api/proofs/..%2F..%2Fapp.db', '/api/proofs/0123456789abcdef0123.html']) expect((await get(w.t, path, creator)).status, path).toBe(400);
  });

  it('stays readable by the officers after the payer deletes their account (money records and their proofs are kept)', async () => {
    const w = await world();
    const url = storedProof(w.t, w.users.target.id);
    w.t.db.$client.prepare('UPDATE payments SET proof_url = ? WHERE id = ?').run(url, w.books.payment);
    const payer = await as(w.t, w.users.target);
    expect((await payer.mutate('account.delete', { password: FACTORY_PASSWORD })).status).toBe(200);
    expect((await get(w.t, url, (await as(w.t, w.users.treasurer)).cookie)).status).toBe(200);
    expect(w.t.db.$client.prepare('SELECT attached_at FROM uploads WHERE name = ?').pluck().get(url.slice('/api/proofs/'.length))).not.toBeNull();
  });
});

describe('REST: GET /api/proofs/:name, expense receipts and savings-circle proofs', () => {
  it('an expense’s receipt: its author and the finance officers; not a plain member', async () => {
    const w = await world();
    const url = storedProof(w.t, w.users.target.id, 'pdf');
    w.t.db.$client.prepare('UPDATE expenses SET receipts = ? WHERE id = ?').run(JSON.stringify([url]), w.books.pendingExpense);
    for (const who of ['target', 'treasurer', 'admin', 'creator'] as const) expect((await get(w.t, url, (await as(w.t, w.users[who])).cookie)).status, who).toBe(200);
    expect((await get(w.t, url, (await as(w.t, w.users.member)).cookie)).status).toBe(404);
  });

  it('a circle organised by a plain member: contribution proofs for the contributor, the organiser and the finance officers; payout proofs for the beneficiary too; other circle members never', async () => {
    const w = await world();
    w.t.db.update(communities).set({ membersOrganiseCircles: true }).where(eq(communities.id, w.pub.id)).run();
    const organiser = w.users.member;
    const [payee, other] = [w.users.target, await makeUser(w.t.db, { firstName: 'Eyong' })];
    addMember(w.t.db, { communityId: w.pub.id, user: other });
    const circle = buildCircle(w.t, { community: w.pub, organiser, members: [payee, other], order: [payee.id, organiser.id, other.id] });
    const paid = circle.handRows.map((h) => ({ userId: h.userId, id: recordContribution(w.t.db, { circleId: circle.id, roundId: circle.rounds[0]!, handId: h.id, organiserId: organiser.id, details: { method: 'cash' }, now: w.t.clock.now() }).id }));
    const contribution = paid.find((x) => x.userId === payee.id)!.id;
    const payout = recordPayout(w.t.db, { roundId: circle.rounds[0]!, organiserId: organiser.id, details: { method: 'cash' }, now: w.t.clock.now() }).id;
    const proofs = attachProofs(w.t, { payment: w.books.payment, paymentBy: payee.id, expense: w.books.pendingExpense, expenseBy: payee.id, contribution, contributionBy: payee.id, payout, payoutBy: organiser.id });

    const status = async (url: string, user: typeof payee) => (await get(w.t, url, (await as(w.t, user)).cookie)).status;
    for (const u of [payee, organiser, w.users.treasurer, w.users.admin, w.users.creator]) expect(await status(proofs.contributionProof, u), u.firstName).toBe(200);
    expect(await status(proofs.contributionProof, other)).toBe(404);
    for (const u of [payee, organiser, w.users.treasurer]) expect(await status(proofs.payoutProof, u), u.firstName).toBe(200);
    expect(await status(proofs.payoutProof, other)).toBe(404);
    expect(await status(proofs.payoutProof, w.users.outsider)).toBe(404);
    // The organiser is a plain member of the community: the books' proofs are not theirs to see.
    expect(await status(proofs.paymentProof, organiser)).toBe(404);
  });
});

describe('backups keep the private proofs', () => {
  it('a backup folder holds UPLOADS_DIR/private and its proofs', async () => {
    const w = await world();
    const url = storedProof(w.t, w.users.target.id, 'pdf');
    const backups = mkdtempSync(join(tmpdir(), 'harambee-proof-backups-'));
    dirs.push(backups);
    const b = await writeBackup({ source: w.t.db.$client, uploadsDir: w.dir, backupDir: backups, now: w.t.clock.now() });
    expect(existsSync(join(b.path, 'uploads', 'private', url.slice('/api/proofs/'.length)))).toBe(true);
  });
});
