import { sql } from 'drizzle-orm';
import type { DbLike } from '../../../../db/database';

/*
 * Each community's meeting fines, checked from the records (npm run finances:verify): what the
 * ledger collected in the "Meeting fines" category (net of reversals) equals the fines' `paid`,
 * every fine payment's entry is in that category, and no fine is paid beyond its amount.
 */

export type FineCheck = { communityId: number; community: string; collected: number; finesPaid: number; elsewhere: number; overpaid: number };

export function fineChecks(db: DbLike): FineCheck[] {
  return db.all<FineCheck>(sql`SELECT c.id AS communityId, c.name AS community,
      (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN finance_categories k ON k.id = e.category_id
        WHERE e.community_id = c.id AND k.built_in = 'meetingFines') AS collected,
      (SELECT coalesce(sum(f.paid), 0) FROM meeting_fines f WHERE f.community_id = c.id) AS finesPaid,
      (SELECT count(*) FROM ledger_entries e JOIN payments x ON x.id = e.payment_id LEFT JOIN finance_categories k ON k.id = e.category_id
        WHERE e.community_id = c.id AND x.fine_id IS NOT NULL AND e.kind = 'payment' AND coalesce(k.built_in, '') <> 'meetingFines') AS elsewhere,
      (SELECT count(*) FROM meeting_fines f WHERE f.community_id = c.id AND f.paid > f.amount) AS overpaid
    FROM communities c WHERE EXISTS (SELECT 1 FROM meeting_fines f WHERE f.community_id = c.id) ORDER BY c.id`);
}

/** What is wrong with a community's fines, in words (empty: they add up). */
export function fineProblems(f: FineCheck): string[] {
  const where = `Meeting fines of community ${f.communityId} "${f.community}"`;
  const out: string[] = [];
  if (f.collected !== f.finesPaid) out.push(`${where}: the fines say ${f.finesPaid} was paid, the ledger collected ${f.collected}`);
  if (f.elsewhere) out.push(`${where}: ${f.elsewhere} fine payments landed outside the "Meeting fines" category`);
  if (f.overpaid) out.push(`${where}: ${f.overpaid} fines are paid beyond their amount`);
  return out;
}
