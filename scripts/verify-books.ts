// What `npm run finances:verify` checks, as a function over an open database (scripts/finances-verify.ts
// is the command around it): each account's maintained balance equals the sum of its ledger
// entries, each month's totals equal its entries, the finance audit trail's hash chain is unbroken,
// every savings circle's money is conserved (services/njangi/conservation.ts), and every welfare
// fund's too: levies collected = benefits paid + carried (domains/welfare/conservation.ts), and every
// savings-and-loans group's: money in = cash on hand + loans outstanding + written off + paid out
// (domains/savings/conservation.ts); and the meeting fines: what the ledger collected for them = the
// fines' paid amounts (domains/meetings/conservation.ts).
import type { DB } from '../db/database';
import { verifyAuditChain } from '../src/server/services/finances/audit';
import { verifyBalances } from '../src/server/services/finances/ledger';
import { fundChecks, fundProblems } from '../src/server/domains/welfare/conservation';
import { groupChecks, groupProblems } from '../src/server/domains/savings/conservation';
import { fineChecks, fineProblems } from '../src/server/domains/meetings/conservation';
import { held, unconservedCircles } from '../src/server/services/njangi/conservation';

/** Every problem found, each naming what fails; and, when there is none, the one-line summary. */
export type BooksVerdict = { problems: string[]; summary: string };

export function verifyBooks(db: DB): BooksVerdict {
  const problems: string[] = [];
  const { accounts, months } = verifyBalances(db);
  const chain = verifyAuditChain(db);
  const circles = unconservedCircles(db);
  const entries = db.$client.prepare('SELECT count(*) FROM ledger_entries').pluck().get() as number;
  const records = db.$client.prepare('SELECT count(*) FROM finance_audit').pluck().get() as number;
  for (const a of accounts) problems.push(`Account ${a.accountId}: balance ${a.balance}, but its entries sum to ${a.entries}`);
  for (const m of months) problems.push(`Community ${m.communityId}, ${m.month}, category ${m.categoryId}: the monthly totals differ from the entries`);
  if (chain) problems.push(`Audit record ${chain.id} ${chain.problem}`);
  for (const c of circles) {
    const where = `Savings circle ${c.circleId} "${c.name}" (community ${c.communityId} "${c.community}")`;
    if (c.moneyIn !== c.accounted) {
      problems.push(
        `${where}: ${c.moneyIn} came in (contributions ${c.contributions} + fines ${c.finesPaid}) but ${c.accounted} is accounted for ` +
          `(payouts ${c.payouts} + top-ups ${c.topUps} + shares ${c.shares} + fees ${c.fees} + carried ${c.carry} + open rounds ${c.openRounds} + fines waiting ${c.finesWaiting})`,
      );
    }
    if (c.carry !== c.lastCarryOut) problems.push(`${where}: carries ${c.carry}, but its last payout carried ${c.lastCarryOut}`);
    if (c.status === 'completed' && held(c) !== 0) problems.push(`${where}: completed, yet ${held(c)} is still held for rounds to come (carried ${c.carry}, open rounds ${c.openRounds}, fines waiting ${c.finesWaiting})`);
  }
  const funds = fundChecks(db);
  problems.push(...funds.flatMap(fundProblems));
  const groups = groupChecks(db);
  problems.push(...groups.flatMap(groupProblems));
  const fines = fineChecks(db);
  problems.push(...fines.flatMap(fineProblems));
  const circleCount = db.$client.prepare('SELECT count(*) FROM circles').pluck().get() as number;
  const summary = `The books verify: ${entries} ledger entries, every balance and monthly total matches, ${records} audit records chained unbroken, ${circleCount} savings circles conserved, ${funds.length} welfare funds conserved, ${groups.length} savings-and-loans groups conserved, ${fines.length} communities' meeting fines matched.`;
  return { problems, summary };
}
