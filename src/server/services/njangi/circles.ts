import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { circleMembers, circlePayouts, circles, users } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { Currency } from '@shared/money';
import type { FineKind, Frequency, OrderBy, PayoutMethod } from '@shared/njangi/rules';
import { dateInZone } from '@shared/njangi/schedule';
import { forbidden, invalid, notFound } from '../errors';
import { toPage } from '../paging';
import { recordFinanceAction } from '../finances/audit';

export type CircleRow = typeof circles.$inferSelect;

export type NewCircle = {
  name: string;
  description: string;
  currency: Currency;
  contribution: number;
  frequency: Frequency;
  startDate: string;
  timeZone: string;
  hands: number;
  maxHandsPerMember: number;
  payoutMethod: PayoutMethod;
  orderBy: OrderBy;
  graceDays: number;
  fineKind: FineKind;
  fineValue: number;
  deposit: number;
  feeBps: number;
};

const NOT_FOUND = 'errors.njangi.circleNotFound';

/** The community a circle belongs to (for the guard), or undefined. */
export const circleCommunity = (db: DbLike, id: number) => db.select({ communityId: circles.communityId }).from(circles).where(eq(circles.id, id)).get()?.communityId;

export function circleOf(db: DbLike, id: number): CircleRow {
  const row = db.select().from(circles).where(eq(circles.id, id)).get();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The circle, refused unless the caller organises it. */
export function organisedBy(db: DbLike, circleId: number, userId: string): CircleRow {
  const circle = circleOf(db, circleId);
  if (circle.organiserId !== userId) throw forbidden('errors.njangi.organiserOnly');
  return circle;
}

export const audit = (tx: DbLike, circle: Pick<CircleRow, 'id' | 'communityId'>, actorId: string | null, action: string, details: Record<string, unknown>, now: number) =>
  recordFinanceAction(tx, { communityId: circle.communityId, actorId, action: `circle.${action}`, subject: `circle:${circle.id}`, details, now });

/** A new circle, recruiting; its organiser is its first member (with one hand, changed by joining again). */
export function createCircle(db: DB, p: { communityId: number; organiserId: string; circle: NewCircle; now: number }) {
  // The first due date may not be past already (starting checks again, as recruiting takes time).
  if (p.circle.startDate < dateInZone(p.now, p.circle.timeZone)) throw invalid('errors.njangi.startInPast', [{ path: ['startDate'], message: 'errors.njangi.startInPast' }]);
  return db.transaction((tx) => {
    const row = tx
      .insert(circles)
      .values({ communityId: p.communityId, organiserId: p.organiserId, ...p.circle, status: 'recruiting', createdAt: p.now })
      .returning()
      .get();
    tx.insert(circleMembers).values({ circleId: row.id, userId: p.organiserId, hands: 1, status: 'approved', createdAt: p.now, decidedAt: p.now, decidedBy: p.organiserId }).run();
    audit(tx, row, p.organiserId, 'created', { name: row.name, contribution: row.contribution, currency: row.currency, hands: row.hands, payoutMethod: row.payoutMethod }, p.now);
    return toCircleDto(row);
  });
}

export function toCircleDto(row: CircleRow) {
  const { seed, lastReceiptNo: _, ...rest } = row;
  // The seed stays secret until the last payout: knowing it earlier would reveal the order ahead.
  return { ...rest, seed: row.status === 'completed' || row.status === 'cancelled' ? seed : null };
}

/** A community's circles, newest first, with each one's filled hands and the caller's place. */
export function listCircles(db: DbLike, p: { communityId: number; viewerId: string; status?: CircleRow['status']; cursor?: number; limit: number }) {
  const rows = db
    .select({
      circle: circles,
      filled: sql<number>`(SELECT COALESCE(SUM(hands), 0) FROM circle_members m WHERE m.circle_id = ${circles.id} AND m.status = 'approved')`,
      myStatus: sql<string | null>`(SELECT status FROM circle_members m WHERE m.circle_id = ${circles.id} AND m.user_id = ${p.viewerId})`,
      organiserName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(circles)
    .innerJoin(users, eq(users.id, circles.organiserId))
    .where(and(eq(circles.communityId, p.communityId), p.status ? eq(circles.status, p.status) : undefined, p.cursor ? lt(circles.id, p.cursor) : undefined))
    .orderBy(desc(circles.id))
    .limit(p.limit + 1)
    .all();
  return toPage(
    rows,
    p.limit,
    (r) => r.circle.id,
    (r) => ({ ...toCircleDto(r.circle), filledHands: r.filled, myStatus: r.myStatus, organiserName: r.organiserName }),
  );
}

/**
 * The caller's circles across every community they belong to, with their next contribution due
 * and the round they receive in: what /njangi and the dashboard show. One query: the next due
 * round and the payout round are subqueries per row, not a query per circle.
 */
export function myCircles(db: DbLike, p: { userId: string }) {
  // The first open round with a hand of the caller's not yet covered by a live contribution.
  const nextDue = sql`(SELECT r.id FROM circle_rounds r WHERE r.circle_id = ci.id AND r.status = 'open'
    AND EXISTS (SELECT 1 FROM circle_hands h WHERE h.circle_id = r.circle_id AND h.user_id = ${p.userId}
      AND NOT EXISTS (SELECT 1 FROM circle_contributions c WHERE c.round_id = r.id AND c.hand_id = h.id AND c.status <> 'rejected'))
    ORDER BY r.number LIMIT 1)`;
  // The first open round whose beneficiary is a hand of the caller's.
  const payout = sql`(SELECT r.id FROM circle_rounds r JOIN circle_hands h ON h.id = r.beneficiary_hand_id
    WHERE r.circle_id = ci.id AND r.status = 'open' AND h.user_id = ${p.userId} ORDER BY r.number LIMIT 1)`;
  const rows = db.all<{ id: number; hands: number; status: string; communityName: string; dueId: number | null; dueNumber: number | null; dueDate: string | null; dueAt: number | null; payNumber: number | null; payDate: string | null }>(sql`
    SELECT ci.id, m.hands, m.status, co.name AS communityName,
      d.id AS dueId, d.number AS dueNumber, d.due_date AS dueDate, d.due_at AS dueAt,
      pr.number AS payNumber, pr.due_date AS payDate
    FROM circle_members m
    JOIN circles ci ON ci.id = m.circle_id
    JOIN communities co ON co.id = ci.community_id
    JOIN memberships ms ON ms.community_id = ci.community_id AND ms.user_id = m.user_id
    LEFT JOIN circle_rounds d ON ci.status = 'active' AND d.id = ${nextDue}
    LEFT JOIN circle_rounds pr ON ci.status = 'active' AND pr.id = ${payout}
    WHERE m.user_id = ${p.userId} AND m.status IN ('pending', 'approved')
    ORDER BY ci.id DESC LIMIT 200`);
  if (rows.length === 0) return [];
  const byId = new Map(db.select().from(circles).where(inArray(circles.id, rows.map((r) => r.id))).all().map((c) => [c.id, c]));
  return rows.map((r) => {
    const circle = byId.get(r.id)!;
    return {
      ...toCircleDto(circle),
      communityName: r.communityName,
      myHands: r.hands,
      myStatus: r.status as (typeof circleMembers.$inferSelect)['status'],
      nextDue: r.dueId !== null ? { roundId: r.dueId, number: r.dueNumber!, dueDate: r.dueDate!, dueAt: r.dueAt!, amount: circle.contribution } : null,
      myPayoutRound: r.payNumber !== null ? { number: r.payNumber, dueDate: r.payDate! } : null,
    };
  });
}

export type PayoutSummary = Pick<typeof circlePayouts.$inferSelect, 'id' | 'amount' | 'status' | 'receiptNo'>;
