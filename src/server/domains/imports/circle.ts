import { and, desc, eq, sql } from 'drizzle-orm';
import { circleContributions, circleHands, circleImports, circleMembers, circlePayouts, circleRounds, circles, users } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { ImportLanguage } from '@shared/imports';
import type { Currency } from '@shared/money';
import { addDays, dueDates, endOfDateInZone } from '@shared/njangi/schedule';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '../../services/errors';
import { handled, tellWhoMayAct } from '../../services/needs/notices';
import { notifyUser } from '../../services/notifications';
import { audit, circleOf, organisedBy, type CircleRow as Circle } from '../../services/njangi/circles';
import { checkCircleRows, firstDueOf, hasProblems, importableCircle, readCircleRows, type CircleImportRow } from './circle-rows';
import type { Sheet } from './sheet';

/*
 * A savings circle already running, brought in by its organiser: preview (every row checked,
 * nothing written), submit (the checked rows wait in `circle_imports`), then one of the
 * community's finance officers other than the organiser confirms or rejects it. That is the rule
 * for the organiser's own contributions today (njangi-officers.ts): the organiser is the one who
 * vouches for the sheet, so the second pair of eyes is the officers'. Confirming starts the circle
 * dated from its real first due date and writes, in one transaction, its hands in the sheet's
 * order, each hand's past contributions and the past payouts, all marked imported (method
 * 'other', reference 'imported') and without a receipt number: there is no receipt of ours for
 * money that changed hands under the old records, as for the books' history (decision 021).
 */

const IMPORTED = 'imported';

/** Every row read and checked against the circle as it is; nothing is written. */
export function previewCircle(db: DbLike, p: { circleId: number; organiserId: string; sheet: Sheet; language: ImportLanguage; firstDueDate: string; now: number }) {
  const circle = organisedBy(db, p.circleId, p.organiserId);
  importableCircle(circle);
  const firstDue = firstDueOf(circle, p.firstDueDate, p.language, p.now);
  return checkCircleRows(db, { circle, rows: readCircleRows(p.sheet, p.language, circle.currency as Currency), firstDue, now: p.now });
}

type Checked = ReturnType<typeof previewCircle>;

/** The checked rows wait for a finance officer; refused (nothing kept) while any row has a problem. */
export function submitCircle(db: DB, p: { circleId: number; organiserId: string; actorName: string; fileName: string; checked: Checked; now: number }) {
  const { rows, summary } = p.checked;
  if (hasProblems(p.checked)) throw invalid('imports.errors.rowsWithProblems', undefined, { count: Math.max(1, rows.filter((r) => r.problems.length).length) });
  return db.transaction((tx) => {
    const circle = organisedBy(tx, p.circleId, p.organiserId);
    importableCircle(circle);
    let batch: typeof circleImports.$inferSelect;
    try {
      batch = tx
        .insert(circleImports)
        .values({
          communityId: circle.communityId,
          circleId: circle.id,
          fileName: p.fileName,
          firstDueDate: summary.firstDueDate,
          rows: JSON.stringify(rows.map(({ problems: _, ...r }) => r)),
          rowCount: rows.length,
          contributions: summary.contributions,
          payouts: summary.paidOut,
          total: summary.totalPaid,
          createdBy: p.organiserId,
          createdAt: p.now,
        })
        .returning()
        .get();
    } catch (e) {
      // The partial unique index keeps one import waiting per circle, even for two submissions at once.
      if (isUniqueViolation(e)) throw conflict('imports.errors.circlePending');
      throw e;
    }
    audit(tx, circle, p.organiserId, 'import.submitted', { importId: batch.id, file: p.fileName, hands: rows.length, firstDue: summary.firstDueDate, contributions: summary.contributions, payouts: summary.paidOut, total: summary.totalPaid }, p.now);
    tellWhoMayAct(db, tx, {
      kind: 'circleImport',
      id: batch.id,
      by: p.organiserId,
      key: 'circleImport',
      type: 'info',
      params: () => ({ name: p.actorName, circle: circle.name, count: rows.length }),
      link: `/njangi/${circle.id}`,
      now: p.now,
    });
    return toDto(batch, circle, null);
  });
}

/** The community a circle import belongs to (for the guard), or undefined. */
export const circleImportCommunity = (db: DbLike, id: number) => db.select({ communityId: circleImports.communityId }).from(circleImports).where(eq(circleImports.id, id)).get()?.communityId;

function pendingImport(tx: DbLike, communityId: number, id: number) {
  const row = tx.select().from(circleImports).where(and(eq(circleImports.id, id), eq(circleImports.communityId, communityId))).get();
  if (!row) throw notFound('imports.errors.notFound');
  if (row.status !== 'pending') throw conflict('imports.errors.decided');
  return row;
}

/** One conditional UPDATE from 'pending': of two decisions at once, one finds it decided (409). */
function decide(tx: DbLike, p: { communityId: number; id: number; status: 'confirmed' | 'rejected'; actorId: string; reason?: string; now: number }) {
  const row = tx
    .update(circleImports)
    .set({ status: p.status, decidedBy: p.actorId, decidedAt: p.now, reason: p.reason ?? null })
    .where(and(eq(circleImports.id, p.id), eq(circleImports.communityId, p.communityId), eq(circleImports.status, 'pending')))
    .returning()
    .get();
  if (!row) throw conflict('imports.errors.decided');
  handled(tx, 'circleImport', row.id, p.actorId, p.now);
  return row;
}

/**
 * A finance officer other than the organiser confirms: the rows are checked again against the
 * circle as it is now, then the circle starts from its real first due date with the sheet's hands,
 * contributions and payouts, all in one transaction.
 */
export function confirmCircleImport(db: DB, p: { communityId: number; id: number; actorId: string; actorName: string; now: number }) {
  return db.transaction((tx) => {
    const pending = pendingImport(tx, p.communityId, p.id);
    const circle = circleOf(tx, pending.circleId);
    // Four eyes: neither the one who brought the sheet in nor the circle's organiser confirms it.
    if (pending.createdBy === p.actorId || circle.organiserId === p.actorId) throw forbidden('imports.errors.ownCircleImport');
    const batch = decide(tx, { ...p, status: 'confirmed' });
    importableCircle(circle);
    const stored = (JSON.parse(batch.rows) as Omit<CircleImportRow, 'problems'>[]).map((r) => ({ ...r, problems: [] }));
    const checked = checkCircleRows(tx, { circle, rows: stored, firstDue: batch.firstDueDate, now: p.now });
    if (hasProblems(checked)) throw conflict('imports.errors.circleChanged');
    const written = writeRunningCircle(tx, { circle, rows: checked.rows, paidOut: checked.summary.paidOut, roundsDue: checked.summary.roundsDue, firstDue: batch.firstDueDate, submitterId: batch.createdBy, confirmerId: p.actorId, now: p.now });
    audit(tx, circle, p.actorId, 'import.confirmed', { importId: batch.id, ...written }, p.now);
    if (batch.createdBy) {
      notifyUser(tx, { userId: batch.createdBy, type: 'success', title: 'notifications.circleImportConfirmed.title', message: 'notifications.circleImportConfirmed.message', params: { name: p.actorName, circle: circle.name }, link: `/njangi/${circle.id}`, now: p.now });
    }
    for (const userId of new Set(checked.rows.map((r) => r.memberId!))) {
      if (userId === circle.organiserId || userId === p.actorId) continue;
      notifyUser(tx, { userId, type: 'info', title: 'notifications.circleStarted.title', message: 'notifications.circleStarted.message', params: { circle: circle.name }, link: `/njangi/${circle.id}`, now: p.now });
    }
    return { ...toDto(batch, circle, null), hands: written.hands, paidOut: { amount: written.paidOutTotal, currency: circle.currency } };
  });
}

/**
 * The running circle written as the sheet says (inside the confirming transaction). Membership
 * becomes the sheet's; hands are numbered by position; rounds are dated from the real first due
 * date; round r's pot went to the hand at position r for r ≤ paidOut, with what its hands paid
 * (the rest a shortfall, no fee: the old records took none of ours). Every round already due
 * by today is marked reminded and fined, so the scheduler tells nobody and fines nobody for the
 * past: those rounds were settled, or not, under the old records.
 */
function writeRunningCircle(tx: DbLike, p: { circle: Circle; rows: CircleImportRow[]; paidOut: number; roundsDue: number; firstDue: string; submitterId: string | null; confirmerId: string; now: number }) {
  const { circle, now } = p;
  const hands = p.rows.length;
  const handsOf = new Map<string, number>();
  for (const r of p.rows) handsOf.set(r.memberId!, (handsOf.get(r.memberId!) ?? 0) + 1);

  // Membership: the sheet's members, approved with their hands; anyone else's request or place ends.
  const existing = tx.select().from(circleMembers).where(eq(circleMembers.circleId, circle.id)).all();
  for (const m of existing) {
    if (handsOf.has(m.userId)) continue;
    if (m.status === 'approved' || m.status === 'pending') {
      tx.update(circleMembers).set({ status: m.status === 'approved' ? 'withdrawn' : 'declined', decidedAt: now, decidedBy: p.confirmerId }).where(eq(circleMembers.id, m.id)).run();
    }
  }
  for (const [userId, n] of handsOf) {
    tx.insert(circleMembers)
      .values({ circleId: circle.id, userId, hands: n, status: 'approved', createdAt: now, decidedAt: now, decidedBy: p.confirmerId })
      .onConflictDoUpdate({ target: [circleMembers.circleId, circleMembers.userId], set: { hands: n, status: 'approved', decidedAt: now, decidedBy: p.confirmerId } })
      .run();
  }

  const completed = p.paidOut === hands;
  const started = tx
    .update(circles)
    .set({ hands, startDate: p.firstDue, status: completed ? 'completed' : 'active', startedAt: now, endedAt: completed ? now : null })
    .where(and(eq(circles.id, circle.id), eq(circles.status, 'recruiting'), eq(circles.payoutMethod, 'fixed')))
    .returning()
    .get();
  if (!started) throw conflict('imports.errors.circleNotRecruiting');

  const byPosition = [...p.rows].sort((a, b) => a.position! - b.position!);
  const handRows = byPosition.map((r) =>
    tx
      .insert(circleHands)
      .values({ circleId: circle.id, userId: r.memberId!, handNo: r.position!, position: r.position!, received: r.position! <= p.paidOut })
      .returning()
      .get(),
  );
  const rounds = dueDates(p.firstDue, circle.frequency, hands).map((dueDate, i) => {
    const dueAt = endOfDateInZone(dueDate, circle.timeZone);
    // The rounds the sheet counts as due (up to today's, whose day is not over yet) were settled,
    // or not, under the old records: none is reminded or fined again.
    const past = i < p.roundsDue;
    const paid = i + 1 <= p.paidOut;
    return tx
      .insert(circleRounds)
      .values({
        circleId: circle.id,
        number: i + 1,
        dueDate,
        dueAt,
        fineAt: endOfDateInZone(addDays(dueDate, circle.graceDays), circle.timeZone),
        beneficiaryHandId: handRows[i]!.id,
        status: paid ? 'paid' : 'open',
        dueSoonSent: past,
        overdueSent: past,
        finesPosted: past,
        nextSent: paid,
        readySent: paid,
      })
      .returning()
      .get();
  });

  let contributions = 0;
  for (const [i, r] of byPosition.entries()) {
    const hand = handRows[i]!;
    for (const round of rounds.slice(0, r.roundsPaid!)) {
      const row = tx
        .insert(circleContributions)
        .values({ circleId: circle.id, roundId: round.id, handId: hand.id, userId: hand.userId, amount: circle.contribution, method: 'other', reference: IMPORTED, status: 'confirmed', late: false, receiptNo: null, recordedBy: p.submitterId, decidedBy: p.confirmerId, createdAt: round.dueAt, decidedAt: now })
        .returning({ id: circleContributions.id })
        .get();
      audit(tx, circle, p.confirmerId, 'contribution.imported', { contributionId: row.id, round: round.number, handNo: hand.handNo, amount: circle.contribution, recordedBy: p.submitterId }, now);
      contributions += 1;
    }
  }

  const pot = hands * circle.contribution;
  let paidOutTotal = 0;
  for (const round of rounds.slice(0, p.paidOut)) {
    const hand = handRows[round.number - 1]!;
    const collected = byPosition.filter((r) => r.roundsPaid! >= round.number).length * circle.contribution;
    const row = tx
      .insert(circlePayouts)
      .values({ circleId: circle.id, roundId: round.id, handId: hand.id, beneficiaryId: hand.userId, collected, shortfall: Math.max(0, pot - collected), fee: 0, amount: collected, method: 'other', reference: IMPORTED, status: 'confirmed', receiptNo: null, recordedBy: p.submitterId, createdAt: round.dueAt, decidedAt: now })
      .returning({ id: circlePayouts.id })
      .get();
    audit(tx, circle, p.confirmerId, 'payout.imported', { payoutId: row.id, round: round.number, handNo: hand.handNo, amount: collected, shortfall: Math.max(0, pot - collected) }, now);
    paidOutTotal += collected;
  }
  // Requests still waiting are declined: the membership is now the sheet's.
  tx.update(circleMembers).set({ status: 'declined', decidedAt: now, decidedBy: p.confirmerId }).where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.status, 'pending'))).run();
  audit(tx, circle, p.confirmerId, 'started', { imported: true, hands: handRows.map((h) => ({ id: h.id, userId: h.userId, handNo: h.handNo })), order: handRows.map((h) => h.id), firstDue: rounds[0]!.dueDate, lastDue: rounds.at(-1)!.dueDate }, now);
  return { hands, contributions, payouts: p.paidOut, total: contributions * circle.contribution, paidOutTotal };
}

/**
 * Rejected by a finance officer (the organiser is told why), or withdrawn by its author
 * (`authorOnly`: the organiser, who need not be an officer, takes back a sheet to correct it).
 * Nothing is written either way.
 */
export function rejectCircleImport(db: DB, p: { communityId: number; id: number; actorId: string; actorName: string; reason: string; authorOnly?: boolean; now: number }) {
  return db.transaction((tx) => {
    const pending = pendingImport(tx, p.communityId, p.id);
    if (p.authorOnly && pending.createdBy !== p.actorId) throw forbidden('imports.errors.notYourImport');
    const circle = circleOf(tx, pending.circleId);
    const batch = decide(tx, { ...p, status: 'rejected' });
    audit(tx, circle, p.actorId, p.authorOnly ? 'import.withdrawn' : 'import.rejected', { importId: batch.id, reason: p.reason }, p.now);
    if (batch.createdBy && batch.createdBy !== p.actorId) {
      notifyUser(tx, { userId: batch.createdBy, type: 'warning', title: 'notifications.circleImportRejected.title', message: 'notifications.circleImportRejected.message', params: { name: p.actorName, circle: circle.name, reason: p.reason }, link: `/njangi/${circle.id}`, now: p.now });
    }
    return toDto(batch, circle, null);
  });
}

function toDto(r: typeof circleImports.$inferSelect, circle: Pick<Circle, 'id' | 'currency'>, author: string | null) {
  return {
    id: r.id,
    circleId: circle.id,
    status: r.status,
    fileName: r.fileName,
    firstDueDate: r.firstDueDate,
    rowCount: r.rowCount,
    contributions: r.contributions,
    payouts: r.payouts,
    total: { amount: r.total, currency: circle.currency },
    createdBy: r.createdBy,
    author,
    createdAt: new Date(r.createdAt).toISOString(),
    decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
    reason: r.reason,
  };
}

/**
 * A circle's imports, newest first, for its organiser and the community's finance officers (the
 * rows say who paid what, which no other member sees): the pending one with its rows, by name,
 * never with the members' addresses.
 */
export function listCircleImports(db: DbLike, p: { circleId: number; viewerId: string; officer: boolean }) {
  const circle = circleOf(db, p.circleId);
  if (!p.officer && circle.organiserId !== p.viewerId) return { imports: [] };
  const rows = db
    .select({ batch: circleImports, author: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(circleImports)
    .leftJoin(users, eq(users.id, circleImports.createdBy))
    .where(and(eq(circleImports.circleId, circle.id), eq(circleImports.communityId, circle.communityId)))
    .orderBy(desc(circleImports.id))
    .limit(20)
    .all();
  return {
    imports: rows.map((r) => ({
      ...toDto(r.batch, circle, r.author),
      rows: r.batch.status === 'pending' ? (JSON.parse(r.batch.rows) as CircleImportRow[]).map(({ line, position, member, roundsPaid, received }) => ({ line, position, member, roundsPaid, received })) : [],
    })),
  };
}
