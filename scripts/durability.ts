// `npm run durability -- --rounds 100`: the kill -9 check of docs/reliability.md. Starts the real
// server on a temporary database, runs concurrent writers over HTTP that keep only acknowledged
// (2xx) writes, SIGKILLs the server at a random moment, restarts it on the same file and checks
// integrity_check, foreign_key_check, member_count = membership rows, that every acknowledged
// write is there (communities, memberships, announcements, profiles, notifications, payments,
// circle contributions, RSVPs, votes, chat messages, documents and their files, meeting attendance
// sent through the offline sync and its fines), and that the
// books balance (as `npm run finances:verify`), circle receipts have no gap and chat messages are
// in the order they were sent. Exits 1 when anything acknowledged was lost or a check failed.
// Flags: --rounds N (100) --writers N (8) --kill-min MS (200) --kill-max MS (1500) --keep --quiet
import { parseArgs } from 'node:util';
import { isClean, runDurability } from './durability/run';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '100' },
    writers: { type: 'string', default: '8' },
    'kill-min': { type: 'string', default: '200' },
    'kill-max': { type: 'string', default: '1500' },
    keep: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});
const whole = (name: string, v: string, min: number) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}, got ${v}`);
    process.exit(2);
  }
  return n;
};
const rounds = whole('rounds', flags.rounds, 1);
const writers = whole('writers', flags.writers, 1);
const killMin = whole('kill-min', flags['kill-min'], 0);
const killMax = whole('kill-max', flags['kill-max'], killMin);

console.log(`Durability: ${rounds} rounds, ${writers} concurrent writers, SIGKILL ${killMin}–${killMax} ms into the writes`);
const summary = await runDurability({
  rounds,
  writers,
  killAfterMs: [killMin, killMax],
  keep: flags.keep,
  onRound: (r) => {
    if (flags.quiet && r.ok) return;
    const inFlight = `${r.inFlightCommitted} in flight committed, ${r.inFlightAbsent} not`;
    console.log(
      `  round ${String(r.round).padStart(3)}: killed at ${String(r.killedAtMs).padStart(4)} ms, ` +
        `${String(r.acknowledged).padStart(4)} acknowledged, ${inFlight}, ${r.ok ? 'ok' : 'FAILED'}`,
    );
    for (const p of r.problems.slice(0, 10)) console.log(`    ${p}`);
  },
});

const ok = isClean(summary);
console.log('');
console.log('| figure | value |');
console.log('|---|---|');
console.log(`| rounds (SIGKILL + restart) | ${summary.rounds} |`);
console.log(`| concurrent writers | ${summary.writers} |`);
console.log(`| acknowledged writes | ${summary.acknowledged} |`);
console.log(`| acknowledged writes lost | ${summary.lost} |`);
console.log(`| integrity_check failures | ${summary.integrityFailures} |`);
console.log(`| foreign_key_check failures | ${summary.foreignKeyFailures} |`);
console.log(`| member_count mismatches | ${summary.countMismatches} |`);
console.log(`| broken invariants (books, receipts, chat order, document files, ballots) | ${summary.invariantFailures} |`);
console.log(`| server errors (5xx, early exits) | ${summary.serverErrors} |`);
console.log(`| other refusals (4xx; never counted as acknowledged) | ${summary.refused} |`);
console.log(`| writes in flight at the kill: committed / not | ${summary.inFlightCommitted} / ${summary.inFlightAbsent} |`);
console.log(`| duration | ${(summary.durationMs / 1000).toFixed(1)} s |`);
const tally = (m: Map<string, number>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `  ${k}: ${n}`);
console.log('\nAcknowledged writes by path:');
for (const line of tally(summary.acks)) console.log(line);
if (summary.refusals.size) {
  console.log('Refused writes by path and status:');
  for (const line of tally(summary.refusals)) console.log(line);
}
if (summary.problems.length) {
  console.log(`\n${summary.problems.length} problem(s):`);
  for (const p of summary.problems.slice(0, 50)) console.log(`  ${p}`);
}
if (summary.dir) console.log(`\nThe database is kept in ${summary.dir}`);
console.log(ok ? '\nDurability: OK, no acknowledged write lost.' : '\nDurability: FAILED.');
process.exit(ok ? 0 : 1);
