import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { NOMINATION_STATUSES, POLL_ELIGIBILITIES, POLL_KINDS, POLL_STATUSES, RESULTS_VISIBILITIES } from '../../src/shared/polls/rules';
import { communities } from './communities';
import { users } from './users';

/*
 * Polls and elections. Who voted (poll_voters) and what was voted (poll_ballots) are separate
 * tables. A named poll's ballot carries the voter's user id as its key; an anonymous poll's
 * ballot carries only HMAC-SHA256(poll's ballot key, user id), so changing one's vote finds and
 * replaces one's own ballot, and nothing in the ballot names the voter. The ballot key never
 * leaves the server and is erased when the poll closes or is cancelled, together with every
 * ballot's voter key: after that even the database file cannot link a ballot to a member.
 * Instants are epoch milliseconds.
 */

export const polls = sqliteTable(
  'polls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: POLL_KINDS }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: POLL_STATUSES }).notNull(),
    anonymous: integer('anonymous', { mode: 'boolean' }).notNull().default(false),
    resultsVisibility: text('results_visibility', { enum: RESULTS_VISIBILITIES }).notNull().default('live'),
    eligibility: text('eligibility', { enum: POLL_ELIGIBILITIES }).notNull().default('all'),
    // 'joined_before': members whose membership started before this instant.
    joinedBefore: integer('joined_before'),
    // 'multiple': the most options a ballot may choose.
    maxChoices: integer('max_choices'),
    // 'election': seats to fill.
    seats: integer('seats'),
    closesAt: integer('closes_at').notNull(),
    // Secret of an anonymous poll's voter keys (hex); null for named polls and once closed.
    ballotKey: text('ballot_key'),
    // Set by the first ballot: from then on anonymity, results visibility and who may vote are fixed.
    firstVoteAt: integer('first_vote_at'),
    // The stored result (JSON of shared/polls/tally.ts PollResult) and SHA-256 of the canonical ballots, once closed.
    result: text('result'),
    ballotsHash: text('ballots_hash'),
    // A discussion topic the poll belongs to (discussions do not exist yet).
    topicId: integer('topic_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    openedAt: integer('opened_at'),
    closedAt: integer('closed_at'),
    // Who closed it by hand; null when the closing time closed it.
    closedBy: text('closed_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: integer('cancelled_at'),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    index('polls_community_idx').on(t.communityId, t.id),
    // The closing job's scan.
    index('polls_open_closes_idx').on(t.closesAt).where(sql`${t.status} IN ('open', 'nominating')`),
  ],
);

/**
 * A poll's options in order; an election's options are its candidates (userId), fixed when voting
 * opens, whose label is empty: their names are looked up when shown, so none outlives an account.
 */
export const pollOptions = sqliteTable(
  'poll_options',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('poll_options_poll_position_unique').on(t.pollId, t.position)],
);

/** An election's nominations: the nominee accepts or declines (a self-nomination is accepted at once). */
export const pollNominations = sqliteTable(
  'poll_nominations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nominatedBy: text('nominated_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: NOMINATION_STATUSES }).notNull().default('pending'),
    createdAt: integer('created_at').notNull(),
    decidedAt: integer('decided_at'),
  },
  (t) => [uniqueIndex('poll_nominations_poll_user_unique').on(t.pollId, t.userId)],
);

/** Who voted (never how). votedAt only for named polls: an anonymous poll keeps no time that could pair a voter with a ballot. */
export const pollVoters = sqliteTable(
  'poll_voters',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    votedAt: integer('voted_at'),
    // A proxy's ballot: the member present who cast it for userId (meeting_proxies).
    castBy: text('cast_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('poll_voters_poll_user_unique').on(t.pollId, t.userId)],
);

/**
 * What was voted: one ballot per voter key and poll (a unique index), replaced when the member
 * changes their vote. `choices` is a JSON array of option ids (in preference order when ranked).
 * voterKey: the user id (named polls) or the HMAC above (anonymous; null once closed).
 * Ids are random, not the order of the votes; a closed anonymous poll's ballots are rewritten in a
 * shuffled order (services/polls/polls.ts unlinkBallots; decision 014).
 */
export const pollBallots = sqliteTable(
  'poll_ballots',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    voterKey: text('voter_key'),
    choices: text('choices').notNull(),
  },
  (t) => [uniqueIndex('poll_ballots_poll_voter_unique').on(t.pollId, t.voterKey)],
);

export type PollRow = typeof polls.$inferSelect;
export type PollOptionRow = typeof pollOptions.$inferSelect;
export type PollNominationRow = typeof pollNominations.$inferSelect;
