import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { FRESH_MS, keptCounts } from '../../src/server/services/needs/count-cache';

// The bell's count is served again only while the database has not changed (this connection's
// writes, another connection's commits) and for at most FRESH_MS of the clock.
const dir = mkdtempSync(join(tmpdir(), 'harambee-needs-cache-'));
const opened: DB[] = [];
afterAll(() => {
  for (const db of opened) db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});
const open = (name: string) => {
  const db = openDatabase(join(dir, name));
  opened.push(db);
  return db;
};

function counter() {
  let calls = 0;
  return { count: () => ({ count: ++calls, communities: [] }), calls: () => calls };
}

describe('the kept "Needs you" count', () => {
  const db = open('one.db');
  db.$client.exec('CREATE TABLE scratch (x INTEGER)');

  it('answers again from what it kept while nothing changed, per viewer', () => {
    const c = counter();
    expect(keptCounts(db, 'ada', 1_000, c.count).count).toBe(1);
    expect(keptCounts(db, 'ada', 2_000, c.count).count).toBe(1);
    expect(keptCounts(db, 'bea', 2_000, c.count).count).toBe(2);
    expect(c.calls()).toBe(2);
  });

  it('counts afresh after any write on this connection, even one rolled back', () => {
    const c = counter();
    keptCounts(db, 'cy', 10_000, c.count);
    db.$client.prepare('INSERT INTO scratch VALUES (1)').run();
    expect(keptCounts(db, 'cy', 10_001, c.count).count).toBe(2);
    try {
      db.$client.transaction(() => {
        db.$client.prepare('UPDATE scratch SET x = 2').run();
        throw new Error('undone');
      })();
    } catch {
      /* the write is undone; the count is asked again all the same */
    }
    expect(keptCounts(db, 'cy', 10_002, c.count).count).toBe(3);
  });

  it("counts afresh after another connection's commit (a second server on the same file)", () => {
    const c = counter();
    const other = open('one.db');
    keptCounts(db, 'dee', 20_000, c.count);
    other.$client.prepare('INSERT INTO scratch VALUES (3)').run();
    expect(keptCounts(db, 'dee', 20_001, c.count).count).toBe(2);
  });

  it('keeps an answer at most FRESH_MS, and never across a clock that went back', () => {
    const c = counter();
    keptCounts(db, 'eve', 30_000, c.count);
    expect(keptCounts(db, 'eve', 30_000 + FRESH_MS - 1, c.count).count).toBe(1);
    expect(keptCounts(db, 'eve', 30_000 + FRESH_MS, c.count).count).toBe(2);
    expect(keptCounts(db, 'eve', 29_000, c.count).count).toBe(3);
  });
});
