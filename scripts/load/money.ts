// The load test's welfare fund and savings group in the bench owner's community, written into its
// copy of the database before the server starts (seedDomains calls it, after the members joined):
// the durability run's (scripts/durability/money-seed.ts) with the joined members, and the cash box
// the levy payments are confirmed into.
import type { DB } from '../../db/database';
import { listAccounts } from '../../src/server/services/finances/books';
import { seedMoneyHome, type MoneyHome } from '../durability/money-seed';

export type MoneySeed = MoneyHome & { cashBox: number };

export function seedMoney(db: DB, p: { community: { id: number; name: string }; ownerId: string; memberIds: string[]; now: number }): MoneySeed {
  const home = seedMoneyHome(db, { community: p.community, organiserId: p.ownerId, members: p.memberIds, timeZone: 'America/Chicago', label: 'Load', now: p.now });
  return { ...home, cashBox: listAccounts(db, p.community.id)[0]!.id };
}
