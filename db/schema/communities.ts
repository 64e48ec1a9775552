import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import { COMMUNITY_ROLES } from '../../src/shared/permissions';

/**
 * A community: public (anyone joins at once) or private (joined by approved request). memberCount
 * is kept in step with memberships in the same transaction.
 */
export const communities = sqliteTable(
  'communities',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    location: text('location'),
    imageUrl: text('image_url'),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(true),
    memberCount: integer('member_count').notNull().default(0),
    // Hidden by the provider's staff: gone from discovery and search; members keep access.
    isHidden: integer('is_hidden', { mode: 'boolean' }).notNull().default(false),
    // Savings circles: leaders organise them; this lets any member organise one too.
    membersOrganiseCircles: integer('members_organise_circles', { mode: 'boolean' }).notNull().default(false),
    // Invitations: leaders send them; this lets any member invite too.
    membersInvite: integer('members_invite', { mode: 'boolean' }).notNull().default(false),
    // The community's own time zone (IANA): the dates and times of its books, receipts and exports.
    // A new community takes its creator's (the browser's); communities from before it took their
    // latest event's or savings circle's, else UTC. Leaders change it in the settings.
    timeZone: text('time_zone').notNull().default('UTC'),
    // Bytes the community's documents may take; null: the installation's default (1 GB), staff change it.
    documentQuotaBytes: integer('document_quota_bytes'),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    // Newest first is id order (ids only grow), so lists page by id; public lists use this index.
    index('communities_public_id_idx').on(t.isPublic, t.id),
    index('communities_creator_idx').on(t.creatorId, t.id),
  ],
);

/** A member's role in a community (src/shared/permissions.ts says what each may do). */
export { COMMUNITY_ROLES, type CommunityRole } from '../../src/shared/permissions';

export const memberships = sqliteTable(
  'memberships',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: COMMUNITY_ROLES }).notNull().default('member'),
    joinedAt: integer('joined_at').notNull(),
    // A note on the membership: the membership category an import brought in as written in the old
    // spreadsheet, from before imports put members in the community's own categories (category_id).
    // Nothing writes it now; older rows keep it.
    note: text('note'),
    // The member's membership category (db/schema/standing.ts); null: the community's default one.
    // No foreign key here (that table is declared after this one); a deleted category sets it back to null.
    categoryId: integer('category_id'),
  },
  (t) => [
    uniqueIndex('memberships_community_user_unique').on(t.communityId, t.userId),
    index('memberships_user_idx').on(t.userId, t.id),
    index('memberships_community_id_idx').on(t.communityId, t.id),
  ],
);

// A withdrawn request stays as a row (its time limits asking again); the column has no CHECK, so no migration.
export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/** A request to join a private community; one row per (community, user), reopened on a new request. */
export const joinRequests = sqliteTable(
  'join_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: JOIN_REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: integer('created_at').notNull(),
    decidedAt: integer('decided_at'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('join_requests_community_user_unique').on(t.communityId, t.userId),
    index('join_requests_pending_idx').on(t.communityId, t.status, t.id),
    // "Needs you": a community's waiting requests, oldest first.
    index('join_requests_waiting_idx').on(t.communityId, t.createdAt, t.id).where(sql`status = 'pending'`),
  ],
);

export type CommunityRow = typeof communities.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
