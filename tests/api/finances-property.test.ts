import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/server/services/errors';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { listAccounts } from '../../src/server/services/finances/books';
import { approveExpense, payExpense, rejectExpense, submitExpense } from '../../src/server/services/finances/expenses';
import { reverseEntry, verifyBalances } from '../../src/server/services/finances/ledger';
import { confirmPayment, declarePayment, recordCashPayment, rejectPayment } from '../../src/server/services/finances/payments';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp } from '../setup/app';
import { seedBooks } from '../setup/finances';

/*
 * For any sequence of payments, confirmations, rejections, expenses, payments out and reversals
 * (refused ones included), the books hold: every balance equals the sum of its entries and is
 * never negative, every month's totals equal its entries, no entry is ever changed once written,
 * every amount is a whole number of minor units, and the audit chain is unbroken.
 */

const amount = fc.integer({ min: 1, max: 50_000 });
const pick = fc.nat({ max: 20 });
const step = fc.oneof(
  fc.record({ kind: fc.constant('declare' as const), amount }),
  fc.record({ kind: fc.constant('confirm' as const), pick }),
  fc.record({ kind: fc.constant('reject' as const), pick }),
  fc.record({ kind: fc.constant('record' as const), amount }),
  fc.record({ kind: fc.constant('submit' as const), amount }),
  fc.record({ kind: fc.constant('approve' as const), pick }),
  fc.record({ kind: fc.constant('reject-expense' as const), pick }),
  fc.record({ kind: fc.constant('pay' as const), pick }),
  fc.record({ kind: fc.constant('reverse' as const), pick }),
);

describe('the books under any sequence of actions', () => {
  it('always verify, never change an entry in place and never hold fractions', async () => {
    const t0 = makeTestApp();
    const officer = await makeUser(t0.db, {});
    const approver = await makeUser(t0.db, {});
    const member = await makeUser(t0.db, {});
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        const t = makeTestApp();
        // The same three people in each run's fresh database.
        for (const u of [officer, approver, member]) t.db.$client.prepare('INSERT INTO users (id, first_name, last_name, email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0)').run(u.id, u.firstName, u.lastName, u.email, u.passwordHash);
        const community = makeCommunity(t.db, { creator: officer });
        addMember(t.db, { communityId: community.id, user: approver, role: 'admin' });
        addMember(t.db, { communityId: community.id, user: member });
        const fx = seedBooks(t, { community, officer, approver, member });
        const c = community.id;
        const now = t.clock.now();
        const ids = (sql: string) => t.db.$client.prepare(sql).pluck().all(c) as number[];
        const nth = (list: number[], i: number) => list[i % Math.max(1, list.length)];
        for (const s of steps) {
          const before = t.db.$client.prepare('SELECT * FROM ledger_entries ORDER BY id').all();
          try {
            if (s.kind === 'declare') declarePayment(t.db, { communityId: c, memberId: member.id, details: { amount: s.amount, purpose: 'dues', method: 'cash' }, now });
            if (s.kind === 'record') recordCashPayment(t.db, { communityId: c, memberId: member.id, details: { amount: s.amount, purpose: 'donation', method: 'cash' }, accountId: fx.account, actorId: officer.id, now });
            if (s.kind === 'submit') submitExpense(t.db, { communityId: c, authorId: member.id, amount: s.amount, categoryId: fx.expenseCategory, description: 'x', receipts: [], now });
            const payment = nth(ids('SELECT id FROM payments WHERE community_id = ?'), 'pick' in s ? s.pick : 0);
            const expense = nth(ids('SELECT id FROM expenses WHERE community_id = ?'), 'pick' in s ? s.pick : 0);
            const entry = nth(ids('SELECT id FROM ledger_entries WHERE community_id = ?'), 'pick' in s ? s.pick : 0);
            if (s.kind === 'confirm' && payment) confirmPayment(t.db, { communityId: c, paymentId: payment, accountId: fx.account, actorId: officer.id, now });
            if (s.kind === 'reject' && payment) rejectPayment(t.db, { communityId: c, paymentId: payment, reason: 'no', actorId: officer.id, now });
            if (s.kind === 'approve' && expense) approveExpense(t.db, { communityId: c, expenseId: expense, actorId: approver.id, now });
            if (s.kind === 'reject-expense' && expense) rejectExpense(t.db, { communityId: c, expenseId: expense, reason: 'no', actorId: approver.id, now });
            if (s.kind === 'pay' && expense) payExpense(t.db, { communityId: c, expenseId: expense, accountId: fx.account, actorId: officer.id, now });
            if (s.kind === 'reverse' && entry) t.db.transaction((tx) => reverseEntry(tx, { communityId: c, entryId: entry, reason: 'fix', actorId: officer.id, now }));
          } catch (e) {
            // Refusals (409 and the like) are part of the game; anything else is a bug.
            if (!(e instanceof DomainError)) throw e;
          }
          const after = t.db.$client.prepare('SELECT * FROM ledger_entries ORDER BY id').all();
          expect(after.slice(0, before.length)).toEqual(before);
        }
        expect(verifyBalances(t.db)).toEqual({ accounts: [], months: [] });
        expect(verifyAuditChain(t.db)).toBeNull();
        for (const a of listAccounts(t.db, c)) {
          expect(Number.isInteger(a.balance)).toBe(true);
          expect(a.balance).toBeGreaterThanOrEqual(0);
        }
        const amounts = t.db.$client.prepare('SELECT amount FROM ledger_entries').pluck().all() as number[];
        expect(amounts.every((x) => Number.isInteger(x) && x !== 0)).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
