import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Sample } from './measure';

export const THROUGHPUT_BUDGET = 0.8; // REST: app req/s ÷ baseline req/s, at least
export const TRPC_THROUGHPUT_BUDGET = 0.7; // tRPC (the browser's path): app req/s ÷ baseline req/s, at least
export const LATENCY_BUDGET = 1.5; // app p50 at 100k ÷ app p50 at 1k, at most

/** `ratios`: app ÷ baseline req/s of each round (app, baseline, baseline, app or its mirror image). */
/** `latencyOnly`: measured without a baseline (its `baseline` repeats `app`); only the latency budget applies. */
export type Row = { label: string; budget: number; latencyOnly?: boolean; app: Sample; baseline: Sample; small: Sample; ratios: number[] };
export type Verdict = { throughput: number; latency: number; throughputOk: boolean; latencyOk: boolean; clean: boolean };

export function judge(r: Row): Verdict {
  if (r.latencyOnly) {
    const latency = r.small.p50 > 0 && r.app.p50 > 0 ? r.app.p50 / r.small.p50 : r.app.mean / r.small.mean;
    return { throughput: NaN, latency, throughputOk: true, latencyOk: latency <= LATENCY_BUDGET, clean: r.app.failures + r.small.failures === 0 };
  }
  const sorted = [...r.ratios].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const throughput = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  // p50 is whole milliseconds in autocannon; a 0 would make the ratio meaningless, so fall back to the mean.
  const latency = r.small.p50 > 0 && r.app.p50 > 0 ? r.app.p50 / r.small.p50 : r.app.mean / r.small.mean;
  const clean = r.app.failures + r.baseline.failures + r.small.failures === 0;
  return { throughput, latency, throughputOk: throughput >= r.budget, latencyOk: latency <= LATENCY_BUDGET, clean };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function table(rows: Row[]): string {
  const lines = [
    `| endpoint | app req/s | baseline req/s | ratio (budget), per round | p50 / p99 ms at 100k | p50 / p99 ms at 1k | latency ratio (≤ ${LATENCY_BUDGET}x) | result | CPU µs/request app / baseline |`,
    '|---|---:|---:|---:|---:|---:|---:|---|---:|',
  ];
  for (const r of rows) {
    const v = judge(r);
    const failed = [!v.throughputOk && 'throughput', !v.latencyOk && 'latency', !v.clean && 'errors'].filter(Boolean);
    lines.push(
      `| ${r.label} | ${int(r.app.rps)} | ${r.latencyOnly ? '—' : int(r.baseline.rps)} | ${r.latencyOnly ? '— (latency only)' : `**${v.throughput.toFixed(2)}** (≥ ${r.budget.toFixed(2)}; ${r.ratios.map((x) => x.toFixed(2)).join(', ')})`} | ${ms(r.app.p50)} / ${ms(r.app.p99)} | ` +
        `${ms(r.small.p50)} / ${ms(r.small.p99)} | ${v.latency.toFixed(2)}x | ${failed.length ? `FAIL (${failed.join(', ')})` : 'PASS'} | ${int(r.app.cpu)} / ${r.latencyOnly ? '—' : int(r.baseline.cpu)} |`,
    );
  }
  return lines.join('\n');
}

export function rawTable(rows: Row[]): string {
  const lines = [
    '| server | endpoint | req/s | p50 ms | p99 ms | mean ms | server CPU µs/request | requests | non-2xx + errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const servers = r.latencyOnly ? ([['app, 100k', r.app], ['app, 1k', r.small]] as const) : ([['app, 100k', r.app], ['baseline, 100k', r.baseline], ['app, 1k', r.small]] as const);
    for (const [server, s] of servers) {
      lines.push(`| ${server} | ${r.label} | ${int(s.rps)} | ${ms(s.p50)} | ${ms(s.p99)} | ${s.mean.toFixed(2)} | ${int(s.cpu)} | ${int(s.requests)} | ${s.failures} |`);
    }
  }
  return lines.join('\n');
}

/** One line per failed budget, or a line saying all held. */
export function budgetSummary(rows: Row[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const v = judge(r);
    if (!v.throughputOk) out.push(`FAIL throughput: ${r.label} answers ${v.throughput.toFixed(2)}x the baseline's requests per second (budget ≥ ${r.budget}).`);
    if (!v.latencyOk) out.push(`FAIL latency: ${r.label} p50 at 100k is ${v.latency.toFixed(2)}x that at 1k (budget ≤ ${LATENCY_BUDGET}x).`);
    if (!v.clean) out.push(`FAIL errors: ${r.label} had non-2xx answers or socket errors during a measurement (see the raw table).`);
  }
  return out.length ? out : ['All budgets hold.'];
}

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

const INTRO = `# Benchmarks

\`npm run bench\` measures the community read paths against their performance budget: over REST
each list and search must answer at least ${THROUGHPUT_BUDGET * 100}% as many requests per second as the same SQL
served by a bare \`node:http\` handler over better-sqlite3 in the same run, and over tRPC (the
batched GET the React app sends, \`/trpc/communities.list?batch=1&input=…\`) at least
${TRPC_THROUGHPUT_BUDGET * 100}%; latency at 100,000 communities must stay within ${LATENCY_BUDGET}x of that at 1,000.

## How to reproduce

\`\`\`sh
npm run bench                  # 9 rounds per endpoint, 2 s slices, 3 s warm-up, 50 connections
npm run bench -- --quick       # 2 rounds of 1 s slices, for a smoke test
npm run bench -- --rounds 9 --duration 5 --warmup 5 --connections 50 --search nurs
npm run bench -- --fresh       # rebuild the cached databases in data/bench/
\`\`\`

The first run builds \`data/bench/bench.db\` (100,000 users, 100,000 communities, 1,000,000
memberships; a few minutes) and \`data/bench/bench-1k.db\` (1,000 / 1,000 / 10,000, same generator);
later runs reuse them. The app (\`createApp\`, LOG_LEVEL silent) and the baseline
(\`scripts/bench/baseline.ts\`) run in child processes; autocannon runs in the parent, so on a
2-core machine the server and the load generator each have a core. Before measuring, the script
checks that the app and the baseline answer each path with the same JSON. Each endpoint is
measured in rounds of short slices, app, baseline, baseline, app (the mirror image every other
round); a round's ratio is the app's requests per second over the baseline's across its four
slices and the throughput ratio is the median of the rounds', so a machine whose speed drifts
(shared hosts do) weighs on both sides alike. Where \`taskset\` is available the servers are pinned
to one core and autocannon to the other(s) (\`--no-pin\` turns that off); \`--only members\` (or
list, search) measures some paths and prints without writing this file.

What is measured, per server: \`GET /api/communities/all?limit=20\` and a search signed out, and
the members page of the largest community signed in as its creator (session cookie from
\`POST /api/auth/login\`; the baseline runs the same session, membership and member queries);
then the same three through tRPC, with the URL the real tRPC client builds (httpBatchLink), against
the same baseline paths. Last, the bench community's books: a ledger page and the finance summary
with 1,000,000 ledger entries against 1,000 (latency only: no baseline serves them; keyset pages
and maintained balances and monthly totals keep them flat). The app runs as \`npm start\` runs it:
compiled JavaScript.
Absolute numbers are noisy on shared machines; the ratios are what the budget is about.
The script rewrites only the part of this file between the \`bench\` markers.
`;

/** Replaces the generated section of `path` (or creates the file with the intro). */
export function writeReport(path: string, body: string): void {
  const section = `${START}\n${body.trim()}\n${END}`;
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next = start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + END.length) : `${INTRO}\n${section}\n`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, next);
}
