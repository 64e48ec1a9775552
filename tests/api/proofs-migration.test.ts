import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { MIGRATIONS_DIR } from '../../src/server/paths';
import { movePendingPrivateFiles } from '../../src/server/uploads/private-moves';
import { addMember, makeCommunity, makeUser } from '../factories';
import { copyIntoOlderSchema, migrationsBefore, tempDirs } from '../setup/legacy-db';
import { seedBooks } from '../setup/finances';
import { buildCircle } from '../setup/njangi';
import type { TestApp } from '../setup/app';
import { recordContribution } from '../../src/server/services/njangi/contributions';
import { recordPayout } from '../../src/server/services/njangi/payouts';

/*
 * Migration 0021 makes the proofs private: a database and an uploads folder as they were before
 * it (proofs named /uploads/<name>, their files in the public folder) come out with every row
 * naming /api/proofs/<name> and every file in UPLOADS_DIR/private, once the server's start step
 * has run; running it again changes nothing, and a run cut short is finished by the next.
 */

const temp = tempDirs();

const log = () => {
  const lines: string[] = [];
  return { lines, info: (m: string) => void lines.push(m), error: (m: string, f?: Record<string, unknown>) => void lines.push(`${m} ${JSON.stringify(f)}`) };
};

async function legacyInstallation() {
  const uploadsDir = temp('harambee-legacy-uploads-');
  const db = openDatabase(join(temp('harambee-legacy-db-'), 'app.db'), { migrate: false });
  migrate(db, { migrationsFolder: migrationsBefore('0021_private_proofs', temp) });
  // The rows are made by today's code, then copied into the older schema (tests/setup/legacy-db.ts).
  const today = openDatabase(':memory:');
  const now = Date.parse('2026-03-02T10:00:00Z');
  const t = { db: today, clock: { now: () => now } } as unknown as TestApp;
  const [officer, approver, member] = [await makeUser(today, { firstName: 'Tabe' }), await makeUser(today, { firstName: 'Awa' }), await makeUser(today, { firstName: 'Musa' })];
  const community = makeCommunity(today, { creator: approver, name: 'Legacy Association' });
  addMember(today, { communityId: community.id, user: officer, role: 'treasurer' });
  addMember(today, { communityId: community.id, user: member });
  const books = seedBooks(t, { community, officer, approver, member });
  const circle = buildCircle(t, { community, organiser: approver, members: [member], order: [member.id, approver.id] });
  const contributions = circle.handRows.map((h) => recordContribution(today, { circleId: circle.id, roundId: circle.rounds[0]!, handId: h.id, organiserId: approver.id, details: { method: 'cash' }, now }).id);
  const payout = recordPayout(today, { roundId: circle.rounds[0]!, organiserId: approver.id, details: { method: 'cash' }, now }).id;
  copyIntoOlderSchema(db, today);
  today.$client.close();

  // The old layout: proofs in the public folder, rows naming /uploads/<name>; an avatar stays public.
  const names = { payment: 'aaaaaaaaaaaaaaaaaaaa.webp', receipt1: 'bbbbbbbbbbbbbbbbbbbb.pdf', receipt2: 'cccccccccccccccccccc.webp', contribution: 'dddddddddddddddddddd.pdf', payout: 'eeeeeeeeeeeeeeeeeeee.webp', unused: 'ffffffffffffffffffff.pdf', avatar: 'gggggggggggggggggggg.webp' };
  for (const [key, name] of Object.entries(names)) writeFileSync(join(uploadsDir, name), `bytes of ${key}`);
  const sql = db.$client;
  sql.prepare('UPDATE payments SET proof_url = ? WHERE id = ?').run(`/uploads/${names.payment}`, books.payment);
  sql.prepare('UPDATE expenses SET receipts = ? WHERE id = ?').run(JSON.stringify([`/uploads/${names.receipt1}`, `/uploads/${names.receipt2}`]), books.pendingExpense);
  sql.prepare('UPDATE circle_contributions SET proof_url = ? WHERE id = ?').run(`/uploads/${names.contribution}`, contributions[0]);
  sql.prepare('UPDATE circle_payouts SET proof_url = ? WHERE id = ?').run(`/uploads/${names.payout}`, payout);
  // An upload of kind proof that nothing used yet (the registry has it; the sweep would remove it later).
  sql.prepare("INSERT INTO uploads (name, owner_id, purpose, content_type, bytes, created_at) VALUES (?, ?, 'proof', 'application/pdf', 10, ?)").run(names.unused, member.id, now);
  sql.prepare("INSERT INTO uploads (name, owner_id, purpose, content_type, bytes, created_at) VALUES (?, ?, 'avatar', 'image/webp', 10, ?)").run(names.avatar, member.id, now);
  return { db, uploadsDir, names, books, contributions, payout };
}

const upgrade = (db: DB) => migrate(db, { migrationsFolder: MIGRATIONS_DIR });

describe('migration 0021 and the start step: proofs leave the public folder', () => {
  it('rewrites every row to /api/proofs/<name>, moves every proof file into private/, leaves photos public', async () => {
    const l = await legacyInstallation();
    upgrade(l.db);
    const sql = l.db.$client;
    expect(sql.prepare('SELECT proof_url FROM payments WHERE id = ?').pluck().get(l.books.payment)).toBe(`/api/proofs/${l.names.payment}`);
    expect(JSON.parse(sql.prepare('SELECT receipts FROM expenses WHERE id = ?').pluck().get(l.books.pendingExpense) as string)).toEqual([`/api/proofs/${l.names.receipt1}`, `/api/proofs/${l.names.receipt2}`]);
    expect(sql.prepare('SELECT proof_url FROM circle_contributions WHERE id = ?').pluck().get(l.contributions[0])).toBe(`/api/proofs/${l.names.contribution}`);
    expect(sql.prepare('SELECT proof_url FROM circle_payouts WHERE id = ?').pluck().get(l.payout)).toBe(`/api/proofs/${l.names.payout}`);
    expect((sql.prepare('SELECT name FROM pending_file_moves ORDER BY name').pluck().all() as string[]).length).toBe(6);

    const first = await movePendingPrivateFiles({ db: l.db, env: { UPLOADS_DIR: l.uploadsDir }, log: log() });
    expect(first).toEqual({ moved: 6, missing: 0 });
    for (const [key, name] of Object.entries(l.names)) {
      if (key === 'avatar') continue;
      expect(existsSync(join(l.uploadsDir, name)), `${key} still public`).toBe(false);
      expect(readFileSync(join(l.uploadsDir, 'private', name), 'utf8')).toBe(`bytes of ${key}`);
    }
    expect(existsSync(join(l.uploadsDir, l.names.avatar))).toBe(true);
    expect(sql.prepare('SELECT count(*) FROM pending_file_moves').pluck().get()).toBe(0);

    // Idempotent: a second start has nothing to do.
    expect(await movePendingPrivateFiles({ db: l.db, env: { UPLOADS_DIR: l.uploadsDir }, log: log() })).toEqual({ moved: 0, missing: 0 });
  });

  it('finishes what a start cut short: a file already moved, one left behind twice, one lost before', async () => {
    const l = await legacyInstallation();
    upgrade(l.db);
    // As if the previous start had moved the payment's proof and died before deleting its row,
    // and as if a cross-disk copy had left the receipt in both places.
    mkdirSync(join(l.uploadsDir, 'private'), { recursive: true });
    cpSync(join(l.uploadsDir, l.names.payment), join(l.uploadsDir, 'private', l.names.payment));
    rmSync(join(l.uploadsDir, l.names.payment));
    cpSync(join(l.uploadsDir, l.names.receipt1), join(l.uploadsDir, 'private', l.names.receipt1));
    rmSync(join(l.uploadsDir, l.names.payout));
    const out = log();
    expect(await movePendingPrivateFiles({ db: l.db, env: { UPLOADS_DIR: l.uploadsDir }, log: out })).toEqual({ moved: 3, missing: 1 });
    expect(out.lines.some((line) => line.includes(l.names.payout))).toBe(true);
    expect(existsSync(join(l.uploadsDir, l.names.receipt1))).toBe(false);
    expect(readFileSync(join(l.uploadsDir, 'private', l.names.receipt1), 'utf8')).toBe('bytes of receipt1');
    expect(readFileSync(join(l.uploadsDir, 'private', l.names.payment), 'utf8')).toBe('bytes of payment');
    expect(l.db.$client.prepare('SELECT count(*) FROM pending_file_moves').pluck().get()).toBe(0);
  });
});
