import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { communities } from './communities';
import { duesPlans } from './finances';
import { users } from './users';

/*
 * Membership standing. A member's standing (new, good, in arrears, suspended) is never stored: it
 * is computed from the records (src/shared/standing.ts, services in domains/standing/), so these
 * tables hold only what people decide: the community's categories and rules, and suspensions.
 */

/** A community's membership categories (full, associate, student, honorary…); one is the default. */
export const membershipCategories = sqliteTable(
  'membership_categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // Members without a category of their own (memberships.category_id null) are in this one.
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('membership_categories_name_unique').on(t.communityId, sql`lower(${t.name})`),
    // One default per community.
    uniqueIndex('membership_categories_default_unique').on(t.communityId).where(sql`${t.isDefault} = 1`),
  ],
);

/** The dues plans of a category: a plan linked to categories applies only to their members. */
export const membershipCategoryPlans = sqliteTable(
  'membership_category_plans',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => membershipCategories.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => duesPlans.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.planId] }), index('membership_category_plans_plan_idx').on(t.planId)],
);

/** The community's standing rules; without a row, the defaults (no waiting period, no automatic suspension). */
export const standingSettings = sqliteTable('standing_settings', {
  communityId: integer('community_id')
    .primaryKey()
    .references(() => communities.id, { onDelete: 'cascade' }),
  // Days after joining during which a member is 'new'.
  waitingDays: integer('waiting_days').notNull().default(0),
  // Arrears older than this many days suspend the member; null: arrears never suspend by themselves.
  suspendAfterDays: integer('suspend_after_days'),
  updatedAt: integer('updated_at').notNull(),
});

/** A leaders' decision to suspend a member, with its reason and end; lifted early by another decision. */
export const standingSuspensions = sqliteTable(
  'standing_suspensions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at').notNull(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    liftedAt: integer('lifted_at'),
    liftedBy: text('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftReason: text('lift_reason'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('standing_suspensions_member_idx').on(t.communityId, t.memberId, t.endsAt)],
);

export type MembershipCategoryRow = typeof membershipCategories.$inferSelect;
export type StandingSuspensionRow = typeof standingSuspensions.$inferSelect;
