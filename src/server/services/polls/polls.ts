import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lt, lte, or, gt, sql } from 'drizzle-orm';
import { communities, pollBallots, pollNominations, pollOptions, polls, pollVoters, memberships, topics, users, type PollRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { candidatesNeeded, MAX_POLL_DURATION_MS, YES_NO_OPTIONS, type PollStatus } from '@shared/polls/rules';
import type { CreatePollInput, PollChanges } from '@shared/schemas/polls';
import { requireRight } from '../../domains/standing/standing';
import { conflict, DomainError, fieldError, forbidden, notFound } from '../errors';
import { notifyCommunity, notifyUser } from '../notifications';
import { handled, itemKey } from '../needs/notices';
import { toPage } from '../paging';
import { isDatabase, prepared } from '../prepared';

/*
 * Polls and elections: creation, settings, nominations, opening an election's voting,
 * cancelling, and what members read. Every change is one IMMEDIATE transaction whose writes are
 * conditional on the poll's status, so nothing changes a poll once it has closed or been
 * cancelled (409), whoever asks and whenever they read it. Voting and closing: ballots.ts.
 */

export const NOT_FOUND = 'errors.polls.notFound';
export const IMMEDIATE = { behavior: 'immediate' } as const;

/** The community a poll belongs to (for the guard), or undefined. */
export const pollCommunity = (db: DB, id: number) =>
  prepared(db, 'polls.community', (d) => d.select({ communityId: polls.communityId }).from(polls).where(eq(polls.id, sql.placeholder('id'))).prepare()).get({ id })?.communityId;

const pollById = (db: DB) => prepared(db, 'polls.byId', (d) => d.select().from(polls).where(eq(polls.id, sql.placeholder('id'))).prepare());

/** Prepared when given the database (also inside its transactions: see prepared.ts). */
export function pollOf(db: DbLike, id: number): PollRow {
  const row = isDatabase(db) ? pollById(db).get({ id }) : db.select().from(polls).where(eq(polls.id, id)).get();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** An open poll whose closing time has passed is closed for everyone, before the job records it. */
export const effectiveStatus = (p: Pick<PollRow, 'status' | 'closesAt'>, now: number): PollStatus =>
  (p.status === 'open' || p.status === 'nominating') && p.closesAt <= now ? 'closed' : p.status;

/** Refuses any change to a poll that is closed (or past its closing time) or cancelled. */
export function assertChangeable(p: PollRow, now: number) {
  const status = effectiveStatus(p, now);
  if (status === 'closed') throw conflict('errors.polls.closed');
  if (status === 'cancelled') throw conflict('errors.polls.cancelled');
}

/** An anonymous poll's voter key: HMAC-SHA256 of the user id under the poll's own secret. Never returned. */
export const voterKeyOf = (poll: Pick<PollRow, 'anonymous' | 'ballotKey'>, userId: string) =>
  poll.anonymous ? createHmac('sha256', Buffer.from(poll.ballotKey!, 'hex')).update(userId).digest('hex') : userId;

export const pollLink = (id: number) => `/polls/${id}`;

/** A ballot's id: random (48 bits, well within a safe integer), so that the ids of a poll's ballots say nothing of the order they came in. */
export const ballotId = () => randomInt(1, 2 ** 48);

/**
 * When an anonymous poll closes or is cancelled: its ballots are written anew, in a shuffled
 * order, with fresh random ids and no voter key, so that neither an id, nor the order of the rows,
 * nor where they sit in the file's pages (secure_delete zeroes the old cells: database.ts) follows
 * the order of the votes, which the voters' rows keep. Every choice is kept: the stored hash is
 * over the ballots in canonical order, which this does not change.
 */
export function unlinkBallots(tx: DbLike, pollId: number) {
  const choices = tx.select({ choices: pollBallots.choices }).from(pollBallots).where(eq(pollBallots.pollId, pollId)).all().map((b) => b.choices);
  // FAST (database.ts) zeroes deleted cells only where that costs no I/O: a page freed whole keeps
  // its old rows on the freelist. Here every deleted byte is zeroed, freed pages too.
  tx.all(sql`PRAGMA secure_delete = ON`);
  try {
    tx.delete(pollBallots).where(eq(pollBallots.pollId, pollId)).run();
  } finally {
    tx.all(sql`PRAGMA secure_delete = FAST`);
  }
  for (let i = choices.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [choices[i], choices[j]] = [choices[j]!, choices[i]!];
  }
  for (const c of choices) tx.insert(pollBallots).values({ id: ballotId(), pollId, voterKey: null, choices: c }).run();
}

/**
 * After the transaction that unlinked a poll's ballots has committed: the WAL still holds the
 * pages as they were before (voter keys, old order) until a checkpoint. This one copies the WAL
 * into the database and empties the file, without waiting: when a reader (a backup from another
 * process) still uses older frames, it copies what it can and the rest goes at a later checkpoint.
 */
export function checkpointUnlinked(db: DB) {
  const client = db.$client;
  const wait = client.pragma('busy_timeout', { simple: true }) as number;
  client.pragma('busy_timeout = 0');
  try {
    client.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    client.pragma(`busy_timeout = ${wait}`);
  }
}

/** An anonymous poll shows its results only once closed, whatever was asked: live counts beside "who voted" reveal each ballot. */
export const resultsShown = (p: Pick<PollRow, 'anonymous' | 'resultsVisibility'>): PollRow['resultsVisibility'] => (p.anonymous ? 'after_close' : p.resultsVisibility);

function checkClosing(closesAt: number, now: number) {
  if (closesAt <= now) throw fieldError('invalid', 'closesAt', 'errors.polls.closingInPast');
  if (closesAt - now > MAX_POLL_DURATION_MS) throw fieldError('invalid', 'closesAt', 'errors.polls.closingTooFar');
}

/** A new poll (open at once) or election (taking nominations); the community's members are told, in-app. */
export function createPoll(db: DB, p: { community: { id: number; name: string }; createdBy: string; input: Omit<CreatePollInput, 'communityId'>; now: number }) {
  const f = p.input;
  checkClosing(f.closesAt, p.now);
  const election = f.kind === 'election';
  return db.transaction((tx) => {
    if (f.topicId !== undefined) {
      // Only a visible topic of the same community: anything else is, to the caller, no topic at all.
      const topic = tx.select({ communityId: topics.communityId, hiddenAt: topics.hiddenAt }).from(topics).where(eq(topics.id, f.topicId)).get();
      if (!topic || topic.communityId !== p.community.id || topic.hiddenAt !== null) throw fieldError('invalid', 'topicId', 'errors.polls.topicNotFound');
    }
    const row = tx
      .insert(polls)
      .values({
        communityId: p.community.id,
        topicId: f.topicId ?? null,
        kind: f.kind,
        title: f.title,
        description: f.description,
        status: election ? 'nominating' : 'open',
        anonymous: f.anonymous,
        ballotKey: f.anonymous ? randomBytes(32).toString('hex') : null,
        resultsVisibility: resultsShown(f),
        eligibility: f.eligibility,
        joinedBefore: f.eligibility === 'joined_before' ? (f.joinedBefore ?? null) : null,
        maxChoices: f.kind === 'multiple' ? (f.maxChoices ?? f.options!.length) : null,
        seats: election ? (f.seats ?? 1) : null,
        closesAt: f.closesAt,
        createdBy: p.createdBy,
        createdAt: p.now,
        updatedAt: p.now,
        openedAt: election ? null : p.now,
      })
      .returning()
      .get();
    const labels = f.kind === 'yes_no' ? [...YES_NO_OPTIONS] : election ? [] : f.options!;
    if (labels.length) tx.insert(pollOptions).values(labels.map((label, i) => ({ pollId: row.id, position: i + 1, label }))).run();
    notifyCommunity(tx, {
      communityId: p.community.id,
      exceptUserIds: [p.createdBy],
      title: election ? 'notifications.electionNew.title' : 'notifications.pollNew.title',
      message: election ? 'notifications.electionNew.message' : 'notifications.pollNew.message',
      params: { title: row.title, community: p.community.name },
      link: pollLink(row.id),
      now: p.now,
    });
    return pollDto(tx, row, p.now);
  }, IMMEDIATE);
}

/**
 * Settings: title, description and closing time while the poll runs; anonymity, results visibility
 * and who may vote only until the first vote (409 after). Never once closed or cancelled.
 */
export function updatePoll(db: DB, p: { id: number; changes: PollChanges; now: number }) {
  return db.transaction((tx) => {
    const row = pollOf(tx, p.id);
    assertChangeable(row, p.now);
    const c = p.changes;
    const locked = c.anonymous !== undefined || c.resultsVisibility !== undefined || c.eligibility !== undefined || c.joinedBefore !== undefined;
    if (locked && row.firstVoteAt !== null) throw conflict('errors.polls.settingsLocked');
    if (c.closesAt !== undefined) checkClosing(c.closesAt, p.now);
    const eligibility = c.eligibility ?? row.eligibility;
    const joinedBefore = eligibility === 'joined_before' ? (c.joinedBefore ?? row.joinedBefore) : null;
    if (eligibility === 'joined_before' && joinedBefore === null) throw fieldError('invalid', 'joinedBefore', 'validation.polls.joinedBefore');
    const anonymous = c.anonymous ?? row.anonymous;
    const set: Partial<PollRow> = { updatedAt: p.now, eligibility, joinedBefore, anonymous };
    if (anonymous !== row.anonymous) set.ballotKey = anonymous ? randomBytes(32).toString('hex') : null;
    for (const k of ['title', 'description', 'closesAt', 'resultsVisibility'] as const) if (c[k] !== undefined) (set as Record<string, unknown>)[k] = c[k];
    set.resultsVisibility = resultsShown({ anonymous, resultsVisibility: set.resultsVisibility ?? row.resultsVisibility });
    // Conditional on what was read: a vote or a close that committed meanwhile wins (409).
    const updated = tx
      .update(polls)
      .set(set)
      .where(and(eq(polls.id, row.id), inArray(polls.status, ['open', 'nominating']), gt(polls.closesAt, p.now), locked ? sql`${polls.firstVoteAt} IS NULL` : undefined))
      .returning()
      .get();
    if (!updated) throw conflict(locked ? 'errors.polls.settingsLocked' : 'errors.polls.closed');
    return pollDto(tx, updated, p.now);
  }, IMMEDIATE);
}

/** Cancels a poll that has not closed, with a reason; its ballots' voter keys are erased. */
export function cancelPoll(db: DB, p: { id: number; reason: string; now: number }) {
  const cancelled = db.transaction((tx) => {
    const row = pollOf(tx, p.id);
    assertChangeable(row, p.now);
    const done = tx
      .update(polls)
      .set({ status: 'cancelled', cancelledAt: p.now, cancelReason: p.reason, ballotKey: null, updatedAt: p.now })
      .where(and(eq(polls.id, row.id), inArray(polls.status, ['open', 'nominating']), gt(polls.closesAt, p.now)))
      .returning()
      .get();
    if (!done) throw conflict('errors.polls.closed');
    if (row.anonymous) unlinkBallots(tx, row.id);
    return { dto: pollDto(tx, done, p.now), anonymous: row.anonymous };
  }, IMMEDIATE);
  if (cancelled.anonymous) checkpointUnlinked(db);
  return cancelled.dto;
}

const isMember = (db: DbLike, communityId: number, userId: string) =>
  !!db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId))).get();

function nominatingElection(tx: DbLike, id: number, now: number): PollRow {
  const row = pollOf(tx, id);
  assertChangeable(row, now);
  if (row.kind !== 'election') throw conflict('errors.polls.notElection');
  if (row.status !== 'nominating') throw conflict('errors.polls.notNominating');
  return row;
}

/**
 * A nomination while the election takes them: a member nominates themselves (accepted at once), a
 * manager nominates any member (who is told and accepts or declines). Nominating someone again
 * who declined asks them again.
 */
export function nominate(db: DB, p: { id: number; userId: string; by: string; byManager: boolean; community: { id: number; name: string }; now: number }) {
  const self = p.userId === p.by;
  if (!self && !p.byManager) throw forbidden('errors.denied.polls');
  return db.transaction((tx) => {
    const row = nominatingElection(tx, p.id, p.now);
    if (!isMember(tx, row.communityId, p.userId)) throw fieldError('invalid', 'userId', 'errors.polls.notAMember');
    const status = self ? 'accepted' : 'pending';
    // An election for members in good standing takes candidates in good standing (accepted at once when self-nominated).
    if (self) standForOffice(db, row, p.userId, p.now);
    const existing = tx.select().from(pollNominations).where(and(eq(pollNominations.pollId, row.id), eq(pollNominations.userId, p.userId))).get();
    if (existing && (existing.status === 'accepted' || (existing.status === 'pending' && !self))) return nominationsOf(tx, row.id);
    const nomination = tx
      .insert(pollNominations)
      .values({ pollId: row.id, userId: p.userId, nominatedBy: p.by, status, createdAt: p.now, decidedAt: self ? p.now : null })
      .onConflictDoUpdate({ target: [pollNominations.pollId, pollNominations.userId], set: { nominatedBy: p.by, status, createdAt: p.now, decidedAt: self ? p.now : null } })
      .returning({ id: pollNominations.id })
      .get();
    if (!self) {
      notifyUser(tx, { userId: p.userId, title: 'notifications.pollNomination.title', message: 'notifications.pollNomination.message', params: { title: row.title, community: p.community.name }, link: pollLink(row.id), item: itemKey('nomination', nomination.id), now: p.now });
    }
    return nominationsOf(tx, row.id);
  }, IMMEDIATE);
}

/** Standing for office in an election for members in good standing is their right only (src/shared/standing.ts RIGHTS.standForOffice). */
function standForOffice(db: DB, row: PollRow, userId: string, now: number) {
  if (row.eligibility === 'good_standing') requireRight(db, { communityId: row.communityId, userId, right: 'standForOffice', now });
}

/** The nominee's answer to their own nomination (they may change it while nominations are open). */
export function answerNomination(db: DB, p: { id: number; userId: string; accept: boolean; now: number }) {
  return db.transaction((tx) => {
    const row = nominatingElection(tx, p.id, p.now);
    if (p.accept) standForOffice(db, row, p.userId, p.now);
    const done = tx
      .update(pollNominations)
      .set({ status: p.accept ? 'accepted' : 'declined', decidedAt: p.now })
      .where(and(eq(pollNominations.pollId, row.id), eq(pollNominations.userId, p.userId)))
      .returning({ id: pollNominations.id })
      .get();
    if (!done) throw notFound('errors.polls.nominationNotFound');
    handled(tx, 'nomination', done.id, p.userId, p.now);
    return nominationsOf(tx, row.id);
  }, IMMEDIATE);
}

/** A manager withdraws a nomination while nominations are open. */
export function removeNomination(db: DB, p: { id: number; userId: string; now: number }) {
  return db.transaction((tx) => {
    const row = nominatingElection(tx, p.id, p.now);
    const done = tx.delete(pollNominations).where(and(eq(pollNominations.pollId, row.id), eq(pollNominations.userId, p.userId))).returning({ id: pollNominations.id }).get();
    if (!done) throw notFound('errors.polls.nominationNotFound');
    handled(tx, 'nomination', done.id, null, p.now);
    return nominationsOf(tx, row.id);
  }, IMMEDIATE);
}

/**
 * Opens an election's voting: its candidates are the members who accepted their nomination
 * (at least seats + 1, so members have a choice), in the order they accepted; nominations still
 * pending lapse. The members are told.
 */
export function openVoting(db: DB, p: { id: number; community: { id: number; name: string }; by: string; now: number }) {
  return db.transaction((tx) => {
    const row = nominatingElection(tx, p.id, p.now);
    const accepted = tx
      .select({ userId: pollNominations.userId, firstName: users.firstName, lastName: users.lastName })
      .from(pollNominations)
      .innerJoin(users, eq(users.id, pollNominations.userId))
      .innerJoin(memberships, and(eq(memberships.userId, pollNominations.userId), eq(memberships.communityId, row.communityId)))
      .where(and(eq(pollNominations.pollId, row.id), eq(pollNominations.status, 'accepted')))
      .orderBy(asc(pollNominations.decidedAt), asc(pollNominations.id))
      .all();
    const needed = candidatesNeeded(row.seats ?? 1);
    if (accepted.length < needed) throw new DomainError('conflict', 'errors.polls.notEnoughCandidates', undefined, undefined, { needed });
    const opened = tx
      .update(polls)
      .set({ status: 'open', openedAt: p.now, updatedAt: p.now })
      .where(and(eq(polls.id, row.id), eq(polls.status, 'nominating'), gt(polls.closesAt, p.now)))
      .returning()
      .get();
    if (!opened) throw conflict('errors.polls.notNominating');
    // Nominations still waiting lapse: their notices read as handled.
    for (const n of tx.select({ id: pollNominations.id }).from(pollNominations).where(and(eq(pollNominations.pollId, row.id), eq(pollNominations.status, 'pending'))).all()) handled(tx, 'nomination', n.id, null, p.now);
    tx.insert(pollOptions)
      // A candidate is named by id, the name looked up when shown (optionsOf): no copy outlives their account.
      .values(accepted.map((c, i) => ({ pollId: row.id, position: i + 1, label: '', userId: c.userId })))
      .run();
    notifyCommunity(tx, {
      communityId: row.communityId,
      exceptUserIds: [p.by],
      title: 'notifications.electionVoting.title',
      message: 'notifications.electionVoting.message',
      params: { title: row.title, community: p.community.name },
      link: pollLink(row.id),
      now: p.now,
    });
    return pollDto(tx, opened, p.now);
  }, IMMEDIATE);
}

export function nominationsOf(db: DbLike, pollId: number) {
  return db
    .select({ userId: pollNominations.userId, firstName: users.firstName, lastName: users.lastName, status: pollNominations.status })
    .from(pollNominations)
    .innerJoin(users, eq(users.id, pollNominations.userId))
    .where(eq(pollNominations.pollId, pollId))
    .orderBy(asc(pollNominations.id))
    .all()
    .map((n) => ({ userId: n.userId, name: `${n.firstName} ${n.lastName}`, status: n.status }));
}

const optionsQuery = <D extends DbLike>(db: D, pollId: number | ReturnType<typeof sql.placeholder>) =>
  db
    .select({ id: pollOptions.id, label: sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, ${pollOptions.label})`, userId: pollOptions.userId })
    .from(pollOptions)
    .leftJoin(users, eq(users.id, pollOptions.userId))
    .where(eq(pollOptions.pollId, pollId))
    .orderBy(asc(pollOptions.position));
export const optionsOf = (db: DbLike, pollId: number) =>
  isDatabase(db) ? prepared(db, 'polls.options', (d) => optionsQuery(d, sql.placeholder('pollId')).prepare()).all({ pollId }) : optionsQuery(db, pollId).all();

export const voterCount = (db: DbLike, pollId: number) =>
  isDatabase(db)
    ? prepared(db, 'polls.voterCount', (d) => d.select({ n: count() }).from(pollVoters).where(eq(pollVoters.pollId, sql.placeholder('pollId'))).prepare()).get({ pollId })!.n
    : db.select({ n: count() }).from(pollVoters).where(eq(pollVoters.pollId, pollId)).get()!.n;

/** The poll as members read it: never its ballot key, its stored result (see results.ts) or anyone's ballot. */
export function pollDto(db: DbLike, row: PollRow, now: number) {
  const { ballotKey: _k, result: _r, ballotsHash, firstVoteAt, ...rest } = row;
  return {
    ...rest,
    resultsVisibility: resultsShown(row),
    status: effectiveStatus(row, now),
    options: optionsOf(db, row.id),
    nominations: row.kind === 'election' ? nominationsOf(db, row.id) : null,
    voterCount: voterCount(db, row.id),
    /** Votes were cast: anonymity, results visibility and who may vote are fixed. */
    settingsLocked: firstVoteAt !== null,
    ballotsHash,
  };
}

/** A community's polls, newest first, paged by id; `status` as members see it (past the closing time is closed). */
export function listPolls(db: DbLike, p: { communityId: number; viewerId: string; status?: 'open' | 'closed' | 'nominating' | 'cancelled'; now: number; cursor?: number; limit: number }) {
  const byStatus =
    p.status === 'open'
      ? and(eq(polls.status, 'open'), gt(polls.closesAt, p.now))
      : p.status === 'nominating'
        ? and(eq(polls.status, 'nominating'), gt(polls.closesAt, p.now))
        : p.status === 'closed'
          ? or(eq(polls.status, 'closed'), and(inArray(polls.status, ['open', 'nominating']), lte(polls.closesAt, p.now)))
          : p.status === 'cancelled'
            ? eq(polls.status, 'cancelled')
            : undefined;
  const rows = db
    .select({
      poll: polls,
      voters: sql<number>`(SELECT COUNT(*) FROM poll_voters v WHERE v.poll_id = polls.id)`,
      voted: sql<number>`EXISTS (SELECT 1 FROM poll_voters v WHERE v.poll_id = polls.id AND v.user_id = ${p.viewerId})`,
    })
    .from(polls)
    .where(and(eq(polls.communityId, p.communityId), byStatus, p.cursor ? lt(polls.id, p.cursor) : undefined))
    .orderBy(desc(polls.id))
    .limit(p.limit + 1)
    .all();
  return toPage(rows, p.limit, (r) => r.poll.id, (r) => ({
    id: r.poll.id,
    kind: r.poll.kind,
    title: r.poll.title,
    status: effectiveStatus(r.poll, p.now),
    anonymous: r.poll.anonymous,
    resultsVisibility: resultsShown(r.poll),
    eligibility: r.poll.eligibility,
    closesAt: r.poll.closesAt,
    createdAt: r.poll.createdAt,
    voterCount: r.voters,
    voted: !!r.voted,
  }));
}

export const communityName = (db: DbLike, id: number) => db.select({ name: communities.name }).from(communities).where(eq(communities.id, id)).get()?.name ?? '';

/** The polls attached to a discussion topic (its page lists them), newest first. */
export function topicPolls(db: DbLike, p: { topicId: number; now: number }) {
  return db
    .select({ id: polls.id, title: polls.title, kind: polls.kind, status: polls.status, closesAt: polls.closesAt })
    .from(polls)
    .where(eq(polls.topicId, p.topicId))
    .orderBy(desc(polls.id))
    .all()
    .map((r) => ({ ...r, status: effectiveStatus(r, p.now) }));
}
