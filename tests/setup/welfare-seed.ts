import type { CommunityRow, UserRow } from '../../db/schema';
import { openCase } from '../../src/server/domains/welfare/cases';
import { addDependant } from '../../src/server/domains/welfare/dependants';
import { createFund } from '../../src/server/domains/welfare/funds';
import { createCategory } from '../../src/server/domains/standing/rules';
import type { TestApp } from './app';
import { BEREAVEMENT, DAY } from './welfare';

/*
 * A community's welfare and standing rows in every state a procedure acts on, for the
 * authorization matrix: a bereavement fund on levies and one on the general fund (whose benefit the
 * books' cash box can pay); cases opened by
 * the `target` member for their dependants (so no caller is a party), moved on to each state
 * directly (two officers outside the callers decided them); a levy and a dependant of the plain
 * `member` caller, and a case paid to them; two membership categories and a suspension of the
 * target that starts tomorrow (so the target is in good standing today).
 */

export type WelfareFixture = {
  fund: number;
  generalFund: number;
  /** The target's parent with no case: a case may be opened for them. */
  freeDependant: number;
  /** The plain member's own dependant. */
  memberDependant: number;
  openCase: number;
  verifiedCase: number;
  /** Approved, on the levy fund: the levy may be issued. */
  approvedCase: number;
  /** Approved, on the general fund: the benefit may be paid. */
  generalCase: number;
  /** Paid, to the plain member, who may confirm it. */
  paidCase: number;
  confirmedCase: number;
  /** The plain member's levy on the paid case. */
  memberLevy: number;
  category: number;
  otherCategory: number;
  suspension: number;
};

export function seedWelfare(t: TestApp, p: { community: CommunityRow; officer: UserRow; member: UserRow; target: UserRow; outsider: UserRow }): WelfareFixture {
  const now = t.clock.now();
  const sql = t.db.$client;
  const communityId = p.community.id;
  const long = now - 60 * DAY;
  const fund = createFund(t.db, { communityId, actorId: p.officer.id, name: 'Bereavement fund', kind: 'bereavement', financing: 'levy', rules: BEREAVEMENT, now: long }).id;
  const generalFund = createFund(t.db, { communityId, actorId: p.officer.id, name: 'Medical fund', kind: 'medical', financing: 'general', rules: { ...BEREAVEMENT, benefits: { member: 1_000, child: 1_000 } }, now: long }).id;
  const dependant = (memberId: string, name: string, relationship: 'parent' | 'child') => addDependant(t.db, { communityId, memberId, name, relationship, now: long }).id;
  const community = { id: communityId, name: p.community.name, timeZone: p.community.timeZone };
  const open = (fundId: number, dependantId: number, beneficiaryId?: string) =>
    openCase(t.db, { community, actorId: p.target.id, fundId, dependantId, beneficiaryId, description: 'Passed away', documents: [], now }).id;
  const move = (id: number, status: string) =>
    sql
      .prepare(
        `UPDATE welfare_cases SET status = ?, verified_by = @o, approved_by = CASE WHEN ? = 'verified' THEN NULL ELSE @o END,
         benefit_paid_at = CASE WHEN ? IN ('paid', 'confirmed') THEN @now END, benefit_paid_by = CASE WHEN ? IN ('paid', 'confirmed') THEN @o END WHERE id = @id`,
      )
      .run(status, status, status, status, { o: p.outsider.id, now, id });
  const freeDependant = dependant(p.target.id, 'Papa Free', 'parent');
  const memberDependant = dependant(p.member.id, 'Mama Member', 'parent');
  const openCaseId = open(fund, dependant(p.target.id, 'Child Open', 'child'));
  const verifiedCase = open(fund, dependant(p.target.id, 'Child Verified', 'child'));
  move(verifiedCase, 'verified');
  const approvedCase = open(fund, dependant(p.target.id, 'Child Approved', 'child'));
  move(approvedCase, 'approved');
  const generalCase = open(generalFund, dependant(p.target.id, 'Child General', 'child'));
  move(generalCase, 'approved');
  const paidCase = open(fund, dependant(p.target.id, 'Child Paid', 'child'), p.member.id);
  move(paidCase, 'paid');
  const confirmedCase = open(fund, dependant(p.target.id, 'Child Confirmed', 'child'));
  move(confirmedCase, 'confirmed');
  sql.prepare('UPDATE welfare_cases SET levy_amount = 5000, levy_due_at = ?, levy_issued_at = ?, levy_issued_by = ?, levy_count = 1 WHERE id = ?').run(now + 14 * DAY, now, p.outsider.id, paidCase);
  const memberLevy = Number(
    sql
      .prepare('INSERT INTO welfare_levies (community_id, fund_id, case_id, member_id, amount, paid, due_at, overdue_after, created_at) VALUES (?, ?, ?, ?, 5000, 0, ?, ?, ?)')
      .run(communityId, fund, paidCase, p.member.id, now + 14 * DAY, now + 21 * DAY, now).lastInsertRowid,
  );
  const category = createCategory(t.db, { communityId, actorId: p.officer.id, input: { name: 'Full', isDefault: true }, now }).id;
  const otherCategory = createCategory(t.db, { communityId, actorId: p.officer.id, input: { name: 'Associate' }, now }).id;
  const suspension = Number(
    sql
      .prepare('INSERT INTO standing_suspensions (community_id, member_id, reason, starts_at, ends_at, decided_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(communityId, p.target.id, 'Unpaid levies', now + DAY, now + 30 * DAY, p.officer.id, now).lastInsertRowid,
  );
  return { fund, generalFund, freeDependant, memberDependant, openCase: openCaseId, verifiedCase, approvedCase, generalCase, paidCase, confirmedCase, memberLevy, category, otherCategory, suspension };
}
