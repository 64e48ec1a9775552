import { describe, expect, it } from 'vitest';
import { as } from '../setup/communities';
import { FIN, financeWorld } from '../setup/finances';
import { TRANSPORTS } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Four eyes on every movement of money: whoever declares, records or changes an amount (for
 * themselves or for someone else) is one of its authors, and no author confirms, approves or
 * pays it. Cash recorded by an officer waits for another officer like a declared payment; whoever
 * changes an expense's amount, description or category becomes one of its authors, and the
 * approvals given before are cleared.
 */

const entriesOf = (w: Awaited<ReturnType<typeof financeWorld>>, paymentId: number) =>
  w.t.db.$client.prepare('SELECT count(*) FROM ledger_entries WHERE payment_id = ?').pluck().get(paymentId);

for (const T of TRANSPORTS) {
  describe(`${T.name}: cash recorded by an officer`, () => {
    it('for themselves waits, pending, for another officer; they can neither confirm nor reject it', async () => {
      const w = await financeWorld();
      const tr = await as(w.t, w.treasurer);
      const before = w.balance();
      const recorded = await tr.mutate('finances.recordPayment', { communityId: w.community.id, memberId: w.treasurer.id, accountId: w.books.account, amount: 3000, purpose: 'dues', method: 'cash' });
      expect(recorded.status).toBe(200);
      expect(recorded.data).toMatchObject({ status: 'pending', receiptNo: null, recordedBy: w.treasurer.id, memberId: w.treasurer.id });
      expect(w.balance()).toBe(before);
      expect(entriesOf(w, recorded.data.id)).toBe(0);

      const own = await T.call(tr, FIN.confirm, { id: recorded.data.id, accountId: w.books.account });
      expect(own.status).toBe(403);
      expectError(own, 'FORBIDDEN', 'errors.finances.ownPayment');
      expect((await T.call(tr, FIN.reject, { id: recorded.data.id, reason: 'Typo' })).status).toBe(403);

      const adm = await as(w.t, w.admin);
      const confirmed = await T.call(adm, FIN.confirm, { id: recorded.data.id, accountId: w.books.account });
      expect(confirmed.status).toBe(200);
      expect(confirmed.data).toMatchObject({ status: 'confirmed', receiptNo: 2 });
      expect(w.balance()).toBe(before + 3000);
    });

    it('for a member waits too: the officer who recorded it cannot confirm it, another officer does', async () => {
      const w = await financeWorld();
      const tr = await as(w.t, w.treasurer);
      const recorded = await tr.mutate('finances.recordPayment', { communityId: w.community.id, memberId: w.member.id, accountId: w.books.account, amount: 1500, purpose: 'donation', method: 'cash' });
      expect(recorded.data).toMatchObject({ status: 'pending', receiptNo: null, recordedBy: w.treasurer.id });
      const mine = await T.call(tr, FIN.confirm, { id: recorded.data.id, accountId: w.books.account });
      expect(mine.status).toBe(403);
      expectError(mine, 'FORBIDDEN', 'errors.finances.recordedPayment');
      const fr = await T.call(tr, FIN.confirm, { id: recorded.data.id, accountId: w.books.account }, { 'accept-language': 'fr' });
      expectError(fr, 'FORBIDDEN', 'errors.finances.recordedPayment', undefined, 'fr');
      expect(entriesOf(w, recorded.data.id)).toBe(0);
      // The member's statement shows it waiting.
      const m = await as(w.t, w.member);
      expect((await T.call(m, FIN.statement, { communityId: w.community.id })).data).toMatchObject({ paidThisYear: 5000, pending: 2500 + 1500 });

      const cr = await as(w.t, w.creator);
      expect((await T.call(cr, FIN.confirm, { id: recorded.data.id, accountId: w.books.account })).data).toMatchObject({ status: 'confirmed', receiptNo: 2 });
      expect(entriesOf(w, recorded.data.id)).toBe(1);
    });
  });

  describe(`${T.name}: whoever changes an expense becomes one of its authors`, () => {
    it('an officer who raises another’s expense (1,000 → 90,000) can then neither approve nor pay it; another leader approves, a non-author pays', async () => {
      const w = await financeWorld();
      const adm = await as(w.t, w.admin);
      const cr = await as(w.t, w.creator);
      const tr = await as(w.t, w.treasurer);
      // Money enough for it.
      await tr.mutate('finances.recordPayment', { communityId: w.community.id, memberId: w.member.id, accountId: w.books.account, amount: 100_000, purpose: 'donation', method: 'cash' });
      const pending = await cr.query('finances.payments', { communityId: w.community.id, status: 'pending' });
      for (const p of pending.data.items) await cr.mutate('finances.confirmPayment', { id: p.id, accountId: w.books.account });

      // The member's approved expense of 1,000: the admin approved it; the admin now raises it.
      const changed = await adm.mutate('finances.changeExpense', { id: w.books.approvedExpense, amount: 90_000 });
      expect(changed.data).toMatchObject({ status: 'pending', amount: 90_000, approvers: [] });
      expect([...changed.data.authors].sort()).toEqual([w.member.id, w.admin.id].sort());

      const approve = await T.call(adm, FIN.approve, { id: w.books.approvedExpense });
      expect(approve.status).toBe(403);
      expectError(approve, 'FORBIDDEN', 'errors.finances.ownExpense');
      expect((await T.call(adm, FIN.rejectExpense, { id: w.books.approvedExpense, reason: 'Oops' })).status).toBe(403);

      expect((await T.call(cr, FIN.approve, { id: w.books.approvedExpense })).data).toMatchObject({ status: 'approved', approvers: [w.creator.id] });
      const paidByChanger = await T.call(adm, FIN.pay, { id: w.books.approvedExpense, accountId: w.books.account });
      expect(paidByChanger.status).toBe(403);
      expectError(paidByChanger, 'FORBIDDEN', 'errors.finances.ownExpense');
      const before = w.balance();
      expect((await T.call(tr, FIN.pay, { id: w.books.approvedExpense, accountId: w.books.account })).data).toMatchObject({ status: 'paid' });
      expect(w.balance()).toBe(before - 90_000);
    });

    it('the one who submitted an expense does not pay it either', async () => {
      const w = await financeWorld();
      const tr = await as(w.t, w.treasurer);
      const submitted = await T.call(tr, FIN.submit, { communityId: w.community.id, amount: 1000, categoryId: w.books.expenseCategory, description: 'Chairs for the hall' });
      expect(submitted.data.authors).toEqual([w.treasurer.id]);
      const adm = await as(w.t, w.admin);
      await T.call(adm, FIN.approve, { id: submitted.data.id });
      const own = await T.call(tr, FIN.pay, { id: submitted.data.id, accountId: w.books.account });
      expect(own.status).toBe(403);
      expect((await T.call(adm, FIN.pay, { id: submitted.data.id, accountId: w.books.account })).data).toMatchObject({ status: 'paid' });
    });
  });
}

describe('tRPC: finances.changeExpense', () => {
  it('a new category makes its changer an author too and clears the approvals given', async () => {
    const w = await financeWorld();
    const tr = await as(w.t, w.treasurer);
    const welfare = w.t.db.$client.prepare("SELECT id FROM finance_categories WHERE community_id = ? AND built_in = 'welfare'").pluck().get(w.community.id) as number;
    const changed = await tr.mutate('finances.changeExpense', { id: w.books.approvedExpense, categoryId: welfare });
    expect(changed.data).toMatchObject({ status: 'pending', categoryId: welfare, amount: 1000, approvers: [] });
    expect((await tr.mutate('finances.approveExpense', { id: w.books.approvedExpense })).status).toBe(403);
    // An income category is no category for an expense.
    const income = await tr.mutate('finances.changeExpense', { id: w.books.approvedExpense, categoryId: w.books.incomeCategory });
    expect(income.status).toBe(409);
    expectError(income, 'CONFLICT', 'errors.finances.expenseCategory');
  });

  it('a change that changes nothing is refused (it would clear the approvals for nothing)', async () => {
    const w = await financeWorld();
    const tr = await as(w.t, w.treasurer);
    const r = await tr.mutate('finances.changeExpense', { id: w.books.approvedExpense });
    expect(r.status).toBe(400);
    expectError(r, 'BAD_REQUEST', 'validation.finance.nothingToChange');
    expect(w.t.db.$client.prepare('SELECT status FROM expenses WHERE id = ?').pluck().get(w.books.approvedExpense)).toBe('approved');
  });

  it('the list says who the authors are', async () => {
    const w = await financeWorld();
    const adm = await as(w.t, w.admin);
    await adm.mutate('finances.changeExpense', { id: w.books.pendingExpense, description: 'Hall deposit (paid to the parish)' });
    const listed = await adm.query('finances.expenses', { communityId: w.community.id });
    const row = listed.data.items.find((e: { id: number }) => e.id === w.books.pendingExpense);
    expect([...row.authors].sort()).toEqual([w.member.id, w.admin.id].sort());
  });
});
