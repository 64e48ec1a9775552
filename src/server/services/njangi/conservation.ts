import { sql } from 'drizzle-orm';
import type { DbLike } from '../../../../db/database';

/*
 * A savings circle's money is conserved to the minor unit, at every step (docs/product-rules.md,
 * "Savings circles"; decision 012). Everything that came in is somewhere:
 *
 *   Σ confirmed contributions + Σ fines paid
 *     = Σ payouts (recorded, confirmed or disputed)
 *     + Σ top-ups (owed, recorded, confirmed or disputed)
 *     + Σ auction shares (share × (hands − 1) of each payout)
 *     + Σ organiser's fees
 *     + held: the auction remainder carried to the next round, the confirmed contributions of
 *       rounds not yet paid out, and fines paid that have not joined a pot yet. A completed circle
 *       holds nothing: every round is paid, and a fine paid after its last payout tops it up.
 *
 * Pending and rejected contributions, owed and waived fines are not money in. This module reads
 * the rows themselves, not the report's figures, so it checks them; `npm run finances:verify`
 * runs it over every circle.
 */

export type CircleMoney = {
  contributions: number;
  finesPaid: number;
  payouts: number;
  topUps: number;
  shares: number;
  fees: number;
  /** The circle's carry as stored, the contributions of rounds not yet paid out, fines paid waiting for a pot. */
  carry: number;
  openRounds: number;
  finesWaiting: number;
  /** The carry the last payout left (0 before any): what `carry` must equal. */
  lastCarryOut: number;
};

export type CircleCheck = CircleMoney & { circleId: number; communityId: number; community: string; name: string; status: string; moneyIn: number; accounted: number };

const SUMS = sql`
  SELECT ci.id AS circleId, ci.community_id AS communityId, co.name AS community, ci.name AS name, ci.status AS status, ci.carry AS carry,
    (SELECT COALESCE(SUM(c.amount), 0) FROM circle_contributions c WHERE c.circle_id = ci.id AND c.status = 'confirmed') AS contributions,
    (SELECT COALESCE(SUM(f.amount), 0) FROM circle_fines f WHERE f.circle_id = ci.id AND f.status = 'paid') AS finesPaid,
    (SELECT COALESCE(SUM(po.amount), 0) FROM circle_payouts po WHERE po.circle_id = ci.id) AS payouts,
    (SELECT COALESCE(SUM(t.amount), 0) FROM circle_top_ups t WHERE t.circle_id = ci.id) AS topUps,
    (SELECT COALESCE(SUM(po.share * (ci.hands - 1)), 0) FROM circle_payouts po WHERE po.circle_id = ci.id) AS shares,
    (SELECT COALESCE(SUM(po.fee), 0) FROM circle_payouts po WHERE po.circle_id = ci.id) AS fees,
    (SELECT COALESCE(SUM(c.amount), 0) FROM circle_contributions c JOIN circle_rounds r ON r.id = c.round_id
       WHERE c.circle_id = ci.id AND c.status = 'confirmed' AND NOT EXISTS (SELECT 1 FROM circle_payouts po WHERE po.round_id = r.id)) AS openRounds,
    (SELECT COALESCE(SUM(f.amount), 0) FROM circle_fines f WHERE f.circle_id = ci.id AND f.status = 'paid' AND f.pot_round_id IS NULL) AS finesWaiting,
    COALESCE((SELECT po.carry_out FROM circle_payouts po JOIN circle_rounds r ON r.id = po.round_id WHERE po.circle_id = ci.id ORDER BY r.number DESC LIMIT 1), 0) AS lastCarryOut
  FROM circles ci JOIN communities co ON co.id = ci.community_id`;

function check(row: Omit<CircleCheck, 'moneyIn' | 'accounted'>): CircleCheck {
  const moneyIn = row.contributions + row.finesPaid;
  const accounted = row.payouts + row.topUps + row.shares + row.fees + held(row);
  return { ...row, moneyIn, accounted };
}

/** What the organiser still holds for rounds to come: nothing, once the circle is complete. */
export const held = (c: CircleMoney) => c.carry + c.openRounds + c.finesWaiting;

/** Whether a circle's money is conserved: in = accounted for, the stored carry is the last payout's, a completed circle holds nothing. */
export const conserved = (c: CircleCheck) => c.moneyIn === c.accounted && c.carry === c.lastCarryOut && (c.status !== 'completed' || held(c) === 0);

/** One circle's sums, from its rows. */
export function circleConservation(db: DbLike, circleId: number): CircleCheck {
  const row = db.get<Omit<CircleCheck, 'moneyIn' | 'accounted'>>(sql`${SUMS} WHERE ci.id = ${circleId}`);
  if (!row) throw new RangeError(`No circle ${circleId}`);
  return check(row);
}

/** Every circle whose money is not conserved (none, when the books are sound), with what differs. */
export function unconservedCircles(db: DbLike): CircleCheck[] {
  return db.all<Omit<CircleCheck, 'moneyIn' | 'accounted'>>(sql`${SUMS} ORDER BY ci.id`).map(check).filter((c) => !conserved(c));
}
