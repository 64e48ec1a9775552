// A welfare fund and a savings group for the writers of the durability run (in each home) and of
// the load test (in the bench owner's community), built with the services before the server starts:
//   - a bereavement fund on levies with one approved case (the first member's, verified and approved
//     by two others, as two officers would) whose levy was issued to every member in good standing,
//     large enough for thousands of small declared payments each;
//   - a savings group chaired by the organiser with the members in it and a cycle opened 300 days
//     ago, so about 43 weekly meetings are already held (a member declares its shares once per
//     meeting: the writers walk through them, never trying one twice);
//   - a community meeting with a late fine and an absence fine, whose attendance the organiser (a
//     leader: meetings.record) marks through the offline sync (meeting-writers.ts).
import type { DB } from '../../db/database';
import { createMeeting, updateSettings } from '../../src/server/domains/meetings/meetings';
import { openCycle } from '../../src/server/domains/savings/cycles';
import { createGroup } from '../../src/server/domains/savings/groups';
import { addMember as addToGroup } from '../../src/server/domains/savings/members';
import { openCase } from '../../src/server/domains/welfare/cases';
import { addDependant } from '../../src/server/domains/welfare/dependants';
import { createFund } from '../../src/server/domains/welfare/funds';
import { issueLevy } from '../../src/server/domains/welfare/levies';
import { dateInZone } from '../../src/shared/njangi/schedule';
import { createMeetingInput } from '../../src/shared/schemas/meetings';

export type MoneyHome = {
  welfareCase: number;
  /** userId -> that member's levy in the welfare fund. */
  levyOf: Record<string, number>;
  savingsGroup: number;
  /** The ids of the savings cycle's meetings held by now, in order. */
  meetings: number[];
  /** The community meeting whose attendance its organiser marks (fines: late 200, absent 500). */
  meeting: number;
};

export const MEETING_FINES = { late: 200, absent: 500 } as const;

const DAY = 86_400_000;

export function seedMoneyHome(db: DB, p: { community: { id: number; name: string }; organiserId: string; members: string[]; timeZone: string; label: string; now: number }): MoneyHome {
  const { community, organiserId, now, timeZone } = p;
  const long = now - 300 * DAY;
  const sql = db.$client;

  const rules = { benefits: { member: 500_000, parent: 300_000 }, limits: { parent: 2 }, dependantWaitingDays: 30, levyAmount: 100_000_000, levyDueDays: 365, graceDays: 30 };
  const fund = createFund(db, { communityId: community.id, actorId: organiserId, name: 'Bereavement fund', kind: 'bereavement', financing: 'levy', rules, now: long });
  // The organiser, who issues the levy, is no party to the case.
  const [bereaved, verifier, approver] = p.members as [string, string?, string?];
  const parent = addDependant(db, { communityId: community.id, memberId: bereaved, name: `Mama ${p.label}`, relationship: 'parent', now: long });
  const opened = openCase(db, { community: { ...community, timeZone }, actorId: bereaved, fundId: fund.id, dependantId: parent.id, description: '', documents: [], now: now - DAY });
  sql.prepare("UPDATE welfare_cases SET status = 'approved', verified_by = ?, approved_by = ? WHERE id = ?").run(verifier ?? organiserId, approver ?? verifier ?? organiserId, opened.id);
  issueLevy(db, { communityId: community.id, caseId: opened.id, actorId: organiserId, now });
  const levyOf: Record<string, number> = {};
  for (const l of sql.prepare('SELECT id, member_id AS memberId FROM welfare_levies WHERE case_id = ?').all(opened.id) as { id: number; memberId: string }[]) levyOf[l.memberId] = l.id;

  const savingsRules = { frequency: 'weekly' as const, cycleMonths: 12, sharePrice: 1_000, minShares: 1, maxShares: 5, socialFund: 500, loanMultipleTenths: 30, loanTerms: [3, 6], interestMethod: 'declining' as const, rateBps: 200, graceDays: 7, latePenalty: 0, fineLate: 200, fineAbsent: 500, fineMissedShares: 0, shareOutMethod: 'proportional' as const };
  const group = createGroup(db, { communityId: community.id, actorId: organiserId, name: `${p.label} table banking`, timeZone, rules: savingsRules, now: long });
  for (const userId of p.members) addToGroup(db, { communityId: community.id, groupId: group.id, actorId: organiserId, userId, now: long });
  const cycle = openCycle(db, { communityId: community.id, groupId: group.id, actorId: organiserId, startDate: dateInZone(long, timeZone), now: long });
  const meetings = sql.prepare('SELECT id FROM savings_meetings WHERE cycle_id = ? AND date <= ? ORDER BY number').pluck().all(cycle.id, dateInZone(now, timeZone)) as number[];

  // The books are open (setup.ts), so the fines have their currency.
  const settings = { quorumKind: 'none' as const, quorumValue: 0, lateFine: MEETING_FINES.late, absenceFine: MEETING_FINES.absent, maxProxies: 1 };
  updateSettings(db, { communityId: community.id, actorId: organiserId, settings, currency: 'XAF', now });
  const input = createMeetingInput.parse({ communityId: community.id, title: `${p.label} meeting`, startsAt: now + DAY, endsAt: now + DAY + 7_200_000, timeZone, hostId: organiserId });
  const meeting = createMeeting(db, { community, actorId: organiserId, input, now });

  return { welfareCase: opened.id, levyOf, savingsGroup: group.id, meetings, meeting: meeting.id };
}
