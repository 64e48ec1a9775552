import { and, eq } from 'drizzle-orm';
import { emailTokens, type TokenPurpose } from '../../../db/schema';
import type { DB, DbLike } from '../../../db/database';
import { generateToken, hashToken } from './crypto';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
  'pending-sign-in': 2 * 60 * 60 * 1000,
};

/** Issue a single-use token; any earlier token of the same purpose for this user stops working. */
export function issueEmailToken(db: DB, p: { userId: string; email: string; purpose: TokenPurpose; now: number }) {
  const token = generateToken();
  db.transaction((tx) => {
    tx.delete(emailTokens).where(and(eq(emailTokens.userId, p.userId), eq(emailTokens.purpose, p.purpose))).run();
    tx.insert(emailTokens)
      .values({
        id: hashToken(token),
        userId: p.userId,
        email: p.email,
        purpose: p.purpose,
        createdAt: p.now,
        expiresAt: p.now + TOKEN_TTL_MS[p.purpose],
      })
      .run();
  });
  return token;
}

/** Spend a token: returns its row when valid; the row is gone afterwards either way. */
export function consumeEmailToken(db: DbLike, p: { token: string; purpose: TokenPurpose; now: number }) {
  const id = hashToken(p.token);
  const row = db
    .delete(emailTokens)
    .where(and(eq(emailTokens.id, id), eq(emailTokens.purpose, p.purpose)))
    .returning()
    .get();
  if (!row || row.expiresAt <= p.now) return null;
  return row;
}
