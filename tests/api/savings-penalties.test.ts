import { describe, expect, it } from 'vitest';
import { runSavingsJob } from '../../src/server/domains/savings/penalty-job';
import { moneyText } from '../../src/server/services/needs/sql';
import { as } from '../setup/communities';
import { noticesOf } from '../setup/needs';
import { conserved, fundsOf, loanThrough, ok, savedShares, savingsWorld, SG } from '../setup/savings';
import { TRANSPORTS } from '../setup/transport';

/*
 * Late penalties, time moving on: the savings job posts the cycle's late penalty once on each
 * installment still unpaid after the grace days (VSLA: 7 days, 500), tells the borrower once in
 * their language, and a repayment then pays interest, the penalty, then principal; the group's
 * money stays conserved. The loan: 3,000 over three months from 2 March (declining, 2%): 1,060
 * due on 2 April, 1,040 on 2 May, 1,020 on 2 June.
 */

for (const T of TRANSPORTS) {
  describe(`${T.name}: late penalties on a savings group's loan`, () => {
    it('posts one penalty per late installment after the grace days, tells the borrower once, and is paid before principal', async () => {
      const w = await savingsWorld();
      const deps = { db: w.t.db, now: w.t.clock.now };
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 5 }]);
      const loan = loanThrough(w, { borrower: w.musa, principal: 3_000, until: 'active' });
      const penalties = () => w.t.db.$client.prepare('SELECT installment, amount, due_date AS due FROM savings_loan_penalties WHERE loan_id = ? ORDER BY installment').all(loan);

      // Due on 2 April; the grace days end on 9 April: nothing yet.
      w.t.clock.set(Date.parse('2026-04-09T20:00:00Z'));
      expect(runSavingsJob(deps)).toEqual({ penalties: 0 });
      w.t.clock.set(Date.parse('2026-04-10T08:00:00Z'));
      expect(runSavingsJob(deps)).toEqual({ penalties: 1 });
      expect(runSavingsJob(deps)).toEqual({ penalties: 0 });
      expect(penalties()).toEqual([{ installment: 1, amount: 500, due: '2026-04-02' }]);
      // Musa reads French: told once, how much and why.
      const told = noticesOf(w.t, w.musa.id, 'notifications.savingsLatePenalty');
      expect(told).toHaveLength(1);
      expect(JSON.parse(told[0]!.params as string)).toEqual({ group: 'Table banking', installment: 1, due: moneyText(1_060, 'XAF', 'fr'), date: '2 avril 2026', days: 7, amount: moneyText(500, 'XAF', 'fr') });
      const actions = w.t.db.$client.prepare('SELECT action FROM finance_audit WHERE subject = ?').pluck().all(`savings:${w.group.id}`);
      expect(actions).toContain('savings.penaltyPosted');

      const [tabe, musa] = [await as(w.t, w.treasurer), await as(w.t, w.musa)];
      expect((await ok(T, musa, SG.loan, { id: loan })).position).toMatchObject({ interestDue: 60, penaltyDue: 500, principalDue: 1_000 });
      // 1,560: the interest, then the penalty, then the principal.
      const r = (await ok(T, musa, SG.recordRepayment, { id: loan, amount: 1_560, method: 'cash' })).id as number;
      const before = fundsOf(w.t, w.group.id).loanFund;
      expect(await ok(T, tabe, SG.confirmRepayment, { id: r })).toMatchObject({ interest: 60, penalty: 500, principal: 1_000, loanRepaid: false });
      expect(fundsOf(w.t, w.group.id).loanFund).toBe(before + 1_560);
      expect((await ok(T, musa, SG.loan, { id: loan })).position).toMatchObject({ interestDue: 0, penaltyDue: 0, principalOutstanding: 2_000 });
      expect(conserved(w)).toMatchObject({ loanIn: 5_000 + 60 + 500 });

      // The first installment paid, the second late: one more penalty, on the second only.
      w.t.clock.set(Date.parse('2026-05-20T08:00:00Z'));
      expect(runSavingsJob(deps)).toEqual({ penalties: 1 });
      expect(penalties()).toEqual([
        { installment: 1, amount: 500, due: '2026-04-02' },
        { installment: 2, amount: 500, due: '2026-05-02' },
      ]);
      expect(noticesOf(w.t, w.musa.id, 'notifications.savingsLatePenalty')).toHaveLength(2);
      conserved(w);
    });

    it('a penalty left owing never makes a later installment late: paying each installment on time after it posts nothing more', async () => {
      const w = await savingsWorld();
      const deps = { db: w.t.db, now: w.t.clock.now };
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 5 }]);
      const loan = loanThrough(w, { borrower: w.musa, principal: 3_000, until: 'active' });
      // Sessions made at the moment of each payment (the clock moves by weeks, past a session's idle time).
      const pay = async (amount: number) => {
        const [tabe, musa] = [await as(w.t, w.treasurer), await as(w.t, w.musa)];
        return ok(T, tabe, SG.confirmRepayment, { id: (await ok(T, musa, SG.recordRepayment, { id: loan, amount, method: 'cash' })).id as number });
      };
      // The first installment late: its penalty.
      w.t.clock.set(Date.parse('2026-04-10T08:00:00Z'));
      expect(runSavingsJob(deps)).toEqual({ penalties: 1 });
      // Then exactly the installments, on their days: the first (late) and the second. The penalty is
      // paid first, so the principal runs 500 behind the schedule, and the penalty is still owed.
      await pay(1_060);
      w.t.clock.set(Date.parse('2026-05-02T08:00:00Z'));
      await pay(1_040);
      w.t.clock.set(Date.parse('2026-05-20T08:00:00Z'));
      expect(runSavingsJob(deps)).toEqual({ penalties: 0 });
      conserved(w);
    });

    it('posts nothing when the cycle sets no late penalty, nor on a loan paid on time', async () => {
      const w = await savingsWorld({ rules: { latePenalty: 0 } });
      const deps = { db: w.t.db, now: w.t.clock.now };
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 5 }]);
      loanThrough(w, { borrower: w.musa, principal: 3_000, until: 'active' });
      w.t.clock.set(Date.parse('2026-07-01T08:00:00Z'));
      expect(runSavingsJob(deps)).toEqual({ penalties: 0 });

      const v = await savingsWorld();
      savedShares(v, { recorder: v.creator, confirmer: v.admin }, [{ user: v.musa, shares: 5 }]);
      const loan = loanThrough(v, { borrower: v.musa, principal: 3_000, until: 'active' });
      v.t.clock.set(Date.parse('2026-04-02T08:00:00Z'));
      const r = (await ok(T, await as(v.t, v.musa), SG.recordRepayment, { id: loan, amount: 1_060, method: 'cash' })).id as number;
      await ok(T, await as(v.t, v.treasurer), SG.confirmRepayment, { id: r });
      v.t.clock.set(Date.parse('2026-04-20T08:00:00Z'));
      expect(runSavingsJob({ db: v.t.db, now: v.t.clock.now })).toEqual({ penalties: 0 });
    });
  });
}
