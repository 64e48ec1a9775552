import type { CommunityRow, UserRow } from '../../db/schema';
import { saveFinanceSettings, builtInCategoryId, listAccounts } from '../../src/server/services/finances/books';
import { createDuesPlan } from '../../src/server/services/finances/dues';
import { approveExpense, submitExpense } from '../../src/server/services/finances/expenses';
import { confirmPayment, declarePayment } from '../../src/server/services/finances/payments';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from './app';
import { op } from './transport';

export type FinanceFixture = { account: number; incomeCategory: number; expenseCategory: number; payment: number; entry: number; pendingExpense: number; approvedExpense: number; plan: number };

/**
 * Opens a community's books and leaves one of everything an officer acts on: a pending payment,
 * a confirmed one (its ledger entry; the cash box then holds 5,000), a pending expense and an
 * approved one of 1,000, all by `member` and decided by `officer` / `approver`.
 */
export function seedBooks(t: TestApp, p: { community: CommunityRow; officer: UserRow; approver: UserRow; member: UserRow; currency?: 'XAF' | 'USD' }): FinanceFixture {
  const now = t.clock.now();
  const communityId = p.community.id;
  saveFinanceSettings(t.db, { communityId, actorId: p.officer.id, changes: { currency: p.currency ?? 'XAF' }, cashBoxName: 'Cash box', now });
  const account = listAccounts(t.db, communityId)[0]!.id;
  // Monthly dues of 2,000 since January: the confirmed 5,000 below covers two months and a half.
  const plan = createDuesPlan(t.db, { communityId, actorId: p.officer.id, plan: { name: 'Monthly dues', amount: 2000, period: 'monthly', dueDay: 5, graceDays: 10, startsOn: '2026-01-01' }, now }).id;
  const pay = (amount: number) => declarePayment(t.db, { communityId, memberId: p.member.id, details: { amount, purpose: 'dues', method: 'cash' }, now }).id;
  const confirmed = pay(5000);
  confirmPayment(t.db, { communityId, paymentId: confirmed, accountId: account, actorId: p.officer.id, now });
  const entry = t.db.$client.prepare('SELECT id FROM ledger_entries WHERE payment_id = ?').pluck().get(confirmed) as number;
  const payment = pay(2500);
  const expenseCategory = builtInCategoryId(t.db, communityId, 'venue');
  const expense = (description: string) =>
    submitExpense(t.db, { communityId, authorId: p.member.id, amount: 1000, categoryId: expenseCategory, description, receipts: [], now }).id;
  const pendingExpense = expense('Hall deposit');
  const approvedExpense = expense('Chairs');
  approveExpense(t.db, { communityId, expenseId: approvedExpense, actorId: p.approver.id, now });
  return { plan, account, incomeCategory: builtInCategoryId(t.db, communityId, 'dues'), expenseCategory, payment, entry, pendingExpense, approvedExpense };
}

/** The finance operations with a REST path, for tests run over both transports. */
export const FIN = {
  summary: op('GET', '/api/communities/:id/finances/summary', 'finances.summary', 'query', { params: { id: 'communityId' } }),
  entries: op('GET', '/api/communities/:id/finances/entries', 'finances.entries', 'query', { params: { id: 'communityId' }, page: true }),
  statement: op('GET', '/api/communities/:id/finances/statement', 'finances.statement', 'query', { params: { id: 'communityId' } }),
  dues: op('GET', '/api/communities/:id/finances/dues', 'finances.myDues', 'query', { params: { id: 'communityId' } }),
  declare: op('POST', '/api/communities/:id/finances/payments', 'finances.declarePayment', 'mutation', { params: { id: 'communityId' }, created: true }),
  confirm: op('POST', '/api/finances/payments/:id/confirm', 'finances.confirmPayment', 'mutation', { params: { id: 'id' } }),
  reject: op('POST', '/api/finances/payments/:id/reject', 'finances.rejectPayment', 'mutation', { params: { id: 'id' } }),
  submit: op('POST', '/api/communities/:id/finances/expenses', 'finances.submitExpense', 'mutation', { params: { id: 'communityId' }, created: true }),
  approve: op('POST', '/api/finances/expenses/:id/approve', 'finances.approveExpense', 'mutation', { params: { id: 'id' } }),
  rejectExpense: op('POST', '/api/finances/expenses/:id/reject', 'finances.rejectExpense', 'mutation', { params: { id: 'id' } }),
  pay: op('POST', '/api/finances/expenses/:id/pay', 'finances.payExpense', 'mutation', { params: { id: 'id' } }),
};

/**
 * A community with open books (seedBooks: the member's confirmed 5,000 and pending 2,500, a pending
 * and an approved expense of the member's) and its creator, a treasurer, an admin and a member.
 */
export async function financeWorld(opts: { currency?: 'XAF' | 'USD' } = {}) {
  const t = makeTestApp();
  const creator = await makeUser(t.db, { firstName: 'Ngozi' });
  const treasurer = await makeUser(t.db, { firstName: 'Tabe' });
  const admin = await makeUser(t.db, { firstName: 'Awa' });
  const member = await makeUser(t.db, { firstName: 'Musa' });
  const community = makeCommunity(t.db, { creator, name: 'Bamenda Cultural Association' });
  addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: admin, role: 'admin' });
  addMember(t.db, { communityId: community.id, user: member });
  const books = seedBooks(t, { community, officer: treasurer, approver: admin, member, currency: opts.currency });
  const balance = () => listAccounts(t.db, community.id)[0]!.balance;
  return { t, creator, treasurer, admin, member, community, books, balance };
}

/** The rows of a CSV text (quoted fields, doubled quotes, CRLF or LF), a leading byte-order mark ignored. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += ch;
  }
  if (field !== '' || row.length > 0) row.push(field), rows.push(row);
  return rows;
}

/**
 * The column of a ledger CSV whose English header is `name` (case and a unit in brackets
 * ignored: "amount", "Amount", "Amount (XAF)"), as the strings in it; the export's other
 * columns may come and go.
 */
export function csvColumn(text: string, name: string): string[] {
  const [header, ...rows] = csvRows(text);
  const at = (header ?? []).findIndex((h) => h.trim().replace(/\s*\(.*\)$/, '').toLowerCase() === name.toLowerCase());
  if (at < 0) throw new Error(`no "${name}" column in the CSV header: ${JSON.stringify(header)}`);
  return rows.filter((r) => r.length > 1).map((r) => r[at] ?? '');
}

/**
 * The sum of a ledger CSV's amount column in minor units (amounts in major units; spaces and the
 * apostrophe a spreadsheet-safe export may put before a minus sign are ignored).
 */
export function csvAmountTotal(text: string, currency: 'XAF' | 'USD' = 'XAF'): number {
  const unit = currency === 'XAF' ? 1 : 100;
  return csvColumn(text, 'amount').reduce((sum, v) => {
    const n = Number(v.replace(/^'/, '').replace(/[\s\u00a0\u202f]/g, ''));
    if (!Number.isFinite(n)) throw new Error(`not an amount in the CSV: ${JSON.stringify(v)}`);
    return sum + Math.round(n * unit);
  }, 0);
}
