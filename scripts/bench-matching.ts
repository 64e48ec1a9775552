// `npm run bench:matching [-- --runs N]`: matching a statement, on a fresh database file (synced to
// disk as in production): a community of 1,000 members with open books, 5,000 declared payments
// waiting (five per member: references on a fifth, transaction ids on a fifth, the rest by amount,
// day and name), and a statement of 10,000 incoming lines brought in (half of them the declared
// transfers, half strangers'). Measured: reading the statement as the treasurer opens it
// (collecting.statement: its lines, the pending payments, the members, and the matching of every
// open line), budget under 2 s; for information, the matching alone (pure) and the import of the
// file (parse, fingerprints, 10,000 inserts); and the machine's yardstick, sign-ins (argon2id
// verifications) a second. A report, not a test: exits 0 when it ran, 1 when a transfer was not proposed.
import { cpus, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../db/database';
import { hashPassword, verifyPassword } from '../src/server/auth/password';
import { listAccounts, saveFinanceSettings } from '../src/server/services/finances/books';
import { declarePayment } from '../src/server/services/finances/payments';
import { importStatement } from '../src/server/domains/collecting/statement-import';
import { matchingInputs, statementView } from '../src/server/domains/collecting/statement-view';
import { matchStatement } from '../src/shared/collecting/matching';
import { addMember, makeCommunity, makeUser } from '../tests/factories';

const DAY = 86_400_000;
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);
const MEMBERS = 1_000;
const PER_MEMBER = 5;
const LINES = 10_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'harambee-matching-bench-'));
  try {
    const db = openDatabase(join(dir, 'app.db'));
    const now = Date.now();
    const long = now - 400 * DAY;
    const treasurer = await makeUser(db, { firstName: 'Tabe', lastName: 'Treasurer', createdAt: long });
    const creator = await makeUser(db, { firstName: 'Ngozi', lastName: 'Chair', createdAt: long });
    const community = makeCommunity(db, { creator, name: 'Bench Association', now: long });
    addMember(db, { communityId: community.id, user: treasurer, role: 'treasurer', now: long });
    const members: { id: string; first: string; last: string }[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const first = `Member${i}`;
      const last = `Family${i % 300}`;
      const u = await makeUser(db, { firstName: first, lastName: last, createdAt: long });
      addMember(db, { communityId: community.id, user: u, now: long });
      members.push({ id: u.id, first, last });
    }
    saveFinanceSettings(db, { communityId: community.id, actorId: creator.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now: long });
    const account = listAccounts(db, community.id)[0]!.id;
    const refOf = new Map((db.$client.prepare('SELECT user_id, reference FROM payment_references WHERE community_id = ?').all(community.id) as { user_id: string; reference: string }[]).map((r) => [r.user_id, r.reference]));

    // 5,000 declarations over the last month; the statement names each transfer as members write their notes.
    const rows: string[][] = [['Date', 'Amount', 'Details', 'Counterparty', 'Transaction']];
    let declared = 0;
    db.transaction(() => {
      for (const [i, m] of members.entries())
        for (let k = 0; k < PER_MEMBER; k += 1) {
          const amount = 1_000 * (1 + ((i + k) % 10));
          const at = now - ((i * PER_MEMBER + k) % 28) * DAY;
          const tx = k === 1 ? `TX${i}-${k}` : null;
          declarePayment(db, { communityId: community.id, memberId: m.id, details: { amount, purpose: 'dues', method: 'mobile_money', provider: 'MTN MoMo', transactionId: tx }, now: at });
          declared += 1;
          rows.push([iso(at), String(amount), k === 0 ? `Dues ${refOf.get(m.id)}` : 'Dues', k >= 2 ? `${m.first} ${m.last}`.toUpperCase() : '2376770000', tx ?? `S${i}-${k}`]);
        }
    });
    for (let j = rows.length - 1; j < LINES; j += 1) rows.push([iso(now - (j % 28) * DAY), String(777 + j), 'Transfer', `STRANGER ${j}`, `X${j}`]);
    const file = { name: 'statement.csv', encoding: 'text' as const, content: rows.map((r) => r.join(';')).join('\n') };
    const mapping = { date: 'Date', amount: 'Amount', reference: 'Details', counterparty: 'Counterparty', transactionId: 'Transaction', dateOrder: 'dmy' as const };

    const t0 = performance.now();
    const imported = await importStatement(db, { communityId: community.id, accountId: account, file, mapping, actorId: treasurer.id, now });
    const importMs = performance.now() - t0;

    const views: number[] = [];
    const pure: number[] = [];
    let proposed = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const a = performance.now();
      const view = statementView(db, { communityId: community.id, id: imported.id, readerId: creator.id });
      views.push(performance.now() - a);
      proposed = view.lines.filter((l) => l.proposal).length;
      const { pending, members: ms } = matchingInputs(db, community.id);
      const open = db.$client.prepare("SELECT id, booked_on AS bookedOn, amount, reference, counterparty, transaction_id AS transactionId FROM statement_lines WHERE import_id = ? AND status = 'open'").all(imported.id) as never[];
      const b = performance.now();
      matchStatement(open, pending, ms);
      pure.push(performance.now() - b);
    }

    const hash = await hashPassword('correct horse battery staple');
    const s0 = performance.now();
    let signIns = 0;
    while (performance.now() - s0 < 2_000) {
      await verifyPassword(hash, 'correct horse battery staple');
      signIns += 1;
    }
    const perSecond = signIns / ((performance.now() - s0) / 1000);

    console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}; sign-ins ${perSecond.toFixed(0)}/s (the yardstick)`);
    console.log(`Statement of ${imported.lines} lines against ${declared} waiting declarations (${MEMBERS} members)`);
    console.log(`  brought in (parse, fingerprints, inserts): ${importMs.toFixed(0)} ms`);
    console.log(`  the treasurer's view with every proposal, median of ${RUNS}: ${median(views).toFixed(0)} ms (budget 2,000 ms)`);
    console.log(`  of which the matching alone: ${median(pure).toFixed(0)} ms`);
    console.log(`  proposals: ${proposed} of ${declared} declared transfers`);
    process.exitCode = proposed === declared ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
