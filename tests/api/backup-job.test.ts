import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { backupName, copyDatabase } from '../../src/server/backup/snapshot';
import type { AppDeps } from '../../src/server/context';
import { loadEnv } from '../../src/server/env';
import { runBackupJob } from '../../src/server/jobs/backups';
import { createLogger } from '../../src/server/logger';
import { makeCommunity, makeUser } from '../factories';
import { asStaff, staffCast } from '../setup/admin';
import { agent, makeTestApp } from '../setup/app';
import { as } from '../setup/communities';

/*
 * The daily backup job (src/server/jobs/backups.ts) and the admin Overview's query on it
 * (admin.backups): due once a day from BACKUP_HOUR, claimed so two runs never both back up,
 * the newest BACKUP_KEEP kept, a failure logged, shown to staff and tried again, never thrown.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'harambee-backup-job-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const at = (iso: string) => Date.parse(iso);

/** The job's dependencies over a database file in `dir`, backups beside it (the default). */
async function fileDeps(env: Record<string, string> = {}) {
  const dbPath = join(dir, 'app.db');
  const db = openDatabase(dbPath);
  const user = await makeUser(db);
  makeCommunity(db, { creator: user, name: 'Kumasi Drummers' });
  mkdirSync(join(dir, 'uploads'));
  writeFileSync(join(dir, 'uploads', 'aaaaaaaaaaaaaaaa.webp'), 'webp');
  const lines: string[] = [];
  let now = at('2026-11-23T02:00:00Z');
  const deps: AppDeps = {
    db,
    env: loadEnv({ DATABASE_PATH: dbPath, UPLOADS_DIR: join(dir, 'uploads'), LOG_LEVEL: 'silent', BACKUP_KEEP: '3', ...env }),
    log: createLogger('debug', (l) => lines.push(l)),
    now: () => now,
    mailer: { send: async () => {} },
    throttle: new LoginThrottle(() => now),
  };
  return { deps, db, lines, set: (iso: string) => (now = at(iso)), backups: join(dir, 'backups') };
}

const folders = (path: string) => readdirSync(path).filter((f) => f.startsWith('harambee-')).sort();

describe('the daily backup job', () => {
  it('backs up once per day from BACKUP_HOUR (UTC), catching up a missed one, and keeps the newest BACKUP_KEEP', async () => {
    const { deps, db, lines, set, backups } = await fileDeps();
    expect(deps.env.BACKUP_DIR).toBe(backups);

    // 02:00 and nothing yet: yesterday's 03:00 backup is missing, so it is taken now.
    const first = await runBackupJob(deps);
    expect(first).toMatchObject({ status: 'done', name: 'harambee-2026-11-23T02-00-00Z', removed: [] });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ level: 'info', msg: 'backup written', name: 'harambee-2026-11-23T02-00-00Z', uploads: 1 });
    // Everyone's data: the server's user alone reads the folders (0700) and the files (0600), whatever the umask.
    const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
    const made = join(backups, first.status === 'done' ? first.name : '');
    expect([mode(backups), mode(made), mode(join(made, 'uploads')), mode(join(made, 'app.db')), mode(join(made, 'manifest.json'))]).toEqual(['700', '700', '700', '600', '600']);
    set('2026-11-23T02:59:59Z');
    expect(await runBackupJob(deps)).toEqual({ status: 'not-due' });
    set('2026-11-23T03:00:00Z');
    expect(await runBackupJob(deps)).toMatchObject({ status: 'done', name: 'harambee-2026-11-23T03-00-00Z' });
    set('2026-11-23T17:45:00Z');
    expect(await runBackupJob(deps)).toEqual({ status: 'not-due' });

    for (const day of ['24', '25', '26']) {
      set(`2026-11-${day}T03:15:00Z`);
      expect(await runBackupJob(deps)).toMatchObject({ status: 'done' });
      expect(await runBackupJob(deps)).toEqual({ status: 'not-due' });
    }
    expect(folders(backups)).toEqual(['harambee-2026-11-24T03-15-00Z', 'harambee-2026-11-25T03-15-00Z', 'harambee-2026-11-26T03-15-00Z']);
    // Only the current day's claim is left.
    expect(readdirSync(backups).filter((f) => f.startsWith('.claim-'))).toEqual([`.claim-${backupName(at('2026-11-26T03:00:00Z'))}`]);
    db.$client.close();
  });

  it('skips a day another run has claimed, and takes over a claim left by a run that died', async () => {
    const { deps, db, set, backups } = await fileDeps();
    set('2026-11-23T04:00:00Z');
    mkdirSync(backups);
    const claim = join(backups, `.claim-${backupName(at('2026-11-23T03:00:00Z'))}`);
    writeFileSync(claim, '{"pid":1}\n');
    expect(await runBackupJob(deps)).toEqual({ status: 'claimed' });
    expect(folders(backups)).toEqual([]);

    const sevenHoursAgo = new Date(Date.now() - 7 * 3_600_000);
    utimesSync(claim, sevenHoursAgo, sevenHoursAgo);
    expect(await runBackupJob(deps)).toMatchObject({ status: 'done', name: 'harambee-2026-11-23T04-00-00Z' });
    db.$client.close();
  });

  it('logs a failure, leaves nothing half-written, tries again at the next check, and never throws', async () => {
    const { deps, db, lines, set } = await fileDeps();
    // BACKUP_DIR is a file: the folder cannot be made.
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, 'not a folder');
    const failing = { ...deps, env: { ...deps.env, BACKUP_DIR: blocked } };
    const result = await runBackupJob(failing);
    expect(result).toMatchObject({ status: 'failed', error: expect.stringMatching(/EEXIST|ENOTDIR/) });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ level: 'error', msg: 'backup failed', dir: blocked });
    set('2026-11-23T02:15:00Z');
    expect(await runBackupJob(failing)).toMatchObject({ status: 'failed' });

    // Fixed: the next check backs up.
    rmSync(blocked);
    expect(await runBackupJob(failing)).toMatchObject({ status: 'done', name: 'harambee-2026-11-23T02-15-00Z' });
    expect(readdirSync(blocked).filter((f) => f.includes('partial'))).toEqual([]);
    db.$client.close();
  });

  it('does nothing when backups are off', async () => {
    const { deps, db } = await fileDeps({ BACKUP_DIR: 'off' });
    expect(deps.env.BACKUP_DIR).toBeNull();
    expect(await runBackupJob(deps)).toEqual({ status: 'off' });
    expect(existsSync(join(dir, 'backups'))).toBe(false);
    db.$client.close();
  });
});

describe('a single-file backup (npm run backup -- <file>)', () => {
  it('is 0600 from the moment it exists, while SQLite copies into it, not only after', async () => {
    const { db } = await fileDeps();
    // Enough pages for many steps, so the file is looked at between them.
    db.$client.exec(`CREATE TABLE filler(x); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) INSERT INTO filler SELECT randomblob(2000) FROM n;`);
    const target = join(dir, 'copy.db');
    const seen = new Set<string>();
    let copying = true;
    const look = () => {
      if (existsSync(target)) seen.add((statSync(target).mode & 0o777).toString(8));
      if (copying) setImmediate(look);
    };
    look();
    await copyDatabase(db.$client, target, { pagesPerStep: 5 });
    copying = false;
    expect(seen).toEqual(new Set(['600']));
    // A file already there is never written into (someone else may have made it, with its own mode).
    await expect(copyDatabase(db.$client, target)).rejects.toThrow(/EEXIST/);
  });
});

describe('admin.backups: the Overview’s backup status', () => {
  it('shows staff the last backup’s time and size, warns when there is none or it is over two days old, and shows a failure since', async () => {
    const backups = join(dir, 'backups');
    const t = makeTestApp({ env: { BACKUP_DIR: backups, BACKUP_KEEP: '5', BACKUP_HOUR: '2', UPLOADS_DIR: join(dir, 'status-uploads') } });
    const cast = await staffCast(t);
    const deps: AppDeps = { db: t.db, env: t.env, log: createLogger('silent'), now: t.clock.now, mailer: { send: async () => {} }, throttle: new LoginThrottle(t.clock.now) };
    const admin = await asStaff(t, cast.admin);
    const status = async () => {
      const r = await admin.query('admin.backups');
      expect(r.status, JSON.stringify(r.error)).toBe(200);
      return r.data;
    };

    expect(await status()).toEqual({ enabled: true, keep: 5, hour: 2, last: null, failure: null, stale: true });

    // The in-memory test database backs up like a file (through its own connection).
    const done = await runBackupJob(deps);
    expect(done).toMatchObject({ status: 'done', name: 'harambee-2026-03-02T10-00-00Z' });
    const fresh = await status();
    expect(fresh).toMatchObject({ enabled: true, stale: false, failure: null, last: { name: 'harambee-2026-03-02T10-00-00Z', at: '2026-03-02T10:00:00.000Z', uploads: 0 } });
    expect(fresh.last.bytes).toBeGreaterThan(50_000);
    expect(fresh.last.bytes).toBe(fresh.last.databaseBytes);

    t.clock.advance(2 * 86_400_000);
    expect((await status()).stale).toBe(false);
    t.clock.advance(1000);
    expect(await status()).toMatchObject({ stale: true, last: { name: 'harambee-2026-03-02T10-00-00Z' } });

    // A failed attempt after it is shown: here the backup's own name is taken by a file.
    writeFileSync(join(backups, 'harambee-2026-03-04T10-00-01Z'), 'in the way');
    expect(await runBackupJob(deps)).toMatchObject({ status: 'failed', error: expect.stringMatching(/already exists/) });
    expect(await status()).toMatchObject({ stale: true, last: { name: 'harambee-2026-03-02T10-00-00Z' }, failure: { at: '2026-03-04T10:00:01.000Z', message: expect.stringMatching(/already exists/) } });

    // The next success clears it.
    rmSync(join(backups, 'harambee-2026-03-04T10-00-01Z'));
    t.clock.advance(60_000);
    expect(await runBackupJob(deps)).toMatchObject({ status: 'done' });
    expect(await status()).toMatchObject({ stale: false, failure: null, last: { name: 'harambee-2026-03-04T10-01-01Z' } });
  });

  it('is refused to anyone without the admin panel, and says "off" when backups are off', async () => {
    const t = makeTestApp({ env: { BACKUP_DIR: join(dir, 'backups') } });
    const cast = await staffCast(t);
    const anonymous = await agent(t).query('admin.backups');
    expect(anonymous).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });
    const user = await (await as(t, cast.user)).query('admin.backups');
    expect(user).toMatchObject({ status: 403, error: { code: 'FORBIDDEN' } });
    expect(user.data).toBeUndefined();
    expect((await (await asStaff(t, cast.superadmin)).query('admin.backups')).data).toMatchObject({ enabled: true });

    const off = makeTestApp({ env: { BACKUP_DIR: 'off' } });
    const offCast = await staffCast(off);
    expect((await (await asStaff(off, offCast.admin)).query('admin.backups')).data).toEqual({ enabled: false, keep: 14, hour: 3, last: null, failure: null, stale: false });
  });
});
