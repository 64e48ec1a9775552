import { asc, eq, sql } from 'drizzle-orm';
import { circlePayouts, circleRounds } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { toDecimal, type Currency } from '@shared/money';
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

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // Quotes for separators, and a leading apostrophe so a spreadsheet never runs a name as a formula
  // (an amount such as a negative net, "-25.00", stays a number).
  const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' && !/^-\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return /[",\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The report as CSV: the rounds, then the members' lines, amounts as decimals of the currency. */
export function circleReportCsv(report: ReturnType<typeof circleReport>) {
  const cur = report.circle.currency as Currency;
  const money = (n: number | null) => (n === null ? null : toDecimal(n, cur));
  const out = [['round', 'due_date', 'status', 'collected', 'shortfall', 'fines', 'fee', 'discount', 'share_per_hand', 'payout', 'payout_status', 'currency'].join(',')];
  for (const r of report.rounds) out.push([r.number, r.dueDate, r.status, money(r.collected), money(r.shortfall), money(r.fines), money(r.fee), money(r.discount), money(r.share), money(r.payout), r.payoutStatus, cur].map(csvCell).join(','));
  out.push('');
  out.push(['member', 'hands', 'paid_in', 'received', 'shares', 'fines_paid', 'fines_owed', 'net', 'currency'].join(','));
  for (const m of report.members) out.push([m.name, m.hands, money(m.paidIn), money(m.received), money(m.shares), money(m.finesPaid), money(m.finesOwed), money(m.net), cur].map(csvCell).join(','));
  return `${out.join('\r\n')}\r\n`;
}
