// `npm run bench:savings [-- --runs N]`: a savings-and-loans group's two budgets, on a fresh
// database: a group of 60 members with 52 meetings of shares (and some fines), 300 loans and 3,000
// repayments (each confirmed as its interest and principal entries), built by direct inserts. Times
// computing the open cycle's share-out (savings.shareOutPreview: budget 200 ms) and a member's
// statement (savings.statement: budget 20 ms), the median of N runs each (11 by default), then
// closes the cycle once (propose and confirm: 60 share-out entries and notices) for information.
// Times the services the operations call (the adapters add a parse and a serialisation). Prints a
// markdown table; a report, not a test: exits 0 when it ran.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../db/database';
import { saveFinanceSettings } from '../src/server/services/finances/books';
import { groupConservation } from '../src/server/domains/savings/conservation';
import { openCycle } from '../src/server/domains/savings/cycles';
import { createGroup } from '../src/server/domains/savings/groups';
import { addMember as addToGroup, setRole } from '../src/server/domains/savings/members';
import { confirmShareOut, proposeShareOut, shareOutPreview } from '../src/server/domains/savings/share-out';
import { myStatement } from '../src/server/domains/savings/statement';
import { dateInZone } from '../src/shared/njangi/schedule';
import { addMember, makeCommunity, makeUser } from '../tests/factories';

const DAY = 86_400_000;
const { values } = parseArgs({ options: { runs: { type: 'string', default: '11' } } });
const RUNS = Number(values.runs);
const MEMBERS = 60;
const MEETINGS = 52;
const LOANS = 300;
const REPAYMENTS_A_LOAN = 10;
// The last 50 loans are still running (one live loan a member); the others are repaid.
const ACTIVE = 50;

function median(run: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const s = performance.now();
    run();
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'harambee-savings-bench-'));
  const db = openDatabase(join(dir, 'app.db'));
  try {
    const now = Date.now();
    const long = now - 400 * DAY;
    const people = [];
    for (let i = 0; i < MEMBERS; i += 1) people.push(await makeUser(db, { firstName: 'Member', lastName: `No${i}`, createdAt: long }));
    const [chair, treasurer, secretary] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const community = makeCommunity(db, { creator: chair, name: 'Bench Association', now: long });
    for (const u of people.slice(1)) addMember(db, { communityId: community.id, user: u, role: u === treasurer ? 'treasurer' : 'member', now: long });
    saveFinanceSettings(db, { communityId: community.id, actorId: chair.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now: long });
    const rules = { frequency: 'weekly' as const, cycleMonths: 12, sharePrice: 1_000, minShares: 1, maxShares: 5, socialFund: 500, loanMultipleTenths: 30, loanTerms: [3, 6, 10], interestMethod: 'declining' as const, rateBps: 200, graceDays: 7, latePenalty: 0, fineLate: 200, fineAbsent: 500, fineMissedShares: 0, shareOutMethod: 'proportional' as const };
    const communityId = community.id;
    const group = createGroup(db, { communityId, actorId: chair.id, name: 'Bench table banking', timeZone: 'Africa/Douala', rules, now });
    for (const u of people.slice(1)) addToGroup(db, { communityId, groupId: group.id, actorId: chair.id, userId: u.id, now });
    setRole(db, { communityId, groupId: group.id, actorId: chair.id, userId: treasurer.id, role: 'treasurer', now });
    setRole(db, { communityId, groupId: group.id, actorId: chair.id, userId: secretary.id, role: 'secretary', now });
    const cycle = openCycle(db, { communityId, groupId: group.id, actorId: chair.id, startDate: dateInZone(now, 'Africa/Douala'), now });

    // The cycle's history, written directly (fast inserts), as the services would have left it.
    const sql = db.$client;
    const meetings = (sql.prepare('SELECT id FROM savings_meetings WHERE cycle_id = ? ORDER BY number LIMIT ?').all(cycle.id, MEETINGS) as { id: number }[]).map((m) => m.id);
    const entry = sql.prepare(`INSERT INTO savings_entries (group_id, cycle_id, meeting_id, member_id, kind, shares, amount, fine_reason, method, status, recorded_by, confirmed_by, decided_at, loan_id, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'cash', 'confirmed', ?, ?, ?, ?, ?)`);
    const loan = sql.prepare(`INSERT INTO savings_loans (group_id, cycle_id, borrower_id, principal, periods, rate_bps, interest_method, purpose, guaranteed, status, approved_by, second_approved_by, disbursed_on, created_at, updated_at)
      VALUES (?, ?, ?, ?, 10, 200, 'declining', 'Stock', 0, ?, ?, ?, ?, ?, ?)`);
    const repayment = sql.prepare(`INSERT INTO savings_loan_repayments (loan_id, amount, method, status, recorded_by, confirmed_by, decided_at, created_at) VALUES (?, ?, 'cash', 'confirmed', ?, ?, ?, ?)`);
    let loanFund = 0;
    let socialFund = 0;
    let entries = 0;
    sql.exec('BEGIN');
    for (const [m, meetingId] of meetings.entries()) {
      for (const [i, u] of people.entries()) {
        const shares = 1 + ((i + m) % 5);
        entry.run(group.id, cycle.id, meetingId, u.id, 'shares', shares, shares * 1_000, null, treasurer.id, secretary.id, now, null, now);
        entry.run(group.id, cycle.id, meetingId, u.id, 'social_fund', 0, 500, null, treasurer.id, secretary.id, now, null, now);
        loanFund += shares * 1_000;
        socialFund += 500;
        entries += 2;
        if ((i * 7 + m) % 10 === 0) {
          entry.run(group.id, cycle.id, meetingId, u.id, 'fine', 0, 200, 'late', treasurer.id, secretary.id, now, null, now);
          loanFund += 200;
          entries += 1;
        }
      }
    }
    for (let k = 0; k < LOANS; k += 1) {
      const active = k >= LOANS - ACTIVE;
      const borrower = people[k % MEMBERS]!;
      // Repaid loans of 30,000 repaid in full; running ones of 60,000 repaid halfway.
      const principal = active ? 60_000 : 30_000;
      const id = Number(loan.run(group.id, cycle.id, borrower.id, principal, active ? 'active' : 'repaid', treasurer.id, secretary.id, dateInZone(now, 'Africa/Douala'), now, now).lastInsertRowid);
      entry.run(group.id, cycle.id, null, borrower.id, 'loan_disbursed', 0, principal, null, treasurer.id, borrower.id, now, id, now);
      loanFund -= principal;
      entries += 1;
      for (let r = 0; r < REPAYMENTS_A_LOAN; r += 1) {
        repayment.run(id, 3_600, borrower.id, treasurer.id, now, now);
        entry.run(group.id, cycle.id, null, borrower.id, 'repayment_interest', 0, 600, null, borrower.id, treasurer.id, now, id, now);
        entry.run(group.id, cycle.id, null, borrower.id, 'repayment_principal', 0, 3_000, null, borrower.id, treasurer.id, now, id, now);
        loanFund += 3_600;
        entries += 2;
      }
    }
    sql.prepare('UPDATE savings_groups SET loan_fund_cash = ?, social_fund_cash = ? WHERE id = ?').run(loanFund, socialFund, group.id);
    sql.exec('COMMIT');
    sql.exec('ANALYZE');
    if (!groupConservation(db, group.id).conserved) throw new Error('The bench group’s money does not add up');

    const borrower = people[MEMBERS - 1]!;
    const preview = shareOutPreview(db, { communityId, groupId: group.id, actorId: chair.id });
    const previewMs = median(() => shareOutPreview(db, { communityId, groupId: group.id, actorId: chair.id }));
    const statement = myStatement(db, { communityId, groupId: group.id, userId: borrower.id });
    const statementMs = median(() => myStatement(db, { communityId, groupId: group.id, userId: borrower.id }));

    // Closing once, for information: the confirmation recomputes it and writes the 60 entries and notices.
    const carry = preview.outstandingLoans.map((l) => l.id);
    const proposal = proposeShareOut(db, { communityId, groupId: group.id, actorId: chair.id, carryLoanIds: carry, now });
    const c0 = performance.now();
    const closed = confirmShareOut(db, { communityId, id: proposal.id, actorId: treasurer.id, now });
    const confirmMs = performance.now() - c0;

    const ms = (x: number) => `${x.toFixed(1)} ms`;
    const n = (x: number) => x.toLocaleString('en-US');
    console.log(`Savings group of ${MEMBERS} members, ${MEETINGS} meetings, ${n(LOANS)} loans, ${n(LOANS * REPAYMENTS_A_LOAN)} repayments: ${n(entries)} entries (${new Date().toISOString()})\n`);
    console.log('| What | Result | Budget |');
    console.log('| --- | --- | --- |');
    console.log(`| Compute the share-out (savings.shareOutPreview: fund ${n(preview.fund)} over ${n(preview.totalShares)} shares, ${preview.lines.length} lines, ${preview.outstandingLoans.length} loans to carry), median of ${RUNS} | ${ms(previewMs)} | 200 ms |`);
    console.log(`| A member's statement (savings.statement: ${statement.entries.length} entries, ${statement.loans.length} loans), median of ${RUNS} | ${ms(statementMs)} | 20 ms |`);
    console.log(`| Confirm the share-out once (recompute, ${preview.lines.length} entries and notices, close the cycle; paid out ${n(closed.paidOut)}, kept ${n(closed.carried)}) | ${ms(confirmMs)} | — |`);
  } finally {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
