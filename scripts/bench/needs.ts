// "Needs you" (issue "Nothing waits unseen"): a member who leads 20 communities holding 10,000
// waiting items in all. Reports the server time of the list's first page and of the count, in
// process through the real app (routing, session, operation, JSON; no network), over REST and
// tRPC, with the machine's argon2id sign-in rate as the yardstick. Budget: first page < 5 ms,
// count < 2 ms (medians).
//   node --import tsx scripts/bench/needs.ts [--runs N] [--write]
// `npm run bench` runs it after its own report (scripts/bench.ts) and writes docs/benchmarks.md.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase, type DB } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { createApp } from '../../src/server/app';
import { hashPassword, verifyPassword } from '../../src/server/auth/password';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/session';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';
import { createMailer } from '../../src/server/mail/mailer';
import { sendMessageNow } from '../../src/server/services/chat/messages';
import { reportMessage } from '../../src/server/services/chat/moderation';
import { joinCommunity } from '../../src/server/services/community-writes';
import { createEvent } from '../../src/server/services/events/events';
import { builtInCategoryId, saveFinanceSettings } from '../../src/server/services/finances/books';
import { approveExpense, submitExpense } from '../../src/server/services/finances/expenses';
import { declarePayment } from '../../src/server/services/finances/payments';
import { createPoll } from '../../src/server/services/polls/polls';
import { addMember, makeCommunity, makeUser } from '../../tests/factories';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DAY = 86_400_000;
/** Per community the bench member leads: what waits on them (500, so 10,000 across 20). */
const PER_COMMUNITY = { payments: 300, joinRequests: 100, expensesToApprove: 40, expensesToPay: 20, reports: 20, events: 10, polls: 10 };
const LED = 20;
/** Communities where the bench member is a plain member, their officers' work around it (none of it theirs). */
const NOISE = 20;

type Timing = { median: number; p95: number };
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const timing = (ms: number[]): Timing => {
  const s = [...ms].sort((a, b) => a - b);
  return { median: pct(s, 50), p95: pct(s, 95) };
};

async function seed(db: DB) {
  const now = Date.now();
  const people = async (n: number, first: string) => {
    const out: UserRow[] = [];
    for (let i = 0; i < n; i++) out.push(await makeUser(db, { firstName: first, lastName: `Member${i}` }));
    return out;
  };
  const leader = await makeUser(db, { firstName: 'Ngozi', lastName: 'Eze' });
  const treasurers = await people(LED + NOISE, 'Tabe');
  const members = await people(200, 'Jean-Paul');
  const askers = await people(PER_COMMUNITY.joinRequests, 'Olu');
  let items = 0;
  for (let c = 0; c < LED + NOISE; c++) {
    const led = c < LED;
    const creator = led ? leader : treasurers[c]!;
    const community = makeCommunity(db, { creator, name: `Bench Association ${c}`, isPublic: false });
    if (led) addMember(db, { communityId: community.id, user: treasurers[c]!, role: 'treasurer' });
    else addMember(db, { communityId: community.id, user: leader });
    const mine = members.slice((c * 7) % 150, ((c * 7) % 150) + 50);
    for (const m of mine) addMember(db, { communityId: community.id, user: m });
    saveFinanceSettings(db, { communityId: community.id, actorId: creator.id, changes: { currency: 'USD', secondApprovalAbove: 10_000 }, cashBoxName: 'Cash box', now });
    const t = (i: number) => now - 30 * DAY + c * 1000 + i;
    for (let i = 0; i < (led ? PER_COMMUNITY.payments : 100); i++) declarePayment(db, { communityId: community.id, memberId: mine[i % mine.length]!.id, details: { amount: 1000 + i, purpose: 'dues', method: 'cash' }, now: t(i) });
    if (!led) continue;
    for (const a of askers) joinCommunity(db, { communityId: community.id, isPublic: false, userId: a.id, now: t(1) });
    const category = builtInCategoryId(db, community.id, 'venue');
    for (let i = 0; i < PER_COMMUNITY.expensesToApprove + PER_COMMUNITY.expensesToPay; i++) {
      const e = submitExpense(db, { communityId: community.id, authorId: treasurers[c]!.id, amount: 500 + i, categoryId: category, description: `Chairs ${i}`, receipts: [], now: t(i) });
      if (i >= PER_COMMUNITY.expensesToApprove) approveExpense(db, { communityId: community.id, expenseId: e.id, actorId: leader.id, now: t(i) });
    }
    const general = db.$client.prepare("SELECT id FROM conversations WHERE community_id = ? AND kind = 'channel'").pluck().get(community.id) as number;
    for (let i = 0; i < PER_COMMUNITY.reports; i++) {
      const message = sendMessageNow(db, { user: mine[i]!, input: { conversationId: general, body: `Message ${i}` }, now: t(i) });
      reportMessage(db, { user: mine[i + 1]!, id: message.id, reason: 'Off topic', now: t(i) });
    }
    const ref = { id: community.id, name: community.name };
    for (let i = 0; i < PER_COMMUNITY.events; i++) {
      const startsAt = now + DAY + i * 3_600_000;
      createEvent(db, { community: ref, createdBy: treasurers[c]!.id, input: { title: `Meeting ${i}`, description: '', startsAt, endsAt: startsAt + 3_600_000, timeZone: 'UTC', place: 'Hall', visibility: 'members' } as never, now });
    }
    for (let i = 0; i < PER_COMMUNITY.polls; i++) {
      createPoll(db, { community: ref, createdBy: treasurers[c]!.id, input: { kind: 'single', title: `Poll ${i}`, description: '', options: ['A', 'B'], closesAt: now + DAY + i * 60_000, anonymous: false, resultsVisibility: 'live', eligibility: 'all' } as never, now });
    }
    items += Object.values(PER_COMMUNITY).reduce((a, b) => a + b, 0);
  }
  return { leader, items };
}

/** Sign-ins per second on this machine: argon2id verifications back to back for about two seconds (the yardstick of docs/benchmarks.md). */
async function signInsPerSecond(): Promise<number> {
  const hash = await hashPassword('Harambee#2026');
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < 2000) {
    await verifyPassword(hash, 'Harambee#2026');
    n += 1;
  }
  return n / ((performance.now() - start) / 1000);
}

export type NeedsBench = { items: number; waiting: number; rest: { list: Timing; count: Timing; countAfterChange: Timing }; trpc: { list: Timing; count: Timing; countAfterChange: Timing }; signInsPerSecond: number; runs: number; load: number };

/** Whether the kept database opens (its migrations apply) and holds a finished seeding. */
function reusable(path: string): boolean {
  try {
    const db = openDatabase(path);
    const done = db.$client.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'bench_facts'").pluck().get() === 1;
    db.$client.close();
    return done;
  } catch {
    return false;
  }
}

/** The seeded database, kept in data/bench/ for the next run (--fresh makes it again). */
async function prepare(fresh: boolean) {
  const path = join(ROOT, 'data/bench/needs.db');
  if (!fresh && existsSync(path) && !reusable(path)) {
    console.log('data/bench/needs.db was made by another version of the schema: making it again');
    fresh = true;
  }
  if (fresh || !existsSync(path)) {
    for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
    mkdirSync(dirname(path), { recursive: true });
    const db = openDatabase(path);
    console.log('Seeding "Needs you": 20 led communities, 10,000 waiting items (once; data/bench/needs.db)…');
    const seeded = await seed(db);
    db.$client.prepare("CREATE TABLE IF NOT EXISTS bench_facts (leader TEXT, items INTEGER)").run();
    db.$client.prepare('INSERT INTO bench_facts VALUES (?, ?)').run(seeded.leader.id, seeded.items);
    db.$client.close();
  }
  const db = openDatabase(path);
  const facts = db.$client.prepare('SELECT leader, items FROM bench_facts').get() as { leader: string; items: number };
  return { db, path, leader: facts.leader, items: facts.items };
}

export async function runNeedsBench(runs = 400, fresh = false): Promise<NeedsBench> {
  const scratch = mkdtempSync(join(tmpdir(), 'harambee-needs-bench-'));
  try {
    const { db, path, ...seeded } = await prepare(fresh);
    const env = loadEnv({ DATABASE_PATH: path, APP_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent', UPLOADS_DIR: join(scratch, 'uploads'), MAIL_OUTBOX_DIR: join(scratch, 'outbox'), NODE_ENV: 'production' });
    const now = () => Date.now();
    const app = createApp({ db, env, log: createLogger('silent'), now, throttle: new LoginThrottle(now), mailer: createMailer({ from: env.MAIL_FROM, outboxDir: env.MAIL_OUTBOX_DIR, log: () => {} }) });
    const cookie = `${SESSION_COOKIE}=${createSession(db, seeded.leader, Date.now()).token}`;
    const get = async (path: string) => {
      const res = await app.request(path, { headers: { cookie } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
      return body;
    };
    const waiting = (JSON.parse(await get('/api/needs/count')) as { count: number }).count;
    // A write the count cannot know is harmless: it makes the next ask count afresh (count-cache.ts).
    const touch = db.$client.prepare('UPDATE bench_facts SET items = items');
    const time = async (path: string, afterChange = false) => {
      for (let i = 0; i < 50; i++) await get(path);
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        if (afterChange) touch.run();
        const start = performance.now();
        await get(path);
        ms.push(performance.now() - start);
      }
      return timing(ms);
    };
    const trpc = (name: string, input?: unknown) => `/trpc/${name}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
    const result: NeedsBench = {
      items: seeded.items,
      waiting,
      rest: { list: await time('/api/needs?limit=20'), count: await time('/api/needs/count'), countAfterChange: await time('/api/needs/count', true) },
      trpc: { list: await time(trpc('needs.list', { limit: 20 })), count: await time(trpc('needs.count')), countAfterChange: await time(trpc('needs.count'), true) },
      signInsPerSecond: await signInsPerSecond(),
      runs,
      load: loadavg()[0]!,
    };
    db.$client.close();
    return result;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const LIST_BUDGET = 5;
const COUNT_BUDGET = 2;
const ms = (t: Timing) => `${t.median.toFixed(2)} ms (p95 ${t.p95.toFixed(2)})`;

export function needsReport(r: NeedsBench): string {
  const within = (t: Timing, b: number) => (t.median < b ? 'within' : 'OVER');
  return [
    '## "Needs you" (latest run)',
    '',
    `- Date: ${new Date().toISOString()}; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; 1-minute load average ${r.load.toFixed(2)} at the end`,
    `- Machine speed: ${r.signInsPerSecond.toFixed(0)} argon2id sign-ins per second (the yardstick: the slower machines here do about 63, the faster about 190)`,
    `- Data: one member leading 20 communities that hold ${r.items.toLocaleString('en-US')} waiting items (pending payments, join requests, expenses to approve and to pay, chat reports, events and polls due soon) and a member of 20 more whose 2,000 pending payments are not theirs; the count finds ${r.waiting.toLocaleString('en-US')}`,
    `- Server time in process (app.request: routing, session, operation, JSON; no network), median of ${r.runs} calls after 50 warm-up calls:`,
    '',
    '| call | REST | tRPC | budget |',
    '|---|---|---|---|',
    `| first page (20 items) | ${ms(r.rest.list)} | ${ms(r.trpc.list)} | < ${LIST_BUDGET} ms: ${within(r.rest.list, LIST_BUDGET)} / ${within(r.trpc.list, LIST_BUDGET)} |`,
    `| count (total, per community and tab), asked again with nothing changed (the bell) | ${ms(r.rest.count)} | ${ms(r.trpc.count)} | < ${COUNT_BUDGET} ms: ${within(r.rest.count, COUNT_BUDGET)} / ${within(r.trpc.count, COUNT_BUDGET)} |`,
    `| count right after a write (counted afresh) | ${ms(r.rest.countAfterChange)} | ${ms(r.trpc.countAfterChange)} | < ${COUNT_BUDGET} ms: ${within(r.rest.countAfterChange, COUNT_BUDGET)} / ${within(r.trpc.countAfterChange, COUNT_BUDGET)} |`,
    '',
    `- Ratios to one argon2id sign-in (${(1000 / r.signInsPerSecond).toFixed(1)} ms here): first page ${(r.rest.list.median * r.signInsPerSecond / 1000).toFixed(3)}, count ${(r.rest.count.median * r.signInsPerSecond / 1000).toFixed(3)} (after a write ${(r.rest.countAfterChange.median * r.signInsPerSecond / 1000).toFixed(3)})`,
  ].join('\n');
}

const START = '<!-- needs:start -->';
const END = '<!-- needs:end -->';
export function writeNeedsReport(body: string, path = join(ROOT, 'docs/benchmarks.md')) {
  const section = `${START}\n${body.trim()}\n${END}`;
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next = start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + END.length) : `${current.trimEnd()}\n\n${section}\n`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, next);
}

export async function needsBenchCli(argv = process.argv.slice(2)) {
  const { values } = parseArgs({ args: argv, options: { runs: { type: 'string' }, write: { type: 'boolean', default: false }, fresh: { type: 'boolean', default: false } }, strict: false });
  const runs = typeof values.runs === 'string' && Number(values.runs) > 0 ? Number(values.runs) : 400;
  const r = await runNeedsBench(runs, values.fresh === true);
  const report = needsReport(r);
  console.log(`\n${report}\n`);
  if (values.write) writeNeedsReport(report);
  return r;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) await needsBenchCli();
