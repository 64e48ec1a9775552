import { sql } from 'drizzle-orm';
import type { DbLike } from '../../../../db/database';
import type { MeetingScope } from '@shared/meetings/rules';
import { notFound } from '../../services/errors';

/*
 * A meeting as the minutes, proxies and votes read it: its meetings row with what its event
 * holds (title, time, zone, cancellation). One query, used by the guards (which community) and
 * by the services (inside their transactions).
 */

export const MEETING_NOT_FOUND = 'errors.meetingMinutes.meetingNotFound';

export type MeetingFacts = {
  id: number;
  eventId: number;
  communityId: number;
  title: string;
  startsAt: number;
  endsAt: number;
  timeZone: string;
  place: string | null;
  status: 'scheduled' | 'cancelled';
  scope: MeetingScope;
  generalAssembly: boolean;
  proxiesLockedAt: number | null;
};

export function findMeeting(db: DbLike, meetingId: number): MeetingFacts | undefined {
  const row = db.get<(Omit<MeetingFacts, 'generalAssembly'> & { generalAssembly: number }) | undefined>(sql`
    SELECT m.id, m.event_id AS eventId, m.community_id AS communityId, e.title, e.starts_at AS startsAt, e.ends_at AS endsAt,
           e.time_zone AS timeZone, e.place, e.status, m.scope, m.general_assembly AS generalAssembly, m.proxies_locked_at AS proxiesLockedAt
    FROM meetings m JOIN events e ON e.id = m.event_id WHERE m.id = ${meetingId}`);
  return row ? { ...row, generalAssembly: !!row.generalAssembly } : undefined;
}

/** The meeting, or 404 (also for another community's meeting, so ids reveal nothing). */
export function meetingIn(db: DbLike, p: { communityId: number; meetingId: number }): MeetingFacts {
  const m = findMeeting(db, p.meetingId);
  if (!m || m.communityId !== p.communityId) throw notFound(MEETING_NOT_FOUND);
  return m;
}

/** The community a meeting belongs to, for the access guard. */
export const meetingCommunityOf = (db: DbLike, meetingId: number) => db.get<{ c: number } | undefined>(sql`SELECT community_id AS c FROM meetings WHERE id = ${meetingId}`)?.c;

/** The community a meeting's vote (its poll) belongs to, for the guard of a proxy's ballot. */
export const meetingPollCommunityOf = (db: DbLike, pollId: number) =>
  db.get<{ c: number } | undefined>(sql`SELECT m.community_id AS c FROM meeting_votes v JOIN meetings m ON m.id = v.meeting_id WHERE v.poll_id = ${pollId}`)?.c;

export const personName = (db: DbLike, userId: string | null) =>
  userId ? (db.get<{ n: string } | undefined>(sql`SELECT trim(first_name || ' ' || last_name) AS n FROM users WHERE id = ${userId}`)?.n ?? '') : '';

/** A member of the community (an active membership), else undefined. */
export const isMemberOf = (db: DbLike, communityId: number, userId: string) =>
  !!db.get(sql`SELECT 1 FROM memberships WHERE community_id = ${communityId} AND user_id = ${userId}`);
