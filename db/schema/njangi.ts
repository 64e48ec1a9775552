import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CURRENCY_CODES } from '../../src/shared/money';
import { CIRCLE_STATUSES, FINE_KINDS, FREQUENCIES, ORDER_BY, PAYOUT_METHODS } from '../../src/shared/njangi/rules';
import { communities } from './communities';
import { PAYMENT_METHODS } from './finances';
import { users } from './users';

/*
 * Njangi savings circles. Amounts are integers in the minor unit of the circle's currency. A
 * circle's rules live on its own row and are fixed once it starts, so a later change to the
 * community never rewrites a running circle. Money records are never edited in place: a
 * contribution or payout only moves forward through its states by conditional updates, and
 * every action is also written to the finance audit chain.
 */

export const circles = sqliteTable(
  'circles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    organiserId: text('organiser_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    currency: text('currency', { enum: CURRENCY_CODES as [string, ...string[]] }).notNull(),
    contribution: integer('contribution').notNull(),
    frequency: text('frequency', { enum: FREQUENCIES }).notNull(),
    // The first meeting (YYYY-MM-DD in the circle's zone); later ones follow the frequency.
    startDate: text('start_date').notNull(),
    timeZone: text('time_zone').notNull(),
    hands: integer('hands').notNull(),
    maxHandsPerMember: integer('max_hands_per_member').notNull().default(1),
    payoutMethod: text('payout_method', { enum: PAYOUT_METHODS }).notNull(),
    // Fixed order: set by the organiser at start, or picked by the members while recruiting.
    orderBy: text('order_by', { enum: ORDER_BY }).notNull().default('organiser'),
    graceDays: integer('grace_days').notNull().default(0),
    fineKind: text('fine_kind', { enum: FINE_KINDS }).notNull().default('none'),
    // A fixed fine in minor units, or a percentage of the contribution in basis points.
    fineValue: integer('fine_value').notNull().default(0),
    deposit: integer('deposit').notNull().default(0),
    feeBps: integer('fee_bps').notNull().default(0),
    status: text('status', { enum: CIRCLE_STATUSES }).notNull().default('recruiting'),
    // Random draws: SHA-256 of the secret seed, published at start; the seed itself once completed.
    seedHash: text('seed_hash'),
    seed: text('seed'),
    // The discount remainder carried into the next round (auction circles).
    carry: integer('carry').notNull().default(0),
    lastReceiptNo: integer('last_receipt_no').notNull().default(0),
    cancelReason: text('cancel_reason'),
    createdAt: integer('created_at').notNull(),
    startedAt: integer('started_at'),
    endedAt: integer('ended_at'),
  },
  (t) => [index('circles_community_idx').on(t.communityId, t.status, t.id)],
);

export const CIRCLE_MEMBER_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;

/** A member's place in a circle: asked for while recruiting, approved by the organiser. */
export const circleMembers = sqliteTable(
  'circle_members',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hands: integer('hands').notNull().default(1),
    status: text('status', { enum: CIRCLE_MEMBER_STATUSES }).notNull().default('pending'),
    createdAt: integer('created_at').notNull(),
    decidedAt: integer('decided_at'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('circle_members_unique').on(t.circleId, t.userId), index('circle_members_user_idx').on(t.userId, t.status)],
);

/** A payout position a member picked while a fixed circle recruits: first come, first served. */
export const circlePicks = sqliteTable(
  'circle_picks',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.position] }), index('circle_picks_user_idx').on(t.circleId, t.userId)],
);

/** One hand of a started circle: it receives the pot exactly once, in round `position`. */
export const circleHands = sqliteTable(
  'circle_hands',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    handNo: integer('hand_no').notNull(),
    // The round it receives in; null for an auction circle until it wins one.
    position: integer('position'),
    // What the draw gave (random circles), kept when a swap moves the hand, so the draw stays verifiable.
    drawnPosition: integer('drawn_position'),
    received: integer('received', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('circle_hands_no_unique').on(t.circleId, t.handNo),
    uniqueIndex('circle_hands_position_unique').on(t.circleId, t.position),
    index('circle_hands_user_idx').on(t.userId),
  ],
);

/** Round `number` of a started circle: every hand owes by `dueDate`, one hand receives. */
export const circleRounds = sqliteTable(
  'circle_rounds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    dueDate: text('due_date').notNull(),
    // The last instant of the due date in the circle's zone.
    dueAt: integer('due_at').notNull(),
    // When late fines are posted: dueAt plus the grace days.
    fineAt: integer('fine_at').notNull(),
    beneficiaryHandId: integer('beneficiary_hand_id').references(() => circleHands.id),
    status: text('status', { enum: ['open', 'paid'] }).notNull().default('open'),
    // Reminders sent once each (due soon, overdue, "your payout is next") and fines posted once.
    dueSoonSent: integer('due_soon_sent', { mode: 'boolean' }).notNull().default(false),
    overdueSent: integer('overdue_sent', { mode: 'boolean' }).notNull().default(false),
    nextSent: integer('next_sent', { mode: 'boolean' }).notNull().default(false),
    finesPosted: integer('fines_posted', { mode: 'boolean' }).notNull().default(false),
    // The organiser told once that every hand has paid and the round can be paid out.
    readySent: integer('ready_sent', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [uniqueIndex('circle_rounds_unique').on(t.circleId, t.number), index('circle_rounds_due_idx').on(t.status, t.dueAt)],
);

export const CONTRIBUTION_STATUSES = ['pending', 'confirmed', 'rejected'] as const;

/** A hand's contribution to a round: declared by its member (or recorded as cash by the organiser). */
export const circleContributions = sqliteTable(
  'circle_contributions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => circleRounds.id, { onDelete: 'cascade' }),
    handId: integer('hand_id')
      .notNull()
      .references(() => circleHands.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    proofUrl: text('proof_url'),
    status: text('status', { enum: CONTRIBUTION_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    // Paid after the due date (judged by when it was declared or recorded).
    late: integer('late', { mode: 'boolean' }).notNull().default(false),
    receiptNo: integer('receipt_no'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    decidedAt: integer('decided_at'),
  },
  (t) => [
    // At most one live (pending or confirmed) contribution per hand and round.
    uniqueIndex('circle_contributions_live_unique')
      .on(t.roundId, t.handId)
      .where(sql`status <> 'rejected'`),
    index('circle_contributions_user_idx').on(t.userId, t.status),
    // The authorised proof route finds the row that names a file (who may read it).
    index('circle_contributions_proof_idx').on(t.proofUrl),
    uniqueIndex('circle_contributions_receipt_unique').on(t.circleId, t.receiptNo),
  ],
);

/** A late fine: posted automatically after the grace days, then paid or waived (with a reason). */
export const circleFines = sqliteTable(
  'circle_fines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => circleRounds.id, { onDelete: 'cascade' }),
    handId: integer('hand_id')
      .notNull()
      .references(() => circleHands.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['owed', 'paid', 'waived'] }).notNull().default('owed'),
    reason: text('reason'),
    // The round whose pot a paid fine went into (the next payout after it was paid).
    potRoundId: integer('pot_round_id').references(() => circleRounds.id),
    createdAt: integer('created_at').notNull(),
    settledAt: integer('settled_at'),
    settledBy: text('settled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('circle_fines_unique').on(t.roundId, t.handId), index('circle_fines_circle_idx').on(t.circleId, t.status)],
);

/** The pot of a round handed to its beneficiary; only the beneficiary confirms receipt. */
export const circlePayouts = sqliteTable(
  'circle_payouts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => circleRounds.id, { onDelete: 'cascade' }),
    handId: integer('hand_id')
      .notNull()
      .references(() => circleHands.id),
    beneficiaryId: text('beneficiary_id')
      .notNull()
      .references(() => users.id),
    // The round's money: confirmed contributions, fines paid into it, the organiser's fee, the auction
    // discount, the share of it each other hand gets, the remainder carried, what the beneficiary gets.
    collected: integer('collected').notNull(),
    shortfall: integer('shortfall').notNull().default(0),
    fines: integer('fines').notNull().default(0),
    fee: integer('fee').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    share: integer('share').notNull().default(0),
    carryIn: integer('carry_in').notNull().default(0),
    carryOut: integer('carry_out').notNull().default(0),
    amount: integer('amount').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    proofUrl: text('proof_url'),
    status: text('status', { enum: ['recorded', 'confirmed', 'disputed'] }).notNull().default('recorded'),
    disputeReason: text('dispute_reason'),
    receiptNo: integer('receipt_no'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    decidedAt: integer('decided_at'),
  },
  (t) => [uniqueIndex('circle_payouts_round_unique').on(t.roundId), index('circle_payouts_circle_idx').on(t.circleId, t.status), index('circle_payouts_proof_idx').on(t.proofUrl)],
);

export const TOP_UP_STATUSES = ['owed', 'recorded', 'confirmed', 'disputed'] as const;

/**
 * Money that reached a round after it was paid out, owed on to that round's beneficiary: a
 * contribution confirmed (or recorded as cash) late, or a fine paid after the circle's last
 * payout. Created `owed` in the transaction that confirmed the money; the one who pays it records
 * it (method, reference, proof) and only the beneficiary confirms receipt or says it did not arrive.
 */
export const circleTopUps = sqliteTable(
  'circle_top_ups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => circleRounds.id, { onDelete: 'cascade' }),
    payoutId: integer('payout_id')
      .notNull()
      .references(() => circlePayouts.id, { onDelete: 'cascade' }),
    handId: integer('hand_id')
      .notNull()
      .references(() => circleHands.id),
    beneficiaryId: text('beneficiary_id')
      .notNull()
      .references(() => users.id),
    // Exactly one of the two: what brought the money in.
    contributionId: integer('contribution_id').references(() => circleContributions.id, { onDelete: 'cascade' }),
    fineId: integer('fine_id').references(() => circleFines.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    status: text('status', { enum: TOP_UP_STATUSES }).notNull().default('owed'),
    method: text('method', { enum: PAYMENT_METHODS }),
    reference: text('reference'),
    proofUrl: text('proof_url'),
    disputeReason: text('dispute_reason'),
    receiptNo: integer('receipt_no'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: integer('recorded_at'),
    decidedAt: integer('decided_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    // Money tops a round up once: one top-up per late contribution and per late fine.
    uniqueIndex('circle_top_ups_contribution_unique').on(t.contributionId),
    uniqueIndex('circle_top_ups_fine_unique').on(t.fineId),
    uniqueIndex('circle_top_ups_receipt_unique').on(t.circleId, t.receiptNo),
    index('circle_top_ups_circle_idx').on(t.circleId, t.status),
    check('circle_top_ups_one_source', sql`(${t.contributionId} IS NULL) <> (${t.fineId} IS NULL)`),
    check('circle_top_ups_amount', sql`${t.amount} > 0`),
  ],
);

/** An auction bid: the discount a hand accepts to receive this round. One bid per hand per round. */
export const circleBids = sqliteTable(
  'circle_bids',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => circleRounds.id, { onDelete: 'cascade' }),
    handId: integer('hand_id')
      .notNull()
      .references(() => circleHands.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    discount: integer('discount').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('circle_bids_unique').on(t.roundId, t.handId)],
);

export const SWAP_STATUSES = ['requested', 'accepted', 'approved', 'declined'] as const;

/** Two hands trading payout positions: asked by one member, accepted by the other, approved by the organiser. */
export const circleSwaps = sqliteTable(
  'circle_swaps',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    fromHandId: integer('from_hand_id')
      .notNull()
      .references(() => circleHands.id, { onDelete: 'cascade' }),
    toHandId: integer('to_hand_id')
      .notNull()
      .references(() => circleHands.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: SWAP_STATUSES }).notNull().default('requested'),
    createdAt: integer('created_at').notNull(),
    decidedAt: integer('decided_at'),
  },
  (t) => [index('circle_swaps_circle_idx').on(t.circleId, t.status)],
);
