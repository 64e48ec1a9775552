import { sql } from 'drizzle-orm';
import type { DB, DbLike } from '../../../../db/database';
import type { AttendanceStatus } from '@shared/meetings/rules';
import { conflict, invalid, notFound } from '../../services/errors';
import { checkInCode, normaliseCode } from './codes';
import { applyFine, fineAt, fineDto, type FineDto } from './fines';
import { auditMeeting, IMMEDIATE, meetingOf, type MeetingRecord } from './meetings';

/*
 * Who came. The roster is the meeting's members: the community's, or for a circle's or a savings
 * group's meeting that circle's approved or that group's active members. The secretary marks each
 * one (changed in place, every change audited), by the list or by the member's check-in code; the
 * fine follows the mark (fines.ts). A cancelled meeting takes no attendance: a phone that was
 * offline and sends its marks later is told so (errors.meetings.cancelled).
 */

/** After the start plus this, a member who checks in by code is marked late. */
export const CHECK_IN_GRACE_MS = 15 * 60_000;

type RosterRow = { userId: string; name: string; status: AttendanceStatus | null; fineId: number | null; fineAmount: number | null; fineStatus: 'owed' | 'waived' | null; finePaid: number | null };

/** The SQL of the meeting's members' ids, by its scope. */
function membersOf(m: MeetingRecord) {
  if (m.scope === 'circle') return sql`SELECT cm.user_id FROM circle_members cm JOIN memberships ms ON ms.user_id = cm.user_id AND ms.community_id = ${m.communityId} WHERE cm.circle_id = ${m.circleId} AND cm.status = 'approved'`;
  if (m.scope === 'savings_group') return sql`SELECT gm.user_id FROM savings_group_members gm JOIN memberships ms ON ms.user_id = gm.user_id AND ms.community_id = ${m.communityId} WHERE gm.group_id = ${m.savingsGroupId} AND gm.status = 'active'`;
  return sql`SELECT user_id FROM memberships WHERE community_id = ${m.communityId}`;
}

/** Each member of the meeting with their mark, their fine and their check-in code (so a phone offline can match codes against it). */
export function roster(db: DbLike, m: MeetingRecord) {
  const rows = db.all<RosterRow>(sql`
    SELECT u.id AS userId, u.first_name || ' ' || u.last_name AS name, a.status,
      f.id AS fineId, f.amount AS fineAmount, f.status AS fineStatus, f.paid AS finePaid
    FROM users u
    LEFT JOIN meeting_attendance a ON a.meeting_id = ${m.id} AND a.user_id = u.id
    LEFT JOIN meeting_fines f ON f.meeting_id = ${m.id} AND f.member_id = u.id AND f.status <> 'cancelled'
    WHERE u.id IN (${membersOf(m)}) AND u.deleted_at IS NULL
    ORDER BY u.first_name, u.last_name, u.id`);
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    status: r.status,
    fine: r.fineId === null ? null : { id: r.fineId, amount: r.fineAmount!, paid: r.finePaid!, status: r.fineStatus! },
    code: checkInCode(m.communityId, r.userId),
  }));
}

export const onRoster = (db: DbLike, m: MeetingRecord, userId: string) => Boolean(db.get(sql`SELECT 1 AS n WHERE ${userId} IN (${membersOf(m)})`));

/** The member's own mark at a meeting, or null. */
export const attendanceOf = (db: DbLike, meetingId: number, userId: string) =>
  db.get<{ status: AttendanceStatus } | undefined>(sql`SELECT status FROM meeting_attendance WHERE meeting_id = ${meetingId} AND user_id = ${userId}`)?.status ?? null;

export type Marked = { userId: string; status: AttendanceStatus; fine: FineDto | null };

/**
 * Marks a member of the meeting: written in place (an upsert), audited when it changes, and the
 * fine brought in line, in one transaction. Marking the same status again changes nothing and
 * posts nothing.
 */
export function markAttendance(db: DB, p: { communityId: number; meetingId: number; actorId: string; userId: string; status: AttendanceStatus; via: 'list' | 'code' | 'sync'; now: number }): Marked {
  return db.transaction((tx) => {
    const m = meetingOf(tx, p.communityId, p.meetingId);
    if (m.status === 'cancelled') throw conflict('errors.meetings.cancelled');
    if (!onRoster(tx, m, p.userId)) throw invalid('errors.meetings.notOnRoster');
    return mark(tx, m, p);
  }, IMMEDIATE);
}

function mark(tx: DbLike, m: MeetingRecord, p: { actorId: string; userId: string; status: AttendanceStatus; via: 'list' | 'code' | 'sync'; now: number }): Marked {
  const before = attendanceOf(tx, m.id, p.userId);
  if (before !== p.status) {
    tx.run(sql`INSERT INTO meeting_attendance (meeting_id, user_id, status, via, marked_by, marked_at) VALUES (${m.id}, ${p.userId}, ${p.status}, ${p.via}, ${p.actorId}, ${p.now})
      ON CONFLICT (meeting_id, user_id) DO UPDATE SET status = excluded.status, via = excluded.via, marked_by = excluded.marked_by, marked_at = excluded.marked_at`);
    auditMeeting(tx, { communityId: m.communityId, actorId: p.actorId, action: 'attendanceMarked', subject: `meeting:${m.id}`, details: { userId: p.userId, before, after: p.status, via: p.via }, now: p.now });
  }
  const fine = applyFine(tx, { meeting: m, memberId: p.userId, status: p.status, actorId: p.actorId, now: p.now });
  return { userId: p.userId, status: p.status, fine };
}

/**
 * Checks a member in by their code: present until the start plus 15 minutes, late after. A member
 * already marked present or late keeps their mark (a code scanned twice changes nothing).
 */
export function checkIn(db: DB, p: { communityId: number; meetingId: number; actorId: string; code: string; now: number }): Marked & { name: string } {
  return db.transaction((tx) => {
    const m = meetingOf(tx, p.communityId, p.meetingId);
    if (m.status === 'cancelled') throw conflict('errors.meetings.cancelled');
    const code = normaliseCode(p.code);
    const member = roster(tx, m).find((r) => r.code === code);
    if (!member) throw notFound('errors.meetings.unknownCode');
    if (member.status === 'present' || member.status === 'late') {
      const fine = fineAt(tx, m.id, member.userId);
      return { userId: member.userId, name: member.name, status: member.status, fine: fine && fine.status !== 'cancelled' ? fineDto(fine) : null };
    }
    const status: AttendanceStatus = p.now > m.startsAt + CHECK_IN_GRACE_MS ? 'late' : 'present';
    return { ...mark(tx, m, { actorId: p.actorId, userId: member.userId, status, via: 'code', now: p.now }), name: member.name };
  }, IMMEDIATE);
}

