// The checks after a restart for meeting day's writes (meeting-writers.ts), on the verifier's
// connection:
//   - every acknowledged sync record is remembered (its sync_records row, applied) and its mark is
//     there: each attendance holds a mark the organiser may have left (a record sent again never
//     puts an older mark back);
//   - fines follow the marks: exactly one owed fine per (meeting, member) marked late or absent, of
//     that reason and the community's amount, none owed for present or excused, and no fine
//     without a mark (nothing is paid in the run, so no fine stands on its own);
//   - the meeting fines add up in the books (what `npm run finances:verify` checks).
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import * as schema from '../../db/schema';
import type { DbLike } from '../../db/database';
import { fineChecks, fineProblems } from '../../src/server/domains/meetings/conservation';
import type { AttendanceStatus } from '../../src/shared/meetings/rules';
import type { MeetingLedger } from './meeting-writers';
import { MEETING_FINES } from './money-seed';
import type { DomainVerification } from './verify-domains';

export function verifyMeetings(sqlite: Database.Database, ledger: MeetingLedger): DomainVerification {
  const lost: string[] = [];
  const broken: string[] = [];

  const remembered = sqlite.prepare('SELECT outcome FROM sync_records WHERE user_id = ? AND key = ?').pluck();
  for (const [key, s] of ledger.synced) {
    const outcome = remembered.get(s.userId, key) as string | undefined;
    if (outcome !== 'applied') lost.push(`sync record ${key} acknowledged applied, remembered ${outcome ?? 'nowhere'}`);
  }
  const markOf = sqlite.prepare('SELECT status FROM meeting_attendance WHERE meeting_id = ? AND user_id = ?').pluck();
  for (const [key, marks] of ledger.attendance) {
    const [meetingId, userId] = key.split('|') as [string, string];
    const status = (markOf.get(Number(meetingId), userId) as AttendanceStatus | undefined) ?? null;
    if (!marks.has(status)) lost.push(`attendance of ${userId} at meeting ${meetingId} is ${status}, none of ${[...marks].join(', ')}`);
    // From here on the database is the truth: a mark in flight at the kill may have landed.
    ledger.attendance.set(key, new Set([status]));
  }

  const fines = sqlite
    .prepare(
      `SELECT coalesce(a.meeting_id, f.meeting_id) AS meetingId, coalesce(a.user_id, f.member_id) AS userId, a.status,
         count(f.id) AS fines, sum(f.status = 'owed') AS owed, max(CASE WHEN f.status = 'owed' THEN f.reason END) AS reason, max(CASE WHEN f.status = 'owed' THEN f.amount END) AS amount
       FROM meeting_attendance a FULL JOIN meeting_fines f ON f.meeting_id = a.meeting_id AND f.member_id = a.user_id
       GROUP BY 1, 2`,
    )
    .all() as { meetingId: number; userId: string; status: AttendanceStatus | null; fines: number; owed: number | null; reason: string | null; amount: number | null }[];
  for (const f of fines) {
    const where = `meeting ${f.meetingId}, member ${f.userId} marked ${f.status}`;
    const due = f.status === 'late' || f.status === 'absent' ? f.status : null;
    if (f.fines > 1) broken.push(`${where}: ${f.fines} fines`);
    if (due && (f.owed !== 1 || f.reason !== due || f.amount !== MEETING_FINES[due])) broken.push(`${where}: owes ${f.owed ?? 0} fines (${f.reason} ${f.amount}), not one ${due} fine of ${MEETING_FINES[due]}`);
    if (!due && f.owed) broken.push(`${where}: owes a fine`);
  }
  const db = drizzle(sqlite, { schema }) as unknown as DbLike;
  for (const c of fineChecks(db)) broken.push(...fineProblems(c));
  return { lost, broken };
}
