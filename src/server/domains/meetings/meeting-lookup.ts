import { sql } from 'drizzle-orm';
import type { DbLike } from '../../../../db/database';
import { findMeetingRecord, isMember, meetingCommunity, type MeetingRecord } from './meetings';
import { notFound } from '../../services/errors';

/*
 * A meeting as the minutes, proxies and votes read it: the meetings domain's record (its row with
 * what its event holds), for the guards (which community) and the services (inside their
 * transactions), with the minutes' own refusal when it is not found.
 */

export const MEETING_NOT_FOUND = 'errors.meetingMinutes.meetingNotFound';

/** What the minutes, proxies and votes read of a meeting: the meetings domain's own record of it (meetings.ts). */
export type MeetingFacts = MeetingRecord;

export const findMeeting = (db: DbLike, meetingId: number): MeetingFacts | undefined => findMeetingRecord(db, meetingId);

/** The meeting, or 404 (also for another community's meeting, so ids reveal nothing). */
export function meetingIn(db: DbLike, p: { communityId: number; meetingId: number }): MeetingFacts {
  const m = findMeeting(db, p.meetingId);
  if (!m || m.communityId !== p.communityId) throw notFound(MEETING_NOT_FOUND);
  return m;
}

/** The community a meeting belongs to, for the access guard. */
export const meetingCommunityOf = meetingCommunity;

/** The community a meeting's vote (its poll) belongs to, for the guard of a proxy's ballot. */
export const meetingPollCommunityOf = (db: DbLike, pollId: number) =>
  db.get<{ c: number } | undefined>(sql`SELECT m.community_id AS c FROM meeting_votes v JOIN meetings m ON m.id = v.meeting_id WHERE v.poll_id = ${pollId}`)?.c;

export const personName = (db: DbLike, userId: string | null) =>
  userId ? (db.get<{ n: string } | undefined>(sql`SELECT trim(first_name || ' ' || last_name) AS n FROM users WHERE id = ${userId}`)?.n ?? '') : '';

/** A member of the community (an active membership). */
export const isMemberOf = isMember;
