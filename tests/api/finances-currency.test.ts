import { describe, expect, it } from 'vitest';
import { as } from '../setup/communities';
import { FIN, financeWorld } from '../setup/finances';
import { TRANSPORTS } from '../setup/transport';
import { expectError, textOf } from '../setup/errors';

/*
 * The books are kept in one currency and every amount sent to them is in its minor unit. An
 * input may say its currency; one other than the books' is refused (400 naming the books'
 * currency) rather than booked as if it were theirs. These books are kept in USD.
 */

const MISMATCH = 'errors.finances.currencyMismatch';
const USD = { currency: 'USD' };

/** Rows of the tables a money input writes to, to show a refusal wrote nothing. */
const counts = (w: Awaited<ReturnType<typeof financeWorld>>) =>
  w.t.db.$client.prepare('SELECT (SELECT count(*) FROM payments), (SELECT count(*) FROM expenses), (SELECT count(*) FROM dues_plans), (SELECT count(*) FROM budgets), (SELECT count(*) FROM ledger_entries)').raw().get();

for (const T of TRANSPORTS) {
  describe(`${T.name}: money sent in another currency`, () => {
    it('a payment declared in EUR on USD books → 400 naming USD, nothing recorded; in USD (any case) it is taken', async () => {
      const w = await financeWorld({ currency: 'USD' });
      const m = await as(w.t, w.member);
      const before = counts(w);
      const eur = await T.call(m, FIN.declare, { communityId: w.community.id, amount: 2000, currency: 'EUR', purpose: 'dues', method: 'cash' });
      expect(eur.status).toBe(400);
      expectError(eur, 'BAD_REQUEST', MISMATCH, USD);
      expect(eur.error?.issues).toEqual([{ path: ['currency'], message: textOf(MISMATCH, USD) }]);
      const fr = await T.call(m, FIN.declare, { communityId: w.community.id, amount: 2000, currency: 'EUR', purpose: 'dues', method: 'cash' }, { 'accept-language': 'fr' });
      expectError(fr, 'BAD_REQUEST', MISMATCH, USD, 'fr');
      expect(counts(w)).toEqual(before);

      const usd = await T.call(m, FIN.declare, { communityId: w.community.id, amount: 2000, currency: 'usd', purpose: 'dues', method: 'cash' });
      expect(usd.status).toBe(T.okStatus(FIN.declare));
      expect(usd.data).toMatchObject({ amount: 2000, status: 'pending' });
    });

    it('an expense submitted in EUR on USD books → 400; without a currency it is in the books’ own', async () => {
      const w = await financeWorld({ currency: 'USD' });
      const tr = await as(w.t, w.treasurer);
      const before = counts(w);
      const eur = await T.call(tr, FIN.submit, { communityId: w.community.id, amount: 1500, currency: 'EUR', categoryId: w.books.expenseCategory, description: 'Hall rent' });
      expect(eur.status).toBe(400);
      expectError(eur, 'BAD_REQUEST', MISMATCH, USD);
      expect(counts(w)).toEqual(before);
      expect((await T.call(tr, FIN.submit, { communityId: w.community.id, amount: 1500, categoryId: w.books.expenseCategory, description: 'Hall rent' })).status).toBe(T.okStatus(FIN.submit));
    });

    it('a currency that is not a code at all → 400 on its field', async () => {
      const w = await financeWorld({ currency: 'USD' });
      const m = await as(w.t, w.member);
      const r = await T.call(m, FIN.declare, { communityId: w.community.id, amount: 2000, currency: 42, purpose: 'dues', method: 'cash' });
      expect(r.status).toBe(400);
      expect(r.error?.issues?.[0]?.path).toEqual(['currency']);
    });
  });
}

describe('tRPC: the other money inputs of the books', () => {
  it('cash recorded, an expense changed, a dues plan and a budget in EUR on USD books → 400 naming USD, nothing written', async () => {
    const w = await financeWorld({ currency: 'USD' });
    const tr = await as(w.t, w.treasurer);
    const cr = await as(w.t, w.creator);
    const before = counts(w);
    const approvedBefore = w.t.db.$client.prepare('SELECT amount, status FROM expenses WHERE id = ?').get(w.books.approvedExpense);
    const refused = [
      await tr.mutate('finances.recordPayment', { communityId: w.community.id, memberId: w.member.id, accountId: w.books.account, amount: 1000, currency: 'EUR', purpose: 'dues', method: 'cash' }),
      await tr.mutate('finances.changeExpense', { id: w.books.approvedExpense, amount: 90_000, currency: 'EUR' }),
      await cr.mutate('finances.createDuesPlan', { communityId: w.community.id, name: 'Building fund', amount: 10_000, currency: 'EUR', period: 'yearly', dueDay: 1, startsOn: '2026-01-01' }),
      await cr.mutate('finances.setBudget', { communityId: w.community.id, year: 2026, currency: 'EUR', lines: [{ categoryId: w.books.expenseCategory, planned: 50_000 }] }),
    ];
    expect(refused.map((r) => [r.status, r.error?.message])).toEqual(refused.map(() => [400, textOf(MISMATCH, USD)]));
    expect(counts(w)).toEqual(before);
    expect(w.t.db.$client.prepare('SELECT amount, status FROM expenses WHERE id = ?').get(w.books.approvedExpense)).toEqual(approvedBefore);

    // The same in the books' currency is taken.
    expect((await cr.mutate('finances.createDuesPlan', { communityId: w.community.id, name: 'Building fund', amount: 10_000, currency: 'USD', period: 'yearly', dueDay: 1, startsOn: '2026-01-01' })).status).toBe(200);
    expect((await cr.mutate('finances.setBudget', { communityId: w.community.id, year: 2026, currency: 'USD', lines: [{ categoryId: w.books.expenseCategory, planned: 50_000 }] })).status).toBe(200);
  });
});
