import { describe, expect, it } from 'vitest';
import { as } from '../setup/communities';
import { FIN, csvColumn, csvAmountTotal, financeWorld } from '../setup/finances';
import { TRANSPORTS } from '../setup/transport';

/*
 * A reversed payment reads "reversed" wherever people read it and no total counts it: the
 * statement, the dues, the summary, the budget's actuals, the dashboard's overview, the officers'
 * payments and the CSV all follow the ledger (payments net of their reversals).
 */

/** The member's two confirmed dues payments (the seeded 5,000 and a new 2,000), both reversed by the treasurer. */
async function bothReversed() {
  const w = await financeWorld();
  const m = await as(w.t, w.member);
  const tr = await as(w.t, w.treasurer);
  const second = await m.mutate('finances.declarePayment', { communityId: w.community.id, amount: 2000, purpose: 'dues', method: 'cash' });
  await tr.mutate('finances.confirmPayment', { id: second.data.id, accountId: w.books.account });
  const secondEntry = w.t.db.$client.prepare('SELECT id FROM ledger_entries WHERE payment_id = ?').pluck().get(second.data.id) as number;
  expect((await tr.mutate('finances.reverseEntry', { id: w.books.entry, reason: 'The transfer bounced' })).status).toBe(200);
  expect((await tr.mutate('finances.reverseEntry', { id: secondEntry, reason: 'Entered twice' })).status).toBe(200);
  const firstPayment = w.t.db.$client.prepare('SELECT payment_id FROM ledger_entries WHERE id = ?').pluck().get(w.books.entry) as number;
  return { ...w, m, tr, payments: [firstPayment, second.data.id as number] };
}

for (const T of TRANSPORTS) {
  describe(`${T.name}: a member's reversed payments`, () => {
    it('read "reversed" on their statement and count in none of its totals', async () => {
      const w = await bothReversed();
      const statement = await T.call(w.m, FIN.statement, { communityId: w.community.id });
      expect(statement.status).toBe(200);
      // The seeded pending 2,500 still waits; nothing paid is left.
      expect(statement.data).toMatchObject({ currency: 'XAF', paidThisYear: 0, pending: 2500 });
      const byId = new Map(statement.data.payments.items.map((p: { id: number }) => [p.id, p]));
      expect(byId.get(w.payments[0])).toMatchObject({ status: 'reversed', reason: 'The transfer bounced', receiptNo: 1 });
      expect(byId.get(w.payments[1])).toMatchObject({ status: 'reversed', reason: 'Entered twice', receiptNo: 2 });
    });

    it('leave the dues unpaid and the summary, own and community figures, at nothing', async () => {
      const w = await bothReversed();
      const dues = await T.call(w.m, FIN.dues, { communityId: w.community.id });
      expect(dues.data).toMatchObject({ paid: 0, outstanding: 4000, status: 'overdue' });
      const summary = await T.call(w.m, FIN.summary, { communityId: w.community.id });
      expect(summary.data.own).toEqual({ paidThisYear: 0, pending: 2500 });
      expect(summary.data.accounts[0].balance).toBe(0);
      const duesCategory = summary.data.byCategory.find((c: { categoryId: number }) => c.categoryId === w.books.incomeCategory);
      expect(duesCategory.moneyIn - duesCategory.moneyOut).toBe(0);
    });
  });
}

describe('REST: the ledger CSV after reversals', () => {
  it('names the reversing entry on each reversed payment’s row, and its amounts add up to nothing', async () => {
    const w = await bothReversed();
    const csv = String((await w.tr.rest('GET', `/api/communities/${w.community.id}/finances/export.csv?from=2000-01-01`)).body);
    expect(csvAmountTotal(csv)).toBe(0);
    const ids = csvColumn(csv, 'Entry no.');
    const kinds = csvColumn(csv, 'Kind');
    const reversedBy = csvColumn(csv, 'Reversed by entry no.');
    const reverses = csvColumn(csv, 'Reverses entry no.');
    ids.forEach((id, i) => {
      if (kinds[i] === 'Payment') expect(reversedBy[i], `entry ${id}`).toBe(ids[reverses.indexOf(id)]);
      else expect(reversedBy[i]).toBe('');
    });
  });
});

describe('tRPC: what else reads a reversed payment', () => {
  it('the officers’ payments list says reversed (and filters by it); the budget’s actual and the dashboard count nothing', async () => {
    const w = await bothReversed();
    const all = await w.tr.query('finances.payments', { communityId: w.community.id });
    expect(all.data.items.filter((p: { status: string }) => p.status === 'reversed').map((p: { id: number }) => p.id).sort()).toEqual([...w.payments].sort());
    const filtered = await w.tr.query('finances.payments', { communityId: w.community.id, status: 'reversed' });
    expect(filtered.data.items).toHaveLength(2);
    expect(w.t.db.$client.prepare("SELECT count(*) FROM payments WHERE status = 'confirmed'").pluck().get()).toBe(0);

    const budget = await w.m.query('finances.budget', { communityId: w.community.id, year: 2026 });
    expect(budget.data.lines.find((l: { categoryId: number }) => l.categoryId === w.books.incomeCategory).actual).toBe(0);
    const overview = await w.m.query('finances.overview');
    expect(overview.data[0]).toMatchObject({ paidThisYear: 0, pending: 2500, outstanding: 4000, status: 'overdue' });
  });

  it('the member is told, with the reason, in their language', async () => {
    const w = await bothReversed();
    const list = await w.m.query('notifications.list', {});
    const texts = list.data.items.map((n: { title: string; message: string }) => `${n.title}: ${n.message}`);
    expect(texts).toContain('Payment reversed: Your payment with receipt no. 1 was taken out of the books: The transfer bounced');
  });

  it('a reversal of an expense leaves every payment as it was', async () => {
    const w = await financeWorld();
    const tr = await as(w.t, w.treasurer);
    await tr.mutate('finances.payExpense', { id: w.books.approvedExpense, accountId: w.books.account });
    const expenseEntry = w.t.db.$client.prepare('SELECT id FROM ledger_entries WHERE expense_id = ?').pluck().get(w.books.approvedExpense) as number;
    expect((await tr.mutate('finances.reverseEntry', { id: expenseEntry, reason: 'Paid from the wrong box' })).status).toBe(200);
    const m = await as(w.t, w.member);
    expect((await m.query('finances.statement', { communityId: w.community.id })).data).toMatchObject({ paidThisYear: 5000, pending: 2500 });
  });
});
