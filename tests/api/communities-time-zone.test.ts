import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { MIGRATIONS_DIR } from '../../src/server/paths';
import { createEvent } from '../../src/server/services/events/events';
import { createCircle } from '../../src/server/services/njangi/circles';
import { copyIntoOlderSchema } from '../setup/legacy-db';
import { makeUser } from '../factories';
import { DAY, rules } from '../setup/njangi';
import { makeTestApp } from '../setup/app';
import { as, cast } from '../setup/communities';
import { OPS, TRANSPORTS } from '../setup/transport';
import { expectError, textOf } from '../setup/errors';

/*
 * A community's own time zone: the dates of its books, receipts and exports. The app sends the
 * creator's zone when creating it (UTC if left out); its leaders change it in the settings; a zone
 * the world does not know is refused with a message to read. Members see it; outsiders of a
 * private community do not.
 */

const VALID = { name: 'Douala Drummers', description: 'Drumming every Saturday in Douala.' };

for (const T of TRANSPORTS) {
  describe(`${T.name}: a community’s time zone`, () => {
    it('is set at creation (UTC when left out), changed by its leaders, refused when unknown', async () => {
      // The cast's creator already made its communities today: the daily cap on new ones is not this test's subject.
      const t = makeTestApp({ env: { COMMUNITY_CREATE_DAILY_MAX: '0' } });
      const c = await cast(t);
      const creator = await as(t, c.users.creator);
      const made = await T.call(creator, OPS.createCommunity, { ...VALID, timeZone: 'Africa/Douala' });
      expect(made.status).toBe(T.okStatus(OPS.createCommunity));
      expect(made.data.timeZone).toBe('Africa/Douala');
      const plain = await T.call(creator, OPS.createCommunity, { ...VALID, name: 'Plain Circle' });
      expect(plain.data.timeZone).toBe('UTC');

      // The settings are a tRPC procedure (communities.update has no REST path).
      const changed = await (await as(t, c.users.admin)).mutate('communities.update', { communityId: c.pub.id, timeZone: 'Europe/Paris' });
      expect(changed.status).toBe(200);
      expect((await T.call(await as(t, c.users.member), OPS.community, { id: c.pub.id })).data.timeZone).toBe('Europe/Paris');

      const bad = await T.call(creator, OPS.createCommunity, { ...VALID, name: 'Martian Circle', timeZone: 'Mars/Olympus' });
      expect(bad.status).toBe(400);
      expect(bad.error?.issues).toEqual([{ path: ['timeZone'], message: textOf('validation.community.timeZone') }]);
      const fr = await T.call(creator, OPS.createCommunity, { ...VALID, name: 'Martian Circle', timeZone: 'Mars/Olympus' }, { 'accept-language': 'fr' });
      expectError(fr, 'BAD_REQUEST', 'validation.community.timeZone', undefined, 'fr');
      expect((await (await as(t, c.users.member)).mutate('communities.update', { communityId: c.pub.id, timeZone: 'Africa/Lagos' })).status).toBe(403);
      expect((await T.call(await as(t, c.users.outsider), OPS.community, { id: c.priv.id })).data.timeZone).toBeNull();
    });
  });
}

describe('migration 0022: communities from before it take a zone their leaders chose', () => {
  it('the latest event’s zone, else the latest savings circle’s, else UTC', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harambee-migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journalPath = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === '0022_community_time_zone'));
    writeFileSync(journalPath, JSON.stringify(journal));
    const db = openDatabase(':memory:', { migrate: false });
    migrate(db, { migrationsFolder: dir });
    rmSync(dir, { recursive: true, force: true });

    // The rows are made by today's code, then copied into the older schema (tests/setup/legacy-db.ts).
    const today = openDatabase(':memory:');
    const now = Date.parse('2026-03-02T10:00:00Z');
    const creator = await makeUser(today, { firstName: 'Cora' });
    const community = (name: string) =>
      Number(today.$client.prepare('INSERT INTO communities (name, description, creator_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(name, 'A community from before zones.', creator.id, now, now).lastInsertRowid);
    const withEvents = community('Events Circle');
    for (const timeZone of ['America/New_York', 'Africa/Lagos']) {
      createEvent(today, { community: { id: withEvents, name: 'Events Circle' }, createdBy: creator.id, input: { title: 'Meeting', description: '', startsAt: now + DAY, endsAt: now + DAY + 3_600_000, timeZone, visibility: 'members' }, now });
    }
    const withCircle = community('Savings Circle');
    createCircle(today, { communityId: withCircle, organiserId: creator.id, circle: rules({ timeZone: 'Africa/Douala' }), now });
    const plain = community('Plain Circle');
    copyIntoOlderSchema(db, today);
    today.$client.close();

    migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const zone = (id: number) => db.$client.prepare('SELECT time_zone FROM communities WHERE id = ?').pluck().get(id);
    expect([zone(withEvents), zone(withCircle), zone(plain)]).toEqual(['Africa/Lagos', 'Africa/Douala', 'UTC']);
  });
});
