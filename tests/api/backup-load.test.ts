import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import type { AppDeps } from '../../src/server/context';
import { loadEnv } from '../../src/server/env';
import { runBackupJob } from '../../src/server/jobs/backups';
import { createLogger } from '../../src/server/logger';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { listAccounts, saveFinanceSettings } from '../../src/server/services/finances/books';
import { verifyBalances } from '../../src/server/services/finances/ledger';
import { confirmPayment, recordCashPayment } from '../../src/server/services/finances/payments';
import { addMember, makeCommunity, makeUser } from '../factories';

/*
 * "A backup taken under write load restores consistent." The daily job backs up a database of a
 * few MB in small steps (8 pages, so it spans many turns of the event loop) while two writers
 * keep going:
 * - in the process, through the server's own connection: cash payments recorded through the
 *   finance services (payment, ledger entry, account balance, monthly totals and a hash-chained
 *   audit record in one transaction), amounts 1, 2, 3… in order;
 * - in a child process, on a second connection: communities c-1, c-2… created through the
 *   community service (community, creator's membership, member_count); each of its commits makes
 *   SQLite restart a stepped copy, which then finishes in one step.
 * The backup folder is then put back with `npm run restore` (scripts/restore.ts) as a new
 * database and uploads folder, and checked: integrity, foreign keys, the books verify
 * (npm run finances:verify's checks), member counts match, and each writer's rows are a prefix
 * of what it wrote that holds everything acknowledged before the backup began: one snapshot.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'harambee-backup-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(cmd: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...cmd], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'error', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const WRITER = `
import { openDatabase } from ${JSON.stringify(join(ROOT, 'db/database.ts'))};
import { makeCommunity } from ${JSON.stringify(join(ROOT, 'tests/factories.ts'))};
const db = openDatabase(process.argv[2], { migrate: false });
const creator = { id: process.argv[3] };
let stop = false;
process.on('SIGTERM', () => { stop = true; });
let n = 0;
console.log('ready');
while (!stop) {
  n += 1;
  try {
    makeCommunity(db, { creator, name: 'c-' + n, description: 'Written by a second process while the backup runs.', now: Date.now() });
  } catch (error) {
    // Two writing processes: a transaction that read before the other's commit must start over.
    if (error.code !== 'SQLITE_BUSY' && error.code !== 'SQLITE_BUSY_SNAPSHOT') throw error;
    n -= 1;
  }
  await new Promise((r) => setTimeout(r, 2));
}
db.$client.close();
console.log('wrote ' + n);
`;

describe('a backup taken under write load', () => {
  it('restores consistent: sound, the books verify, and one moment of each writer’s work', { timeout: 120_000 }, async () => {
    const dbPath = join(dir, 'live', 'app.db');
    const uploads = join(dir, 'live', 'uploads');
    const db = openDatabase(dbPath);
    db.$client.pragma('synchronous = OFF'); // seeding only
    const officer = await makeUser(db, { firstName: 'Tre', lastName: 'Surer' });
    const community = makeCommunity(db, { creator: officer, name: 'Accra Savings Group' });
    // Cash one officer records waits for another to confirm it (four eyes) before it reaches the books.
    const second = await makeUser(db, { firstName: 'Sec', lastName: 'Ond' });
    addMember(db, { communityId: community.id, user: second, role: 'treasurer' });
    saveFinanceSettings(db, { communityId: community.id, actorId: officer.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now: Date.now() });
    const accountId = listAccounts(db, community.id)[0]!.id;
    const filler = await makeUser(db);
    for (let i = 0; i < 1500; i += 1) makeCommunity(db, { creator: filler, name: `Filler ${i}`, description: 'x'.repeat(400) });
    db.$client.pragma('synchronous = FULL');
    mkdirSync(uploads, { recursive: true });
    for (let i = 0; i < 5; i += 1) writeFileSync(join(uploads, `${String(i).repeat(16)}.webp`), Buffer.alloc(1000 + i, i));

    const deps: AppDeps = {
      db,
      env: loadEnv({ DATABASE_PATH: dbPath, UPLOADS_DIR: uploads, LOG_LEVEL: 'silent' }),
      log: createLogger('silent'),
      now: () => Date.now(),
      mailer: { send: async () => {} },
      throttle: new LoginThrottle(() => Date.now()),
    };
    const live = (sql: string) => db.$client.prepare(sql).pluck().get() as number;

    // The second process starts writing.
    writeFileSync(join(dir, 'writer.mts'), WRITER);
    const child = spawn(process.execPath, ['--import', 'tsx', join(dir, 'writer.mts'), dbPath, filler.id], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let childOut = '';
    child.stdout.on('data', (d) => (childOut += d));
    child.stderr.on('data', (d) => (childOut += d));
    const childExit = new Promise<number | null>((r) => child.on('exit', r));
    const deadline = Date.now() + 30_000;
    while (!childOut.includes('ready') || live(`SELECT count(*) FROM communities WHERE name LIKE 'c-%'`) < 5) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the writer did not start: ${childOut}`);
      await new Promise((r) => setTimeout(r, 20));
    }

    // This process writes through the server's connection, one payment per turn of the event loop.
    let paid = 0;
    let busy = 0;
    let stop = false;
    const payments = (async () => {
      while (!stop) {
        try {
          const recorded = recordCashPayment(db, {
            communityId: community.id,
            memberId: officer.id,
            details: { amount: paid + 1, purpose: 'dues', method: 'cash' },
            accountId,
            actorId: officer.id,
            now: Date.now(),
          });
          // Confirmed in the same turn of the event loop, so no backup step falls between the two.
          for (;;) {
            try {
              confirmPayment(db, { communityId: community.id, paymentId: recorded.id, accountId, actorId: second.id, now: Date.now() });
              break;
            } catch (error) {
              if (!String((error as { code?: string }).code).startsWith('SQLITE_BUSY')) throw error;
              busy += 1;
            }
          }
          paid += 1;
        } catch (error) {
          // The other process committed between this transaction's read and its write (only
          // possible with two writing processes; the server alone never sees it): try again.
          if (!String((error as { code?: string }).code).startsWith('SQLITE_BUSY')) throw error;
          busy += 1;
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    await new Promise((r) => setTimeout(r, 50));

    // The copy takes a few hundred ms; on a loaded machine the other process can go that long
    // without a turn, and then the copy proves nothing about it. Such a copy is taken again (as
    // the next day's backup), at most five times.
    const children = () => live(`SELECT count(*) FROM communities WHERE name LIKE 'c-%'`);
    let paidBefore = 0;
    let paidAfter = 0;
    let childBefore = 0;
    let childAfter = 0;
    let backup: Awaited<ReturnType<typeof runBackupJob>> = { status: 'off' };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      paidBefore = paid;
      childBefore = children();
      backup = await runBackupJob(deps, { pagesPerStep: 8, now: Date.now() + attempt * 86_400_000 });
      paidAfter = paid;
      childAfter = children();
      if (backup.status !== 'done' || (childAfter > childBefore && paidAfter - paidBefore > 20)) break;
    }
    await new Promise((r) => setTimeout(r, 50));
    stop = true;
    await payments;
    child.kill('SIGTERM');
    expect(await childExit, childOut).toBe(0);

    expect(backup, JSON.stringify(backup)).toMatchObject({ status: 'done' });
    if (backup.status !== 'done') return;
    console.log(
      `[backup under load] ${backup.bytes} bytes in ${backup.durationMs} ms; while it ran: ${paidAfter - paidBefore} payments in this process ` +
        `(${busy} retried), ${childAfter - childBefore} communities from the other process`,
    );
    // The load really ran during the copy, on both connections.
    expect(paidAfter - paidBefore, 'payments recorded while the backup ran').toBeGreaterThan(20);
    expect(childAfter - childBefore, 'communities written by the other process while the backup ran').toBeGreaterThan(0);
    // And the live database moved on after it.
    expect(paid).toBeGreaterThan(paidAfter);
    db.$client.close();

    // Put back as a new database and uploads folder, as an operator would.
    const folder = join(dir, 'live', 'backups', backup.name);
    const restoredDb = join(dir, 'restored', 'app.db');
    const restoredUploads = join(dir, 'restored', 'uploads');
    const restore = await run(['scripts/restore.ts', folder], { DATABASE_PATH: restoredDb, UPLOADS_DIR: restoredUploads });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(/Uploads: 5 copied into /);
    expect(readdirSync(restoredUploads).sort()).toEqual(readdirSync(uploads).sort());
    for (const f of readdirSync(uploads)) expect(readFileSync(join(restoredUploads, f))).toEqual(readFileSync(join(uploads, f)));

    const raw = new Database(restoredDb, { readonly: true });
    try {
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(raw.pragma('foreign_key_check')).toEqual([]);
      expect(raw.prepare('SELECT count(*) FROM communities c WHERE member_count <> (SELECT count(*) FROM memberships m WHERE m.community_id = c.id)').pluck().get()).toBe(0);
      expect(raw.prepare(`SELECT count(*) FROM communities c WHERE NOT EXISTS (SELECT 1 FROM memberships m WHERE m.community_id = c.id AND m.role = 'creator')`).pluck().get()).toBe(0);

      // One snapshot: each writer's rows are 1..k, every write acknowledged before the backup
      // began is there, none from after it ended.
      const amounts = raw.prepare('SELECT amount FROM payments WHERE community_id = ? ORDER BY amount').pluck().all(community.id) as number[];
      expect(amounts).toEqual(Array.from({ length: amounts.length }, (_, i) => i + 1));
      expect(amounts.length).toBeGreaterThanOrEqual(paidBefore);
      expect(amounts.length).toBeLessThanOrEqual(paidAfter);
      const entries = raw.prepare('SELECT count(*) FROM ledger_entries WHERE community_id = ?').pluck().get(community.id) as number;
      expect(entries).toBe(amounts.length);
      const balance = raw.prepare('SELECT balance FROM finance_accounts WHERE id = ?').pluck().get(accountId) as number;
      expect(balance).toBe((amounts.length * (amounts.length + 1)) / 2);

      const written = (raw.prepare(`SELECT name FROM communities WHERE name LIKE 'c-%'`).pluck().all() as string[]).map((n) => Number(n.slice(2))).sort((a, b) => a - b);
      expect(written).toEqual(Array.from({ length: written.length }, (_, i) => i + 1));
      expect(written.length).toBeGreaterThanOrEqual(childBefore);
      expect(written.length).toBeLessThanOrEqual(childAfter);
    } finally {
      raw.close();
    }

    // npm run finances:verify's checks: every balance and monthly total, and the audit hash chain.
    const restored = openDatabase(restoredDb, { migrate: false });
    try {
      expect(verifyBalances(restored)).toEqual({ accounts: [], months: [] });
      expect(verifyAuditChain(restored)).toBeNull();
    } finally {
      restored.$client.close();
    }
  });

  it('refuses a backup folder whose database no longer matches its manifest, changing nothing', { timeout: 60_000 }, async () => {
    const folder = readdirSync(join(dir, 'live', 'backups')).find((f) => f.startsWith('harambee-'))!;
    const copy = join(dir, 'tampered');
    mkdirSync(copy);
    for (const f of ['manifest.json', 'app.db']) writeFileSync(join(copy, f), readFileSync(join(dir, 'live', 'backups', folder, f)));
    mkdirSync(join(copy, 'uploads'));
    for (const f of readdirSync(join(dir, 'live', 'uploads'))) writeFileSync(join(copy, 'uploads', f), readFileSync(join(dir, 'live', 'uploads', f)));
    const bytes = readFileSync(join(copy, 'app.db'));
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 100) ^ 0x01, bytes.length - 100);
    writeFileSync(join(copy, 'app.db'), bytes);

    const target = join(dir, 'untouched', 'app.db');
    const r = await run(['scripts/restore.ts', copy], { DATABASE_PATH: target, UPLOADS_DIR: join(dir, 'untouched', 'uploads') });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/Refused: .* is not a usable backup: app.db does not match the SHA-256 in manifest.json/);
    expect(readdirSync(join(dir, 'untouched'))).toEqual([]);
  });
});
