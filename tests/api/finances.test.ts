import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { openDatabase } from '../../db/database';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { listAccounts } from '../../src/server/services/finances/books';
import { EXPENSE_TRANSITIONS, type ExpenseAction } from '../../src/server/services/finances/expenses';
import { verifyBalances } from '../../src/server/services/finances/ledger';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { seedBooks } from '../setup/finances';
import { op, type Transport, transportsFor, TRPC } from '../setup/transport';
import { registeredUpload } from '../setup/documents';
import { expectError, textOf } from '../setup/errors';
import { verifyFile } from '../setup/verify-books';

/*
 * Community finances over both transports: payments from declaration to receipt, expenses through
 * their state table, reversals, what members may see, the append-only ledger and its audit chain.
 */

const F = {
  summary: op('GET', '/api/communities/:id/finances/summary', 'finances.summary', 'query', { params: { id: 'communityId' } }),
  entries: op('GET', '/api/communities/:id/finances/entries', 'finances.entries', 'query', { params: { id: 'communityId' }, page: true }),
  statement: op('GET', '/api/communities/:id/finances/statement', 'finances.statement', 'query', { params: { id: 'communityId' } }),
  declare: op('POST', '/api/communities/:id/finances/payments', 'finances.declarePayment', 'mutation', { params: { id: 'communityId' }, created: true }),
  confirm: op('POST', '/api/finances/payments/:id/confirm', 'finances.confirmPayment', 'mutation', { params: { id: 'id' } }),
  reject: op('POST', '/api/finances/payments/:id/reject', 'finances.rejectPayment', 'mutation', { params: { id: 'id' } }),
  submit: op('POST', '/api/communities/:id/finances/expenses', 'finances.submitExpense', 'mutation', { params: { id: 'communityId' }, created: true }),
  approve: op('POST', '/api/finances/expenses/:id/approve', 'finances.approveExpense', 'mutation', { params: { id: 'id' } }),
  rejectExpense: op('POST', '/api/finances/expenses/:id/reject', 'finances.rejectExpense', 'mutation', { params: { id: 'id' } }),
  pay: op('POST', '/api/finances/expenses/:id/pay', 'finances.payExpense', 'mutation', { params: { id: 'id' } }),
};

async function world() {
  const t = makeTestApp();
  const creator = await makeUser(t.db, { firstName: 'Ngozi' });
  const treasurer = await makeUser(t.db, { firstName: 'Tabe' });
  const admin = await makeUser(t.db, { firstName: 'Awa' });
  const member = await makeUser(t.db, { firstName: 'Musa' });
  const community = makeCommunity(t.db, { creator, name: 'Bamenda Cultural Association' });
  addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: admin, role: 'admin' });
  addMember(t.db, { communityId: community.id, user: member });
  const books = seedBooks(t, { community, officer: treasurer, approver: admin, member });
  const balance = () => listAccounts(t.db, community.id)[0]!.balance;
  return { t, creator, treasurer, admin, member, community, books, balance };
}

const books = (t: TestApp) => {
  const v = verifyBalances(t.db);
  return { accounts: v.accounts, months: v.months, chain: verifyAuditChain(t.db) };
};
const VERIFIED = { accounts: [], months: [], chain: null };

for (const T of transportsFor(TRPC)) {
  const call = (tr: Transport, who: Awaited<ReturnType<typeof as>>, o: (typeof F)[keyof typeof F], input: unknown) => tr.call(who, o, input);

  describe(`${T.name}: payments`, () => {
    it('a member declares a mobile-money payment with proof; a treasurer confirms it with the next receipt number', async () => {
      const w = await world();
      const m = await as(w.t, w.member);
      registeredUpload(w.t, '/api/proofs/0123456789abcdef0123.webp', w.member.id); // the proof as if this member had uploaded it
      const missing = await call(T, m, F.declare, { communityId: w.community.id, amount: 2000, purpose: 'dues', method: 'mobile_money' });
      expect(missing.status).toBe(400);
      expect(missing.error?.issues?.[0]).toEqual({ path: ['provider'], message: textOf('errors.finances.providerRequired') });
      const declared = await call(T, m, F.declare, {
        communityId: w.community.id,
        amount: 2000,
        purpose: 'dues',
        method: 'mobile_money',
        provider: 'MTN MoMo',
        reference: 'MP240601.1234',
        proofUrl: '/api/proofs/0123456789abcdef0123.webp',
      });
      expect(declared.status).toBe(T.okStatus(F.declare));
      expect(declared.data).toMatchObject({ status: 'pending', amount: 2000, receiptNo: null, provider: 'MTN MoMo' });
      const before = w.balance();

      // A plain member cannot confirm anything.
      expect((await call(T, m, F.confirm, { id: declared.data.id, accountId: w.books.account })).status).toBe(403);
      const tr = await as(w.t, w.treasurer);
      const confirmed = await call(T, tr, F.confirm, { id: declared.data.id, accountId: w.books.account });
      expect(confirmed.status).toBe(200);
      // The seeded confirmed payment took receipt 1.
      expect(confirmed.data).toMatchObject({ status: 'confirmed', receiptNo: 2 });
      expect(w.balance()).toBe(before + 2000);

      const statement = await call(T, m, F.statement, { communityId: w.community.id });
      expect(statement.data).toMatchObject({ currency: 'XAF', paidThisYear: 7000, pending: 2500 });
      // Confirming twice: the second finds it decided.
      expect((await call(T, tr, F.confirm, { id: declared.data.id, accountId: w.books.account })).status).toBe(409);
      expect(books(w.t)).toEqual(VERIFIED);
    });

    it('nobody confirms or rejects their own payment; a rejection keeps its reason and moves no money', async () => {
      const w = await world();
      const tr = await as(w.t, w.treasurer);
      const own = await call(T, tr, F.declare, { communityId: w.community.id, amount: 500, purpose: 'donation', method: 'cash' });
      const refused = await call(T, tr, F.confirm, { id: own.data.id, accountId: w.books.account });
      expect(refused.status).toBe(403);
      expectError(refused, 'FORBIDDEN', 'errors.finances.ownPayment');
      const before = w.balance();
      const rejected = await call(T, tr, F.reject, { id: w.books.payment, reason: 'No such transfer on the statement' });
      expect(rejected.data).toMatchObject({ status: 'rejected', reason: 'No such transfer on the statement', receiptNo: null });
      expect(w.balance()).toBe(before);
      expect((await call(T, tr, F.confirm, { id: w.books.payment, accountId: w.books.account })).status).toBe(409);
    });

    it('two confirmations of one payment at once: one succeeds, the other gets 409', async () => {
      const w = await world();
      const [a, b] = [await as(w.t, w.treasurer), await as(w.t, w.admin)];
      const results = await Promise.all([
        call(T, a, F.confirm, { id: w.books.payment, accountId: w.books.account }),
        call(T, b, F.confirm, { id: w.books.payment, accountId: w.books.account }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(w.t.db.$client.prepare('SELECT count(*) FROM ledger_entries WHERE payment_id = ?').pluck().get(w.books.payment)).toBe(1);
      expect(books(w.t)).toEqual(VERIFIED);
    });
  });

  describe(`${T.name}: expenses`, () => {
    it('the author never approves their own expense; another leader does; paying moves the money out', async () => {
      const w = await world();
      const tr = await as(w.t, w.treasurer);
      const submitted = await call(T, tr, F.submit, { communityId: w.community.id, amount: 3000, categoryId: w.books.expenseCategory, description: 'Hall rent for the June meeting' });
      expect(submitted.status).toBe(T.okStatus(F.submit));
      const own = await call(T, tr, F.approve, { id: submitted.data.id });
      expect(own.status).toBe(403);
      expectError(own, 'FORBIDDEN', 'errors.finances.ownExpense');
      const adm = await as(w.t, w.admin);
      expect((await call(T, adm, F.approve, { id: submitted.data.id })).data).toMatchObject({ status: 'approved', approvers: [w.admin.id] });
      const before = w.balance();
      // Paid by a leader who did not write it (its author may not: four eyes).
      const paid = await call(T, adm, F.pay, { id: submitted.data.id, accountId: w.books.account });
      expect(paid.data).toMatchObject({ status: 'paid', paidFrom: w.books.account });
      expect(w.balance()).toBe(before - 3000);
      expect(books(w.t)).toEqual(VERIFIED);
    });

    it('paying beyond the account balance is refused and writes nothing', async () => {
      const w = await world();
      const tr = await as(w.t, w.treasurer);
      const adm = await as(w.t, w.admin);
      const big = await call(T, tr, F.submit, { communityId: w.community.id, amount: 999_999, categoryId: w.books.expenseCategory, description: 'A bus for the festival' });
      await call(T, adm, F.approve, { id: big.data.id });
      const entries = w.t.db.$client.prepare('SELECT count(*) FROM ledger_entries').pluck().get();
      const r = await call(T, adm, F.pay, { id: big.data.id, accountId: w.books.account });
      expect(r.status).toBe(409);
      expectError(r, 'CONFLICT', 'errors.finances.insufficient');
      expect(w.t.db.$client.prepare('SELECT count(*) FROM ledger_entries').pluck().get()).toBe(entries);
      expect(w.t.db.$client.prepare('SELECT status FROM expenses WHERE id = ?').pluck().get(big.data.id)).toBe('approved');
    });

    it('above the threshold an expense needs two different approvers', async () => {
      const w = await world();
      const tr = await as(w.t, w.treasurer);
      await tr.mutate('finances.updateSettings', { communityId: w.community.id, secondApprovalAbove: 2000 });
      const e = await call(T, tr, F.submit, { communityId: w.community.id, amount: 2500, categoryId: w.books.expenseCategory, description: 'Welfare for a bereaved member' });
      expect(e.data.approvalsNeeded).toBe(2);
      const adm = await as(w.t, w.admin);
      expect((await call(T, adm, F.approve, { id: e.data.id })).data.status).toBe('pending');
      expect((await call(T, adm, F.approve, { id: e.data.id })).status).toBe(409);
      const cr = await as(w.t, w.creator);
      expect((await call(T, cr, F.approve, { id: e.data.id })).data).toMatchObject({ status: 'approved', approvers: [w.admin.id, w.creator.id].sort() });
    });

    it('a member cannot submit, approve or pay; a rejected expense cannot be paid', async () => {
      const w = await world();
      const m = await as(w.t, w.member);
      expect((await call(T, m, F.submit, { communityId: w.community.id, amount: 100, categoryId: w.books.expenseCategory, description: 'x' })).status).toBe(403);
      expect((await call(T, m, F.approve, { id: w.books.pendingExpense })).status).toBe(403);
      expect((await call(T, m, F.pay, { id: w.books.approvedExpense, accountId: w.books.account })).status).toBe(403);
      const adm = await as(w.t, w.admin);
      expect((await call(T, adm, F.rejectExpense, { id: w.books.approvedExpense, reason: 'Chairs were lent' })).data.status).toBe('rejected');
      const tr = await as(w.t, w.treasurer);
      expect((await call(T, tr, F.pay, { id: w.books.approvedExpense, accountId: w.books.account })).status).toBe(409);
    });
  });

  describe(`${T.name}: what members see`, () => {
    it('members see totals but not the ledger by default; the ledger when the community shows it; only their own figures when it shows nothing', async () => {
      const w = await world();
      const m = await as(w.t, w.member);
      const summary = await call(T, m, F.summary, { communityId: w.community.id });
      expect(summary.data).toMatchObject({ opened: true, transparency: 'summary', ledgerVisible: false, pendingPayments: null });
      expect(summary.data.accounts[0].balance).toBe(5000);
      expect((await call(T, m, F.entries, { communityId: w.community.id })).status).toBe(403);
      const tr = await as(w.t, w.treasurer);
      expect(T.page(await call(T, tr, F.entries, { communityId: w.community.id })).items).toHaveLength(1);
      await tr.mutate('finances.updateSettings', { communityId: w.community.id, transparency: 'ledger' });
      expect(T.page(await call(T, m, F.entries, { communityId: w.community.id })).items[0]).toMatchObject({ amount: 5000, kind: 'payment' });
      await tr.mutate('finances.updateSettings', { communityId: w.community.id, transparency: 'own' });
      const own = await call(T, m, F.summary, { communityId: w.community.id });
      expect(own.data).toMatchObject({ accounts: null, byCategory: null, months: null, own: { paidThisYear: 5000, pending: 2500 } });
    });
  });
}

describe('expense state table', () => {
  const STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;
  const ACTIONS = Object.keys(EXPENSE_TRANSITIONS) as ExpenseAction[];
  it('allows exactly the moves the table lists, from every state, and refuses the others with 409', async () => {
    const cells: string[] = [];
    for (const status of STATUSES) {
      for (const action of ACTIONS) {
        const w = await world();
        const id = w.books.pendingExpense;
        w.t.db.$client.prepare('UPDATE expenses SET status = ? WHERE id = ?').run(status, id);
        const actor = await as(w.t, w.admin);
        const input = { pay: { id, accountId: w.books.account }, approve: { id }, reject: { id, reason: 'No' }, change: { id, amount: 700 } }[action];
        const r = await actor.mutate(`finances.${action === 'reject' ? 'rejectExpense' : action === 'change' ? 'changeExpense' : `${action}Expense`}`, input);
        const allowed = EXPENSE_TRANSITIONS[action].from.includes(status);
        if ((r.status === 200) !== allowed || (!allowed && r.status !== 409)) cells.push(`${action} from ${status}: ${r.status} ${r.error?.message ?? ''}`);
      }
    }
    expect(cells).toEqual([]);
  });

  it('a changed amount sends an approved expense back to pending and clears its approvals', async () => {
    const w = await world();
    const tr = await as(w.t, w.treasurer);
    const r = await tr.mutate('finances.changeExpense', { id: w.books.approvedExpense, amount: 1500 });
    expect(r.data).toMatchObject({ status: 'pending', amount: 1500, approvers: [] });
  });
});

describe('tRPC: the books’ settings', () => {
  it('change what members see and the threshold at any time, the currency only while nothing is recorded', async () => {
    const w = await world();
    const tr = await as(w.t, w.treasurer);
    const locked = await tr.mutate('finances.updateSettings', { communityId: w.community.id, currency: 'USD' });
    expect(locked.status).toBe(409);
    expectError(locked, 'CONFLICT', 'errors.finances.currencyLocked');
    const changed = await tr.mutate('finances.updateSettings', { communityId: w.community.id, transparency: 'own', secondApprovalAbove: 10000 });
    expect(changed.data).toMatchObject({ currency: 'XAF', transparency: 'own', secondApprovalAbove: 10000 });
    const m = await as(w.t, w.member);
    expect((await m.mutate('finances.updateSettings', { communityId: w.community.id, transparency: 'ledger' })).status).toBe(403);
  });
});

describe('tRPC: reversals', () => {
  it('a reversal is the opposite entry pointing at the one it corrects, once; a reversal cannot be reversed', async () => {
    const w = await world();
    const tr = await as(w.t, w.treasurer);
    const r = await tr.mutate('finances.reverseEntry', { id: w.books.entry, reason: 'Entered twice' });
    expect(r.data).toMatchObject({ amount: -5000, kind: 'reversal', reversesId: w.books.entry });
    expect(w.balance()).toBe(0);
    expect((await tr.mutate('finances.reverseEntry', { id: w.books.entry, reason: 'Again' })).status).toBe(409);
    expect((await tr.mutate('finances.reverseEntry', { id: r.data.id, reason: 'Undo' })).status).toBe(409);
    expect(books(w.t)).toEqual(VERIFIED);
  });
});

describe('the ledger and its audit trail', () => {
  it('refuse changes in place', async () => {
    const w = await world();
    expect(() => w.t.db.$client.prepare('UPDATE ledger_entries SET amount = 1').run()).toThrow(/append-only/);
    expect(() => w.t.db.$client.prepare('DELETE FROM ledger_entries').run()).toThrow(/append-only/);
    expect(() => w.t.db.$client.prepare('UPDATE finance_audit SET action = ?').run('x')).toThrow(/append-only/);
  });

  it('go when their community is deleted', async () => {
    const w = await world();
    w.t.db.$client.prepare('DELETE FROM communities WHERE id = ?').run(w.community.id);
    expect(w.t.db.$client.prepare('SELECT count(*) FROM ledger_entries').pluck().get()).toBe(0);
  });

  it('npm run finances:verify passes on intact books and fails on an edited audit record or balance', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harambee-books-'));
    try {
      const path = join(dir, 'app.db');
      const db = openDatabase(path);
      const t = { ...makeTestApp(), db } as TestApp;
      const creator = await makeUser(db, {});
      const member: UserRow = await makeUser(db, {});
      const community = makeCommunity(db, { creator });
      addMember(db, { communityId: community.id, user: member });
      seedBooks(t, { community, officer: creator, approver: creator, member });
      db.$client.close();
      // The real command once (its exit code and output); the same checks in process after that.
      const ok = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/finances-verify.ts', '--database', path], { encoding: 'utf8' });
      const verify = () => verifyFile(path);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/The books verify: 1 ledger entries/);

      // Someone edits the file directly (the triggers are the app's guard, not the attacker's).
      const raw = openDatabase(path, { migrate: false }).$client;
      raw.exec("DROP TRIGGER finance_audit_no_update; UPDATE finance_audit SET details = '{\"amount\":50}' WHERE action = 'payment.confirmed'");
      raw.close();
      const tampered = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/finances-verify.ts', '--database', path], { encoding: 'utf8' });
      expect(tampered.status).toBe(1);
      expect(tampered.stderr).toMatch(/was edited/);

      const raw2 = openDatabase(path, { migrate: false }).$client;
      raw2.exec('UPDATE finance_accounts SET balance = balance + 1');
      raw2.close();
      expect(verify().stderr).toMatch(/Account \d+: balance 5001, but its entries sum to 5000/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('REST: the ledger as CSV', () => {
  it('exports a date range: local dates and times, words in the requester’s language, amounts as numbers, a running balance', async () => {
    const w = await world();
    const tr = await as(w.t, w.treasurer);
    await tr.mutate('finances.updateSettings', { communityId: w.community.id, currency: 'XAF' });
    const r = await tr.rest('GET', `/api/communities/${w.community.id}/finances/export.csv?from=2000-01-01`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="ledger-\d+-2000-01-01-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = String(r.body).trim().split('\r\n');
    expect(lines[0]).toBe('Entry no.,Date,Time,Account,Category,Kind,Member,Description,Amount (XAF),Balance (XAF),Reverses entry no.,Reversed by entry no.');
    expect(lines[1]).toMatch(/^\d+,\d{4}-\d\d-\d\d,\d\d:\d\d,Cash box,Dues,Payment,Musa Number\d+,Dues,5000,5000,,$/);
    const m = await as(w.t, w.member);
    expect((await m.rest('GET', `/api/communities/${w.community.id}/finances/export.csv`)).status).toBe(403);
  });
});
