import type { CommunityRow, UserRow } from '../../db/schema';
import { dateInZone } from '../../src/shared/njangi/schedule';
import { openCycle } from '../../src/server/domains/savings/cycles';
import { declare } from '../../src/server/domains/savings/entries';
import { createGroup } from '../../src/server/domains/savings/groups';
import { addMember, setRole } from '../../src/server/domains/savings/members';
import type { TestApp } from './app';
import { VSLA } from './savings';

/*
 * A community's savings-and-loans group for the authorization matrix: chaired by the community's
 * creator, with the treasurer as its treasurer, the admin as its secretary, and the plain member
 * and the `target` as members; an open cycle whose first meeting is today. The target declared
 * shares (pending, so no caller is its author or its member) and has shares confirmed by officers
 * outside the callers (written directly, with the fund's cash and receipt No. 1), which an officer may
 * reverse and whose receipt is for the group's officers.
 */

/** `loan`: the target's loan of 1,000 over three months, requested with no guarantor; cells move it on as they need. */
export type SavingsFixture = { group: number; cycle: number; meeting: number; pendingEntry: number; confirmedEntry: number; loan: number; repayment: number };

export function seedSavings(t: TestApp, p: { community: CommunityRow; creator: UserRow; admin: UserRow; treasurer: UserRow; member: UserRow; target: UserRow; outsider: UserRow }): SavingsFixture {
  const now = t.clock.now();
  const communityId = p.community.id;
  const group = createGroup(t.db, { communityId, actorId: p.creator.id, name: 'Table banking', timeZone: 'Africa/Douala', rules: VSLA, now }).id;
  for (const u of [p.treasurer, p.admin, p.member, p.target]) addMember(t.db, { communityId, groupId: group, actorId: p.creator.id, userId: u.id, now });
  setRole(t.db, { communityId, groupId: group, actorId: p.creator.id, userId: p.treasurer.id, role: 'treasurer', now });
  setRole(t.db, { communityId, groupId: group, actorId: p.creator.id, userId: p.admin.id, role: 'secretary', now });
  const cycle = openCycle(t.db, { communityId, groupId: group, actorId: p.creator.id, startDate: dateInZone(now, 'Africa/Douala'), now });
  const sql = t.db.$client;
  const meeting = sql.prepare('SELECT id FROM savings_meetings WHERE cycle_id = ? AND number = 1').pluck().get(cycle.id) as number;
  const pendingEntry = declare(t.db, { communityId, meetingId: meeting, userId: p.target.id, payment: { method: 'cash' }, line: { shares: 2 }, now })[0]!.id;
  const confirmedEntry = Number(
    sql
      .prepare(
        `INSERT INTO savings_entries (group_id, cycle_id, meeting_id, member_id, kind, shares, amount, method, status, recorded_by, confirmed_by, decided_at, receipt_no, created_at)
         VALUES (?, ?, ?, ?, 'social_fund', 0, 500, 'cash', 'confirmed', ?, ?, ?, 1, ?)`,
      )
      .run(group, cycle.id, meeting, p.target.id, p.outsider.id, p.outsider.id, now, now).lastInsertRowid,
  );
  sql.prepare('UPDATE savings_groups SET social_fund_cash = social_fund_cash + 500, last_receipt_no = 1 WHERE id = ?').run(group);
  const loan = Number(
    sql
      .prepare(
        `INSERT INTO savings_loans (group_id, cycle_id, borrower_id, principal, periods, rate_bps, interest_method, purpose, guaranteed, status, created_at, updated_at)
         VALUES (?, ?, ?, 1000, 3, 200, 'declining', 'Stock for the shop', 0, 'requested', ?, ?)`,
      )
      .run(group, cycle.id, p.target.id, now, now).lastInsertRowid,
  );
  // A repayment of it already confirmed (receipt No. 2), whose receipt is the borrower's and the officers'.
  const repayment = Number(
    sql
      .prepare(`INSERT INTO savings_loan_repayments (loan_id, amount, method, status, recorded_by, confirmed_by, decided_at, receipt_no, created_at) VALUES (?, 100, 'cash', 'confirmed', ?, ?, ?, 2, ?)`)
      .run(loan, p.outsider.id, p.outsider.id, now, now).lastInsertRowid,
  );
  sql.prepare('UPDATE savings_groups SET last_receipt_no = 2 WHERE id = ?').run(group);
  return { group, cycle: cycle.id, meeting, pendingEntry, confirmedEntry, loan, repayment };
}
