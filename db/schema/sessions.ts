import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * Sessions in the lucia style: the cookie holds a random token, the row holds
 * only sha256(token) as its id, so a leaked database cannot be replayed.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    // Last renewal: the session is idle-expired at renewedAt + the idle timeout, which staff may
    // change at any time (so validity is computed from this, not from a stored expiry).
    renewedAt: integer('renewed_at').notNull().default(0),
    // Expiry under the idle timeout in force at the last renewal (cookie Max-Age, session lists).
    expiresAt: integer('expires_at').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
