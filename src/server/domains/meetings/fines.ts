import { and, eq, sql } from 'drizzle-orm';
import { meetingFines, type MeetingFineRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { AttendanceStatus, FineReason } from '@shared/meetings/rules';
import { conflict, forbidden, notFound } from '../../services/errors';
import { findBooks } from '../../services/finances/books';
import { moneyText } from '../../services/needs/sql';
import { notify } from '../../services/notify';
import { meetingLink } from './host';
import { auditMeeting, IMMEDIATE, settingsOf, type MeetingRecord } from './meetings';

/*
 * Late and absence fines. A fine is what a member owes, like a welfare levy: it is posted once per
 * member and meeting (a unique index, so marking twice, or two phones at once, never posts two),
 * paid through the books (a payment of purpose 'fine' naming it, confirmed by another officer), and
 * settled by the confirmed payments net of reversals. Until anything is paid, correcting the
 * attendance corrects the fine: present or excused cancels it, late and absent swap its reason and
 * amount. Once something is paid it stands; a leader may waive the rest, with a reason.
 */

export const FINE_NOT_FOUND = 'errors.meetings.fineNotFound';

export const fineCommunity = (db: DbLike, id: number) => db.select({ communityId: meetingFines.communityId }).from(meetingFines).where(eq(meetingFines.id, id)).get()?.communityId;

export const fineDto = (f: MeetingFineRow) => ({ id: f.id, meetingId: f.meetingId, memberId: f.memberId, reason: f.reason, amount: f.amount, paid: f.paid, status: f.status, waiveReason: f.waiveReason });
export type FineDto = ReturnType<typeof fineDto>;

const fineFor = (status: AttendanceStatus): FineReason | null => (status === 'late' ? 'late' : status === 'absent' ? 'absent' : null);

/** The fine a member has at a meeting, whatever its status. */
export const fineAt = (db: DbLike, meetingId: number, memberId: string) =>
  db.select().from(meetingFines).where(and(eq(meetingFines.meetingId, meetingId), eq(meetingFines.memberId, memberId))).get();

/**
 * Brings the member's fine in line with the attendance just marked, inside its transaction. Each
 * change is a conditional UPDATE from the state read (owed and nothing paid), so a payment
 * confirmed meanwhile is never overwritten. Returns the fine as it stands, or null.
 */
export function applyFine(tx: DbLike, p: { meeting: MeetingRecord; memberId: string; status: AttendanceStatus; actorId: string; now: number }): FineDto | null {
  const reason = fineFor(p.status);
  const settings = settingsOf(tx, p.meeting.communityId);
  const amount = reason === 'late' ? settings.lateFine : reason === 'absent' ? settings.absenceFine : 0;
  const books = findBooks(tx, p.meeting.communityId);
  const existing = fineAt(tx, p.meeting.id, p.memberId);
  const subject = `meeting:${p.meeting.id}`;
  const audit = (action: string, details: Record<string, unknown>) => auditMeeting(tx, { communityId: p.meeting.communityId, actorId: p.actorId, action, subject, details: { memberId: p.memberId, ...details }, now: p.now });

  if (!existing) {
    if (!reason || amount <= 0 || !books) return null;
    const row = tx
      .insert(meetingFines)
      .values({ meetingId: p.meeting.id, communityId: p.meeting.communityId, memberId: p.memberId, reason, amount, postedBy: p.actorId, createdAt: p.now })
      .onConflictDoNothing()
      .returning()
      .get();
    // Another request posted it first: that one's fine stands, told once.
    if (!row) return fineOrNull(tx, p.meeting.id, p.memberId);
    audit('finePosted', { fineId: row.id, reason, amount, currency: books.currency });
    notify(tx, {
      to: [p.memberId],
      key: reason === 'late' ? 'meetingFineLate' : 'meetingFineAbsent',
      type: 'warning',
      params: (lang) => ({ amount: moneyText(amount, books.currency, lang), title: p.meeting.title }),
      link: meetingLink(p.meeting.id),
      once: `meeting-fine:${row.id}`,
      now: p.now,
    });
    return fineDto(row);
  }
  const unpaid = and(eq(meetingFines.id, existing.id), eq(meetingFines.paid, 0));
  if (existing.status === 'owed' && existing.paid === 0 && (!reason || amount <= 0)) {
    const row = tx.update(meetingFines).set({ status: 'cancelled' }).where(and(unpaid, eq(meetingFines.status, 'owed'))).returning().get();
    if (row) audit('fineCancelled', { fineId: row.id, status: p.status });
    return null;
  }
  if (reason && amount > 0 && existing.paid === 0 && (existing.status === 'cancelled' || (existing.status === 'owed' && existing.reason !== reason))) {
    const row = tx.update(meetingFines).set({ status: 'owed', reason, amount }).where(and(unpaid, eq(meetingFines.status, existing.status))).returning().get();
    if (row) audit('fineChanged', { fineId: row.id, before: { reason: existing.reason, amount: existing.amount, status: existing.status }, after: { reason, amount } });
    return row ? fineDto(row) : fineOrNull(tx, p.meeting.id, p.memberId);
  }
  return existing.status === 'cancelled' ? null : fineDto(existing);
}

function fineOrNull(tx: DbLike, meetingId: number, memberId: string) {
  const f = fineAt(tx, meetingId, memberId);
  return f && f.status !== 'cancelled' ? fineDto(f) : null;
}

type FineListRow = MeetingFineRow & { memberName: string; meetingTitle: string; startsAt: number };

/** The community's fines (officers: everyone's; a plain member: their own), latest first. */
export function listFines(db: DbLike, p: { communityId: number; viewerId: string; all: boolean }) {
  const rows = db.all<FineListRow>(sql`
    SELECT f.id, f.meeting_id AS meetingId, f.community_id AS communityId, f.member_id AS memberId, f.reason, f.amount, f.paid, f.status,
      f.posted_by AS postedBy, f.waived_by AS waivedBy, f.waive_reason AS waiveReason, f.waived_at AS waivedAt, f.created_at AS createdAt,
      u.first_name || ' ' || u.last_name AS memberName, e.title AS meetingTitle, e.starts_at AS startsAt
    FROM meeting_fines f JOIN users u ON u.id = f.member_id JOIN meetings m ON m.id = f.meeting_id JOIN events e ON e.id = m.event_id
    WHERE f.community_id = ${p.communityId} AND f.status <> 'cancelled' ${p.all ? sql`` : sql`AND f.member_id = ${p.viewerId}`}
    ORDER BY f.id DESC LIMIT 500`);
  const currency = findBooks(db, p.communityId)?.currency ?? null;
  return { currency, fines: rows.map((r) => ({ ...fineDto(r), memberName: r.memberName, meetingTitle: r.meetingTitle, startsAt: r.startsAt, postedBy: r.postedBy })) };
}

/**
 * A leader waives what is left of a fine, with a reason. Four eyes: never their own fine, nor one
 * posted by their own marking. One conditional UPDATE from 'owed', so two leaders waiving at once
 * waive once; the member is told.
 */
export function waiveFine(db: DB, p: { communityId: number; fineId: number; actorId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    const fine = tx
      .select()
      .from(meetingFines)
      .where(and(eq(meetingFines.id, p.fineId), eq(meetingFines.communityId, p.communityId)))
      .get();
    if (!fine || fine.status === 'cancelled') throw notFound(FINE_NOT_FOUND);
    if (fine.memberId === p.actorId) throw forbidden('errors.meetings.ownFine');
    if (fine.postedBy === p.actorId) throw forbidden('errors.meetings.postedFine');
    if (fine.status === 'waived') throw conflict('errors.meetings.fineWaived');
    if (fine.paid >= fine.amount) throw conflict('errors.meetings.finePaid');
    const row = tx
      .update(meetingFines)
      .set({ status: 'waived', waivedBy: p.actorId, waiveReason: p.reason, waivedAt: p.now })
      .where(and(eq(meetingFines.id, fine.id), eq(meetingFines.status, 'owed'), eq(meetingFines.paid, fine.paid)))
      .returning()
      .get();
    if (!row) throw conflict('errors.meetings.fineChanged');
    const books = findBooks(tx, p.communityId);
    auditMeeting(tx, { communityId: p.communityId, actorId: p.actorId, action: 'fineWaived', subject: `meeting:${fine.meetingId}`, details: { fineId: fine.id, memberId: fine.memberId, amount: fine.amount - fine.paid, reason: p.reason }, now: p.now });
    const title = tx.get<{ title: string }>(sql`SELECT e.title FROM meetings m JOIN events e ON e.id = m.event_id WHERE m.id = ${fine.meetingId}`).title;
    notify(tx, {
      to: [fine.memberId],
      key: 'meetingFineWaived',
      type: 'success',
      params: (lang) => ({ amount: books ? moneyText(fine.amount - fine.paid, books.currency, lang) : String(fine.amount - fine.paid), title, reason: p.reason }),
      link: meetingLink(fine.meetingId),
      now: p.now,
    });
    return fineDto(row);
  }, IMMEDIATE);
}
