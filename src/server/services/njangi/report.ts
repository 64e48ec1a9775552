import { asc, eq, sql } from 'drizzle-orm';
import { circlePayouts, circleRounds } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import type { Language } from '@shared/i18n/languages';
import { toCsv } from '../../exports/table';
import { circleReportExport } from './report-table';
import { circleOf, toCircleDto } from './circles';

export type MemberLine = { userId: string; name: string; hands: number; paidIn: number; received: number; shares: number; finesOwed: number; finesPaid: number; net: number };

/**
 * The circle's report: per round (collected, fines, fee, discount, payout and its state) and per
 * member (paid in, received, discount shares, fines, net). The organiser gets every member's line; anyone else
 * only their own, so nobody's arrears reach another member. The totals of a completed circle
 * balance: paid in + fines paid − fees = received + shares given (the cycle-close check).
 */
export function circleReport(db: DbLike, p: { circleId: number; viewerId: string }) {
  const circle = circleOf(db, p.circleId);
  const organiser = circle.organiserId === p.viewerId;
  const rounds = db
    .select({ round: circleRounds, payout: circlePayouts })
    .from(circleRounds)
    .leftJoin(circlePayouts, eq(circlePayouts.roundId, circleRounds.id))
    .where(eq(circleRounds.circleId, circle.id))
    .orderBy(asc(circleRounds.number))
    .all()
    .map(({ round, payout }) => ({
      number: round.number,
      dueDate: round.dueDate,
      status: round.status,
      collected: payout?.collected ?? null,
      shortfall: payout?.shortfall ?? null,
      fines: payout?.fines ?? null,
      fee: payout?.fee ?? null,
      discount: payout?.discount ?? null,
      share: payout?.share ?? null,
      carryOut: payout?.carryOut ?? null,
      payout: payout?.amount ?? null,
      payoutStatus: payout?.status ?? null,
      // When the organiser recorded the payout (epoch ms).
      paidAt: payout?.createdAt ?? null,
      beneficiaryId: payout?.beneficiaryId ?? null,
    }));
  const lines = db.all<MemberLine>(sql`
    SELECT m.user_id AS userId, u.first_name || ' ' || u.last_name AS name, m.hands AS hands,
      (SELECT COALESCE(SUM(c.amount), 0) FROM circle_contributions c WHERE c.circle_id = m.circle_id AND c.user_id = m.user_id AND c.status = 'confirmed') AS paidIn,
      (SELECT COALESCE(SUM(po.amount), 0) FROM circle_payouts po WHERE po.circle_id = m.circle_id AND po.beneficiary_id = m.user_id) AS received,
      (SELECT COALESCE(SUM(po.share * (m.hands - CASE WHEN po.beneficiary_id = m.user_id THEN 1 ELSE 0 END)), 0) FROM circle_payouts po WHERE po.circle_id = m.circle_id) AS shares,
      (SELECT COALESCE(SUM(f.amount), 0) FROM circle_fines f WHERE f.circle_id = m.circle_id AND f.user_id = m.user_id AND f.status = 'owed') AS finesOwed,
      (SELECT COALESCE(SUM(f.amount), 0) FROM circle_fines f WHERE f.circle_id = m.circle_id AND f.user_id = m.user_id AND f.status = 'paid') AS finesPaid,
      0 AS net
    FROM circle_members m JOIN users u ON u.id = m.user_id
    WHERE m.circle_id = ${circle.id} AND m.status = 'approved' ${organiser ? sql`` : sql`AND m.user_id = ${p.viewerId}`}
    ORDER BY m.created_at, m.id`).map((l) => ({ ...l, net: l.received + l.shares - l.paidIn - l.finesPaid }));
  const paid = rounds.filter((r) => r.payout !== null);
  const totals = {
    collected: paid.reduce((s, r) => s + r.collected!, 0),
    fines: paid.reduce((s, r) => s + r.fines!, 0),
    fees: paid.reduce((s, r) => s + r.fee!, 0),
    discounts: paid.reduce((s, r) => s + r.discount!, 0),
    shared: paid.reduce((s, r) => s + r.share! * (circle.hands - 1), 0),
    paidOut: paid.reduce((s, r) => s + r.payout!, 0),
    shortfall: paid.reduce((s, r) => s + r.shortfall!, 0),
    carry: circle.carry,
  };
  return { circle: toCircleDto(circle), organiser, rounds, members: lines, totals };
}

/** The report as CSV: the rounds, then the members' lines (the same rows as the workbook, report-table.ts). */
export function circleReportCsv(report: ReturnType<typeof circleReport>, language: Language) {
  return toCsv(circleReportExport(report, language));
}
