import { sql } from 'drizzle-orm';
import { secondFactor } from '../operations/second-factor';
import { secondFactorRoutes } from '../rest/second-factor';
import { defineDomain } from './domain';

/** Two-step verification: the authenticator key, recovery codes, pending sign-in steps. */
export const secondFactorDomain = defineDomain({
  name: 'secondFactor',
  operations: { secondFactor },
  rest: secondFactorRoutes,
  // The key, recovery codes and pending sign-in steps are secrets of the account.
  erase: (tx, { user }) => {
    tx.run(sql`DELETE FROM second_factors WHERE user_id = ${user.id}`);
    tx.run(sql`DELETE FROM recovery_codes WHERE user_id = ${user.id}`);
    tx.run(sql`DELETE FROM sign_in_challenges WHERE user_id = ${user.id}`);
  },
  personalData: {
    second_factors: { export: { not: 'a secret' }, erase: 'deleted' },
    recovery_codes: { export: { not: 'secrets' }, erase: 'deleted' },
    sign_in_challenges: { export: { not: 'secrets' }, erase: 'deleted' },
  },
});
