import { sql } from 'drizzle-orm';
import type { DbLike } from '../../../../db/database';

/*
 * What of a member's savings is theirs to use: what they saved in the cycle, less what live loans
 * hold of it. Loans read it (the borrower's own backing, the guarantors' holds) and so do
 * reversals, which never take a member's savings below what is held.
 */

/** The states in which a loan holds savings: approved until it ends. */
const HELD = sql.raw(`('approved', 'disbursing', 'active')`);

/** What a member has saved in a cycle: their counted shares' value. */
export function savingsOf(tx: DbLike, cycleId: number, userId: string): number {
  return (
    tx.get<{ v: number }>(sql`SELECT COALESCE(SUM(amount), 0) AS v FROM savings_entries WHERE cycle_id = ${cycleId} AND member_id = ${userId} AND kind = 'shares' AND status IN ('confirmed', 'reversed')`)?.v ?? 0
  );
}

/**
 * What of a member's savings stands behind live loans: their holds as a guarantor of others' loans,
 * and what of their own savings backs their own loan (held from its second approval, as the
 * guarantors' are). Held savings are not free to guarantee, to back another loan or to be reversed.
 */
export function heldFor(tx: DbLike, groupId: number, userId: string): number {
  return (
    tx.get<{ v: number }>(sql`SELECT
      (SELECT COALESCE(SUM(g.hold), 0) FROM savings_loan_guarantors g JOIN savings_loans l ON l.id = g.loan_id
        WHERE l.group_id = ${groupId} AND g.user_id = ${userId} AND l.status IN ${HELD})
      + (SELECT COALESCE(SUM(l.own_hold), 0) FROM savings_loans l WHERE l.group_id = ${groupId} AND l.borrower_id = ${userId} AND l.status IN ${HELD}) AS v`)?.v ?? 0
  );
}

export const freeOf = (saved: number, held: number) => Math.max(0, saved - held);
export const freeSavings = (tx: DbLike, group: number, cycle: number, userId: string) => freeOf(savingsOf(tx, cycle, userId), heldFor(tx, group, userId));
