import { describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { as } from '../setup/communities';
import { financeWorld } from '../setup/finances';
import { memberDues } from '../../src/server/services/finances/dues';
import { op, TRANSPORTS } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * What the money screens ask the server beyond the books themselves: the month-by-month cash flow
 * (money in and out and the balance, from the ledger), the count of members a back-dated dues plan
 * would make overdue at once, and the currency's lock once money is recorded. The world is
 * financeWorld's on 2 March 2026: the member's confirmed 5,000 of dues, a pending payment and two
 * unpaid expenses; a monthly plan of 2,000 since January.
 */

const CASH_FLOW = op('GET', '/api/communities/:id/finances/cash-flow', 'finances.cashFlow', 'query', { params: { id: 'communityId' } });
const DAY = 86_400_000;

for (const T of TRANSPORTS) {
  describe(`${T.name}: the month-by-month cash flow`, () => {
    it('twelve months up to this one, from the ledger: money in, money out and the running balance; the next month counts an expense paid then', async () => {
      const w = await financeWorld();
      let tr = await as(w.t, w.treasurer);
      const first = await T.call(tr, CASH_FLOW, { communityId: w.community.id });
      expect(first.status).toBe(200);
      expect(first.data.currency).toBe('XAF');
      expect(first.data.months).toHaveLength(12);
      expect(first.data.months[0]).toEqual({ month: '2025-04', moneyIn: 0, moneyOut: 0, balance: 0 });
      expect(first.data.months.at(-1)).toEqual({ month: '2026-03', moneyIn: 5000, moneyOut: 0, balance: 5000 });

      // In April the treasurer pays the approved expense (1,000): it counts in April, and the balance follows the account's.
      w.t.clock.advance(31 * DAY);
      tr = await as(w.t, w.treasurer); // a month idle ends a session
      expect((await tr.mutate('finances.payExpense', { id: w.books.approvedExpense, accountId: w.books.account })).status).toBe(200);
      const next = await T.call(tr, CASH_FLOW, { communityId: w.community.id, months: 3 });
      expect(next.data.months).toEqual([
        { month: '2026-02', moneyIn: 0, moneyOut: 0, balance: 0 },
        { month: '2026-03', moneyIn: 5000, moneyOut: 0, balance: 5000 },
        { month: '2026-04', moneyIn: 0, moneyOut: 1000, balance: 4000 },
      ]);
      expect(next.data.months.at(-1).balance).toBe(w.balance());
    });

    it('members see it where the community shows totals, not where it shows only their own; outsiders and bad inputs are refused', async () => {
      const w = await financeWorld();
      const m = await as(w.t, w.member);
      expect((await T.call(m, CASH_FLOW, { communityId: w.community.id })).data.months.at(-1)).toMatchObject({ moneyIn: 5000 });
      const cr = await as(w.t, w.creator);
      expect((await cr.mutate('finances.updateSettings', { communityId: w.community.id, transparency: 'own' })).status).toBe(200);
      expect((await T.call(m, CASH_FLOW, { communityId: w.community.id })).data).toEqual({ currency: 'XAF', months: null });
      // Officers still see the books' totals.
      expect((await T.call(cr, CASH_FLOW, { communityId: w.community.id })).data.months).toHaveLength(12);

      const outsider = await as(w.t, await makeUser(w.t.db, { firstName: 'Kofi' }));
      expect((await T.call(outsider, CASH_FLOW, { communityId: w.community.id })).status).toBe(403);
      const bad = await T.call(cr, CASH_FLOW, { communityId: w.community.id, months: 99 });
      expect(bad.status).toBe(400);
      expectError(bad, 'BAD_REQUEST', 'validation.finance.months');
    });
  });
}

describe('tRPC: a back-dated dues plan, previewed', () => {
  const plan = (communityId: number, extra: object) => ({ communityId, amount: 500, period: 'once', dueDay: 1, graceDays: 0, startsOn: '2026-01-01', ...extra });

  it('counts the members it would make overdue at once: each member’s dues credit pays the new periods oldest first, as the plan itself will', async () => {
    const w = await financeWorld();
    const cr = await as(w.t, w.creator);
    // A one-off 500 due on 1 January: the member's 5,000 covers it (it is their oldest obligation); the three others have no credit.
    const once = await cr.query('finances.duesPlanPreview', plan(w.community.id, {}));
    expect(once.data).toEqual({ periods: 1, members: 3, total: 4 });
    // Only the member: covered, nobody overdue.
    expect((await cr.query('finances.duesPlanPreview', plan(w.community.id, { memberIds: [w.member.id] }))).data).toEqual({ periods: 1, members: 0, total: 1 });
    // Monthly 1,000 since January: the member's credit runs out before March's period, so all four.
    expect((await cr.query('finances.duesPlanPreview', plan(w.community.id, { amount: 1000, period: 'monthly' }))).data).toEqual({ periods: 3, members: 4, total: 4 });
    // Starting this month with a week's grace: nothing is late yet.
    expect((await cr.query('finances.duesPlanPreview', plan(w.community.id, { period: 'monthly', startsOn: '2026-03-01', graceDays: 7 }))).data).toEqual({ periods: 0, members: 0, total: 4 });

    // The plan made for real leaves exactly the counted members with an overdue period of it.
    expect((await cr.mutate('finances.createDuesPlan', { ...plan(w.community.id, {}), name: 'Building fund', currency: 'XAF' })).status).toBe(200);
    const overdue = [w.creator, w.treasurer, w.admin, w.member].filter(
      (u) => memberDues(w.t.db, { communityId: w.community.id, memberId: u.id, now: w.t.clock.now() }).obligations.some((o) => o.plan === 'Building fund' && o.status === 'overdue'),
    );
    expect(overdue.length).toBe(once.data.members);
  });

  it('is for those who make plans: a plain member is refused, and nothing is written', async () => {
    const w = await financeWorld();
    const m = await as(w.t, w.member);
    const before = w.t.db.$client.prepare('SELECT count(*) FROM dues_obligations').pluck().get();
    const r = await m.query('finances.duesPlanPreview', plan(w.community.id, {}));
    expect(r.status).toBe(403);
    expect(w.t.db.$client.prepare('SELECT count(*) FROM dues_obligations').pluck().get()).toBe(before);
  });
});

describe('tRPC: the books’ currency, locked once money is recorded', () => {
  it('fresh books may change currency; once a payment is declared the summary says locked and the server refuses the change (409, in the caller’s language)', async () => {
    const w = await financeWorld();
    const creator = await makeUser(w.t.db, { firstName: 'Efua' });
    const member = await makeUser(w.t.db, { firstName: 'Yaw' });
    const fresh = makeCommunity(w.t.db, { creator, name: 'Kumasi Welfare Union' });
    addMember(w.t.db, { communityId: fresh.id, user: member });
    const cr = await as(w.t, creator);
    expect((await cr.mutate('finances.updateSettings', { communityId: fresh.id, currency: 'XAF' })).status).toBe(200);
    expect((await cr.query('finances.summary', { communityId: fresh.id })).data.currencyLocked).toBe(false);
    expect((await cr.mutate('finances.updateSettings', { communityId: fresh.id, currency: 'GHS' })).data).toMatchObject({ currency: 'GHS' });

    const m = await as(w.t, member);
    expect((await m.mutate('finances.declarePayment', { communityId: fresh.id, amount: 1000, purpose: 'dues', method: 'cash' })).status).toBe(200);
    expect((await cr.query('finances.summary', { communityId: fresh.id })).data).toMatchObject({ currency: 'GHS', currencyLocked: true });
    const refused = await cr.mutate('finances.updateSettings', { communityId: fresh.id, currency: 'USD' });
    expect(refused.status).toBe(409);
    expectError(refused, 'CONFLICT', 'errors.finances.currencyLocked');
    const fr = await cr.mutate('finances.updateSettings', { communityId: fresh.id, currency: 'USD' }, { 'accept-language': 'fr' });
    expect(fr.status).toBe(409);
    expect(fr.error?.message).not.toBe(refused.error?.message);
    // The same currency, or another setting, is still taken.
    expect((await cr.mutate('finances.updateSettings', { communityId: fresh.id, currency: 'GHS', transparency: 'own' })).data).toMatchObject({ currency: 'GHS', transparency: 'own' });
  });
});
