import { and, eq, isNull, sql } from 'drizzle-orm';
import { meetingAgendaItems, meetings, meetingVotes, pollVoters } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { castVote, pollResults } from '../../services/polls/ballots';
import { createPoll, effectiveStatus, IMMEDIATE, pollOf } from '../../services/polls/polls';
import { conflict, fieldError, forbidden, notFound } from '../../services/errors';
import { recordFinanceAction } from '../../services/finances/audit';
import { requireRight } from '../standing/standing';
import { meetingIn, personName, type MeetingFacts } from './meeting-lookup';
import { meetingQuorum } from './quorum';

/*
 * Votes taken during a meeting: a single-choice poll of the community (the polls service keeps
 * the ballots, the tally and the closing), with the meeting's quorum as it stood when the vote
 * opened (meeting_votes). Opening the meeting's first vote fixes its proxies (proxies_locked_at):
 * from then on nobody gives or takes one back, so the ballots proxies cast cannot shift under the
 * vote. A member present who holds a proxy casts the giver's ballot: it is the giver's ballot in
 * the poll (poll_voters.user_id = giver, cast_by = the holder), counted once like any other.
 */

export const VOTE_NOT_FOUND = 'errors.meetingMinutes.voteNotFound';
const HOUR = 3_600_000;

/** Votes stay open until the meeting's end or, when the meeting runs past it, an hour; the chair closes them by hand (polls.close) once counted. */
const closingOf = (m: MeetingFacts, now: number) => Math.max(m.endsAt, now + HOUR);

export function openVote(db: DB, p: { community: { id: number; name: string }; meetingId: number; actorId: string; title: string; options: string[]; agendaItemId?: number; now: number }) {
  return db.transaction((tx) => {
    const meeting = meetingIn(tx, { communityId: p.community.id, meetingId: p.meetingId });
    if (meeting.status === 'cancelled') throw conflict('errors.meetingMinutes.cancelled');
    if (p.agendaItemId !== undefined) {
      const item = tx.select({ id: meetingAgendaItems.id }).from(meetingAgendaItems).where(and(eq(meetingAgendaItems.id, p.agendaItemId), eq(meetingAgendaItems.meetingId, meeting.id))).get();
      if (!item) throw fieldError('invalid', 'agendaItemId', 'errors.meetingMinutes.agendaItemNotFound');
    }
    const poll = createPoll(db, {
      community: p.community,
      createdBy: p.actorId,
      input: { kind: 'single', title: p.title, description: '', options: p.options, closesAt: closingOf(meeting, p.now), anonymous: false, resultsVisibility: 'live', eligibility: 'all' },
      now: p.now,
    });
    const vote = recordVote(db, tx, { meeting, pollId: poll.id, now: p.now });
    // The first vote fixes the meeting's proxies; a later one finds them fixed already.
    tx.update(meetings).set({ proxiesLockedAt: p.now }).where(and(eq(meetings.id, meeting.id), isNull(meetings.proxiesLockedAt))).run();
    if (p.agendaItemId !== undefined) tx.update(meetingAgendaItems).set({ pollId: poll.id }).where(and(eq(meetingAgendaItems.id, p.agendaItemId), eq(meetingAgendaItems.meetingId, meeting.id))).run();
    recordFinanceAction(tx, {
      communityId: meeting.communityId,
      actorId: p.actorId,
      action: 'meetings.vote.opened',
      subject: `meeting:${meeting.id}`,
      details: { pollId: poll.id, title: p.title, options: p.options, agendaItemId: p.agendaItemId ?? null, present: vote.present, proxies: vote.proxies, needed: vote.needed, quorumMet: vote.quorumMet },
      now: p.now,
    });
    return { pollId: poll.id, meetingId: meeting.id, title: poll.title, options: poll.options, closesAt: poll.closesAt, quorum: vote };
  }, IMMEDIATE);
}

/** The meeting's quorum as it stands now, kept beside the vote. */
export function recordVote(db: DB, tx: DbLike, p: { meeting: MeetingFacts; pollId: number; now: number }) {
  const q = meetingQuorum(db, { meetingId: p.meeting.id, communityId: p.meeting.communityId, now: p.now });
  const row = { pollId: p.pollId, meetingId: p.meeting.id, present: q.present, proxies: q.proxies, needed: q.needed, quorumMet: q.met, recordedAt: p.now };
  tx.insert(meetingVotes).values(row).run();
  return row;
}

/**
 * A ballot for the member whose proxy the caller holds: the caller is marked present (or late) at
 * the vote's meeting and holds the giver's live proxy for it; the giver did not come (a member
 * present votes in person), has not voted (in person or by proxy) and still has the right to vote. One IMMEDIATE transaction, so two holders' ballots, or
 * the same one sent twice, count once: the second finds the giver's vote and is refused.
 */
export function voteAsProxy(db: DB, p: { communityId: number; pollId: number; holderId: string; grantorId: string; choices: number[]; now: number }) {
  return db.transaction((tx) => {
    const vote = tx.select().from(meetingVotes).where(eq(meetingVotes.pollId, p.pollId)).get();
    if (!vote) throw notFound(VOTE_NOT_FOUND);
    const meeting = meetingIn(tx, { communityId: p.communityId, meetingId: vote.meetingId });
    const held = tx.get(sql`SELECT 1 FROM meeting_proxies WHERE meeting_id = ${meeting.id} AND grantor_id = ${p.grantorId} AND holder_id = ${p.holderId} AND revoked_at IS NULL`);
    if (!held) throw forbidden('errors.meetingMinutes.notYourProxy');
    const here = tx.get(sql`SELECT 1 FROM meeting_attendance WHERE meeting_id = ${meeting.id} AND user_id = ${p.holderId} AND status IN ('present', 'late')`);
    if (!here) throw forbidden('errors.meetingMinutes.holderAbsent');
    // A giver who came votes in person (the quorum counts them once, in person, too).
    const came = tx.get(sql`SELECT 1 FROM meeting_attendance WHERE meeting_id = ${meeting.id} AND user_id = ${p.grantorId} AND status IN ('present', 'late')`);
    if (came) throw conflict('errors.meetingMinutes.grantorPresent');
    const voted = tx.select({ id: pollVoters.id }).from(pollVoters).where(and(eq(pollVoters.pollId, p.pollId), eq(pollVoters.userId, p.grantorId))).get();
    if (voted) throw conflict('errors.meetingMinutes.grantorVoted');
    requireRight(db, { communityId: meeting.communityId, userId: p.grantorId, right: 'vote', now: p.now });
    // The polls service checks the poll is open and the ballot valid, and stores it as the giver's.
    const cast = castVote(db, { id: p.pollId, userId: p.grantorId, choices: p.choices, now: p.now });
    tx.update(pollVoters).set({ castBy: p.holderId }).where(and(eq(pollVoters.pollId, p.pollId), eq(pollVoters.userId, p.grantorId))).run();
    recordFinanceAction(tx, {
      communityId: meeting.communityId,
      actorId: p.holderId,
      action: 'meetings.vote.proxyBallot',
      subject: `poll:${p.pollId}`,
      details: { meetingId: meeting.id, grantorId: p.grantorId },
      now: p.now,
    });
    return { pollId: p.pollId, grantorId: p.grantorId, voted: true as const, voterCount: cast.voterCount };
  }, IMMEDIATE);
}

/**
 * The meeting's votes, oldest first: each with the quorum recorded when it opened, the results as
 * the poll shows them (live, or once closed), how many ballots proxies cast, and for the reader the
 * givers whose proxy they hold with whether each has voted.
 */
export function votesOfMeeting(db: DbLike, p: { communityId: number; meetingId: number; viewerId: string; now: number }) {
  const meeting = meetingIn(db, p);
  const rows = db.select().from(meetingVotes).where(eq(meetingVotes.meetingId, meeting.id)).orderBy(meetingVotes.recordedAt, meetingVotes.pollId).all();
  const held = db.all<{ grantorId: string }>(sql`SELECT grantor_id AS grantorId FROM meeting_proxies WHERE meeting_id = ${meeting.id} AND holder_id = ${p.viewerId} AND revoked_at IS NULL ORDER BY id`);
  return {
    meetingId: meeting.id,
    proxiesLockedAt: meeting.proxiesLockedAt,
    votes: rows.map((v) => {
      const poll = pollOf(db, v.pollId);
      const results = pollResults(db, { id: v.pollId, now: p.now });
      const proxyBallots = db.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM poll_voters WHERE poll_id = ${v.pollId} AND cast_by IS NOT NULL`).n;
      const votedIds = new Set(db.all<{ u: string }>(sql`SELECT user_id AS u FROM poll_voters WHERE poll_id = ${v.pollId}`).map((r) => r.u));
      return {
        pollId: v.pollId,
        title: poll.title,
        kind: poll.kind,
        status: effectiveStatus(poll, p.now),
        closesAt: poll.closesAt,
        quorum: { present: v.present, proxies: v.proxies, needed: v.needed, met: v.quorumMet, recordedAt: v.recordedAt },
        options: results.options.map((o) => ({ id: o.id, label: o.label })),
        voterCount: results.voterCount,
        counts: results.visible ? results.result.counts : null,
        winners: results.visible ? results.result.winners : null,
        proxyBallots,
        iVoted: votedIds.has(p.viewerId),
        forMyProxies: held.map((h) => ({ grantorId: h.grantorId, name: personName(db, h.grantorId), voted: votedIds.has(h.grantorId) })),
      };
    }),
  };
}
