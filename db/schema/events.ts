import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { EVENT_KINDS, EVENT_STATUSES, EVENT_VISIBILITIES, REPEAT_FREQUENCIES, RSVP_STATUSES } from '../../src/shared/events/rules';
import { communities } from './communities';
import { users } from './users';

/*
 * Community events. A recurring series is materialised: every occurrence is its own events row
 * (bounded, at most 104), so RSVPs, attendance, cancellation and edits attach to one occurrence,
 * and calendar feeds carry each occurrence with its own UID. Instants are epoch milliseconds;
 * the event's IANA zone says what wall-clock time they were chosen as.
 */

/** How a series repeats; its occurrences are the events rows that name it. */
export const eventSeries = sqliteTable(
  'event_series',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: REPEAT_FREQUENCIES }).notNull(),
    // The RRULE value (RFC 5545) the occurrences were expanded from, e.g. FREQ=MONTHLY;BYDAY=+1SA;COUNT=12.
    rrule: text('rrule').notNull(),
    timeZone: text('time_zone').notNull(),
    // The first occurrence's local date (YYYY-MM-DD) and wall-clock time (HH:MM) in timeZone.
    startDate: text('start_date').notNull(),
    localTime: text('local_time').notNull(),
    durationMs: integer('duration_ms').notNull(),
    // Exactly one of the two bounds the series.
    until: text('until'),
    count: integer('count'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('event_series_community_idx').on(t.communityId)],
);

export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id').references(() => eventSeries.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    kind: text('kind', { enum: EVENT_KINDS }).notNull().default('event'),
    // The announcements' safe Markdown subset (src/shared/markdown.ts), stored as written.
    description: text('description').notNull().default(''),
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    place: text('place'),
    // Only ever sent to members (never in the public feed).
    onlineUrl: text('online_url'),
    coverUrl: text('cover_url'),
    // Going people plus their guests; null: no limit.
    capacity: integer('capacity'),
    visibility: text('visibility', { enum: EVENT_VISIBILITIES }).notNull().default('members'),
    // The organisers' choice to keep who is going to themselves (members then see only counts).
    guestListHidden: integer('guest_list_hidden', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('scheduled'),
    cancelReason: text('cancel_reason'),
    // iCalendar SEQUENCE: incremented on every change, so calendar apps replace their copy.
    sequence: integer('sequence').notNull().default(0),
    // The 24-hour reminder, claimed once by a conditional update (reset when the time changes).
    reminderSent: integer('reminder_sent', { mode: 'boolean' }).notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    cancelledAt: integer('cancelled_at'),
  },
  (t) => [
    // A community's calendar, and events.mine's IN over the caller's communities.
    index('events_community_starts_idx').on(t.communityId, t.startsAt, t.id),
    // The reminders job's window.
    index('events_starts_idx').on(t.startsAt),
    index('events_series_idx').on(t.seriesId, t.startsAt),
  ],
);

/** One person's answer to one occurrence. Waitlisted answers queue by waitlistedAt. */
export const eventRsvps = sqliteTable(
  'event_rsvps',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RSVP_STATUSES }).notNull(),
    guests: integer('guests').notNull().default(0),
    note: text('note'),
    // When the answer joined the waiting list (kept while it waits, so editing a note keeps one's place).
    waitlistedAt: integer('waitlisted_at'),
    // A host who recorded an answer given offline.
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('event_rsvps_event_user_unique').on(t.eventId, t.userId),
    index('event_rsvps_event_status_idx').on(t.eventId, t.status),
    index('event_rsvps_user_idx').on(t.userId, t.status),
  ],
);

/** Who came, marked by a host after the event; feeds "Events attended". */
export const eventAttendance = sqliteTable(
  'event_attendance',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attended: integer('attended', { mode: 'boolean' }).notNull(),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: integer('marked_at').notNull(),
  },
  (t) => [uniqueIndex('event_attendance_event_user_unique').on(t.eventId, t.userId), index('event_attendance_user_idx').on(t.userId).where(sql`${t.attended} = 1`)],
);

/** A member's private calendar feed address: only sha256(token) is stored; revoked ones answer 404. */
export const calendarTokens = sqliteTable(
  'calendar_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: integer('created_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [uniqueIndex('calendar_tokens_hash_unique').on(t.tokenHash), index('calendar_tokens_user_idx').on(t.userId)],
);

export type EventRow = typeof events.$inferSelect;
export type EventSeriesRow = typeof eventSeries.$inferSelect;
export type RsvpRow = typeof eventRsvps.$inferSelect;
