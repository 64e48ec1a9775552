import type { CommunityRow, UserRow } from '../../db/schema';
import { saveFinanceSettings, builtInCategoryId, listAccounts } from '../../src/server/services/finances/books';
import { createDuesPlan } from '../../src/server/services/finances/dues';
import { approveExpense, submitExpense } from '../../src/server/services/finances/expenses';
import { confirmPayment, declarePayment } from '../../src/server/services/finances/payments';
import type { TestApp } from './app';

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
