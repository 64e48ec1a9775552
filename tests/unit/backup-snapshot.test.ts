import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { BackupError, backupName, checkBackupFolder, listBackups, pruneBackups, timeOfBackupName, writeBackup, type Manifest } from '../../src/server/backup/snapshot';
import { EnvError, loadEnv } from '../../src/server/env';
import { dueSince } from '../../src/server/jobs/backups';
import { makeCommunity, makeUser } from '../factories';

/*
 * The backup module (src/server/backup/snapshot.ts): names, the due time, retention, the folder
 * and its manifest, and a copy that fails PRAGMA integrity_check leaving nothing behind. The
 * job, the admin query and the copy under write load are in tests/api/backup-*.test.ts.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'harambee-backup-unit-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const at = (iso: string) => Date.parse(iso);
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('backup names and the due time', () => {
  it('names a backup by its UTC second, reads the time back, and ignores other names', () => {
    expect(backupName(at('2026-11-23T03:00:07.845Z'))).toBe('harambee-2026-11-23T03-00-07Z');
    expect(timeOfBackupName('harambee-2026-11-23T03-00-07Z')).toBe(at('2026-11-23T03:00:07Z'));
    for (const other of ['harambee-2026-11-23T03-00-07Z.partial-12', 'harambee-2026-11-23', 'notes', 'harambee-2026-13-45T03-00-07Z']) {
      expect(timeOfBackupName(other), other).toBeNull();
    }
    // Names sort as their times do.
    const times = ['2026-01-02T00:00:00Z', '2025-12-31T23:59:59Z', '2026-01-01T10:00:00Z'].map(at);
    expect(times.map(backupName).sort()).toEqual([...times].sort((a, b) => a - b).map(backupName));
  });

  it('is due from BACKUP_HOUR:00 UTC each day', () => {
    expect(dueSince(at('2026-11-23T02:59:59Z'), 3)).toBe(at('2026-11-22T03:00:00Z'));
    expect(dueSince(at('2026-11-23T03:00:00Z'), 3)).toBe(at('2026-11-23T03:00:00Z'));
    expect(dueSince(at('2026-11-23T23:10:00Z'), 3)).toBe(at('2026-11-23T03:00:00Z'));
    expect(dueSince(at('2026-11-23T00:00:00Z'), 0)).toBe(at('2026-11-23T00:00:00Z'));
    expect(dueSince(at('2026-03-01T22:00:00Z'), 23)).toBe(at('2026-02-28T23:00:00Z'));
  });
});

describe('configuration', () => {
  it('puts backups beside the database by default, none for an in-memory one, and BACKUP_DIR=off turns them off', () => {
    expect(loadEnv({ DATABASE_PATH: '/srv/harambee/app.db' })).toMatchObject({ BACKUP_DIR: '/srv/harambee/backups', BACKUP_KEEP: 14, BACKUP_HOUR: 3 });
    expect(loadEnv({}).BACKUP_DIR).toBe('data/backups');
    expect(loadEnv({ DATABASE_PATH: ':memory:' }).BACKUP_DIR).toBeNull();
    expect(loadEnv({ DATABASE_PATH: ':memory:', BACKUP_DIR: '/tmp/b' }).BACKUP_DIR).toBe('/tmp/b');
    expect(loadEnv({ BACKUP_DIR: 'off' }).BACKUP_DIR).toBeNull();
    expect(loadEnv({ BACKUP_DIR: '', BACKUP_KEEP: '', BACKUP_HOUR: '' })).toMatchObject({ BACKUP_DIR: 'data/backups', BACKUP_KEEP: 14, BACKUP_HOUR: 3 });
    expect(loadEnv({ BACKUP_KEEP: '1', BACKUP_HOUR: '23' })).toMatchObject({ BACKUP_KEEP: 1, BACKUP_HOUR: 23 });
  });

  it('refuses a wrong BACKUP_KEEP or BACKUP_HOUR with one line naming it', () => {
    for (const keep of ['0', '-3', '2.5', 'many', '1001']) {
      expect(() => loadEnv({ BACKUP_KEEP: keep })).toThrow(new EnvError('Invalid environment variable BACKUP_KEEP: must be a whole number from 1 to 1000'));
    }
    for (const hour of ['24', '-1', '3.5', 'noon']) {
      expect(() => loadEnv({ BACKUP_HOUR: hour })).toThrow(new EnvError('Invalid environment variable BACKUP_HOUR: must be an hour from 0 to 23 (UTC)'));
    }
  });
});

describe('retention', () => {
  it('keeps the newest BACKUP_KEEP backup folders and touches nothing else', async () => {
    const names = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'].map((d) => backupName(at(`${d}T03:00:00Z`)));
    for (const n of names) mkdirSync(join(dir, n));
    mkdirSync(join(dir, 'harambee-manual'));
    mkdirSync(join(dir, 'my-own-copies'));
    writeFileSync(join(dir, 'snapshot.db'), 'x');
    writeFileSync(join(dir, backupName(at('2020-01-01T00:00:00Z'))), 'a file with a backup’s name, not a backup folder');
    // What a crashed run left: an old one goes, a recent one (perhaps a run under way) stays.
    const oldPartial = `${backupName(at('2026-11-10T03:00:00Z'))}.partial-4242`;
    const newPartial = `${backupName(at('2026-11-22T03:00:00Z'))}.partial-4343`;
    mkdirSync(join(dir, oldPartial));
    mkdirSync(join(dir, newPartial));
    const now = Date.now();
    utimesSync(join(dir, oldPartial), new Date(now - 2 * 86_400_000), new Date(now - 2 * 86_400_000));

    const removed = await pruneBackups(dir, 2, now);
    expect(removed).toEqual([names[2], names[1], names[0], oldPartial]);
    expect(readdirSync(dir).sort()).toEqual(
      [names[3], names[4], newPartial, 'harambee-manual', 'my-own-copies', 'snapshot.db', backupName(at('2020-01-01T00:00:00Z'))].sort(),
    );
    expect((await listBackups(dir)).map((b) => b.name)).toEqual([names[4], names[3]]);
    expect(await pruneBackups(dir, 2, now)).toEqual([]);
    expect(await pruneBackups(join(dir, 'missing'), 2, now)).toEqual([]);
  });
});

describe('a backup folder', () => {
  it('holds the verified database, the uploads and a manifest that describes them', async () => {
    const dbPath = join(dir, 'live', 'app.db');
    const db = openDatabase(dbPath);
    const user = await makeUser(db);
    for (let i = 0; i < 12; i += 1) makeCommunity(db, { creator: user, name: `Community ${i}` });
    const uploads = join(dir, 'live', 'uploads');
    mkdirSync(join(uploads, 'nested'), { recursive: true });
    writeFileSync(join(uploads, 'aaaaaaaaaaaaaaaa.webp'), Buffer.alloc(3000, 1));
    writeFileSync(join(uploads, 'bbbbbbbbbbbbbbbb.pdf'), Buffer.alloc(500, 2));
    writeFileSync(join(uploads, 'nested', 'cccccccccccccccc.webp'), Buffer.alloc(20, 3));
    const backups = join(dir, 'backups');
    const now = at('2026-11-23T03:00:00.250Z');

    const b = await writeBackup({ source: db.$client, uploadsDir: uploads, backupDir: backups, now, pagesPerStep: 4 });
    db.$client.close();

    expect(b.name).toBe('harambee-2026-11-23T03-00-00Z');
    expect(readdirSync(backups)).toEqual([b.name]);
    expect(readdirSync(b.path).sort()).toEqual(['app.db', 'manifest.json', 'uploads']);
    const manifest = JSON.parse(readFileSync(join(b.path, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest).toEqual(b.manifest);
    expect(manifest).toMatchObject({
      format: 1,
      app: 'harambee',
      createdAt: '2026-11-23T03:00:00.250Z',
      database: { file: 'app.db', integrityCheck: 'ok', users: 1, communities: 12, sha256: sha(join(b.path, 'app.db')) },
      uploads: { files: 3, bytes: 3520 },
    });
    expect(manifest.uploads.linked + manifest.uploads.copied).toBe(3);
    expect(manifest.bytes).toBe(manifest.database.bytes + 3520);
    expect(readFileSync(join(b.path, 'uploads', 'nested', 'cccccccccccccccc.webp'))).toEqual(Buffer.alloc(20, 3));

    // One self-contained file in rollback-journal mode, sound, with the data.
    expect(existsSync(join(b.path, 'app.db-wal'))).toBe(false);
    const copy = new Database(join(b.path, 'app.db'), { readonly: true });
    try {
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('SELECT count(*) FROM communities').pluck().get()).toBe(12);
    } finally {
      copy.close();
    }
    expect(await checkBackupFolder(b.path)).toEqual([]);

    // Its check finds a changed database and missing uploads.
    await expect(writeBackup({ source: new Database(':memory:'), uploadsDir: null, backupDir: backups, now })).rejects.toThrow(/already exists/);
    rmSync(join(b.path, 'uploads', 'bbbbbbbbbbbbbbbb.pdf'));
    expect(await checkBackupFolder(b.path)).toEqual(['uploads/ holds 2 files where manifest.json lists 3']);
    const bytes = readFileSync(join(b.path, 'app.db'));
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    writeFileSync(join(b.path, 'app.db'), bytes);
    expect(await checkBackupFolder(b.path)).toEqual(['app.db does not match the SHA-256 in manifest.json (changed or damaged since the backup)']);
  });

  it('is not written when the copy fails PRAGMA integrity_check, and leaves nothing behind', async () => {
    // A database whose index no longer matches its table: a text key flipped inside the index page.
    const path = join(dir, 'damaged.db');
    const raw = new Database(path);
    raw.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL); CREATE INDEX t_v ON t (v)');
    const insert = raw.prepare('INSERT INTO t (v) VALUES (?)');
    for (let i = 0; i < 40; i += 1) insert.run(`value-${String(i).padStart(4, '0')}`);
    const root = raw.prepare(`SELECT rootpage FROM sqlite_master WHERE name = 't_v'`).pluck().get() as number;
    const pageSize = raw.pragma('page_size', { simple: true }) as number;
    raw.close();
    const file = readFileSync(path);
    const page = file.subarray((root - 1) * pageSize, root * pageSize);
    const hit = page.indexOf('value-0020');
    expect(hit).toBeGreaterThan(0);
    page.write('valuf', hit);
    writeFileSync(path, file);

    const source = new Database(path, { fileMustExist: true });
    try {
      expect(source.pragma('integrity_check', { simple: true })).not.toBe('ok');
      const backups = join(dir, 'backups');
      const attempt = writeBackup({ source, uploadsDir: null, backupDir: backups, now: at('2026-11-23T03:00:00Z') });
      await expect(attempt).rejects.toBeInstanceOf(BackupError);
      await expect(attempt).rejects.toThrow(/the copy failed PRAGMA integrity_check: /);
      expect(readdirSync(backups)).toEqual([]);
    } finally {
      source.close();
    }
  });
});
