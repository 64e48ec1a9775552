// The chat's real-time budget (issue 21, "Performance"): one instance holding N WebSocket members
// across C channels while R messages a second are sent through the API; reports the p99 delivery
// latency (send issued → frame received by each reader) and lost deliveries, then history paging
// latency in a 1,000-message channel against a big one (1,000,000 with --full).
// The server runs in a worker thread (its own event loop) over a temporary SQLite file; the
// members' sockets and the senders run here.
//   node --import tsx scripts/bench/chat.ts [--full] [--members N] [--channels N] [--rate N] [--seconds N] [--history N]
// `npm run bench` runs the quick defaults after its own report (scripts/bench.ts).
import { serve } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';
import { chatSocketServer } from '../../src/server/chat/ws';
import { openDatabase } from '../../db/database';
import { createApp } from '../../src/server/app';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/session';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';
import { createMailer } from '../../src/server/mail/mailer';
import type { ServerFrame } from '../../src/shared/chat/protocol';

const APP_URL = 'http://127.0.0.1';

export type ChatBenchOptions = { members: number; channels: number; rate: number; seconds: number; history: number };
export const QUICK: ChatBenchOptions = { members: 400, channels: 20, rate: 50, seconds: 5, history: 100_000 };
export const FULL: ChatBenchOptions = { members: 2_000, channels: 100, rate: 200, seconds: 20, history: 1_000_000 };

type WorkerIn = { dbPath: string; scratch: string };

function envFor(dbPath: string, scratch: string) {
  return loadEnv({ DATABASE_PATH: dbPath, APP_URL, LOG_LEVEL: 'silent', UPLOADS_DIR: join(scratch, 'uploads'), MAIL_OUTBOX_DIR: join(scratch, 'outbox'), NODE_ENV: 'production' });
}

/** The server side: the real app and /ws on a free port. */
function runWorker() {
  const { dbPath, scratch } = workerData as WorkerIn;
  const env = envFor(dbPath, scratch);
  const now = () => Date.now();
  const app = createApp({
    db: openDatabase(dbPath),
    env,
    log: createLogger('silent'),
    now,
    throttle: new LoginThrottle(now),
    mailer: createMailer({ from: env.MAIL_FROM, outboxDir: env.MAIL_OUTBOX_DIR, log: () => {} }),
  });
  const wss = chatSocketServer();
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: wss } }, () => {
    parentPort!.postMessage({ port: (server.address() as AddressInfo).port });
  });
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

/** Members in `channels` communities (one #general each, members / channels readers), sessions, and two history channels. */
function seed(dbPath: string, o: ChatBenchOptions) {
  const db = openDatabase(dbPath);
  const sql = db.$client;
  const now = Date.now();
  const cookies: string[] = [];
  const channelOf: number[] = [];
  const general: number[] = [];
  sql.transaction(() => {
    const user = sql.prepare("INSERT INTO users (id, first_name, last_name, email, is_email_verified, created_at, updated_at) VALUES (?, 'Bench', ?, ?, 1, ?, ?)");
    const community = sql.prepare("INSERT INTO communities (name, description, is_public, member_count, creator_id, created_at, updated_at) VALUES (?, 'Bench', 1, ?, ?, ?, ?)");
    const member = sql.prepare('INSERT INTO memberships (community_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)');
    const channel = sql.prepare("INSERT INTO conversations (kind, community_id, name, is_private, is_default, created_at) VALUES ('channel', ?, 'general', 0, 1, ?) RETURNING id");
    const per = Math.ceil(o.members / o.channels);
    for (let c = 0; c < o.channels; c += 1) {
      const first = `bench-${c}-0`;
      for (let i = 0; i < per && c * per + i < o.members; i += 1) user.run(`bench-${c}-${i}`, `C${c}M${i}`, `bench-${c}-${i}@example.org`, now, now);
      const count = Math.min(per, o.members - c * per);
      const id = Number(community.run(`Bench community ${c}`, count, first, now, now).lastInsertRowid);
      general.push((channel.get(id, now) as { id: number }).id);
      for (let i = 0; i < count; i += 1) {
        member.run(id, `bench-${c}-${i}`, i === 0 ? 'creator' : 'member', now);
        channelOf.push(c);
      }
    }
  })();
  for (let c = 0; c < o.channels; c += 1) {
    const per = Math.ceil(o.members / o.channels);
    for (let i = 0; i < per && c * per + i < o.members; i += 1) cookies.push(`${SESSION_COOKIE}=${createSession(db, `bench-${c}-${i}`, now).token}`);
  }
  // History: a reader in a community with a 1,000-message channel and a big one, written by one
  // INSERT ... SELECT over a recursive CTE each (a million rows in seconds).
  const history = sql.transaction(() => {
    sql.prepare("INSERT INTO users (id, first_name, last_name, email, is_email_verified, created_at, updated_at) VALUES ('reader', 'History', 'Reader', 'reader@example.org', 1, ?, ?)").run(now, now);
    const id = Number(sql.prepare("INSERT INTO communities (name, description, is_public, member_count, creator_id, created_at, updated_at) VALUES ('History', 'Bench', 1, 1, 'reader', ?, ?)").run(now, now).lastInsertRowid);
    sql.prepare("INSERT INTO memberships (community_id, user_id, role, joined_at) VALUES (?, 'reader', 'creator', ?)").run(id, now);
    const make = (name: string) => (sql.prepare("INSERT INTO conversations (kind, community_id, name, is_private, is_default, created_at) VALUES ('channel', ?, ?, 0, 0, ?) RETURNING id").get(id, name, now) as { id: number }).id;
    const small = make('small');
    const big = make('big');
    const fill = sql.prepare(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @count)
      INSERT INTO messages (conversation_id, author_id, body, created_at) SELECT @c, 'reader', 'History message number ' || i, @now + i FROM n`);
    // Interleaved in blocks, as real traffic is: the big channel's rows are not one contiguous id range.
    const blocks = 10;
    for (let b = 0; b < blocks; b += 1) {
      fill.run({ count: Math.floor(o.history / blocks), c: big, now });
      fill.run({ count: 1_000 / blocks, c: small, now });
    }
    return { small, big };
  })();
  const reader = `${SESSION_COOKIE}=${createSession(db, 'reader', now).token}`;
  db.$client.close();
  return { cookies, channelOf, general, history, reader };
}

export async function runChatBench(o: ChatBenchOptions) {
  const scratch = mkdtempSync(join(tmpdir(), 'harambee-chat-bench-'));
  const dbPath = join(scratch, 'chat.db');
  try {
    const seeded = performance.now();
    const s = seed(dbPath, o);
    console.log(`chat bench: seeded ${o.members} members in ${o.channels} channels, ${o.history.toLocaleString('en-US')}-message history, in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    // A worker does not inherit tsx's loader: it registers it, then loads this file.
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { dbPath, scratch } satisfies WorkerIn });
    const port = await new Promise<number>((resolve, reject) => {
      worker.once('message', (m: { port: number }) => resolve(m.port));
      worker.once('error', reject);
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      // Connect every member (a few at a time: the upgrade checks a session each).
      const sockets: WebSocket[] = [];
      const sentAt = new Map<string, number>();
      const latencies: number[] = [];
      let received = 0;
      for (let i = 0; i < s.cookies.length; i += 50) {
        await Promise.all(
          s.cookies.slice(i, i + 50).map(
            (cookie) =>
              new Promise<void>((resolve, reject) => {
                const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie, origin: APP_URL } });
                ws.on('message', (data) => {
                  const frame = JSON.parse(String(data)) as ServerFrame;
                  if (frame.type === 'hello') resolve();
                  if (frame.type !== 'message.created') return;
                  const at = sentAt.get(frame.message.clientNonce ?? '');
                  if (at === undefined) return;
                  latencies.push(performance.now() - at);
                  received += 1;
                });
                ws.once('error', reject);
                sockets.push(ws);
              }),
          ),
        );
      }
      // Warm-up (not measured): the server's first requests compile its code paths and open the client's connections.
      for (let i = 0; i < 100; i += 1) {
        const who = i % s.cookies.length;
        const r = await fetch(`${base}/api/conversations/${s.general[s.channelOf[who]!]}/messages`, {
          method: 'POST',
          headers: { cookie: s.cookies[who]!, origin: APP_URL, 'content-type': 'application/json' },
          body: JSON.stringify({ body: 'Warm-up' }),
        });
        await r.arrayBuffer();
      }
      await new Promise((r) => setTimeout(r, 500));
      console.log(`chat bench: ${sockets.length} sockets open; sending ${o.rate} messages/s for ${o.seconds} s`);

      let sent = 0;
      let failed = 0;
      let expected = 0;
      const perChannel = new Map<number, number>();
      for (const c of s.channelOf) perChannel.set(c, (perChannel.get(c) ?? 0) + 1);
      const inflight: Promise<void>[] = [];
      const tickMs = 20;
      const perTick = (o.rate * tickMs) / 1000;
      let owed = 0;
      const started = performance.now();
      let seq = 0;
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (performance.now() - started >= o.seconds * 1000) {
            clearInterval(timer);
            resolve();
            return;
          }
          owed += perTick;
          while (owed >= 1) {
            owed -= 1;
            const who = seq % s.cookies.length;
            const channel = s.channelOf[who]!;
            const nonce = `b${seq++}`;
            sentAt.set(nonce, performance.now());
            inflight.push(
              fetch(`${base}/api/conversations/${s.general[channel]}/messages`, {
                method: 'POST',
                headers: { cookie: s.cookies[who]!, origin: APP_URL, 'content-type': 'application/json' },
                body: JSON.stringify({ body: `Bench message ${nonce}`, clientNonce: nonce }),
              }).then(
                async (r) => {
                  await r.arrayBuffer();
                  if (r.status === 201) {
                    sent += 1;
                    expected += perChannel.get(channel)!;
                  } else failed += 1;
                },
                () => {
                  failed += 1;
                },
              ),
            );
          }
        }, tickMs);
      });
      await Promise.all(inflight);
      const drainUntil = performance.now() + 3_000;
      while (received < expected && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const delivery = {
        sockets: sockets.length,
        sent,
        failed,
        ratePerSecond: Math.round(sent / o.seconds),
        deliveries: received,
        lost: expected - received,
        p50: pct(latencies, 50),
        p90: pct(latencies, 90),
        p99: pct(latencies, 99),
        max: latencies[latencies.length - 1] ?? NaN,
        elapsed,
      };
      for (const ws of sockets) ws.terminate();

      // History paging: the same page (50 before a message in the middle) of each channel, alternately.
      const page = async (channel: number, before: number) => {
        const t0 = performance.now();
        const r = await fetch(`${base}/api/conversations/${channel}/messages?limit=50&before=${before}`, { headers: { cookie: s.reader } });
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`history page: ${r.status}`);
        return performance.now() - t0;
      };
      const probe = openDatabase(dbPath, { migrate: false });
      const middle = (c: number) => probe.$client.prepare('SELECT id FROM messages WHERE conversation_id = ? ORDER BY id LIMIT 1 OFFSET (SELECT count(*) / 2 FROM messages WHERE conversation_id = ?)').pluck().get(c, c) as number;
      const smallBefore = middle(s.history.small);
      const bigBefore = middle(s.history.big);
      probe.$client.close();
      const small: number[] = [];
      const big: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        await page(s.history.small, smallBefore);
        await page(s.history.big, bigBefore);
      }
      for (let i = 0; i < 300; i += 1) {
        small.push(await page(s.history.small, smallBefore));
        big.push(await page(s.history.big, bigBefore));
      }
      small.sort((a, b) => a - b);
      big.sort((a, b) => a - b);
      const paging = { small: pct(small, 50), big: pct(big, 50), smallP99: pct(small, 99), bigP99: pct(big, 99), ratio: pct(big, 50) / pct(small, 50) };
      return { options: o, delivery, paging };
    } finally {
      await worker.terminate();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function chatReport(r: Awaited<ReturnType<typeof runChatBench>>): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const d = r.delivery;
  const p = r.paging;
  return [
    `| members (sockets) | channels | sent/s | messages | deliveries | lost | p50 | p90 | p99 | max |`,
    `|---|---|---|---|---|---|---|---|---|---|`,
    `| ${d.sockets} | ${r.options.channels} | ${d.ratePerSecond} | ${d.sent} (${d.failed} failed) | ${d.deliveries} | ${d.lost} | ${ms(d.p50)} | ${ms(d.p90)} | ${ms(d.p99)} | ${ms(d.max)} |`,
    '',
    `History page (50 messages before the middle, REST, median of 300): 1,000-message channel ${ms(p.small)} (p99 ${ms(p.smallP99)}), ` +
      `${r.options.history.toLocaleString('en-US')}-message channel ${ms(p.big)} (p99 ${ms(p.bigP99)}): ratio ${p.ratio.toFixed(2)} (budget 1.5).`,
  ].join('\n');
}

export async function chatBenchCli(argv = process.argv.slice(2)) {
  const { values } = parseArgs({
    args: argv,
    options: { full: { type: 'boolean', default: false }, members: { type: 'string' }, channels: { type: 'string' }, rate: { type: 'string' }, seconds: { type: 'string' }, history: { type: 'string' } },
    strict: false,
  });
  const base = values.full ? FULL : QUICK;
  const num = (v: unknown, d: number) => (typeof v === 'string' && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : d);
  const o: ChatBenchOptions = {
    members: num(values.members, base.members),
    channels: num(values.channels, base.channels),
    rate: num(values.rate, base.rate),
    seconds: num(values.seconds, base.seconds),
    history: num(values.history, base.history),
  };
  const result = await runChatBench(o);
  const report = chatReport(result);
  console.log(`\n${report}\n`);
  const ok = result.delivery.lost === 0 && result.delivery.p99 < 100 && result.paging.ratio <= 1.5;
  console.log(ok ? 'chat bench: within budget (p99 < 100 ms, nothing lost, paging ratio ≤ 1.5)' : 'chat bench: OVER BUDGET');
  return result;
}

if (!isMainThread) runWorker();
else if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) await chatBenchCli();
