import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  circleContributions,
  circleHands,
  circleRounds,
  circles,
  communities,
  duesObligations,
  eventAttendance,
  events,
  financeCategories,
  ledgerEntries,
  memberships,
  users,
} from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { EVENTS_FROM, FOUNDER_DAYS, ON_TIME_FROM, type Recognition } from '@shared/recognitions';

const DAY = 24 * 60 * 60 * 1000;
const YEAR = 365.25 * DAY;
const OFFICES = new Set(['creator', 'admin', 'treasurer']);

/** Whole years from `from` to `now`. */
const yearsBetween = (from: number, now: number) => Math.floor((now - from) / YEAR);

/**
 * The most recent circle contributions paid on time in a row: confirmed contributions by due date,
 * newest first, counted until the first late one (pending and rejected ones are not payments yet).
 */
function onTimeCircleRun(db: DbLike, userId: string, communityId: number): number {
  const rows = db
    .select({ late: circleContributions.late })
    .from(circleContributions)
    .innerJoin(circles, eq(circles.id, circleContributions.circleId))
    .innerJoin(circleRounds, eq(circleRounds.id, circleContributions.roundId))
    .where(and(eq(circleContributions.userId, userId), eq(circles.communityId, communityId), eq(circleContributions.status, 'confirmed')))
    .orderBy(desc(circleRounds.dueAt), desc(circleContributions.id))
    .all();
  let run = 0;
  for (const r of rows) {
    if (r.late) break;
    run++;
  }
  return run;
}

/**
 * Dues periods paid on time in a row: the member's dues obligations already due, newest first,
 * while the dues money in the books (payments net of reversals, imported ones included) dated up
 * to each due date covered everything due by then.
 */
function onTimeDuesRun(db: DbLike, userId: string, communityId: number, now: number): number {
  const due = db
    .select({ dueAt: duesObligations.dueAt, amount: duesObligations.amount })
    .from(duesObligations)
    .where(and(eq(duesObligations.communityId, communityId), eq(duesObligations.memberId, userId), sql`${duesObligations.dueAt} <= ${now}`))
    .orderBy(asc(duesObligations.dueAt), asc(duesObligations.id))
    .all();
  if (due.length === 0) return 0;
  const money = db
    .select({ amount: ledgerEntries.amount, at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .innerJoin(financeCategories, eq(financeCategories.id, ledgerEntries.categoryId))
    .where(and(eq(ledgerEntries.communityId, communityId), eq(ledgerEntries.memberId, userId), eq(financeCategories.builtIn, 'dues'), inArray(ledgerEntries.kind, ['payment', 'reversal'])))
    .orderBy(asc(ledgerEntries.createdAt))
    .all();
  const onTime: boolean[] = [];
  let owed = 0;
  let paid = 0;
  let i = 0;
  for (const d of due) {
    owed += d.amount;
    while (i < money.length && money[i]!.at <= d.dueAt) paid += money[i++]!.amount;
    onTime.push(paid >= owed);
  }
  let run = 0;
  for (let k = onTime.length - 1; k >= 0 && onTime[k]; k--) run++;
  return run;
}

function eventsAttended(db: DbLike, userId: string, communityId: number): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(eventAttendance)
      .innerJoin(events, eq(events.id, eventAttendance.eventId))
      .where(and(eq(eventAttendance.userId, userId), eq(eventAttendance.attended, true), eq(events.communityId, communityId)))
      .get()?.n ?? 0
  );
}

function circlesCompleted(db: DbLike, userId: string, communityId: number): number {
  return (
    db
      .select({ n: sql<number>`count(DISTINCT ${circles.id})` })
      .from(circleHands)
      .innerJoin(circles, eq(circles.id, circleHands.circleId))
      .where(and(eq(circleHands.userId, userId), eq(circles.communityId, communityId), eq(circles.status, 'completed')))
      .get()?.n ?? 0
  );
}

/**
 * A member's recognitions in each of their communities (or only `communityId`), from the records:
 * membership (years, founding), the office they hold, contributions and dues paid on time in a
 * row, events attended as hosts recorded them, savings circles completed.
 */
export function recognitionsOf(db: DbLike, p: { userId: string; now: number; communityId?: number }): Recognition[] {
  const rows = db
    .select({ communityId: communities.id, name: communities.name, createdAt: communities.createdAt, role: memberships.role, joinedAt: memberships.joinedAt })
    .from(memberships)
    .innerJoin(communities, eq(communities.id, memberships.communityId))
    .where(and(eq(memberships.userId, p.userId), eq(communities.isHidden, false), p.communityId !== undefined ? eq(communities.id, p.communityId) : undefined))
    .orderBy(asc(memberships.joinedAt), asc(communities.id))
    .all();
  const out: Recognition[] = [];
  for (const m of rows) {
    const at = { communityId: m.communityId, communityName: m.name };
    const years = yearsBetween(m.joinedAt, p.now);
    if (years >= 1) out.push({ kind: 'years', ...at, count: years });
    if (m.role === 'creator' || m.joinedAt - m.createdAt <= FOUNDER_DAYS * DAY) out.push({ kind: 'founder', ...at });
    if (OFFICES.has(m.role)) out.push({ kind: 'office', ...at, role: m.role });
    const circleRun = onTimeCircleRun(db, p.userId, m.communityId);
    if (circleRun >= ON_TIME_FROM) out.push({ kind: 'onTimeCircles', ...at, count: circleRun });
    const duesRun = onTimeDuesRun(db, p.userId, m.communityId, p.now);
    if (duesRun >= ON_TIME_FROM) out.push({ kind: 'onTimeDues', ...at, count: duesRun });
    const attended = eventsAttended(db, p.userId, m.communityId);
    if (attended >= EVENTS_FROM) out.push({ kind: 'eventsAttended', ...at, count: attended });
    const completed = circlesCompleted(db, p.userId, m.communityId);
    if (completed >= 1) out.push({ kind: 'circlesCompleted', ...at, count: completed });
  }
  return out;
}

/** Whether the member shows their recognitions to others (a profile setting). */
export function showsRecognitions(db: DbLike, userId: string): boolean {
  return db.select({ show: users.showRecognitions }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).get()?.show ?? false;
}

export function setShowRecognitions(db: DbLike, p: { userId: string; show: boolean; now: number }) {
  db.update(users).set({ showRecognitions: p.show, updatedAt: p.now }).where(eq(users.id, p.userId)).run();
  return { show: p.show };
}

/** Another member's recognitions in a community both belong to: none when they chose to hide them or are not a member. */
export function memberRecognitions(db: DbLike, p: { communityId: number; userId: string; now: number }) {
  const member = db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.communityId, p.communityId), eq(memberships.userId, p.userId))).get();
  if (!member) return null;
  if (!showsRecognitions(db, p.userId)) return { hidden: true, items: [] as Recognition[] };
  return { hidden: false, items: recognitionsOf(db, p) };
}
