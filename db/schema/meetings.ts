import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ATTENDANCE_STATUSES, ATTENDANCE_VIA, FINE_REASONS, FINE_STATUSES, MEETING_SCOPES, MINUTES_STATUSES, QUORUM_KINDS } from '../../src/shared/meetings/rules';
import { communities } from './communities';
import { events } from './events';
import { polls } from './polls';
import { users } from './users';

/*
 * Meeting day. A meeting is an events row of kind 'meeting' (its time, place, cancellation and
 * RSVPs are the event's) with a meetings row for what happens in the room: the agenda, who came,
 * the fines, the minutes, the proxies and the votes taken with the quorum. Instants are epoch ms.
 */

/** A community's meeting rules: the quorum, the late and absence fines (minor units of the books' currency; 0: none), proxies per holder. */
export const meetingSettings = sqliteTable('meeting_settings', {
  communityId: integer('community_id')
    .primaryKey()
    .references(() => communities.id, { onDelete: 'cascade' }),
  quorumKind: text('quorum_kind', { enum: QUORUM_KINDS }).notNull().default('none'),
  quorumValue: integer('quorum_value').notNull().default(0),
  lateFine: integer('late_fine').notNull().default(0),
  absenceFine: integer('absence_fine').notNull().default(0),
  maxProxies: integer('max_proxies').notNull().default(1),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: integer('updated_at').notNull(),
});

export const meetings = sqliteTable(
  'meetings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: MEETING_SCOPES }).notNull().default('community'),
    // The circle (njangi) or savings group whose meeting it is, for those scopes.
    circleId: integer('circle_id'),
    savingsGroupId: integer('savings_group_id'),
    generalAssembly: integer('general_assembly', { mode: 'boolean' }).notNull().default(false),
    hostId: text('host_id').references(() => users.id, { onDelete: 'set null' }),
    // Set when the meeting's first vote opens: from then on proxies are fixed.
    proxiesLockedAt: integer('proxies_locked_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('meetings_event_unique').on(t.eventId), index('meetings_community_idx').on(t.communityId, t.id), index('meetings_host_idx').on(t.hostId)],
);

/** The leaders' hosting rota: the next host is proposed from it in order. */
export const meetingHostRota = sqliteTable(
  'meeting_host_rota',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] })],
);

/** Ordered agenda items; each may link a poll (a vote taken during the meeting), a discussion topic or a document. */
export const meetingAgendaItems = sqliteTable(
  'meeting_agenda_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    presenterId: text('presenter_id').references(() => users.id, { onDelete: 'set null' }),
    // Wall-clock 'HH:MM' in the event's zone, and how long it is planned to take.
    time: text('time'),
    durationMinutes: integer('duration_minutes'),
    notes: text('notes').notNull().default(''),
    pollId: integer('poll_id'),
    topicId: integer('topic_id'),
    documentId: integer('document_id'),
  },
  (t) => [index('meeting_agenda_meeting_idx').on(t.meetingId, t.position)],
);

/** Who came: one row per member and meeting, changed in place; each change is audited. */
export const meetingAttendance = sqliteTable(
  'meeting_attendance',
  {
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ATTENDANCE_STATUSES }).notNull(),
    via: text('via', { enum: ATTENDANCE_VIA }).notNull().default('list'),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: integer('marked_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] })],
);

/**
 * A late or absence fine: what a member owes, like a welfare levy. `paid` is the member's confirmed
 * fine payments (payments.fine_id) net of reversals. One per member and meeting (a unique index),
 * so marking attendance twice never posts twice.
 */
export const meetingFines = sqliteTable(
  'meeting_fines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: FINE_REASONS }).notNull(),
    amount: integer('amount').notNull(),
    paid: integer('paid').notNull().default(0),
    status: text('status', { enum: FINE_STATUSES }).notNull().default('owed'),
    // Who marked the attendance that posted it: they may not waive it.
    postedBy: text('posted_by').references(() => users.id, { onDelete: 'set null' }),
    waivedBy: text('waived_by').references(() => users.id, { onDelete: 'set null' }),
    waiveReason: text('waive_reason'),
    waivedAt: integer('waived_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('meeting_fines_meeting_member_unique').on(t.meetingId, t.memberId),
    index('meeting_fines_member_idx').on(t.communityId, t.memberId, t.id),
    index('meeting_fines_owed_idx').on(t.communityId, t.memberId).where(sql`${t.status} = 'owed' AND ${t.paid} < ${t.amount}`),
  ],
);

/** The minutes as they stand; every saved text is also a row of meeting_minutes_versions. */
export const meetingMinutes = sqliteTable('meeting_minutes', {
  meetingId: integer('meeting_id')
    .primaryKey()
    .references(() => meetings.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  status: text('status', { enum: MINUTES_STATUSES }).notNull().default('draft'),
  version: integer('version').notNull().default(1),
  // The yes/no poll of a later meeting that approves them.
  approvalPollId: integer('approval_poll_id'),
  approvedAt: integer('approved_at'),
  // The PDF kept in the community's documents once approved (a new document version per later change).
  documentId: integer('document_id'),
  // The version whose PDF the document holds (or is being written): below `version`, a PDF is owed.
  archivedVersion: integer('archived_version'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: integer('updated_at').notNull(),
});

export const meetingMinutesVersions = sqliteTable(
  'meeting_minutes_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    // Why a change after approval was made (required then); null for drafts.
    reason: text('reason'),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('meeting_minutes_versions_unique').on(t.meetingId, t.version)],
);

/** A member's vote delegated to another for one meeting; revocable until the meeting's first vote opens. */
export const meetingProxies = sqliteTable(
  'meeting_proxies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    grantorId: text('grantor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    holderId: text('holder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [
    uniqueIndex('meeting_proxies_live_grantor_unique').on(t.meetingId, t.grantorId).where(sql`${t.revokedAt} IS NULL`),
    index('meeting_proxies_holder_idx').on(t.meetingId, t.holderId),
  ],
);

/** A vote taken during a meeting, with the quorum as it stood when the vote opened. */
export const meetingVotes = sqliteTable(
  'meeting_votes',
  {
    pollId: integer('poll_id')
      .primaryKey()
      .references(() => polls.id, { onDelete: 'cascade' }),
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    present: integer('present').notNull(),
    proxies: integer('proxies').notNull(),
    needed: integer('needed').notNull(),
    quorumMet: integer('quorum_met', { mode: 'boolean' }).notNull(),
    recordedAt: integer('recorded_at').notNull(),
  },
  (t) => [index('meeting_votes_meeting_idx').on(t.meetingId)],
);

/**
 * What a phone sent from its offline queue: each record's idempotency key once per account, with
 * the answer it got, so the same key sent again answers the first result and applies nothing.
 */
export const syncRecords = sqliteTable(
  'sync_records',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    op: text('op').notNull(),
    outcome: text('outcome', { enum: ['applied', 'refused'] }).notNull(),
    // JSON: the operation's result, or { code, message } of the refusal.
    result: text('result').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('sync_records_created_idx').on(t.createdAt)],
);

export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingFineRow = typeof meetingFines.$inferSelect;
