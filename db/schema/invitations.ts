import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { communities } from './communities';
import { users } from './users';

/*
 * Invitations into a community: by email (one address, one token, used once, 14 days) and by
 * shareable link (an expiry and a maximum number of uses). Tokens are random and only their
 * SHA-256 is stored, so a copy of the database opens no community. Instants are epoch milliseconds.
 */

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const invitations = sqliteTable(
  'invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    // Lower-cased as sent.
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    message: text('message'),
    // The language the email was written in (the invitee's own when they have an account).
    language: text('language').notNull(),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    // Who answered (the account that accepted or declined).
    respondedBy: text('responded_by').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: integer('responded_at'),
    sendCount: integer('send_count').notNull().default(1),
    lastSentAt: integer('last_sent_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
    // The membership category a spreadsheet import gave the invitee (db/schema/standing.ts), applied
    // when they join. No foreign key (that table is declared later): a category deleted since is skipped.
    membershipCategoryId: integer('membership_category_id'),
    // When the address's owner reported it from the email's "report this invitation" link (it then reads as declined).
    reportedAt: integer('reported_at'),
  },
  (t) => [
    uniqueIndex('invitations_token_unique').on(t.tokenHash),
    index('invitations_community_status_idx').on(t.communityId, t.status, t.id),
    index('invitations_email_status_idx').on(t.email, t.status),
    // The per-sender daily limit (services/invitations/limits.ts).
    index('invitations_sender_sent_idx').on(t.invitedBy, t.lastSentAt),
    index('invitations_community_sent_idx').on(t.communityId, t.lastSentAt),
  ],
);

export const inviteLinks = sqliteTable(
  'invite_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: integer('expires_at').notNull(),
    maxUses: integer('max_uses').notNull(),
    // Raised with a conditional update (uses < max_uses), so concurrent joins cannot pass the limit.
    uses: integer('uses').notNull().default(0),
    revokedAt: integer('revoked_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('invite_links_token_unique').on(t.tokenHash), index('invite_links_community_idx').on(t.communityId, t.id)],
);

export type InvitationRow = typeof invitations.$inferSelect;
export type InviteLinkRow = typeof inviteLinks.$inferSelect;
