import type { DB } from '../../db/database';
import { insertMeeting, markAttendance } from './meetings-seed';

/*
 * Rows the authorization matrix's cells of the minutes, proxies and votes prepare in their own
 * copy of the database (tests/api/hardening-authz.test.ts): a meeting of the cell's community
 * tomorrow with fixed ids, so each cell's input can name it before the rows exist.
 */

export const MATRIX_MEETING = 900_301;
export const MATRIX_LATER_MEETING = 900_302;
export const MATRIX_VOTE = 900_311;
export const MATRIX_VOTE_OPTION = 900_321;
const DAY = 86_400_000;

type Cell = { communityId: number; creatorId: string; callerId: string | null; targetId: string; now: number };

export function matrixMeeting(db: DB, c: Cell) {
  insertMeeting(db, { id: MATRIX_MEETING, communityId: c.communityId, createdBy: c.creatorId, title: 'Monthly meeting', startsAt: c.now + DAY });
}

/** The meeting with its minutes written by the creator, as a draft or shared; and a later meeting to approve them. */
export function matrixMinutes(db: DB, c: Cell, status: 'draft' | 'shared') {
  matrixMeeting(db, c);
  insertMeeting(db, { id: MATRIX_LATER_MEETING, communityId: c.communityId, createdBy: c.creatorId, title: 'Next meeting', startsAt: c.now + 30 * DAY });
  const sql = db.$client;
  sql.prepare('INSERT INTO meeting_minutes (meeting_id, body, status, version, updated_by, updated_at) VALUES (?, ?, ?, 1, ?, ?)').run(MATRIX_MEETING, 'What was said.', status, c.creatorId, c.now);
  sql.prepare('INSERT INTO meeting_minutes_versions (meeting_id, version, body, author_id, created_at) VALUES (?, 1, ?, ?, ?)').run(MATRIX_MEETING, 'What was said.', c.creatorId, c.now);
}

/** The caller gave their vote at the meeting to the target member. */
export function matrixProxyGiven(db: DB, c: Cell) {
  matrixMeeting(db, c);
  if (c.callerId) db.$client.prepare('INSERT INTO meeting_proxies (meeting_id, grantor_id, holder_id, created_at) VALUES (?, ?, ?, ?)').run(MATRIX_MEETING, c.callerId, c.targetId, c.now);
}

/** An open vote of the meeting; the caller is present and holds the target member's proxy. */
export function matrixProxyBallot(db: DB, c: Cell) {
  matrixMeeting(db, c);
  const sql = db.$client;
  sql
    .prepare("INSERT INTO polls (id, community_id, kind, title, status, closes_at, created_by, created_at, updated_at, opened_at) VALUES (?, ?, 'single', 'Venue', 'open', ?, ?, ?, ?, ?)")
    .run(MATRIX_VOTE, c.communityId, c.now + DAY, c.creatorId, c.now, c.now, c.now);
  sql.prepare("INSERT INTO poll_options (id, poll_id, position, label) VALUES (?, ?, 1, 'Hall'), (?, ?, 2, 'Garden')").run(MATRIX_VOTE_OPTION, MATRIX_VOTE, MATRIX_VOTE_OPTION + 1, MATRIX_VOTE);
  sql.prepare('INSERT INTO meeting_votes (poll_id, meeting_id, present, proxies, needed, quorum_met, recorded_at) VALUES (?, ?, 1, 0, 0, 1, ?)').run(MATRIX_VOTE, MATRIX_MEETING, c.now);
  if (!c.callerId) return;
  sql.prepare('INSERT INTO meeting_proxies (meeting_id, grantor_id, holder_id, created_at) VALUES (?, ?, ?, ?)').run(MATRIX_MEETING, c.targetId, c.callerId, c.now);
  markAttendance(db, { meetingId: MATRIX_MEETING, userId: c.callerId, by: c.creatorId, now: c.now });
}
