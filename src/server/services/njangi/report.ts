import { sql } from 'drizzle-orm';
import type { DbLike } from '../../../../db/database';
import type { Language } from '@shared/i18n/languages';
import { toCsv } from '../../exports/table';
import { circleReportExport } from './report-table';
import { circleOf, toCircleDto } from './circles';

export type MemberLine = { userId: string; name: string; hands: number; paidIn: number; received: number; shares: number; finesOwed: number; finesPaid: number; net: number };

type RoundRow = {
  number: number;
  dueDate: string;
  status: 'open' | 'paid';
  collected: number;
  fines: number;
  topUps: number;
  topUpsOwed: number;
  payoutId: number | null;
  paidAt: number | null;
  fee: number | null;
  discount: number | null;
  share: number | null;
  carryOut: number | null;
  amount: number | null;
  payoutStatus: 'recorded' | 'confirmed' | 'disputed' | null;
  beneficiaryId: string | null;
};

/**
 * The circle's report: per round (collected, shortfall, fines, fee, discount, payout, top-ups and
 * the payout's state) and per member (paid in, received, discount shares, fines, net). Every
 * figure is read from the records (confirmed contributions, fines paid into the round's pot,
 * payouts, top-ups), never from a figure stored beside them, so a contribution confirmed after
 * its round was paid shows in that round's collected and in its top-ups; each total is the sum of
 * its column. The organiser gets every member's line, anyone else only their own, so nobody's
 * arrears reach another member. Conservation: collected + fines paid = paid out + top-ups +
 * shares + fees + held (carried, collected for rounds not paid yet, fines waiting for a pot).
 */
export function circleReport(db: DbLike, p: { circleId: number; viewerId: string }) {
  const circle = circleOf(db, p.circleId);
  const organiser = circle.organiserId === p.viewerId;
  const pot = circle.hands * circle.contribution;
  const rows = db.all<RoundRow>(sql`
    SELECT r.number, r.due_date AS dueDate, r.status,
      (SELECT COALESCE(SUM(c.amount), 0) FROM circle_contributions c WHERE c.round_id = r.id AND c.status = 'confirmed') AS collected,
      (SELECT COALESCE(SUM(f.amount), 0) FROM circle_fines f WHERE f.pot_round_id = r.id AND f.status = 'paid') AS fines,
      (SELECT COALESCE(SUM(t.amount), 0) FROM circle_top_ups t WHERE t.round_id = r.id) AS topUps,
      (SELECT COALESCE(SUM(t.amount), 0) FROM circle_top_ups t WHERE t.round_id = r.id AND t.status = 'owed') AS topUpsOwed,
      po.id AS payoutId, po.created_at AS paidAt, po.fee, po.discount, po.share, po.carry_out AS carryOut, po.amount, po.status AS payoutStatus, po.beneficiary_id AS beneficiaryId
    FROM circle_rounds r LEFT JOIN circle_payouts po ON po.round_id = r.id
    WHERE r.circle_id = ${circle.id} ORDER BY r.number`);
  const rounds = rows.map((r) => {
    // A round not paid out yet has no pot, fee or shortfall: only what has come in so far.
    const paid = r.payoutId !== null;
    return {
      number: r.number,
      dueDate: r.dueDate,
      status: r.status,
      collected: r.collected,
      shortfall: paid ? pot - r.collected : null,
      fines: paid ? r.fines : null,
      fee: r.fee,
      discount: r.discount,
      share: r.share,
      carryOut: r.carryOut,
      payout: r.amount,
      topUps: paid ? r.topUps : null,
      topUpsOwed: paid ? r.topUpsOwed : null,
      payoutStatus: r.payoutStatus,
      // When the organiser recorded the payout (epoch ms).
      paidAt: r.paidAt,
      beneficiaryId: r.beneficiaryId,
    };
  });
  const lines = db.all<MemberLine>(sql`
    SELECT m.user_id AS userId, u.first_name || ' ' || u.last_name AS name, m.hands AS hands,
      (SELECT COALESCE(SUM(c.amount), 0) FROM circle_contributions c WHERE c.circle_id = m.circle_id AND c.user_id = m.user_id AND c.status = 'confirmed') AS paidIn,
      (SELECT COALESCE(SUM(po.amount), 0) FROM circle_payouts po WHERE po.circle_id = m.circle_id AND po.beneficiary_id = m.user_id)
        + (SELECT COALESCE(SUM(t.amount), 0) FROM circle_top_ups t WHERE t.circle_id = m.circle_id AND t.beneficiary_id = m.user_id AND t.status <> 'owed') AS received,
      (SELECT COALESCE(SUM(po.share * (m.hands - CASE WHEN po.beneficiary_id = m.user_id THEN 1 ELSE 0 END)), 0) FROM circle_payouts po WHERE po.circle_id = m.circle_id) AS shares,
      (SELECT COALESCE(SUM(f.amount), 0) FROM circle_fines f WHERE f.circle_id = m.circle_id AND f.user_id = m.user_id AND f.status = 'owed') AS finesOwed,
      (SELECT COALESCE(SUM(f.amount), 0) FROM circle_fines f WHERE f.circle_id = m.circle_id AND f.user_id = m.user_id AND f.status = 'paid') AS finesPaid,
      0 AS net
    FROM circle_members m JOIN users u ON u.id = m.user_id
    WHERE m.circle_id = ${circle.id} AND m.status = 'approved' ${organiser ? sql`` : sql`AND m.user_id = ${p.viewerId}`}
    ORDER BY m.created_at, m.id`).map((l) => ({ ...l, net: l.received + l.shares - l.paidIn - l.finesPaid }));
  const sum = (f: (r: (typeof rounds)[number]) => number | null) => rounds.reduce((s, r) => s + (f(r) ?? 0), 0);
  const finesWaiting = db.get<{ n: number }>(sql`SELECT COALESCE(SUM(amount), 0) AS n FROM circle_fines WHERE circle_id = ${circle.id} AND status = 'paid' AND pot_round_id IS NULL`)!.n;
  const totals = {
    collected: sum((r) => r.collected),
    shortfall: sum((r) => r.shortfall),
    fines: sum((r) => r.fines),
    fees: sum((r) => r.fee),
    discounts: sum((r) => r.discount),
    shared: sum((r) => (r.share === null ? null : r.share * (circle.hands - 1))),
    paidOut: sum((r) => r.payout),
    topUps: sum((r) => r.topUps),
    topUpsOwed: sum((r) => r.topUpsOwed),
    carry: circle.carry,
    /** Fines paid (in a round's pot, or waiting for the next one). */
    finesPaid: sum((r) => r.fines) + finesWaiting,
    /** What the organiser holds for what comes next: the carry, what rounds not paid yet collected, fines waiting for a pot. */
    held: circle.carry + sum((r) => (r.payout === null ? r.collected : 0)) + finesWaiting,
  };
  return { circle: toCircleDto(circle), organiser, rounds, members: lines, totals };
}

/** The report as CSV: the rounds, then the members' lines (the same rows as the workbook, report-table.ts). */
export function circleReportCsv(report: ReturnType<typeof circleReport>, language: Language) {
  return toCsv(circleReportExport(report, language));
}
