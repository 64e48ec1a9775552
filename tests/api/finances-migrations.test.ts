import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/server/paths';
import { as } from '../setup/communities';
import { financeWorld } from '../setup/finances';

/*
 * The data the finance migrations carry forward. Books made by the current code are put back in
 * the shape the old code left them in, then the migration's data statements run again over them.
 */

/** The statements of a migration that change rows (its tables and indexes exist already). */
function dataStatements(file: string): string[] {
  return readFileSync(join(MIGRATIONS_DIR, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => /^(UPDATE|INSERT|DELETE)/i.test(s));
}

describe('migration 0018: payments reversed before they could say so', () => {
  it('read "reversed" with the reversal’s description as their reason; others stay as they were', async () => {
    const w = await financeWorld();
    const tr = await as(w.t, w.treasurer);
    await tr.mutate('finances.reverseEntry', { id: w.books.entry, reason: 'The transfer bounced' });
    const sql = w.t.db.$client;
    const reversed = sql.prepare('SELECT payment_id FROM ledger_entries WHERE id = ?').pluck().get(w.books.entry) as number;
    // As the old code left it: confirmed, no reason.
    sql.prepare("UPDATE payments SET status = 'confirmed', reason = NULL WHERE id = ?").run(reversed);
    const before = sql.prepare('SELECT id, status, reason FROM payments WHERE id <> ? ORDER BY id').all(reversed);

    const statements = dataStatements('0018_books_reversed_payments.sql');
    expect(statements).toHaveLength(1);
    for (const s of statements) sql.exec(s);

    expect(sql.prepare('SELECT status, reason FROM payments WHERE id = ?').get(reversed)).toEqual({ status: 'reversed', reason: 'The transfer bounced' });
    expect(sql.prepare('SELECT id, status, reason FROM payments WHERE id <> ? ORDER BY id').all(reversed)).toEqual(before);
  });
});

describe('migration 0019: expense authors', () => {
  it('are the submitters and, from the audit trail, whoever changed an expense; an author’s approval of an unpaid expense is withdrawn', async () => {
    const w = await financeWorld();
    const adm = await as(w.t, w.admin);
    // The admin raised the member's pending expense; the old code then let the admin approve it.
    await adm.mutate('finances.changeExpense', { id: w.books.pendingExpense, amount: 90_000 });
    const sql = w.t.db.$client;
    sql.exec('DELETE FROM expense_authors');
    sql.prepare('INSERT INTO expense_approvals (expense_id, approver_id, created_at) VALUES (?, ?, 0)').run(w.books.pendingExpense, w.admin.id);
    sql.prepare("UPDATE expenses SET status = 'approved' WHERE id = ?").run(w.books.pendingExpense);

    const statements = dataStatements('0019_books_expense_authors.sql');
    expect(statements).toHaveLength(4);
    for (const s of statements) sql.exec(s);

    const authors = (id: number) => (sql.prepare('SELECT user_id FROM expense_authors WHERE expense_id = ? ORDER BY user_id').pluck().all(id) as string[]).sort();
    expect(authors(w.books.pendingExpense)).toEqual([w.member.id, w.admin.id].sort());
    expect(authors(w.books.approvedExpense)).toEqual([w.member.id]);
    // The raised expense waits for a leader who did not write it; the other keeps the admin's approval.
    expect(sql.prepare('SELECT status FROM expenses WHERE id = ?').pluck().get(w.books.pendingExpense)).toBe('pending');
    expect(sql.prepare('SELECT count(*) FROM expense_approvals WHERE expense_id = ?').pluck().get(w.books.pendingExpense)).toBe(0);
    expect(sql.prepare('SELECT status FROM expenses WHERE id = ?').pluck().get(w.books.approvedExpense)).toBe('approved');
    expect(sql.prepare('SELECT approver_id FROM expense_approvals WHERE expense_id = ?').pluck().all(w.books.approvedExpense)).toEqual([w.admin.id]);
  });
});
