import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/** Installation settings a superadmin changes at run time; one row, id 1. */
export const appSettings = sqliteTable('app_settings', {
  id: integer('id').primaryKey(),
  minPasswordLength: integer('min_password_length').notNull().default(8),
  requireEmailVerification: integer('require_email_verification', { mode: 'boolean' }).notNull().default(false),
  // Idle timeout of sessions in minutes; null keeps the built-in 30 days.
  sessionTimeoutMinutes: integer('session_timeout_minutes'),
  defaultCommunityPrivacy: text('default_community_privacy', { enum: ['public', 'private'] }).notNull().default('public'),
  updatedAt: integer('updated_at'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
export type AppSettingsRow = typeof appSettings.$inferSelect;

/**
 * Append-only record of what staff did (triggers in the migration refuse UPDATE and DELETE).
 * People are named by id only (actor_id, target_id of a 'user' target): their names and addresses
 * are looked up when the log is shown, so deleting an account leaves none here. Migration 0037
 * dropped the actor's address and erased the names and addresses older entries held.
 */
export const adminAudit = sqliteTable('admin_audit', {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: text('actor_id').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label'),
    details: text('details'),
  createdAt: integer('created_at').notNull(),
});
