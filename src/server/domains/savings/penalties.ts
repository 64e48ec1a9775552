import { sql } from 'drizzle-orm';
import type { DbLike } from '../../../../db/database';

/*
 * Late penalties are owed, not money: the job posts one a late installment (penalty-job.ts) to
 * `savings_loan_penalties`, and what a borrower owes in penalties is what was posted less what
 * their confirmed repayments paid of it (`penalty` entries, which are money into the loan fund).
 */

/** What late penalties were posted on a loan, in all. */
export const penaltiesPosted = (tx: DbLike, loanId: number) =>
  tx.get<{ v: number }>(sql`SELECT COALESCE(SUM(amount), 0) AS v FROM savings_loan_penalties WHERE loan_id = ${loanId}`)?.v ?? 0;
