import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, spawnServer, type RunningServer } from '../../scripts/durability/server';
import { createSession } from '../../src/server/auth/session';
import { openDatabase } from '../../db/database';
import { makeCommunity, makeUser } from '../factories';

let dir: string;
let dbPath: string;
let server: RunningServer | null = null;
let token: string;

/** `npm run <script> -- <file>` against our database, as an operator would run it. */
function npmRun(script: 'backup' | 'restore', file: string): Promise<{ code: number | null; out: string; startedAt: number; endedAt: number }> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script, '--', file], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_PATH: dbPath, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out, startedAt, endedAt: Date.now() }));
  });
}

async function post(path: string, body: unknown) {
  const res = await fetch(server!.url + path, {
    method: 'POST',
    headers: { cookie: `harambee_session=${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}
const createCommunity = (name: string) => post('/api/communities', { name, description: 'A community written to test backup and restore.', isPublic: true });

function names(): Set<string> {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return new Set(db.prepare('SELECT name FROM communities').pluck().all() as string[]);
  } finally {
    db.close();
  }
}
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'harambee-backup-'));
  dbPath = join(dir, 'app.db');
  const db = openDatabase(dbPath);
  db.$client.pragma('synchronous = OFF'); // seeding only: a few MB of communities so the copy is not trivially small
  const user = await makeUser(db, { firstName: 'Backup', lastName: 'Keeper' });
  token = createSession(db, user.id, Date.now()).token;
  const filler = await makeUser(db);
  for (let i = 0; i < 1500; i += 1) makeCommunity(db, { creator: filler, name: `Filler ${i}`, description: 'x'.repeat(400) });
  db.$client.close();
  server = await spawnServer({ dir, dbPath });
});
afterAll(async () => {
  await server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

describe('Backup and restore', () => {
  const backupFile = () => join(dir, 'backups', 'snapshot.db');

  it('backs up online under load, refuses to restore while the server runs, and restores the state at backup time', async () => {
    for (let i = 1; i <= 5; i += 1) expect(await createCommunity(`Before backup ${i}`)).toBe(201);

    // Four clients keep reading and writing while the backup runs.
    let stop = false;
    const writes: { name: string; sentAt: number; ackedAt: number | null; status: number }[] = [];
    const readStatuses: number[] = [];
    const clients = Array.from({ length: 4 }, async (_, c) => {
      for (let n = 1; !stop; n += 1) {
        const name = `During backup c${c} #${n}`;
        const w = { name, sentAt: Date.now(), ackedAt: null as number | null, status: 0 };
        writes.push(w);
        w.status = await createCommunity(name);
        w.ackedAt = Date.now();
        const res = await fetch(`${server!.url}/api/communities/all?limit=20`, { headers: { cookie: `harambee_session=${token}` } });
        await res.arrayBuffer();
        readStatuses.push(res.status);
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    const backup = await npmRun('backup', backupFile());
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await Promise.all(clients);

    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/Backed up .* integrity_check ok/);
    expect(writes.every((w) => w.status === 201), JSON.stringify(writes.filter((w) => w.status !== 201))).toBe(true);
    expect(readStatuses.every((s) => s === 200)).toBe(true);
    const ackedBefore = writes.filter((w) => w.ackedAt! < backup.startedAt);
    const sentAfter = writes.filter((w) => w.sentAt > backup.endedAt);
    expect(ackedBefore.length).toBeGreaterThan(0);
    expect(sentAfter.length).toBeGreaterThan(0);

    for (let i = 1; i <= 5; i += 1) expect(await createCommunity(`After backup ${i}`)).toBe(201);

    // The server holds the database open: restore refuses and changes nothing.
    const refused = await npmRun('restore', backupFile());
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/in use by another process. Is the server running\?/);
    expect(names().has('After backup 5')).toBe(true);
    expect(readdirSync(dir).filter((f) => f.startsWith('.app.db.restore-'))).toEqual([]);

    const exit = await server!.kill('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    server = null;
    const restored = await npmRun('restore', backupFile());
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/Restored .* into /);
    expect(existsSync(`${dbPath}-wal`)).toBe(false);

    server = await spawnServer({ dir, dbPath });
    // The session in the backup still works, and the API serves the restored data (newest first).
    const res = await fetch(`${server.url}/api/communities/created?limit=100`, { headers: { cookie: `harambee_session=${token}` } });
    expect(res.status).toBe(200);
    const served = ((await res.json()) as { name: string }[]).map((c) => c.name);
    expect(served[0]).toMatch(/^During backup /);
    expect(served.filter((n) => n.startsWith('After backup'))).toEqual([]);

    const now = names();
    for (let i = 1; i <= 5; i += 1) {
      expect(now.has(`Before backup ${i}`)).toBe(true);
      expect(now.has(`After backup ${i}`)).toBe(false);
    }
    for (const w of ackedBefore) expect(now.has(w.name), `${w.name} was acknowledged before the backup started`).toBe(true);
    for (const w of sentAfter) expect(now.has(w.name), `${w.name} was sent after the backup ended`).toBe(false);
    // One snapshot: for each client (one request at a time) what the backup holds is a prefix of what it wrote.
    for (let c = 0; c < 4; c += 1) {
      const mine = writes.filter((w) => w.name.startsWith(`During backup c${c} `)).map((w) => now.has(w.name));
      const firstMissing = mine.indexOf(false);
      if (firstMissing >= 0) expect(mine.slice(firstMissing).every((present) => !present)).toBe(true);
    }
    const db = new Database(dbPath, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const wrong = db
        .prepare('SELECT count(*) FROM communities c WHERE member_count <> (SELECT count(*) FROM memberships m WHERE m.community_id = c.id)')
        .pluck()
        .get();
      expect(wrong).toBe(0);
    } finally {
      db.close();
    }
  });

  it('refuses a file that is not SQLite, a truncated backup and a damaged one, leaving the database untouched', async () => {
    await server?.kill('SIGTERM');
    server = null;
    const before = sha(dbPath);

    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'These are not the pages you are looking for.\n'.repeat(200));
    const truncated = join(dir, 'truncated.db');
    writeFileSync(truncated, readFileSync(backupFile()).subarray(0, 64 * 1024));
    const damaged = join(dir, 'damaged.db');
    copyFileSync(backupFile(), damaged);
    const bytes = readFileSync(damaged);
    const pageSize = bytes.readUInt16BE(16);
    // Scribble over page 2 onwards (b-tree pages of the schema's first tables), keeping the header sane.
    bytes.fill(0xa5, pageSize, pageSize * 6);
    writeFileSync(damaged, bytes);

    for (const file of [text, truncated, damaged, join(dir, 'missing.db')]) {
      const r = await npmRun('restore', file);
      expect(r.code, `${file}: ${r.out}`).toBe(1);
      expect(r.out).toMatch(/Refused: .* is not a usable backup|No backup file at/);
    }
    expect(sha(dbPath)).toBe(before);
    expect(readdirSync(dir).filter((f) => f.startsWith('.app.db.restore-'))).toEqual([]);
  });
});
