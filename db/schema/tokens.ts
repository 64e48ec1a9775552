import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const TOKEN_PURPOSES = ['verify-email', 'reset-password', 'pending-sign-in'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** Single-use tokens (verification, password reset, the browser that signed up: see pending-sign-in.ts); only sha256(token) is stored. */
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    id: text('id').primaryKey(), // sha256(token), hex
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    // The address the token was sent to: a verification link only proves that address.
    email: text('email').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('email_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);
