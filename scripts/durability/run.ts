// A durability run: seed a temporary database, start the real server, and for each round run
// the concurrent writers, SIGKILL the server at a random moment, restart it on the same file
// and check everything acknowledged so far. Shared by `npm run durability` and
// tests/e2e/durability.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type RunningServer } from './server';
import { seedDatabase } from './setup';
import { verifyDatabase } from './verify';
import { domainBaseline } from './domain-writers';
import { emptyLedger, runWriters, type WriteStats, type Writer } from './writers';

export type DurabilityOptions = {
  rounds: number;
  /** Concurrent writers (each its own user, one request at a time). */
  writers?: number;
  /** The kill comes this many milliseconds after the writers start, uniformly at random. */
  killAfterMs?: [number, number];
  /**
   * And not before this holds (checked every 20 ms after that delay, for at most a minute): so a
   * check on how much work was done holds on a slow or busy machine too, which acknowledges fewer
   * writes in the same time. `acks` counts acknowledged writes by kind over all rounds so far.
   */
  killWhen?: (p: { round: number; acknowledged: number; acks: ReadonlyMap<string, number> }) => boolean;
  /** Called after each round's checks. */
  onRound?: (r: RoundReport) => void;
  /** Keep the temporary directory (it is always kept, and named, when a check failed). */
  keep?: boolean;
};

export type RoundReport = {
  round: number;
  killedAtMs: number;
  acknowledged: number;
  lost: number;
  inFlightCommitted: number;
  inFlightAbsent: number;
  ok: boolean;
  problems: string[];
};

export type DurabilitySummary = {
  rounds: number;
  writers: number;
  acknowledged: number;
  /** Acknowledged writes missing (or overwritten by an older value) after a restart: must be 0. */
  lost: number;
  integrityFailures: number;
  foreignKeyFailures: number;
  countMismatches: number;
  /** Broken invariants of the newer domains: books that do not balance, receipt gaps, chat out of order, a document's file missing. */
  invariantFailures: number;
  /** 5xx answers and requests that failed while the server was meant to be up. */
  serverErrors: number;
  /** Non-2xx answers below 500 (none expected; never counted as acknowledged). */
  refused: number;
  /** Acknowledgements by `METHOD path` and refusals by `METHOD path status` (ids as :n). */
  acks: Map<string, number>;
  refusals: Map<string, number>;
  inFlightCommitted: number;
  inFlightAbsent: number;
  durationMs: number;
  problems: string[];
  dir: string | null;
};

export const isClean = (s: DurabilitySummary) =>
  s.lost === 0 && s.integrityFailures === 0 && s.foreignKeyFailures === 0 && s.countMismatches === 0 && s.invariantFailures === 0 && s.serverErrors === 0 && s.problems.length === 0;

export async function runDurability(opts: DurabilityOptions): Promise<DurabilitySummary> {
  const started = performance.now();
  const [killMin, killMax] = opts.killAfterMs ?? [200, 1500];
  const dir = mkdtempSync(join(tmpdir(), 'harambee-durability-'));
  const dbPath = join(dir, 'app.db');
  const seed = await seedDatabase(dbPath, { writers: opts.writers ?? 8, pool: 6 });
  const writers: Writer[] = seed.writers.map((s, index) => ({
    ...s,
    index: index + 1,
    member: new Map(),
    unread: [],
    inFlight: null,
    seq: 0,
    circle: { recorded: 0, declared: new Map() },
    savingsDeclared: new Map(),
  }));
  const ledger = emptyLedger();
  domainBaseline(ledger.domains, writers, seed.homes);
  const summary: DurabilitySummary = {
    rounds: 0,
    writers: writers.length,
    acknowledged: 0,
    lost: 0,
    integrityFailures: 0,
    foreignKeyFailures: 0,
    countMismatches: 0,
    invariantFailures: 0,
    serverErrors: 0,
    refused: 0,
    acks: new Map(),
    refusals: new Map(),
    inFlightCommitted: 0,
    inFlightAbsent: 0,
    durationMs: 0,
    problems: [],
    dir: null,
  };

  let server: RunningServer | null = null;
  try {
    // Round 0: the seeded state is the baseline every pair and profile starts from.
    const baseline = verifyDatabase(dbPath, ledger, writers, seed.pool, seed.homes);
    if (!baseline.integrityOk || baseline.countMismatches.length || baseline.broken.length || baseline.lost.length) throw new Error(`the seeded database is not consistent: ${JSON.stringify(baseline)}`);
    server = await spawnServer({ dir, dbPath });
    for (let round = 1; round <= opts.rounds; round += 1) {
      const stats: WriteStats = { acknowledged: 0, refused: 0, serverErrors: 0, failures: [], acks: summary.acks, refusals: summary.refusals };
      let stopped = false;
      const killedAtMs = Math.round(killMin + Math.random() * (killMax - killMin));
      const writing = runWriters(writers, { url: server.url, round, pool: seed.pool, homes: seed.homes, ledger, stopped: () => stopped }, stats);
      await new Promise((r) => setTimeout(r, killedAtMs));
      const waitUntil = Date.now() + 60_000;
      while (opts.killWhen && !opts.killWhen({ round, acknowledged: stats.acknowledged, acks: summary.acks }) && Date.now() < waitUntil && server.child.exitCode === null) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const exitedEarly = server.child.exitCode !== null || server.child.signalCode !== null;
      stopped = true;
      const exit = await server.kill('SIGKILL');
      await writing;
      const problems = [...stats.failures];
      if (exitedEarly) problems.push(`round ${round}: the server exited by itself (${JSON.stringify(exit)}):\n${server.output()}`);

      server = await spawnServer({ dir, dbPath });
      const v = verifyDatabase(dbPath, ledger, writers, seed.pool, seed.homes);
      if (!v.integrityOk) problems.push(`round ${round}: integrity_check: ${v.integrity.slice(0, 5).join('; ')}`);
      if (v.foreignKeyViolations) problems.push(`round ${round}: ${v.foreignKeyViolations} foreign key violations`);
      if (v.creatorlessCommunities) problems.push(`round ${round}: ${v.creatorlessCommunities} communities without their creator's membership`);
      problems.push(...v.countMismatches.map((m) => `round ${round}: ${m}`));
      problems.push(...v.lost.map((m) => `round ${round}: LOST ${m}`));
      problems.push(...v.broken.map((m) => `round ${round}: BROKEN ${m}`));

      summary.rounds = round;
      summary.acknowledged += stats.acknowledged;
      summary.lost += v.lost.length;
      summary.integrityFailures += v.integrityOk ? 0 : 1;
      summary.foreignKeyFailures += v.foreignKeyViolations ? 1 : 0;
      summary.countMismatches += v.countMismatches.length;
      summary.invariantFailures += v.broken.length;
      summary.serverErrors += stats.serverErrors + (exitedEarly ? 1 : 0);
      summary.refused += stats.refused;
      summary.inFlightCommitted += v.inFlightCommitted;
      summary.inFlightAbsent += v.inFlightAbsent;
      summary.problems.push(...problems);
      opts.onRound?.({
        round,
        killedAtMs,
        acknowledged: stats.acknowledged,
        lost: v.lost.length,
        inFlightCommitted: v.inFlightCommitted,
        inFlightAbsent: v.inFlightAbsent,
        ok: problems.length === 0,
        problems,
      });
    }
  } catch (error) {
    summary.problems.push(`the run stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await server?.kill('SIGTERM');
    summary.durationMs = Math.round(performance.now() - started);
    if (opts.keep || !isClean(summary)) summary.dir = dir;
    else rmSync(dir, { recursive: true, force: true });
  }
  return summary;
}
