// The load test's welfare fund and savings group, written into its copy of the database before the
// server starts (seedDomains calls it, after the members joined): a bereavement fund on levies
// whose case's levy was issued to every member in good standing (large enough for thousands of
// small declared payments each), and a savings group chaired by the bench owner with the joined
// members in it and a cycle opened 300 days ago, so about 43 weekly meetings are held (a member
// may declare shares once per meeting: the mix walks each member through them).
import type { DB } from '../../db/database';
import { listAccounts } from '../../src/server/services/finances/books';
import { openCycle } from '../../src/server/domains/savings/cycles';
import { createGroup } from '../../src/server/domains/savings/groups';
import { addMember as addToGroup } from '../../src/server/domains/savings/members';
import { openCase } from '../../src/server/domains/welfare/cases';
import { addDependant } from '../../src/server/domains/welfare/dependants';
import { createFund } from '../../src/server/domains/welfare/funds';
import { issueLevy } from '../../src/server/domains/welfare/levies';
import { dateInZone } from '../../src/shared/njangi/schedule';

export type MoneySeed = {
  cashBox: number;
  welfareCase: number;
  /** userId -> that member's levy. */
  levyOf: Record<string, number>;
  savingsGroup: number;
  /** The meetings held by now, in order. */
  meetings: number[];
};

const DAY = 86_400_000;
const ZONE = 'America/Chicago';

export function seedMoney(db: DB, p: { community: { id: number; name: string }; ownerId: string; memberIds: string[]; now: number }): MoneySeed {
  const { community, ownerId, now } = p;
  const long = now - 300 * DAY;
  const sql = db.$client;
  const rules = { benefits: { member: 500_000, parent: 300_000 }, limits: { parent: 2 }, dependantWaitingDays: 30, levyAmount: 100_000_000, levyDueDays: 365, graceDays: 30 };
  const fund = createFund(db, { communityId: community.id, actorId: ownerId, name: 'Bereavement fund', kind: 'bereavement', financing: 'levy', rules, now: long });
  // The case of the first joined member (the owner, who issues the levy, is no party to it).
  const bereaved = p.memberIds[0]!;
  const parent = addDependant(db, { communityId: community.id, memberId: bereaved, name: 'Mama Load', relationship: 'parent', now: long });
  const opened = openCase(db, { community: { ...community, timeZone: ZONE }, actorId: bereaved, fundId: fund.id, dependantId: parent.id, description: '', documents: [], now: now - DAY });
  // Verified and approved by two other members, as two officers would have done.
  sql.prepare("UPDATE welfare_cases SET status = 'approved', verified_by = ?, approved_by = ? WHERE id = ?").run(p.memberIds[1], p.memberIds[2], opened.id);
  issueLevy(db, { communityId: community.id, caseId: opened.id, actorId: ownerId, now });
  const levyOf: Record<string, number> = {};
  for (const l of sql.prepare('SELECT id, member_id AS memberId FROM welfare_levies WHERE case_id = ?').all(opened.id) as { id: number; memberId: string }[]) levyOf[l.memberId] = l.id;

  const savingsRules = { frequency: 'weekly' as const, cycleMonths: 12, sharePrice: 1_000, minShares: 1, maxShares: 5, socialFund: 500, loanMultipleTenths: 30, loanTerms: [3, 6], interestMethod: 'declining' as const, rateBps: 200, graceDays: 7, latePenalty: 0, fineLate: 200, fineAbsent: 500, fineMissedShares: 0, shareOutMethod: 'proportional' as const };
  const group = createGroup(db, { communityId: community.id, actorId: ownerId, name: 'Load table banking', timeZone: ZONE, rules: savingsRules, now: long });
  for (const userId of p.memberIds) addToGroup(db, { communityId: community.id, groupId: group.id, actorId: ownerId, userId, now: long });
  const cycle = openCycle(db, { communityId: community.id, groupId: group.id, actorId: ownerId, startDate: dateInZone(long, ZONE), now: long });
  const meetings = sql.prepare('SELECT id FROM savings_meetings WHERE cycle_id = ? AND date <= ? ORDER BY number').pluck().all(cycle.id, dateInZone(now, ZONE)) as number[];
  return { cashBox: listAccounts(db, community.id)[0]!.id, welfareCase: opened.id, levyOf, savingsGroup: group.id, meetings };
}
