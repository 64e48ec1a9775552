import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type RunningServer } from '../../scripts/durability/server';
import { createSession } from '../../src/server/auth/session';
import { openDatabase } from '../../db/database';
import { makeUser } from '../factories';

let dir: string;
let dbPath: string;
let server: RunningServer;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'harambee-shutdown-'));
  dbPath = join(dir, 'app.db');
  const db = openDatabase(dbPath);
  token = createSession(db, (await makeUser(db)).id, Date.now()).token;
  db.$client.close();
  server = await spawnServer({ dir, dbPath });
});
afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; body: string; at: number };

/**
 * A request whose body is sent in two parts: the first once the server has it, the rest when
 * `finish()` is called. Until then the server holds it in flight. Keep-alive, as browsers and
 * fetch() do. `inHand` resolves when the server process has read the request's head: it asks to
 * be told (Expect: 100-continue) and Node's server answers 100 Continue as it takes the request,
 * so no test has to guess how long that takes on a busy machine.
 */
function slowRequest(path: string, contentType: string, body: Buffer, agent = new Agent({ keepAlive: true })) {
  let answer!: Promise<Answer>;
  const req = request(`${server.url}${path}`, {
    method: 'POST',
    agent,
    headers: { cookie: `harambee_session=${token}`, 'content-type': contentType, 'content-length': body.length, expect: '100-continue' },
  });
  answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: text, at: Date.now() }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  const inHand = new Promise<void>((resolve) =>
    req.once('continue', () => {
      req.write(body.subarray(0, half));
      resolve();
    }),
  );
  return { answer, agent, inHand, finish: () => req.end(body.subarray(half)) };
}

/** Resolves once the server no longer accepts connections: it has begun shutting down. */
async function refusing(port: number) {
  const deadline = Date.now() + 10_000;
  while ((await connectionRefused(port)) !== 'ECONNREFUSED') {
    if (Date.now() > deadline) throw new Error('the server still accepts connections 10 s after SIGTERM');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----harambee${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const connectionRefused = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? String(e)));
  });

describe('Graceful shutdown', () => {
  it('SIGTERM: stops accepting, finishes in-flight requests (an upload and a write), closes the database, exits 0', async () => {
    // A ~4 MB PNG of noise: sharp decodes and re-encodes it, the slowest request the app serves.
    const side = 1150;
    const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(png.length).toBeGreaterThan(3.5 * 1024 * 1024);
    const upload = multipart({ kind: 'banner' }, { name: 'noise.png', type: 'image/png', bytes: png });

    // An idle keep-alive connection (a browser tab that loaded a page): must not hold the shutdown up.
    const idleAgent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      request(`${server.url}/api/communities/all`, { agent: idleAgent }, (res) => res.resume().on('end', resolve)).on('error', reject).end(),
    );

    const uploading = slowRequest('/api/uploads', upload.contentType, upload.body);
    const name = 'Written during shutdown';
    const writing = slowRequest(
      '/api/communities',
      'application/json',
      Buffer.from(JSON.stringify({ name, description: 'Created by a request that was in flight at SIGTERM.', isPublic: true })),
    );
    await Promise.all([uploading.inHand, writing.inHand]); // both are now in the server's hands, half sent

    server.child.kill('SIGTERM');
    await refusing(server.port);
    expect(server.child.exitCode).toBeNull(); // no longer accepting, still finishing the two requests
    expect(await connectionRefused(server.port)).toBe('ECONNREFUSED');

    uploading.finish();
    writing.finish();
    const [up, wrote] = await Promise.all([uploading.answer, writing.answer]);
    expect(up.status, up.body).toBe(201);
    expect(JSON.parse(up.body).url).toMatch(/^\/uploads\/[a-z0-9]+\.webp$/);
    expect(wrote.status, wrote.body).toBe(201);

    const exit = await server.exited;
    const exitedAt = Date.now();
    expect(exit).toEqual({ code: 0, signal: null });
    // Promptly once the last response is out: kept-alive connections (the idle one too) do not
    // hold it until their 5 s keep-alive timeout. Measured from the last answer, not from the
    // signal: how long sharp takes over the upload depends on the machine. Exit code 0 also
    // says it beat the server's forced exit (10 s after the signal, code 1).
    expect(exitedAt - Math.max(up.at, wrote.at)).toBeLessThan(1500);
    for (const a of [idleAgent, uploading.agent, writing.agent]) a.destroy();

    // Closed cleanly: better-sqlite3's close checkpointed the WAL and SQLite removed it.
    expect(existsSync(`${dbPath}-wal`)).toBe(false);
    // The upload finished: its picture is stored (with its narrower copies, <name>-<width>.webp).
    expect(readdirSync(join(dir, 'uploads')).filter((f) => f.endsWith('.webp') && !/-\d+\.webp$/.test(f))).toHaveLength(1);
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare('SELECT member_count FROM communities WHERE name = ?').pluck().get(name)).toBe(1);
    } finally {
      db.close();
    }
  });

  it('a keep-alive client that goes on sending after SIGTERM gets its connection closed: exit 0 at once', async () => {
    server = await spawnServer({ dir, dbPath });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const body = Buffer.from(JSON.stringify({ name: 'Second shutdown write', description: 'In flight at SIGTERM on a kept-alive connection.' }));
    const inFlight = slowRequest('/api/communities', 'application/json', body, agent);
    await inFlight.inHand;
    server.child.kill('SIGTERM');
    await refusing(server.port);
    inFlight.finish();
    const answered = await inFlight.answer;
    expect(answered.status).toBe(201);

    // The same client keeps going on its kept-alive connection, as a browser tab would.
    const outcomes: { status: number | string; connection?: string }[] = [];
    for (let i = 0; i < 50; i += 1) {
      const outcome = await new Promise<{ status: number | string; connection?: string }>((resolve) => {
        request(`${server.url}/api/communities/all?limit=5`, { agent }, (res) =>
          res.resume().on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection })),
        )
          .on('error', (e: NodeJS.ErrnoException) => resolve({ status: e.code ?? 'error' }))
          .end();
      });
      outcomes.push(outcome);
      if (outcome.status === 'ECONNREFUSED') break;
    }
    const exit = await server.exited;
    agent.destroy();

    expect(exit).toEqual({ code: 0, signal: null });
    // At once: not held by the kept-alive connection until its 5 s timeout (counted from the last
    // answer of the in-flight request, so a slow machine's slower write does not count).
    expect(Date.now() - answered.at).toBeLessThan(2000);
    // At most one more answer on the old connection, and it says the connection closes; then the port refuses.
    const served = outcomes.filter((o) => typeof o.status === 'number');
    expect(served.length, JSON.stringify(outcomes)).toBeLessThanOrEqual(1);
    for (const o of served) expect(o).toEqual({ status: 200, connection: 'close' });
    expect(outcomes.at(-1)!.status, JSON.stringify(outcomes)).toBe('ECONNREFUSED');
    expect(existsSync(`${dbPath}-wal`)).toBe(false);
  });
});
