// `npm run bench:welfare [-- --members N]`: the welfare fund's two budgets, on a fresh database of
// one community with N members (5,000 by default): issuing a case's levy to every member in good
// standing (budget 2 s, one transaction) and paging the standing roll (budget 20 ms a page of 50),
// all of it and filtered to members in arrears once the levy is overdue. Times the services the
// operations call (the adapters add a parse and a serialisation). Prints a markdown table; a
// report, not a test: exits 0 when it ran.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../db/database';
import { listAccounts, saveFinanceSettings } from '../src/server/services/finances/books';
import { rollPage } from '../src/server/domains/standing/roll';
import { decideCase, openCase } from '../src/server/domains/welfare/cases';
import { addDependant } from '../src/server/domains/welfare/dependants';
import { createFund } from '../src/server/domains/welfare/funds';
import { issueLevy } from '../src/server/domains/welfare/levies';
import { addMember, makeCommunity, makeUser } from '../tests/factories';

const DAY = 86_400_000;
const { values } = parseArgs({ options: { members: { type: 'string', default: '5000' } } });
const N = Number(values.members);

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'harambee-welfare-bench-'));
  const db = openDatabase(join(dir, 'app.db'));
  try {
    const now = Date.now();
    const long = now - 400 * DAY;
    const creator = await makeUser(db, { firstName: 'Ngozi', createdAt: long });
    const admin = await makeUser(db, { firstName: 'Awa', createdAt: long });
    const treasurer = await makeUser(db, { firstName: 'Tabe', createdAt: long });
    const community = makeCommunity(db, { creator, name: 'Bench Association', now: long });
    addMember(db, { communityId: community.id, user: admin, role: 'admin', now: long });
    addMember(db, { communityId: community.id, user: treasurer, role: 'treasurer', now: long });
    const members = [];
    db.$client.exec('BEGIN');
    for (let i = 0; i < N - 3; i += 1) {
      const u = await makeUser(db, { firstName: 'Member', lastName: `No${i}`, createdAt: long });
      addMember(db, { communityId: community.id, user: u, now: long });
      members.push(u);
    }
    db.$client.exec('COMMIT');
    saveFinanceSettings(db, { communityId: community.id, actorId: treasurer.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now: long });
    listAccounts(db, community.id);
    const rules = { benefits: { member: 500_000, parent: 300_000 }, limits: { parent: 2 }, dependantWaitingDays: 30, levyAmount: 5_000, levyDueDays: 14, graceDays: 7 };
    const fund = createFund(db, { communityId: community.id, actorId: creator.id, name: 'Bereavement fund', kind: 'bereavement', financing: 'levy', rules, now: long });
    const subject = members[0]!;
    const mother = addDependant(db, { communityId: community.id, memberId: subject.id, name: 'Mama', relationship: 'parent', now: now - 60 * DAY });
    const c = openCase(db, { community: { id: community.id, name: community.name, timeZone: community.timeZone }, actorId: subject.id, fundId: fund.id, dependantId: mother.id, description: '', documents: [], now });
    decideCase(db, { communityId: community.id, communityName: community.name, caseId: c.id, actorId: treasurer.id, action: 'verify', now });
    decideCase(db, { communityId: community.id, communityName: community.name, caseId: c.id, actorId: admin.id, action: 'approve', now });

    const t0 = performance.now();
    const issued = issueLevy(db, { communityId: community.id, caseId: c.id, actorId: admin.id, now });
    const levyMs = performance.now() - t0;

    const pages = (at: number, standing?: 'in_arrears') => {
      const times: number[] = [];
      let cursor: number | undefined;
      let rows = 0;
      for (;;) {
        const s = performance.now();
        const page = rollPage(db, { communityId: community.id, now: at, standing, cursor, limit: 50 });
        times.push(performance.now() - s);
        rows += page.items.length;
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      times.sort((a, b) => a - b);
      return { rows, pages: times.length, median: times[Math.floor(times.length / 2)]!, max: times[times.length - 1]! };
    };
    const all = pages(now);
    const none = pages(now, 'in_arrears');
    const overdue = pages(now + 22 * DAY, 'in_arrears');
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log(`Welfare at ${N.toLocaleString('en-US')} members (${new Date().toISOString()})\n`);
    console.log('| What | Result | Budget |');
    console.log('| --- | --- | --- |');
    console.log(`| Issue a case's levy (${issued.levyCount} members levied) | ${ms(levyMs)} | 2,000 ms |`);
    console.log(`| Standing roll, all members: ${all.pages} pages of 50 (${all.rows} rows) | median ${ms(all.median)}, slowest ${ms(all.max)} a page | 20 ms a page |`);
    console.log(`| Standing roll, in arrears before anything is overdue: ${none.pages} page (${none.rows} rows) | ${ms(none.median)} | 20 ms a page |`);
    console.log(`| Standing roll, in arrears after the levy's grace: ${overdue.pages} pages (${overdue.rows} rows) | median ${ms(overdue.median)}, slowest ${ms(overdue.max)} a page | 20 ms a page |`);
  } finally {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
