// `npm run bench:web`: page loads as a member on a mid-range phone over mobile data sees them.
// Builds the app (when stale), seeds a temporary database with the demo data, starts the real
// server, and drives Chromium with the standard mobile lab profile through CDP (150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4x, 390 px viewport), each page in a fresh browser
// context (a cold cache). Prints, per page, the time until its main heading is visible (painted,
// from Element Timing in the page; when the harness noticed it is printed beside it), what was
// transferred and how many requests it took, each beside its budget; for signed-in pages also a
// warm reload's transfer. Writes the table into docs/benchmarks.md and exits 1 over budget.
// Flags: --runs N (median of N cold loads, default 3) --no-write --only /,/signin
// --trace (each first cold load's requests: when each started and finished, bytes, and when the heading showed)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { FACTORY_PASSWORD } from '../tests/factories';
import { freePort } from './durability/server';
import { writeSection } from './bench/web-report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values: flags } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, 'no-write': { type: 'boolean', default: false }, only: { type: 'string' }, trace: { type: 'boolean', default: false } },
});
const RUNS = Math.max(1, Number(flags.runs) || 3);

/** The lab profile: slow 4G as Lighthouse's mobile preset describes it. */
const PROFILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4, width: 390, height: 844 };
const KB = 1024;
type PageSpec = { path: string; label: string; signedIn: boolean; headingBudgetMs: number; transferBudget: number };
const PUBLIC_TRANSFER = 400 * KB;
const pages = (communityId: number): PageSpec[] => [
  { path: '/', label: '/', signedIn: false, headingBudgetMs: 2500, transferBudget: 250 * KB },
  { path: '/discover', label: '/discover', signedIn: false, headingBudgetMs: 2500, transferBudget: PUBLIC_TRANSFER },
  { path: '/signin', label: '/signin', signedIn: false, headingBudgetMs: 2500, transferBudget: PUBLIC_TRANSFER },
  { path: '/signup', label: '/signup', signedIn: false, headingBudgetMs: 2500, transferBudget: PUBLIC_TRANSFER },
  { path: '/dashboard', label: '/dashboard (signed in)', signedIn: true, headingBudgetMs: 3000, transferBudget: 400 * KB },
  { path: '/communities', label: '/communities (signed in)', signedIn: true, headingBudgetMs: 3000, transferBudget: 400 * KB },
  { path: `/community/${communityId}`, label: '/community/:id (signed in)', signedIn: true, headingBudgetMs: 3000, transferBudget: 400 * KB },
  { path: '/events', label: '/events (signed in)', signedIn: true, headingBudgetMs: 3000, transferBudget: 400 * KB },
  { path: '/njangi', label: '/njangi (signed in)', signedIn: true, headingBudgetMs: 3000, transferBudget: 400 * KB },
];
const WARM_BUDGET = 30 * KB;

type Load = { headingMs: number; seenMs: number; transferred: number; requests: number };

/**
 * Runs in each page before its own scripts: marks every h1 for Element Timing as it is inserted,
 * and keeps when the first one with a real box (not a visually hidden one) was painted. That is
 * when the heading became visible. The harness itself only notices later: its polling and the
 * round trip back wait behind whatever long task follows the paint (0.1–0.3 s on this profile).
 */
function recordHeadingPaint() {
  const w = window as unknown as { __headingPaint?: number };
  new MutationObserver(() => {
    for (const h of document.querySelectorAll('h1:not([elementtiming])')) h.setAttribute('elementtiming', 'heading');
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number; loadTime: number; intersectionRect: DOMRectReadOnly })[]) {
      const at = e.renderTime || e.loadTime;
      if (e.identifier === 'heading' && e.intersectionRect.width * e.intersectionRect.height > 16 && at > 0) w.__headingPaint = Math.min(w.__headingPaint ?? at, at);
    }
  }).observe({ type: 'element', buffered: true });
}
const traced = new Set<string>();

/** Loads `url` in `page` with the profile applied; heading time from navigation start, bytes and requests until the network settles. */
async function load(context: BrowserContext, page: Page, url: string): Promise<Load> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: PROFILE.latency, downloadThroughput: PROFILE.downloadThroughput, uploadThroughput: PROFILE.uploadThroughput });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
  let transferred = 0;
  let requests = 0;
  const started = new Map<string, { url: string; at: number }>();
  const trace: string[] = [];
  let t0 = 0;
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string }; timestamp: number }) => {
    requests += 1;
    t0 ||= e.timestamp;
    started.set(e.requestId, { url: e.request.url, at: e.timestamp });
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
    transferred += e.encodedDataLength;
    const s = started.get(e.requestId);
    if (s) trace.push(`${Math.round((s.at - t0) * 1000).toString().padStart(6)} → ${Math.round((e.timestamp - t0) * 1000).toString().padStart(6)} ms ${(e.encodedDataLength / KB).toFixed(1).padStart(7)} KB  ${s.url.replace(/^https?:\/\/[^/]+/, '')}`);
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 60_000 });
  const seenMs = await page.evaluate(() => performance.now());
  // The paint's entry is delivered to its observer just after the paint: wait for it a moment.
  const painted = await page
    .waitForFunction(() => (window as unknown as { __headingPaint?: number }).__headingPaint, undefined, { timeout: 3_000 })
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => null);
  const headingMs = painted ?? seenMs;
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  await cdp.detach();
  if (flags.trace && !traced.has(url)) {
    traced.add(url);
    console.log(`\n  ${url}: heading painted at ${Math.round(headingMs)} ms (seen by the harness at ${Math.round(seenMs)} ms)\n${trace.map((line) => `    ${line}`).join('\n')}\n`);
  }
  return { headingMs, seenMs, transferred, requests };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function signIn(context: BrowserContext, base: string, email: string) {
  const res = await context.request.post(`${base}/api/auth/login`, { data: { email, password: FACTORY_PASSWORD }, headers: { origin: base } });
  if (!res.ok()) throw new Error(`signing in as ${email} failed: ${res.status()} ${await res.text()}`);
}

async function main() {
  console.log('Building (when the sources changed)…');
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'harambee-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: base, DATABASE_PATH: join(dir, 'app.db'), UPLOADS_DIR: join(dir, 'uploads'), MAIL_OUTBOX_DIR: join(dir, 'outbox'), LOG_LEVEL: 'error', BACKUP_DIR: 'off' };
  console.log('Seeding a temporary database with the demo data…');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { cwd: ROOT, env, stdio: 'ignore' });
  const db = new Database(env.DATABASE_PATH, { readonly: true });
  // The member of the most communities, and the largest of their communities.
  const who = db.prepare('SELECT u.email, m.user_id AS id FROM memberships m JOIN users u ON u.id = m.user_id GROUP BY m.user_id ORDER BY count(*) DESC LIMIT 1').get() as { email: string; id: string };
  const communityId = (db.prepare('SELECT c.id FROM memberships m JOIN communities c ON c.id = m.community_id WHERE m.user_id = ? ORDER BY c.member_count DESC LIMIT 1').pluck().get(who.id) as number);
  db.close();

  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/index.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  let browser: Browser | undefined;
  try {
    const deadline = Date.now() + 30_000;
    while (!output.includes('is listening')) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const only = flags.only?.split(',').map((p) => p.trim());
    const specs = pages(communityId).filter((p) => !only || only.includes(p.path) || only.includes(p.label));
    const rows: { spec: PageSpec; cold: Load; warm: number | null }[] = [];
    for (const spec of specs) {
      const cold: Load[] = [];
      let warm: number | null = null;
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ viewport: { width: PROFILE.width, height: PROFILE.height }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
        await context.addInitScript(recordHeadingPaint);
        if (spec.signedIn) await signIn(context, base, who.email);
        const page = await context.newPage();
        cold.push(await load(context, page, `${base}${spec.path}`));
        // A returning member: the same context reloads (hashed assets come from the cache).
        if (spec.signedIn && run === 0) warm = (await load(context, page, `${base}${spec.path}`)).transferred;
        await context.close();
      }
      const row = { spec, cold: { headingMs: median(cold.map((c) => c.headingMs)), seenMs: median(cold.map((c) => c.seenMs)), transferred: median(cold.map((c) => c.transferred)), requests: median(cold.map((c) => c.requests)) }, warm };
      rows.push(row);
      console.log(`  ${spec.label}: heading ${(row.cold.headingMs / 1000).toFixed(2)} s (seen ${(row.cold.seenMs / 1000).toFixed(2)} s), ${Math.round(row.cold.transferred / KB)} KB, ${row.cold.requests} requests${warm === null ? '' : `, warm reload ${Math.round(warm / KB)} KB`}`);
    }

    const over: string[] = [];
    const lines = [
      '| page | heading visible (budget) | harness saw it | transferred (budget) | requests | warm reload (≤ 30 KB) | result |',
      '|---|---:|---:|---:|---:|---:|---|',
      ...rows.map(({ spec, cold, warm }) => {
        const fails = [
          cold.headingMs > spec.headingBudgetMs ? 'heading' : '',
          cold.transferred > spec.transferBudget ? 'transfer' : '',
          warm !== null && warm > WARM_BUDGET ? 'warm reload' : '',
        ].filter(Boolean);
        if (fails.length) over.push(`${spec.label}: ${fails.join(', ')}`);
        return `| ${spec.label} | ${(cold.headingMs / 1000).toFixed(2)} s (≤ ${spec.headingBudgetMs / 1000} s) | ${(cold.seenMs / 1000).toFixed(2)} s | ${Math.round(cold.transferred / KB)} KB (≤ ${spec.transferBudget / KB} KB) | ${cold.requests} | ${warm === null ? '—' : `${Math.round(warm / KB)} KB`} | ${fails.length ? `FAIL (${fails.join(', ')})` : 'PASS'} |`;
      }),
    ];
    const table = lines.join('\n');
    const facts = [
      `- Date: ${new Date().toISOString()}; Node ${process.version}; Chromium from ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`,
      `- Profile: ${PROFILE.latency} ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed ${PROFILE.cpu}x (CDP), ${PROFILE.width} px viewport, a fresh context (cold cache) per load; median of ${RUNS} loads`,
      `- Heading: time from navigation start until the page's first h1 was painted with a visible box (Element Timing, recorded in the page); "harness saw it": when Playwright's visibility check returned, which waits behind the page's next long task; transferred and requests: until the network is idle; warm reload: the same page reloaded in the same context`,
      `- Data: the demo seed (npm run db:seed), signed in as the member of the most communities`,
    ].join('\n');
    console.log(`\n${table}\n`);
    console.log(over.length ? `Over budget: ${over.join('; ')}` : 'All page budgets hold.');
    if (!flags['no-write'] && !only) {
      const out = join(ROOT, 'docs/benchmarks.md');
      writeSection(out, `## Page loads on a slow phone (npm run bench:web)\n\n${facts}\n\n${table}\n\n${over.length ? `Over budget: ${over.join('; ')}` : 'All page budgets hold.'}`);
      console.log(`Wrote ${relative(ROOT, out)}`);
    }
    process.exitCode = over.length ? 1 : 0;
  } finally {
    await browser?.close();
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
