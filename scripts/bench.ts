// `npm run bench`: the read paths' performance budget. Builds (or reuses) a 100k and a 1k
// database, serves each with the real app and the 100k one also with a bare node:http
// baseline, loads three read paths over REST and over tRPC with autocannon, prints a markdown
// table and writes it to docs/benchmarks.md. Always exits 0 when it ran: it is a report, not a test.
// Flags: --quick --fresh --duration S --warmup S --connections N --rounds N --search TERM
//        --only list,search,members,trpc-list,trpc-search,trpc-members,finance-entries,finance-summary,trpc-events,trpc-events-month
//        --no-pin --no-write
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem, type as osType } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { hashPassword } from '../src/server/auth/password';
import { FACTORY_PASSWORD } from '../tests/factories';
import { BENCH_EMAIL, buildDatabase, isComplete, type Scale } from './bench/generate';
import { compileServe, measure, median, pinProcesses, startServer, type LoadOptions, type Sample, type Server } from './bench/measure';
import { budgetSummary, rawTable, table, THROUGHPUT_BUDGET, TRPC_THROUGHPUT_BUDGET, writeReport, type Row } from './bench/report';
import { ensureBooks } from './bench/finances';
import { ensureEvents } from './bench/events';
import { trpcUrl } from './bench/trpc-url';
import { chatBenchCli } from './bench/chat';
import { needsBenchCli } from './bench/needs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIG: Scale = { users: 100_000, communities: 100_000, memberships: 1_000_000 };
const SMALL: Scale = { users: 1_000, communities: 1_000, memberships: 10_000 };
// The bench community's books: a million ledger entries against a thousand (latency must stay flat).
const BIG_LEDGER = 1_000_000;
const SMALL_LEDGER = 1_000;
// The bench member's calendar: 20 communities with 10,000 events each, against 100 each.
const BIG_EVENTS = 10_000;
const SMALL_EVENTS = 100;
// The month the /events page's month view asks for (the current one), fixed per run.
const MONTH_START = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1);
const MONTH_END = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1);

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string' },
    search: { type: 'string', default: 'nurs' },
    only: { type: 'string' },
    'no-pin': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const positive = (name: string, v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got ${v}`);
  return n;
};
const load: LoadOptions = {
  duration: positive('duration', flags.duration ?? (flags.quick ? '1' : '2')),
  warmup: positive('warmup', flags.warmup ?? (flags.quick ? '1' : '3')),
  connections: positive('connections', flags.connections),
};
const rounds = Math.max(1, Math.floor(positive('rounds', flags.rounds ?? (flags.quick ? '2' : '9'))));
const term = flags.search.trim();
if ([...term].length < 3) throw new Error('--search needs three or more characters (shorter terms take the LIKE path, which the baseline does not serve)');

type DbFacts = { path: string; scale: Scale; built: boolean; targetId: number; targetMembers: number; hits: number; publicHits: number; entries: number; events: { communities: number; events: number } };

async function prepare(name: string, scale: Scale): Promise<DbFacts> {
  const path = join(ROOT, 'data/bench', name);
  let built = false;
  if (flags.fresh || !isComplete(path, scale)) {
    console.log(`Building ${relative(ROOT, path)}: ${scale.users.toLocaleString('en-US')} users, ` +
      `${scale.communities.toLocaleString('en-US')} communities, ${scale.memberships.toLocaleString('en-US')} memberships`);
    const started = performance.now();
    buildDatabase(path, scale, await hashPassword(FACTORY_PASSWORD));
    console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    built = true;
  } else {
    console.log(`Reusing ${relative(ROOT, path)} (complete; --fresh rebuilds it)`);
  }
  const db = new Database(path);
  try {
    const target = db
      .prepare(`SELECT c.id, c.member_count AS members, u.id AS creatorId FROM communities c JOIN users u ON u.id = c.creator_id
        WHERE u.email = ? ORDER BY c.member_count DESC LIMIT 1`)
      .get(BENCH_EMAIL) as { id: number; members: number; creatorId: string };
    const match = `{name description}: "${term.replace(/"/g, '""')}"`;
    const count = (sql: string) => (db.prepare(sql).get(match) as { n: number }).n;
    const hits = count('SELECT count(*) AS n FROM communities_fts WHERE communities_fts MATCH ?');
    const publicHits = count(`SELECT count(*) AS n FROM communities_fts f JOIN communities c ON c.id = f.rowid
      WHERE communities_fts MATCH ? AND c.is_public = 1`);
    const entries = scale === BIG ? BIG_LEDGER : SMALL_LEDGER;
    db.close();
    ensureBooks(path, target.id, target.creatorId, entries);
    // target.creatorId is the bench member (the account that signs in).
    const events = ensureEvents(path, target.creatorId, scale === BIG ? BIG_EVENTS : SMALL_EVENTS);
    return { path, scale, built, targetId: target.id, targetMembers: target.members, hits, publicHits, entries, events };
  } finally {
    if (db.open) db.close();
  }
}

async function login(server: Server): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: FACTORY_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('harambee_session='));
  if (!res.ok || !cookie) throw new Error(`signing in to ${server.name} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** The answer's status, rows and next cursor; a tRPC batch's first result unwrapped to the REST shape. */
async function answer(server: Server, path: string, headers: Record<string, string>) {
  const res = await fetch(server.url + path, { headers });
  const body = (await res.json()) as unknown;
  if (path.startsWith('/trpc/')) {
    const data = (body as { result?: { data?: { items: unknown[]; nextCursor: unknown } } }[])[0]?.result?.data;
    return { status: res.status, next: data?.nextCursor == null ? null : String(data.nextCursor), body: data?.items ?? body };
  }
  return { status: res.status, next: res.headers.get('x-next-cursor'), body };
}

/** `latencyOnly`: no baseline serves it; only the 100k-against-1k latency budget applies. */
type Endpoint = { key: string; label: string; path: (f: DbFacts) => string; baselinePath: (f: DbFacts) => string; signedIn: boolean; budget: number; latencyOnly?: boolean };
const rest = (key: string, label: string, path: (f: DbFacts) => string, signedIn: boolean): Endpoint => ({ key, label, path, baselinePath: path, signedIn, budget: THROUGHPUT_BUDGET });
const restEndpoints: Endpoint[] = [
  rest('list', 'list `/api/communities/all?limit=20`', () => '/api/communities/all?limit=20', false),
  rest('search', `search \`…/all?limit=20&search=${term}\``, () => `/api/communities/all?limit=20&search=${encodeURIComponent(term)}`, false),
  rest('members', 'members `/api/communities/:id/members?limit=20`', (f) => `/api/communities/${f.targetId}/members?limit=20`, true),
];
// The same reads as the React app sends them: a batched tRPC GET, its URL built by the tRPC client.
const trpcPaths: Record<string, (f: DbFacts) => Promise<string>> = {
  list: () => trpcUrl((c) => c.communities.list.query({ limit: 20 })),
  search: () => trpcUrl((c) => c.communities.list.query({ limit: 20, search: term })),
  members: (f) => trpcUrl((c) => c.communities.members.query({ communityId: f.targetId, limit: 20 })),
  // /events as the page loads it: the member's upcoming events across their communities, and the month view's window.
  events: () => trpcUrl((c) => c.events.mine.query({ limit: 50 })),
  'events-month': () => trpcUrl((c) => c.events.mine.query({ from: MONTH_START, to: MONTH_END, limit: 50 })),
};
const eventEndpoints: Endpoint[] = [
  { ...rest('trpc-events', 'tRPC /events upcoming `/trpc/events.mine?batch=1…` (20 communities × 10,000 events against × 100)', () => '', true), latencyOnly: true },
  { ...rest('trpc-events-month', 'tRPC /events month view `/trpc/events.mine?batch=1…` (one month\'s window, same data)', () => '', true), latencyOnly: true },
];
const financeEndpoints: Endpoint[] = [
  { ...rest('finance-entries', 'ledger page `/api/communities/:id/finances/entries?limit=20` (1,000,000 entries against 1,000)', (f) => `/api/communities/${f.targetId}/finances/entries?limit=20`, true), latencyOnly: true },
  { ...rest('finance-summary', 'finance summary `/api/communities/:id/finances/summary` (1,000,000 entries against 1,000)', (f) => `/api/communities/${f.targetId}/finances/summary`, true), latencyOnly: true },
];
const allEndpoints: Endpoint[] = [
  ...restEndpoints,
  ...restEndpoints.map((e) => ({ ...e, key: `trpc-${e.key}`, label: `tRPC ${e.key} \`/trpc/communities.${e.key === 'members' ? 'members' : 'list'}?batch=1…\``, budget: TRPC_THROUGHPUT_BUDGET })),
  ...financeEndpoints,
  ...eventEndpoints,
];
const only = flags.only?.split(',').map((k) => k.trim());
const unknown = only?.filter((k) => !allEndpoints.some((e) => e.key === k)) ?? [];
if (unknown.length) throw new Error(`--only takes ${allEndpoints.map((e) => e.key).join(', ')}; got ${unknown.join(', ')}`);
const endpoints = only ? allEndpoints.filter((e) => only.includes(e.key)) : allEndpoints;

async function main() {
  const big = await prepare('bench.db', BIG);
  const small = await prepare('bench-1k.db', SMALL);
  // tRPC URLs hold the input, so they are built per database once its facts are known.
  const urls = new Map<string, string>();
  for (const e of endpoints.filter((x) => x.key.startsWith('trpc-'))) {
    const build = trpcPaths[e.key.slice('trpc-'.length)]!;
    urls.set(`${e.key}:big`, await build(big));
    urls.set(`${e.key}:small`, await build(small));
  }
  const pathOf = (e: Endpoint, f: DbFacts, server: 'app' | 'baseline') =>
    server === 'baseline' ? e.baselinePath(f) : (urls.get(`${e.key}:${f === big ? 'big' : 'small'}`) ?? e.path(f));
  const loadBefore = loadavg()[0]!;
  const scratch = mkdtempSync(join(tmpdir(), 'harambee-bench-'));
  const servers: Server[] = [];
  const stopAll = () => servers.forEach((s) => s.stop());
  process.once('SIGINT', () => {
    stopAll();
    process.exit(130);
  });
  const pinning = pinProcesses(!flags['no-pin']);
  try {
    const serve = await compileServe();
    const app = await startServer('app (100k)', 'app', serve, big.path, scratch, pinning);
    servers.push(app);
    const baseline = await startServer('baseline (100k)', 'baseline', serve, big.path, scratch, pinning);
    servers.push(baseline);
    const appSmall = await startServer('app (1k)', 'app', serve, small.path, scratch, pinning);
    servers.push(appSmall);
    const cookieBig = await login(app);
    const cookieSmall = await login(appSmall);
    const targets = [
      { key: 'app', server: app, facts: big, cookie: cookieBig },
      { key: 'baseline', server: baseline, facts: big, cookie: cookieBig },
      { key: 'small', server: appSmall, facts: small, cookie: cookieSmall },
    ] as const;
    const headersFor = (e: Endpoint, cookie: string): Record<string, string> => (e.signedIn ? { cookie } : {});

    console.log('\nChecking that the app and the baseline give the same answers…');
    for (const e of endpoints) {
      const h = headersFor(e, cookieBig);
      const [a, b, s] = await Promise.all([
        answer(app, pathOf(e, big, 'app'), h),
        answer(baseline, pathOf(e, big, 'baseline'), h),
        answer(appSmall, pathOf(e, small, 'app'), headersFor(e, cookieSmall)),
      ]);
      const rows = Array.isArray(a.body) ? a.body.length : 0;
      if (e.latencyOnly) {
        console.log(`  ${e.label}: app ${a.status} (${rows} rows, 1k: ${s.status}); no baseline`);
        if (a.status !== 200 || s.status !== 200) throw new Error(`${e.label} does not answer 200 on the app: ${JSON.stringify(a.body).slice(0, 300)}`);
        continue;
      }
      const same = isDeepStrictEqual(a, b);
      console.log(`  ${e.label}: app ${a.status} (${rows} rows, 1k: ${s.status}) ${same ? 'same as baseline' : 'DIFFERS from baseline'}`);
      if (a.status !== 200 || s.status !== 200) throw new Error(`${e.label} does not answer 200 on the app: ${JSON.stringify(a.body).slice(0, 300)}`);
      if (!same) console.log(`    app: ${JSON.stringify(a).slice(0, 300)}\n    baseline: ${JSON.stringify(b).slice(0, 300)}`);
    }

    /*
     * Each endpoint is measured in short slices, app and baseline back to back in every round as
     * app, baseline, baseline, app (or the mirror image, alternating by round), and the round's
     * ratio is the app's requests over the baseline's across the four: on a shared machine speed
     * drifts over seconds, and a drift that is steady within a round weighs on both sides alike.
     * The throughput ratio is the median of the rounds'. The 1k app runs once per round (latency).
     */
    const samples = endpoints.map(() => ({ app: [] as Sample[], baseline: [] as Sample[], small: [] as Sample[], ratios: [] as number[] }));
    const each = `${rounds} round${rounds > 1 ? 's' : ''} of app, baseline, baseline, app (mirrored every other round) and the 1k app, ${load.duration} s each, ${load.warmup} s warm-up first, ${load.connections} connections`;
    console.log(`\nMeasuring (${each})…`);
    const [appT, baseT, smallT] = targets;
    for (const [i, e] of endpoints.entries()) {
      for (let round = 0; round < rounds; round += 1) {
        const order = e.latencyOnly ? [appT, smallT] : round % 2 ? [baseT, appT, appT, baseT, smallT] : [appT, baseT, baseT, appT, smallT];
        const warmed = new Set<string>();
        const rps = { app: 0, baseline: 0, small: 0 };
        for (const t of order) {
          const warmup = round === 0 && !warmed.has(t.key) ? load.warmup : 0;
          warmed.add(t.key);
          const s = await measure(t.server, pathOf(e, t.facts, t.key === 'baseline' ? 'baseline' : 'app'), headersFor(e, t.cookie), { ...load, warmup });
          samples[i]![t.key].push(s);
          rps[t.key] += s.rps;
          console.log(`  ${e.label} on ${t.server.name}, round ${round + 1}: ${Math.round(s.rps)} req/s, p50 ${s.p50} ms, p99 ${s.p99} ms, ${Math.round(s.cpu)} µs CPU/request${s.failures ? `, ${s.failures} failures` : ''}`);
        }
        if (!e.latencyOnly) samples[i]!.ratios.push(rps.app / rps.baseline);
      }
    }

    const rows: Row[] = endpoints.map((e, i) => ({
      label: e.label,
      budget: e.budget,
      latencyOnly: e.latencyOnly ?? false,
      app: median(samples[i]!.app),
      baseline: e.latencyOnly ? median(samples[i]!.app) : median(samples[i]!.baseline),
      small: median(samples[i]!.small),
      ratios: samples[i]!.ratios,
    }));
    const summary = budgetSummary(rows);
    const cpu = cpus();
    const facts = [
      `- Date: ${new Date().toISOString()}`,
      `- Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, ${osType()} ${release()}`,
      `- 1-minute load average: ${loadBefore.toFixed(2)} before measuring, ${loadavg()[0]!.toFixed(2)} after (the benchmark itself keeps about 2 busy; more means other work shared the machine)`,
      `- ${pinning ? `Servers pinned to CPU ${pinning.serverCpu}, autocannon to CPU ${pinning.loadCpus} (taskset)` : 'No CPU pinning'}; ` +
        `endpoints: ${endpoints.map((e) => e.key).join(', ')}`,
      `- Node ${process.version}, autocannon ${load.connections} connections; ${rounds} rounds per endpoint of app, baseline, baseline, app (mirrored every other round) and the 1k app, ${load.duration} s each, ${load.warmup} s warm-up before the first; req/s, latency and CPU are medians over all slices, a round's ratio is the app's req/s over the baseline's summed over its four slices, and the throughput ratio is the median of the rounds'`,
      `- 100k database: ${BIG.users.toLocaleString('en-US')} users, ${BIG.communities.toLocaleString('en-US')} communities, ${BIG.memberships.toLocaleString('en-US')} memberships; ` +
        `1k database: ${SMALL.users.toLocaleString('en-US')} / ${SMALL.communities.toLocaleString('en-US')} / ${SMALL.memberships.toLocaleString('en-US')}`,
      `- Search term \`${term}\`: ${big.hits.toLocaleString('en-US')} matches at 100k (${big.publicHits.toLocaleString('en-US')} public), ${small.hits} at 1k (${small.publicHits} public)`,
      `- Events: the bench member's ${big.events.communities} communities hold ${big.events.events.toLocaleString('en-US')} events at 100k, ${small.events.events.toLocaleString('en-US')} at 1k (half of them ahead)`,
      `- Members page: the largest community, ${big.targetMembers.toLocaleString('en-US')} members at 100k, ${small.targetMembers} at 1k`,
    ];
    const body = [
      '## Latest run',
      facts.join('\n'),
      table(rows),
      summary.map((l) => `- ${l}`).join('\n'),
      `<details><summary>Per server (medians over ${rounds} round(s); requests and errors summed)</summary>\n\n${rawTable(rows)}\n\n</details>`,
    ].join('\n\n');
    console.log(`\n${table(rows)}\n\n${summary.join('\n')}`);
    // A partial run (--only) is for working on one path; the report holds whole runs only.
    if (!flags['no-write'] && !only) {
      const out = join(ROOT, 'docs/benchmarks.md');
      writeReport(out, body);
      console.log(`\nWrote ${relative(ROOT, out)}`);
    }
  } finally {
    stopAll();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
// The chat's real-time budget, a short run (full numbers: node --import tsx scripts/bench/chat.ts --full).
if (!flags.only) await chatBenchCli([]);
// "Needs you": a member leading 20 communities that hold 10,000 waiting items (its own section of docs/benchmarks.md).
if (!flags.only) await needsBenchCli(flags['no-write'] ? [] : ['--write']);
