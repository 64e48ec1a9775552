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
    .filter((s) => /^(UPDATE|INSERT)/i.test(s));
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
