import { and, eq, sql } from 'drizzle-orm';
import { savingsLoanPenalties, savingsLoans } from '../../../../db/schema';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { addDays, dateInZone } from '@shared/njangi/schedule';
import type { AppDeps } from '../../context';
import { moneyText } from '../../services/needs/sql';
import { notify } from '../../services/notify';
import { groupLink } from './entries';
import { audit } from './groups';
import { positionOf } from './repayments';

/*
 * The savings groups' job, run by the scheduler: a late penalty on each installment of an active
 * loan still unpaid more than the cycle's grace days after it fell due, at the cycle's late penalty
 * (the rules the loan was asked under). Each is claimed by its row's primary key (loan,
 * installment) in the transaction that tells the borrower, so a second runner or a rerun posts and
 * tells nothing more. An installment is unpaid while what the loan's confirmed repayments paid (of
 * interest, penalties and principal) is less than the schedule's total up to it. Penalties count as
 * paid because repayments pay them before principal: counting interest and principal alone found a
 * borrower who paid every later installment in full short by the first penalty, and penalised every
 * installment after it. A penalty stays owed on the loan until a repayment covers it; it never makes
 * a later installment late by itself.
 */

type Due = { loanId: number; groupId: number; communityId: number; groupName: string; currency: string; timeZone: string; graceDays: number; latePenalty: number };

const dateText = (date: string, language: Language) => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${date}T12:00:00Z`));

export function runSavingsJob(deps: Pick<AppDeps, 'db' | 'now'>, now = deps.now()): { penalties: number } {
  const loans = deps.db.all<Due>(sql`
    SELECT l.id AS loanId, g.id AS groupId, g.community_id AS communityId, g.name AS groupName, g.currency, g.time_zone AS timeZone, c.grace_days AS graceDays, c.late_penalty AS latePenalty
    FROM savings_loans l JOIN savings_groups g ON g.id = l.group_id JOIN savings_cycles c ON c.id = l.cycle_id
    WHERE l.status = 'active' AND c.late_penalty > 0 ORDER BY l.id`);
  let penalties = 0;
  for (const row of loans) {
    deps.db.transaction((tx) => {
      const loan = tx.select().from(savingsLoans).where(and(eq(savingsLoans.id, row.loanId), eq(savingsLoans.status, 'active'))).get();
      if (!loan) return;
      const posted = new Set(tx.select({ n: savingsLoanPenalties.installment }).from(savingsLoanPenalties).where(eq(savingsLoanPenalties.loanId, loan.id)).all().map((p) => p.n));
      const { schedule, dates } = positionOf(tx, loan, row.timeZone, now);
      const paid = tx.get<{ v: number }>(sql`SELECT COALESCE(SUM(amount), 0) AS v FROM savings_entries WHERE loan_id = ${row.loanId} AND kind IN ('repayment_interest', 'penalty', 'repayment_principal') AND status IN ('confirmed', 'reversed')`)?.v ?? 0;
      const today = dateInZone(now, row.timeZone);
      let owedSoFar = 0;
      schedule.forEach((installment, i) => {
        owedSoFar += installment.total;
        const due = dates[i];
        if (!due || posted.has(installment.number) || paid >= owedSoFar || addDays(due, row.graceDays) >= today) return;
        const claimed = tx.insert(savingsLoanPenalties).values({ loanId: row.loanId, installment: installment.number, amount: row.latePenalty, dueDate: due, createdAt: now }).onConflictDoNothing().run().changes;
        if (!claimed) return;
        penalties += 1;
        audit(tx, { id: row.groupId, communityId: row.communityId }, null, 'penaltyPosted', { loan: row.loanId, installment: installment.number, due, amount: row.latePenalty }, now);
        notify(tx, {
          to: [loan.borrowerId],
          key: 'savingsLatePenalty',
          type: 'warning',
          params: (l) => ({ group: row.groupName, installment: installment.number, due: moneyText(installment.total, row.currency, l), date: dateText(due, l), days: row.graceDays, amount: moneyText(row.latePenalty, row.currency, l) }),
          link: groupLink({ id: row.groupId, communityId: row.communityId }),
          once: `savings-penalty:${row.loanId}:${installment.number}`,
          now,
        });
      });
    });
  }
  return { penalties };
}
