// `npm run finances:verify [-- --database FILE]`: checks the books of every community: each
// account's maintained balance equals the sum of its ledger entries, each month's totals equal
// its entries, and the finance audit trail's hash chain is unbroken. Exits 1 on any problem.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database';
import { verifyAuditChain } from '../src/server/services/finances/audit';
import { verifyBalances } from '../src/server/services/finances/ledger';
import { envOrExit, fail } from './cli';

const { values } = parseArgs({ options: { database: { type: 'string' } } });
const path = values.database ?? envOrExit().DATABASE_PATH;
if (!existsSync(path)) fail(`No database at ${path}`);
const db = openDatabase(path, { migrate: false });
try {
  const { accounts, months } = verifyBalances(db);
  const chain = verifyAuditChain(db);
  const entries = db.$client.prepare('SELECT count(*) FROM ledger_entries').pluck().get() as number;
  const records = db.$client.prepare('SELECT count(*) FROM finance_audit').pluck().get() as number;
  for (const a of accounts) console.error(`Account ${a.accountId}: balance ${a.balance}, but its entries sum to ${a.entries}`);
  for (const m of months) console.error(`Community ${m.communityId}, ${m.month}, category ${m.categoryId}: the monthly totals differ from the entries`);
  if (chain) console.error(`Audit record ${chain.id} ${chain.problem}`);
  if (accounts.length || months.length || chain) process.exit(1);
  console.log(`The books verify: ${entries} ledger entries, every balance and monthly total matches, ${records} audit records chained unbroken.`);
} finally {
  db.$client.close();
}
