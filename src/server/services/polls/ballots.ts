import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { memberships, pollBallots, polls, pollVoters, users, type PollRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { ballotProblem, type PollKind } from '@shared/polls/rules';
import { tally, type PollResult } from '@shared/polls/tally';
import { conflict, DomainError, fieldError } from '../errors';
import { csvLine } from '../events/csv';
import { recordFinanceAction } from '../finances/audit';
import { REFUSAL_KEY, rightRefusal, type Refusal } from '@shared/standing';
import { communityMoneyFrame, refusalError, standingNow } from '../../domains/standing/standing';
import { notifyCommunity } from '../notifications';
import { prepared } from '../prepared';
import { assertChangeable, ballotId, checkpointUnlinked, communityName, effectiveStatus, IMMEDIATE, optionsOf, pollLink, pollOf, resultsShown, unlinkBallots, voterCount, voterKeyOf } from './polls';

/*
 * Voting, closing and results. A vote and a close each run in one IMMEDIATE transaction and the
 * vote checks the poll's status and closing time inside it, so a vote arriving as the poll closes
 * is either counted (it committed first) or refused with 409 (the close committed first), never
 * half-stored; the close itself is a conditional update on the status, so it happens once.
 *
 * Who may vote:
 * - 'all': every member;
 * - 'joined_before': members whose membership started strictly before the poll's date;
 * - 'good_standing': members whose standing gives them the right to vote at the moment they vote
 *   (src/shared/standing.ts RIGHTS.vote, read from the records by domains/standing): a member in
 *   arrears, suspended or (when the community has a waiting period) new is refused with the reason
 *   and the way back ("Pay $50.00 of arrears to vote"). A community without dues, levies or a
 *   waiting period has every member in good standing.
 */

type Eligibility = { eligible: true } | { eligible: false; reason: string; params?: Record<string, unknown>; refusal?: Refusal };

const dateText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function eligibilityOf(db: DB, poll: PollRow, userId: string, now: number): Eligibility {
  if (poll.eligibility === 'joined_before') {
    const m = db.select({ joinedAt: memberships.joinedAt }).from(memberships).where(and(eq(memberships.communityId, poll.communityId), eq(memberships.userId, userId))).get();
    if (!m || poll.joinedBefore === null || m.joinedAt >= poll.joinedBefore) return { eligible: false, reason: 'errors.polls.joinedTooLate', params: { date: dateText(poll.joinedBefore ?? now) } };
  }
  if (poll.eligibility === 'good_standing') {
    const s = standingNow(db, { communityId: poll.communityId, userId, now });
    const refusal = s ? rightRefusal(s, 'vote') : null;
    if (refusal) return { eligible: false, reason: REFUSAL_KEY[refusal.reason], refusal };
  }
  return { eligible: true };
}

/**
 * The caller's ballot, stored or replacing their earlier one (one per member per poll: a unique
 * index on the voter key). Choices are option ids, in order of preference for ranked polls.
 */
export function castVote(db: DB, p: { id: number; userId: string; choices: number[]; now: number }) {
  // Every member's vote runs this: its queries are prepared once (prepared.ts) and run on `db`
  // inside the transaction.
  const q = voteQueries(db);
  return db.transaction(() => {
    const poll = pollOf(db, p.id);
    assertChangeable(poll, p.now);
    if (poll.status === 'nominating') throw conflict('errors.polls.nominating');
    const who = eligibilityOf(db, poll, p.userId, p.now);
    if (!who.eligible) throw who.refusal ? refusalError(who.refusal, 'vote', communityMoneyFrame(db, poll.communityId)) : new DomainError('forbidden', who.reason, undefined, undefined, who.params);
    const optionIds = optionsOf(db, poll.id).map((o) => o.id);
    const problem = ballotProblem(poll, optionIds, p.choices);
    if (problem) throw fieldError('invalid', 'choices', problem);
    const voterKey = voterKeyOf(poll, p.userId);
    const choices = JSON.stringify(poll.kind === 'ranked' ? p.choices : [...p.choices].sort((a, b) => a - b));
    const earlier = q.earlier.get({ pollId: poll.id, userId: p.userId });
    // A new ballot gets a random id (kept when the member changes their vote): see ballotId.
    q.ballot.run({ id: ballotId(), pollId: poll.id, voterKey, choices });
    // An anonymous poll keeps no vote time: it could pair a voter with a ballot.
    const votedAt = poll.anonymous ? null : p.now;
    q.voter.run({ pollId: poll.id, userId: p.userId, votedAt });
    if (poll.firstVoteAt === null) q.firstVote.run({ id: poll.id, now: p.now });
    return { pollId: poll.id, voted: true, changed: !!earlier, voterCount: voterCount(db, poll.id) };
  }, IMMEDIATE);
}

const voteQueries = (db: DB) =>
  prepared(db, 'polls.vote', (d) => {
    const ph = sql.placeholder;
    return {
      earlier: d.select({ id: pollVoters.id }).from(pollVoters).where(and(eq(pollVoters.pollId, ph('pollId')), eq(pollVoters.userId, ph('userId')))).prepare(),
      ballot: d
        .insert(pollBallots)
        .values({ id: ph('id'), pollId: ph('pollId'), voterKey: ph('voterKey'), choices: ph('choices') })
        .onConflictDoUpdate({ target: [pollBallots.pollId, pollBallots.voterKey], set: { choices: sql`excluded.choices` } })
        .prepare(),
      voter: d
        .insert(pollVoters)
        .values({ pollId: ph('pollId'), userId: ph('userId'), votedAt: ph('votedAt') })
        .onConflictDoUpdate({ target: [pollVoters.pollId, pollVoters.userId], set: { votedAt: sql`excluded.voted_at` } })
        .prepare(),
      firstVote: d.update(polls).set({ firstVoteAt: sql`${ph('now')}` }).where(and(eq(polls.id, ph('id')), sql`${polls.firstVoteAt} IS NULL`)).prepare(),
    };
  });

/** Every ballot's choices, in canonical order (sorted by their JSON): what the stored hash is over. */
function canonicalBallots(db: DbLike, pollId: number): number[][] {
  return db
    .select({ choices: pollBallots.choices })
    .from(pollBallots)
    .where(eq(pollBallots.pollId, pollId))
    .all()
    .map((b) => b.choices)
    .sort()
    .map((c) => JSON.parse(c) as number[]);
}

export const ballotsSha256 = (ballots: number[][]) => createHash('sha256').update(JSON.stringify(ballots)).digest('hex');

function computeResult(db: DbLike, poll: PollRow) {
  const optionIds = optionsOf(db, poll.id).map((o) => o.id);
  const ballots = canonicalBallots(db, poll.id);
  return { result: tally({ kind: poll.kind as PollKind, seats: poll.seats }, optionIds, ballots), hash: ballotsSha256(ballots) };
}

/**
 * Closes a poll (by hand: `by` is the manager; at its closing time: null) once: a conditional
 * update on the status. Stores the result and SHA-256 over the canonical ballots, records both in
 * the audit trail, erases an anonymous poll's ballot key and voter keys, and tells the members.
 * An election still taking nominations closes without a vote. Returns null when it was already
 * closed or cancelled.
 */
export function closePoll(tx: DbLike, p: { id: number; by: string | null; now: number; closedAt?: number }) {
  const poll = tx.select().from(polls).where(eq(polls.id, p.id)).get();
  if (!poll) return null;
  const { result, hash } = computeResult(tx, poll);
  const closed = tx
    .update(polls)
    .set({ status: 'closed', closedAt: p.closedAt ?? p.now, closedBy: p.by, result: JSON.stringify(result), ballotsHash: hash, ballotKey: null, updatedAt: p.now })
    .where(and(eq(polls.id, poll.id), inArray(polls.status, ['open', 'nominating'])))
    .returning()
    .get();
  if (!closed) return null;
  if (poll.anonymous) unlinkBallots(tx, poll.id);
  recordFinanceAction(tx, {
    communityId: poll.communityId,
    actorId: p.by,
    action: 'poll.closed',
    subject: `poll:${poll.id}`,
    details: { kind: poll.kind, title: poll.title, anonymous: poll.anonymous, closedAt: p.closedAt ?? p.now, voters: voterCount(tx, poll.id), result, ballotsSha256: hash },
    now: p.now,
  });
  notifyCommunity(tx, {
    communityId: poll.communityId,
    title: 'notifications.pollClosed.title',
    message: 'notifications.pollClosed.message',
    params: { title: poll.title, community: communityName(tx, poll.communityId) },
    link: pollLink(poll.id),
    now: p.now,
  });
  return closed;
}

/** A manager closes the poll before its time (409 when it is already closed or cancelled). */
export function closePollByHand(db: DB, p: { id: number; by: string; now: number }) {
  const done = db.transaction((tx) => {
    const poll = pollOf(tx, p.id);
    if (poll.status === 'cancelled') throw conflict('errors.polls.cancelled');
    // Past its closing time but not yet recorded by the job: closing it now records it (as closed at its time).
    if (poll.status === 'closed') throw conflict('errors.polls.closed');
    const overdue = poll.closesAt <= p.now;
    const closed = closePoll(tx, { id: p.id, by: overdue ? null : p.by, now: p.now, closedAt: overdue ? poll.closesAt : p.now });
    if (!closed) throw conflict('errors.polls.closed');
    return closed;
  }, IMMEDIATE);
  if (done.anonymous) checkpointUnlinked(db);
  return { id: done.id, status: done.status, closedAt: done.closedAt, ballotsHash: done.ballotsHash };
}

/** The closing job: every poll past its closing time, each claimed by its own conditional update (a second runner finds it taken). */
export function closeDuePolls(db: DB, now: number): number {
  const due = db.select({ id: polls.id, closesAt: polls.closesAt }).from(polls).where(and(inArray(polls.status, ['open', 'nominating']), lte(polls.closesAt, now))).all();
  let closed = 0;
  for (const d of due) {
    // Closed as of its closing time (polls.closedAt, and in the audit record's details); recorded now.
    const done = db.transaction((tx) => closePoll(tx, { id: d.id, by: null, now, closedAt: d.closesAt }), IMMEDIATE);
    if (!done) continue;
    closed += 1;
    if (done.anonymous) checkpointUnlinked(db);
  }
  return closed;
}

/**
 * Whether members may see the results now: live ones while open, the others once closed; never a
 * cancelled poll's. An anonymous poll's only once closed, whatever its setting (resultsShown):
 * counts read before and after each vote, beside the list of who voted, would tell who chose what.
 */
export function resultsVisible(poll: PollRow, now: number): boolean {
  const status = effectiveStatus(poll, now);
  if (status === 'cancelled' || status === 'nominating') return false;
  return status === 'closed' || resultsShown(poll) === 'live';
}

type NamedVote = { userId: string; name: string; choices: number[] };

/** Named polls only: how each member voted (an anonymous poll's ballots carry no user id). */
function namedVotes(db: DbLike, poll: PollRow): NamedVote[] {
  if (poll.anonymous) return [];
  return db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, choices: pollBallots.choices })
    .from(pollBallots)
    .innerJoin(users, eq(users.id, pollBallots.voterKey))
    .where(eq(pollBallots.pollId, poll.id))
    .orderBy(asc(users.firstName), asc(users.lastName))
    .all()
    .map((v) => ({ userId: v.userId, name: `${v.firstName} ${v.lastName}`, choices: JSON.parse(v.choices) as number[] }));
}

/**
 * The results as members may see them: counts per option and the number of ballots (integers;
 * the screens compute percentages), the winners or ties, a ranked poll's rounds, and for a named
 * poll how each member voted. Hidden results answer { visible: false } with the number of voters.
 * A closed poll answers from its stored result; one past its closing time not yet recorded is counted now.
 */
export function pollResults(db: DbLike, p: { id: number; now: number }) {
  const poll = pollOf(db, p.id);
  const status = effectiveStatus(poll, p.now);
  const voters = voterCount(db, poll.id);
  const options = optionsOf(db, poll.id);
  if (!resultsVisible(poll, p.now)) return { pollId: poll.id, status, visible: false as const, voterCount: voters, options, result: null, votes: null, ballotsHash: null };
  const stored = poll.result ? { result: JSON.parse(poll.result) as PollResult, hash: poll.ballotsHash } : computeResult(db, poll);
  return {
    pollId: poll.id,
    status,
    visible: true as const,
    voterCount: voters,
    options,
    result: stored.result,
    votes: poll.anonymous ? null : namedVotes(db, poll),
    // Only once closed: while open the ballots still change.
    ballotsHash: status === 'closed' ? stored.hash : null,
  };
}

/** Who voted (never how): names in alphabetical order, for every member; a named poll also says when. */
export function pollVotersList(db: DbLike, p: { id: number }) {
  const poll = pollOf(db, p.id);
  const rows = db
    .select({ userId: pollVoters.userId, firstName: users.firstName, lastName: users.lastName, votedAt: pollVoters.votedAt })
    .from(pollVoters)
    .innerJoin(users, eq(users.id, pollVoters.userId))
    .where(eq(pollVoters.pollId, poll.id))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .all();
  return { pollId: poll.id, count: rows.length, voters: rows.map((r) => ({ userId: r.userId, name: `${r.firstName} ${r.lastName}`, votedAt: poll.anonymous ? null : r.votedAt })) };
}

/** The caller's own vote state: whether they voted, and (named polls only) what they chose. */
export function myVote(db: DbLike, poll: PollRow, userId: string) {
  const voted = !!db.select({ id: pollVoters.id }).from(pollVoters).where(and(eq(pollVoters.pollId, poll.id), eq(pollVoters.userId, userId))).get();
  if (!voted || poll.anonymous) return { voted, choices: null };
  const b = db.select({ choices: pollBallots.choices }).from(pollBallots).where(and(eq(pollBallots.pollId, poll.id), eq(pollBallots.voterKey, userId))).get();
  return { voted, choices: b ? (JSON.parse(b.choices) as number[]) : null };
}

/**
 * The results as CSV (only when members may see them): one line per option with its votes, then
 * a ranked poll's rounds, then, once closed, every ballot's choices in canonical order (no voter,
 * whatever the poll), from which anyone can recompute the SHA-256 recorded at closing. Not while
 * open: two exports a vote apart would pair the new ballot with the new name in the voters list.
 */
export function pollResultsCsv(db: DbLike, p: { id: number; now: number }) {
  const r = pollResults(db, p);
  if (!r.visible) throw conflict('errors.polls.resultsHidden');
  const label = new Map(r.options.map((o) => [o.id, o.label]));
  const lines = [csvLine(['section', 'round', 'option_id', 'option', 'votes'])];
  for (const c of r.result.counts) lines.push(csvLine(['result', '', c.optionId, label.get(c.optionId), c.votes]));
  lines.push(csvLine(['ballots', '', '', '', r.result.ballots]));
  for (const round of r.result.rounds ?? []) {
    for (const [id, votes] of Object.entries(round.counts)) lines.push(csvLine(['round', round.round, id, label.get(Number(id)), votes]));
    lines.push(csvLine(['round', round.round, '', 'exhausted', round.exhausted]));
  }
  if (r.status === 'closed') for (const b of canonicalBallots(db, r.pollId)) lines.push(csvLine(['ballot', '', b.join(' '), b.map((id) => label.get(id)).join(' > '), '']));
  return { filename: `poll-${r.pollId}-results.csv`, csv: `${lines.join('\r\n')}\r\n` };
}
