import { sql } from 'drizzle-orm';
import type { DbLike } from '../../../../db/database';

export type MemberRecord = { onTime: number; late: number; missed: number; circlesCompleted: number; disputes: number };

/**
 * A member's record across every circle of the installation: contributions on time, late and
 * missed (a round past due with nothing declared or recorded; a cancelled circle's rounds after
 * it ended never took place), circles completed, payouts they
 * disputed. Shown to that member and to an organiser deciding on their request, never to others.
 */
export function memberRecord(db: DbLike, p: { userId: string; now: number }): MemberRecord {
  const row = db.get<MemberRecord>(sql`
    SELECT
      (SELECT COUNT(*) FROM circle_contributions c WHERE c.user_id = ${p.userId} AND c.status = 'confirmed' AND c.late = 0) AS onTime,
      (SELECT COUNT(*) FROM circle_contributions c WHERE c.user_id = ${p.userId} AND c.status = 'confirmed' AND c.late = 1) AS late,
      (SELECT COUNT(*) FROM circle_hands h JOIN circle_rounds r ON r.circle_id = h.circle_id JOIN circles ci ON ci.id = h.circle_id
         WHERE h.user_id = ${p.userId} AND r.due_at < ${p.now} AND (ci.status <> 'cancelled' OR r.due_at < ci.ended_at)
         AND NOT EXISTS (SELECT 1 FROM circle_contributions c WHERE c.round_id = r.id AND c.hand_id = h.id AND c.status <> 'rejected')) AS missed,
      (SELECT COUNT(DISTINCT h.circle_id) FROM circle_hands h JOIN circles ci ON ci.id = h.circle_id
         WHERE h.user_id = ${p.userId} AND ci.status = 'completed') AS circlesCompleted,
      (SELECT COUNT(*) FROM circle_payouts po WHERE po.beneficiary_id = ${p.userId} AND po.dispute_reason IS NOT NULL) AS disputes`);
  return row!;
}
