import { count, eq } from 'drizzle-orm';
import { isCommonPassword } from '../auth/common-passwords';
import { recoveryCodes, secondFactors, users } from '../../../db/schema';
import { hashPassword } from '../auth/password';
import { invalidateUserSessions } from '../auth/session';
import type { DB } from '../../../db/database';
import { registerInput } from '@shared/schemas/auth';
import { getSettings } from './settings';
import { findUserByEmail } from './users';

export const hasSuperadmin = (db: DB) => db.select({ n: count() }).from(users).where(eq(users.role, 'superadmin')).get()!.n > 0;

/**
 * `npm run admin:create`: makes a verified superadmin, or promotes an existing account (whose
 * password is then replaced). Weak passwords are refused with the sign-up rules. Run on the
 * server, it is also how the operator gets back in: an existing account's second factor goes too
 * (a lost phone locks out the only superadmin otherwise), to be set up again at the first visit
 * to the panel, as for every staff account without one.
 */
export async function createOrPromoteSuperadmin(
  db: DB,
  p: { email: string; password: string; firstName?: string; lastName?: string; now: number },
): Promise<{ created: boolean; email: string } | { error: string; params?: Record<string, unknown> }> {
  const checked = registerInput.safeParse({
    firstName: p.firstName ?? 'Admin',
    lastName: p.lastName ?? 'User',
    email: p.email,
    password: p.password,
    confirmPassword: p.password,
  });
  if (!checked.success) return { error: checked.error.issues[0]!.message };
  const min = getSettings(db).minPasswordLength;
  if (p.password.length < min) return { error: 'errors.auth.passwordPolicy', params: { min } };
  if (isCommonPassword(p.password)) return { error: 'errors.auth.commonPassword' };
  const { email, firstName, lastName } = checked.data;
  const passwordHash = await hashPassword(p.password);
  const existing = findUserByEmail(db, email);
  if (existing) {
    db.transaction((tx) => {
      tx.update(users)
        .set({ role: 'superadmin', passwordHash, isEmailVerified: true, mustChangePassword: false, updatedAt: p.now })
        .where(eq(users.id, existing.id))
        .run();
      invalidateUserSessions(tx, existing.id);
      tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, existing.id)).run();
      tx.delete(secondFactors).where(eq(secondFactors.userId, existing.id)).run();
    });
    return { created: false, email };
  }
  db.insert(users)
    .values({ id: crypto.randomUUID(), email, firstName, lastName, passwordHash, role: 'superadmin', isEmailVerified: true, createdAt: p.now, updatedAt: p.now })
    .run();
  return { created: true, email };
}
