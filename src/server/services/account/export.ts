import type { DB } from '../../../../db/database';
import type { UserRow } from '../../../../db/schema';
import { DOMAINS } from '../../domains';

/*
 * A member's own data, as they may take it away: each domain adds what is theirs (domains/*.ts:
 * their profile, memberships, what they wrote, their answers to events, their money records…).
 * Only rows that are theirs; nothing about other members beyond the names of the communities.
 * Read with plain SQL in one go: an export is rare and small.
 */
export function exportAccountData(db: DB, user: UserRow, now: number): { exportedAt: string } & Record<string, unknown> {
  const parts: Record<string, unknown>[] = DOMAINS.map((d) => d.exportData?.(db, user, now) ?? {});
  return { exportedAt: new Date(now).toISOString(), ...Object.assign({}, ...parts) };
}
