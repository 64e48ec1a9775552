import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp } from '../setup/app';
import { as } from '../setup/communities';
import { seedBooks } from '../setup/finances';
import { op, transportsFor, REST } from '../setup/transport';
import { registeredUpload } from '../setup/documents';
import { expectError, textOf } from '../setup/errors';

/*
 * Proofs and receipts as files: a payment's proof and an expense's receipts may be photos or
 * PDFs (uploads of kind proof); an expense carries up to five. And changing one's own expense
 * while it waits, as the Expenses list offers it.
 */

const F = {
  declare: op('POST', '/api/communities/:id/finances/payments', 'finances.declarePayment', 'mutation', { params: { id: 'communityId' }, created: true }),
  submit: op('POST', '/api/communities/:id/finances/expenses', 'finances.submitExpense', 'mutation', { params: { id: 'communityId' }, created: true }),
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function world() {
  const dir = mkdtempSync(join(tmpdir(), 'harambee-receipts-'));
  dirs.push(dir);
  const t = makeTestApp({ env: { UPLOADS_DIR: dir } });
  const creator = await makeUser(t.db, { firstName: 'Ngozi' });
  const treasurer = await makeUser(t.db, { firstName: 'Tabe' });
  const admin = await makeUser(t.db, { firstName: 'Awa' });
  const member = await makeUser(t.db, { firstName: 'Musa' });
  const community = makeCommunity(t.db, { creator, name: 'Bamenda Cultural Association' });
  addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: admin, role: 'admin' });
  addMember(t.db, { communityId: community.id, user: member });
  const books = seedBooks(t, { community, officer: treasurer, approver: admin, member });
  return { t, creator, treasurer, admin, member, community, books };
}

const upload = (n: number, ext: 'webp' | 'pdf') => `/api/proofs/${String(n).padStart(4, '0')}456789abcdef0123.${ext}`;
const expense = (communityId: number, categoryId: number, receipts: string[]) => ({ communityId, amount: 3000, categoryId, description: 'Hall deposit and chairs', receipts });

for (const T of transportsFor(REST)) {
  describe(`${T.name}: proofs and receipts as files`, () => {
    it('an expense carries up to five receipts, photos and PDFs, kept in order', async () => {
      const w = await world();
      const tr = await as(w.t, w.treasurer);
      const receipts = [upload(1, 'pdf'), upload(2, 'webp'), upload(3, 'pdf'), upload(4, 'webp'), upload(5, 'pdf')];
      for (const url of receipts) registeredUpload(w.t, url, w.treasurer.id); // as if the treasurer had uploaded them
      const r = await T.call(tr, F.submit, expense(w.community.id, w.books.expenseCategory, receipts));
      expect(r.status).toBe(T.okStatus(F.submit));
      expect(r.data).toMatchObject({ status: 'pending', receipts });
      const listed = await tr.query('finances.expenses', { communityId: w.community.id });
      expect(listed.data.items.find((e: { id: number }) => e.id === r.data.id).receipts).toEqual(receipts);
    });

    it('a sixth receipt → 400 saying five at most; nothing is recorded', async () => {
      const w = await world();
      const tr = await as(w.t, w.treasurer);
      const receipts = [1, 2, 3, 4, 5, 6].map((n) => upload(n, n % 2 ? 'pdf' : 'webp'));
      const r = await T.call(tr, F.submit, expense(w.community.id, w.books.expenseCategory, receipts));
      expect(r.status).toBe(400);
      expect(r.error?.issues).toEqual([{ path: ['receipts'], message: textOf('errors.finances.tooManyReceipts') }]);
      const fr = await T.call(tr, F.submit, expense(w.community.id, w.books.expenseCategory, receipts), { 'accept-language': 'fr' });
      expectError(fr, 'BAD_REQUEST', 'errors.finances.tooManyReceipts', undefined, 'fr');
      expect(w.t.db.$client.prepare('SELECT COUNT(*) FROM expenses').pluck().get()).toBe(2);
    });

    it.each([
      ['another site', 'https://evil.example/receipt.pdf'],
      ['a path outside the proofs', '/api/proofs/../data/app.db'],
      ['an upload of another type', '/api/proofs/0123456789abcdef0123.html'],
      ['a capitalised extension', '/api/proofs/0123456789abcdef0123.PDF'],
      ['a public upload (proofs are private)', '/uploads/0123456789abcdef0123.webp'],
      ['a javascript: URL', 'javascript:alert(1)'],
    ])('a receipt that is not one of our uploads (%s) → 400', async (_label, url) => {
      const w = await world();
      const tr = await as(w.t, w.treasurer);
      const r = await T.call(tr, F.submit, expense(w.community.id, w.books.expenseCategory, [upload(1, 'pdf'), url]));
      expect(r.status).toBe(400);
      expect(r.error?.issues).toEqual([{ path: ['receipts', 1], message: textOf('errors.upload.again') }]);
    });

    it('a member declares a payment with a PDF proof they uploaded; the treasurer sees it', async () => {
      const w = await world();
      const m = await as(w.t, w.member);
      const doc = await PDFDocument.create();
      doc.addPage([420, 595]);
      const form = new FormData();
      form.append('kind', 'proof');
      form.append('file', new Blob([new Uint8Array(await doc.save())], { type: 'application/pdf' }), 'transfer.pdf');
      const uploaded = await w.t.app.request('/api/uploads', { method: 'POST', body: form, headers: { cookie: m.cookie! } });
      expect(uploaded.status).toBe(201);
      const { url } = (await uploaded.json()) as { url: string };
      expect(url).toMatch(/\.pdf$/);

      const declared = await T.call(m, F.declare, { communityId: w.community.id, amount: 2000, purpose: 'dues', method: 'bank_transfer', proofUrl: url });
      expect(declared.status).toBe(T.okStatus(F.declare));
      expect(declared.data).toMatchObject({ status: 'pending', proofUrl: url });
      const tr = await as(w.t, w.treasurer);
      const queue = await tr.query('finances.payments', { communityId: w.community.id, status: 'pending' });
      expect(queue.data.items.find((p: { id: number }) => p.id === declared.data.id)).toMatchObject({ proofUrl: url });
    });
  });
}

describe('tRPC: finances.changeExpense, as the Expenses list offers it (the author, until it is paid)', () => {
  it('the author changes the amount and description of their pending expense; approvals then start again', async () => {
    const w = await world();
    const tr = await as(w.t, w.treasurer);
    registeredUpload(w.t, upload(1, 'pdf'), w.treasurer.id); // as if the treasurer had uploaded it
    const submitted = await tr.mutate('finances.submitExpense', expense(w.community.id, w.books.expenseCategory, [upload(1, 'pdf')]));
    const changed = await tr.mutate('finances.changeExpense', { id: submitted.data.id, amount: 3500, description: 'Hall deposit, chairs and tables' });
    expect(changed.data).toMatchObject({ status: 'pending', amount: 3500, description: 'Hall deposit, chairs and tables', approvers: [], receipts: [upload(1, 'pdf')] });

    const admin = await as(w.t, w.admin);
    expect((await admin.mutate('finances.approveExpense', { id: submitted.data.id })).data).toMatchObject({ status: 'approved' });
    // Changed once approved: back to pending, its approval gone.
    const again = await tr.mutate('finances.changeExpense', { id: submitted.data.id, amount: 3000 });
    expect(again.data).toMatchObject({ status: 'pending', amount: 3000, approvers: [] });
    const paid = await admin.mutate('finances.approveExpense', { id: submitted.data.id });
    expect(paid.data.status).toBe('approved');
    // Paid by a leader who did not write it.
    expect((await admin.mutate('finances.payExpense', { id: submitted.data.id, accountId: w.books.account })).data.status).toBe('paid');
    // Once paid, nothing changes it.
    const late = await tr.mutate('finances.changeExpense', { id: submitted.data.id, amount: 1 });
    expect(late.status).toBe(409);
  });

  it('a bad amount or an empty description → 400 on its field; a plain member → 403', async () => {
    const w = await world();
    const tr = await as(w.t, w.treasurer);
    const submitted = await tr.mutate('finances.submitExpense', expense(w.community.id, w.books.expenseCategory, []));
    const zero = await tr.mutate('finances.changeExpense', { id: submitted.data.id, amount: 0 });
    expect(zero.status).toBe(400);
    expect(zero.error?.issues?.[0]?.path).toEqual(['amount']);
    const empty = await tr.mutate('finances.changeExpense', { id: submitted.data.id, description: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.error?.issues?.[0]?.path).toEqual(['description']);
    const m = await as(w.t, w.member);
    expect((await m.mutate('finances.changeExpense', { id: submitted.data.id, amount: 10 })).status).toBe(403);
  });
});
