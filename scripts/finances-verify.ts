// `npm run finances:verify [-- --database FILE]`: checks the books of every community: each
// account's maintained balance equals the sum of its ledger entries, each month's totals equal
// its entries, the finance audit trail's hash chain is unbroken, every savings circle's money
// is conserved (services/njangi/conservation.ts), and every welfare fund's too: levies collected =
// benefits paid + carried (domains/welfare/conservation.ts), and every savings-and-loans group's:
// money in = cash on hand + loans outstanding + paid out (domains/savings/conservation.ts). Exits 1 on any problem, naming what fails.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database';
import { verifyAuditChain } from '../src/server/services/finances/audit';
import { verifyBalances } from '../src/server/services/finances/ledger';
import { fundChecks, fundProblems } from '../src/server/domains/welfare/conservation';
import { groupChecks, groupProblems } from '../src/server/domains/savings/conservation';
import { held, unconservedCircles } from '../src/server/services/njangi/conservation';
import { envOrExit, fail } from './cli';

const { values } = parseArgs({ options: { database: { type: 'string' } } });
const path = values.database ?? envOrExit().DATABASE_PATH;
if (!existsSync(path)) fail(`No database at ${path}`);
const db = openDatabase(path, { migrate: false });
try {
  const { accounts, months } = verifyBalances(db);
  const chain = verifyAuditChain(db);
  const circles = unconservedCircles(db);
  const entries = db.$client.prepare('SELECT count(*) FROM ledger_entries').pluck().get() as number;
  const records = db.$client.prepare('SELECT count(*) FROM finance_audit').pluck().get() as number;
  for (const a of accounts) console.error(`Account ${a.accountId}: balance ${a.balance}, but its entries sum to ${a.entries}`);
  for (const m of months) console.error(`Community ${m.communityId}, ${m.month}, category ${m.categoryId}: the monthly totals differ from the entries`);
  if (chain) console.error(`Audit record ${chain.id} ${chain.problem}`);
  for (const c of circles) {
    const where = `Savings circle ${c.circleId} "${c.name}" (community ${c.communityId} "${c.community}")`;
    if (c.moneyIn !== c.accounted) {
      console.error(
        `${where}: ${c.moneyIn} came in (contributions ${c.contributions} + fines ${c.finesPaid}) but ${c.accounted} is accounted for ` +
          `(payouts ${c.payouts} + top-ups ${c.topUps} + shares ${c.shares} + fees ${c.fees} + carried ${c.carry} + open rounds ${c.openRounds} + fines waiting ${c.finesWaiting})`,
      );
    }
    if (c.carry !== c.lastCarryOut) console.error(`${where}: carries ${c.carry}, but its last payout carried ${c.lastCarryOut}`);
    if (c.status === 'completed' && held(c) !== 0) console.error(`${where}: completed, yet ${held(c)} is still held for rounds to come (carried ${c.carry}, open rounds ${c.openRounds}, fines waiting ${c.finesWaiting})`);
  }
  const funds = fundChecks(db);
  const fundFaults = funds.flatMap(fundProblems);
  for (const f of fundFaults) console.error(f);
  const groups = groupChecks(db);
  const groupFaults = groups.flatMap(groupProblems);
  for (const g of groupFaults) console.error(g);
  if (accounts.length || months.length || chain || circles.length || fundFaults.length || groupFaults.length) process.exit(1);
  const circleCount = db.$client.prepare('SELECT count(*) FROM circles').pluck().get() as number;
  console.log(
    `The books verify: ${entries} ledger entries, every balance and monthly total matches, ${records} audit records chained unbroken, ${circleCount} savings circles conserved, ${funds.length} welfare funds conserved, ${groups.length} savings-and-loans groups conserved.`,
  );
} finally {
  db.$client.close();
}
