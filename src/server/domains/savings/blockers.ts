import { sql } from 'drizzle-orm';
import type { DbLike } from '../../../../db/database';

/*
 * What keeps a member of a savings group from deleting their account: a loan of theirs still live
 * (they owe the group, or a request waits on others) and a guarantee of someone's live loan (their
 * savings stand behind it). Both end with the loan: repaid, written off or refused.
 */

/** The groups where the person has a live loan (requested, approved, handed over or being repaid). */
export const liveLoanGroups = (db: DbLike, userId: string) =>
  db
    .all<{ name: string }>(sql`SELECT DISTINCT g.name FROM savings_loans l JOIN savings_groups g ON g.id = l.group_id
      WHERE l.borrower_id = ${userId} AND l.status IN ('requested', 'approved', 'disbursing', 'active') ORDER BY g.name`)
    .map((r) => r.name);

/** The groups where the person stands behind (or is asked to stand behind) someone's live loan. */
export const liveGuaranteeGroups = (db: DbLike, userId: string) =>
  db
    .all<{ name: string }>(sql`SELECT DISTINCT g.name FROM savings_loan_guarantors lg JOIN savings_loans l ON l.id = lg.loan_id JOIN savings_groups g ON g.id = l.group_id
      WHERE lg.user_id = ${userId} AND lg.status IN ('pending', 'accepted') AND l.status IN ('requested', 'approved', 'disbursing', 'active') ORDER BY g.name`)
    .map((r) => r.name);
