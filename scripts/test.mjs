#!/usr/bin/env node
/*
 * `npm test`: every test, in the order that keeps both cores of a small machine busy.
 *
 *   1. the unit and API tests (two workers; they keep both cores busy on their own), with the
 *      client's build beside them when it is missing or stale (a clean clone): the browser files'
 *      setup would otherwise build it alone, on one core, while their four workers wait;
 *   2. the browser journeys and the layout walk, four files at a time, with the type-check beside
 *      them: a journey spends most of its time waiting on the page, so the cores have room for tsc;
 *   3. what wants the machine to itself: the files that kill, stop or copy a server.
 *
 * Every phase runs even when one before it failed (one run tells everything that is wrong); the
 * exit code is the first failure's. Extra arguments go to every vitest run (e.g. `--reporter dot`).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const extra = process.argv.slice(2);

/** Runs a command in the project, its output straight through; resolves with its exit code and time. */
function run(label, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', (error) => {
      console.error(`${label}: ${error.message}`);
      resolve({ label, code: 1, seconds: 0 });
    });
    child.on('exit', (code, signal) => resolve({ label, code: code ?? (signal ? 1 : 0), seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

const vitest = (label, ...projects) => run(label, process.execPath, [fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url)), 'run', ...projects.flatMap((p) => ['--project', p]), ...extra]);
// Single-threaded: TypeScript 7's parallel checkers each build their own types, so on two busy
// cores it took twice the CPU (38 s against 17 s, measured here) and finished later, not sooner.
const tsc = () => run('type-check', process.execPath, [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '--noEmit', '--singleThreaded']);

const results = [];
const build = () => run('client build', process.execPath, [fileURLToPath(new URL('./ensure-build.mjs', import.meta.url))]);
results.push(...(await Promise.all([vitest('unit and API tests', 'unit', 'api'), build()])));
results.push(...(await Promise.all([vitest('browser journeys and layout walk', 'e2e'), tsc()])));
results.push(await vitest('server-stopping files', 'e2e-alone'));

console.log('\nnpm test:');
for (const r of results) console.log(`  ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`}  ${r.label}  ${r.seconds} s`);
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
