import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * An account's authenticator-app key (TOTP, RFC 6238). A row without `enabledAt` is a set-up
 * not yet confirmed with a code: it protects nothing until then. Kept apart from `users` so the
 * key is never read with the account (sessions, DTOs) and the hot session query stays as it is.
 */
export const secondFactors = sqliteTable('second_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // The shared secret, base32 as the authenticator app received it.
  key: text('key').notNull(),
  enabledAt: integer('enabled_at'),
  // The 30-second step of the last code accepted: a code is good once, never again after a later one.
  lastUsedStep: integer('last_used_step'),
  createdAt: integer('created_at').notNull(),
});

/** One-time recovery codes: only sha256(code) is stored; `usedAt` marks the one spent. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in whose password was right and whose second step is awaited: the client holds the
 * token, the row holds only sha256(token). Short-lived and used once.
 */
export const signInChallenges = sqliteTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);

export type SecondFactorRow = typeof secondFactors.$inferSelect;
