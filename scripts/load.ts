// `npm run load`: the load test of docs/reliability.md. 100 concurrent clients for 60 s on a mix
// of reads and writes against the 100,000-community database (a copy, so the cached one stays
// clean), then sign-in throughput. Reports errors, p50/p99 and whether the server logged any SQLITE_BUSY.
// The mix covers the first round's communities, profiles and announcements and the newer domains:
// a payment declared, an event answered, a vote, a chat page read and a chat message sent (by 1,000
// members in turn: one member may send 20 messages per 10 seconds, and at 5,000 requests a second
// 300 members were too few, some went over that allowance and were answered 429), a member's levies
// and savings statement, the officers' levy roll and group ledger, a levy payment and a savings
// declaration confirmed by an officer (load/money-requests.ts). Chat's
// real-time delivery over WebSockets has its own benchmark (scripts/bench/chat.ts).
// Flags: --duration S (default 60) --connections N (default 100) --login-duration S (default 15)
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hashPassword } from '../src/server/auth/password';
import { FACTORY_PASSWORD } from '../tests/factories';
import { BENCH_EMAIL, buildDatabase, isComplete, type Scale } from './bench/generate';
import { compileServe, startServer } from './bench/measure';
import { seedDomains } from './load/domains';
import { moneyRequests } from './load/money-requests';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIG: Scale = { users: 100_000, communities: 100_000, memberships: 1_000_000 };
const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
    'login-duration': { type: 'string', default: '15' },
  },
});

const cached = join(ROOT, 'data/bench/bench.db');
if (!isComplete(cached, BIG)) {
  console.log('Building data/bench/bench.db (100,000 communities; once, a few minutes)…');
  buildDatabase(cached, BIG, await hashPassword(FACTORY_PASSWORD));
}
const scratch = mkdtempSync(join(tmpdir(), 'harambee-load-'));
const dbPath = join(scratch, 'load.db');
copyFileSync(cached, dbPath);
// The WAL may hold the last commits of the cached database: it travels with the file.
if (existsSync(`${cached}-wal`)) copyFileSync(`${cached}-wal`, `${dbPath}-wal`);

const facts = new Database(dbPath, { readonly: true });
const { id: ownId, ownerId } = facts
  .prepare(`SELECT c.id, u.id AS ownerId FROM communities c JOIN users u ON u.id = c.creator_id WHERE u.email = ? ORDER BY c.member_count DESC LIMIT 1`)
  .get(BENCH_EMAIL) as { id: number; ownerId: string };
const publicIds = (facts.prepare('SELECT id FROM communities WHERE is_public = 1 ORDER BY random() LIMIT 200').all() as { id: number }[]).map((r) => r.id);
facts.close();
const domains = seedDomains(dbPath, { communityId: ownId, ownerId, members: 1000 });
const member = (i: number) => domains.cookies[i % domains.cookies.length]!;

const server = await startServer('app', 'app', await compileServe(), dbPath, scratch);
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: FACTORY_PASSWORD }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('harambee_session='))!;
  const json = { 'content-type': 'application/json', cookie };
  let n = 0;
  const asMember = (body: (i: number) => object) => (r: autocannon.Request) => {
    const i = n++;
    return { ...r, headers: { 'content-type': 'application/json', cookie: member(i) }, body: JSON.stringify(body(i)) };
  };
  // Each connection cycles through this mix: eleven reads, eleven writes (join, profile,
  // announcement, payment, answer, vote, chat message; the chat page is a read; then the welfare
  // fund's and the savings group's four reads and four writes, load/money-requests.ts).
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/api/communities/all?limit=20' },
    { method: 'GET', path: '/api/communities/all?limit=20&search=nurs' },
    { method: 'GET', path: '/api/communities/all?limit=20&location=hous' },
    { method: 'GET', path: `/api/communities/${ownId}`, headers: { cookie } },
    { method: 'GET', path: `/api/communities/${ownId}/members?limit=20`, headers: { cookie } },
    { method: 'GET', path: `/api/communities/${ownId}/announcements?limit=20`, headers: { cookie } },
    { method: 'POST', setupRequest: (r) => ({ ...r, path: `/api/communities/${publicIds[n++ % publicIds.length]}/join`, headers: { cookie } }) },
    { method: 'PATCH', path: '/api/user/profile', headers: json, setupRequest: (r) => ({ ...r, body: JSON.stringify({ bio: `Load test ${n++}` }) }) },
    {
      method: 'POST',
      path: `/api/communities/${ownId}/announcements`,
      headers: json,
      setupRequest: (r) => ({ ...r, body: JSON.stringify({ title: `Load ${n++}`, content: 'Written by the load test.', isPublished: false }) }),
    },
    { method: 'POST', path: `/api/communities/${ownId}/finances/payments`, setupRequest: asMember((i) => ({ amount: 1000 + (i % 50) * 100, purpose: 'donation', method: 'cash', note: `Load ${i}` })) },
    { method: 'POST', path: `/api/events/${domains.event}/rsvp`, setupRequest: asMember((i) => ({ status: i % 3 === 0 ? 'maybe' : 'going' })) },
    { method: 'POST', path: `/api/polls/${domains.poll}/vote`, setupRequest: asMember(() => ({ choices: [domains.option] })) },
    { method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/conversations/${domains.general}/messages?limit=20`, headers: { cookie: member(n++) } }) },
    { method: 'POST', path: `/api/conversations/${domains.general}/messages`, setupRequest: asMember((i) => ({ body: `Load test message ${i}` })) },
    ...moneyRequests(domains, { communityId: ownId, owner: cookie, next: () => n++ }),
  ];
  const duration = Number(flags.duration);
  const connections = Number(flags.connections);
  // Other work on the machine skews every figure: its load average before the run is reported with them.
  const loadBefore = loadavg()[0]!.toFixed(1);
  console.log(`Mixed load: ${connections} connections for ${duration} s against ${server.url} …`);
  const mixed = await autocannon({ url: server.url, connections, duration, requests });
  const loginRun = await autocannon({
    url: `${server.url}/api/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: FACTORY_PASSWORD }),
    connections: 10,
    duration: Number(flags['login-duration']),
  });
  // The yardstick for comparing machines: sign-ins (one argon2id hash each) a second on this one.
  console.log(`Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadBefore} before the run; sign-ins ${loginRun.requests.average}/s`);
  const lines = [
    `| run | requests | req/s | p50 ms | p99 ms | non-2xx | errors + timeouts |`,
    `|---|---:|---:|---:|---:|---:|---:|`,
    `| mixed reads and writes, ${connections} clients, ${duration} s | ${mixed.requests.total} | ${mixed.requests.average} | ${mixed.latency.p50} | ${mixed.latency.p99} | ${mixed.non2xx} | ${mixed.errors + mixed.timeouts} |`,
    `| sign-in (argon2id), 10 clients, ${flags['login-duration']} s | ${loginRun.requests.total} | ${loginRun.requests.average} | ${loginRun.latency.p50} | ${loginRun.latency.p99} | ${loginRun.non2xx} | ${loginRun.errors + loginRun.timeouts} |`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
  // A SQLITE_BUSY would surface as a 500 (counted above); the app runs writes on one connection.
  const failed = mixed.non2xx + mixed.errors + mixed.timeouts + loginRun.non2xx + loginRun.errors;
  console.log(failed === 0 ? 'No errors, no SQLITE_BUSY.' : `FAILED: ${failed} failed requests.`);
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  server.stop();
  setTimeout(() => rmSync(scratch, { recursive: true, force: true }), 500);
}
