import { sql } from 'drizzle-orm';
import type { DbLike } from '../../../../db/database';

/*
 * Each welfare fund's money, checked from the records (npm run finances:verify):
 *   levies collected = benefits paid from the fund + carried (what the fund holds, never below zero),
 * where the ledger says what was collected (the fund's income category, net of reversals) and paid
 * (its expense category, net of reversals), and the rows must agree with it: the levies' `paid`
 * sums to what the ledger collected, and the cases paid from the fund (not reversed) sum to what
 * it paid out.
 */

export type FundCheck = {
  fundId: number;
  name: string;
  communityId: number;
  community: string;
  /** From the ledger. */
  collected: number;
  paidOut: number;
  carried: number;
  /** From the rows. */
  leviesPaid: number;
  benefitsPaid: number;
};

export function fundChecks(db: DbLike): FundCheck[] {
  return db.all<FundCheck>(sql`SELECT f.id AS fundId, f.name AS name, f.community_id AS communityId, c.name AS community,
      (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e WHERE e.community_id = f.community_id AND e.category_id = f.income_category_id) AS collected,
      (SELECT coalesce(-sum(e.amount), 0) FROM ledger_entries e WHERE e.community_id = f.community_id AND e.category_id = f.expense_category_id) AS paidOut,
      (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e WHERE e.community_id = f.community_id AND e.category_id IN (f.income_category_id, f.expense_category_id)) AS carried,
      (SELECT coalesce(sum(l.paid), 0) FROM welfare_levies l WHERE l.fund_id = f.id) AS leviesPaid,
      (SELECT coalesce(sum(k.benefit_amount), 0) FROM welfare_cases k WHERE k.fund_id = f.id AND f.financing <> 'general'
        AND k.benefit_entry_id IS NOT NULL AND k.status IN ('paid', 'confirmed', 'closed')) AS benefitsPaid
    FROM welfare_funds f JOIN communities c ON c.id = f.community_id ORDER BY f.id`);
}

/** What is wrong with a fund's money, in words (empty: it is conserved). */
export function fundProblems(f: FundCheck): string[] {
  const where = `Welfare fund ${f.fundId} "${f.name}" (community ${f.communityId} "${f.community}")`;
  const out: string[] = [];
  if (f.collected !== f.paidOut + f.carried) out.push(`${where}: levies collected ${f.collected} ≠ benefits paid ${f.paidOut} + carried ${f.carried}`);
  if (f.carried < 0) out.push(`${where}: holds ${f.carried}, less than nothing (benefits paid ${f.paidOut} exceed levies collected ${f.collected})`);
  if (f.leviesPaid !== f.collected) out.push(`${where}: its levies say ${f.leviesPaid} was paid, the ledger collected ${f.collected}`);
  if (f.benefitsPaid !== f.paidOut) out.push(`${where}: its cases say ${f.benefitsPaid} was paid out, the ledger paid ${f.paidOut}`);
  return out;
}
