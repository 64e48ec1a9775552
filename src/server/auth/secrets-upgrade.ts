import { and, eq, notLike } from 'drizzle-orm';
import type { DB } from '../../../db/database';
import { recoveryCodes, secondFactors } from '../../../db/schema';
import { hashRecoveryDigest } from '../services/second-factor';
import { isSealed, sealSecret } from './secrets-key';

/*
 * Rows stored before secrets were protected, brought up to date at start (index.ts, db:migrate)
 * before anything is served: authenticator-app keys in plain text are sealed with the secrets
 * key, and recovery codes kept as a bare SHA-256 get the slow hash over that SHA-256, so the codes
 * their owners hold keep working (they are 50-bit codes still: new ones are 80 bits). Each row is
 * changed by a conditional UPDATE, so two programs starting at once do it once; a second run
 * finds nothing to do.
 */
export async function upgradeStoredSecrets(db: DB): Promise<{ keys: number; codes: number }> {
  let keys = 0;
  for (const row of db.select({ userId: secondFactors.userId, key: secondFactors.key }).from(secondFactors).all()) {
    if (isSealed(row.key)) continue;
    const sealed = sealSecret(row.key, row.userId);
    keys += db.update(secondFactors).set({ key: sealed }).where(and(eq(secondFactors.userId, row.userId), eq(secondFactors.key, row.key))).run().changes;
  }
  let codes = 0;
  const bare = db.select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash }).from(recoveryCodes).where(notLike(recoveryCodes.codeHash, '$argon2%')).all();
  for (const row of bare) {
    const slow = await hashRecoveryDigest(row.codeHash);
    codes += db.update(recoveryCodes).set({ codeHash: slow }).where(and(eq(recoveryCodes.id, row.id), eq(recoveryCodes.codeHash, row.codeHash))).run().changes;
  }
  return { keys, codes };
}
