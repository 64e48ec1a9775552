// The checks after a restart, on a second connection to the database the restarted server has
// open (nothing writes meanwhile): SQLite's own integrity and foreign-key checks, the
// member_count invariant, and every acknowledged write of every round so far (the newer
// domains' writes and invariants: verify-domains.ts).
import Database from 'better-sqlite3';
import { dirname, join } from 'node:path';
import type { Home } from './setup';
import { verifyDomains } from './verify-domains';
import { pairKey, type InFlight, type Ledger, type Writer } from './writers';

export type Verification = {
  integrityOk: boolean;
  integrity: string[];
  foreignKeyViolations: number;
  /** Communities whose member_count differs from their membership rows. */
  countMismatches: string[];
  /** Communities without their creator's membership row. */
  creatorlessCommunities: number;
  /** Acknowledged writes not found, each described. */
  lost: string[];
  /** Broken invariants of the newer domains (books, receipts, chat order, files, ballots): verify-domains.ts. */
  broken: string[];
  /** Writes in flight at the kill: found committed, or absent (both correct). */
  inFlightCommitted: number;
  inFlightAbsent: number;
};

export function verifyDatabase(dbPath: string, ledger: Ledger, writers: Writer[], pool: number[], homes: Home[]): Verification {
  const db = new Database(dbPath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    const foreignKeyViolations = (db.pragma('foreign_key_check') as unknown[]).length;
    const countMismatches = (
      db
        .prepare(
          `SELECT c.id, c.member_count AS stored, (SELECT count(*) FROM memberships m WHERE m.community_id = c.id) AS actual
           FROM communities c WHERE c.member_count <> (SELECT count(*) FROM memberships m WHERE m.community_id = c.id)`,
        )
        .all() as { id: number; stored: number; actual: number }[]
    ).map((r) => `community ${r.id}: member_count ${r.stored}, ${r.actual} membership rows`);
    const creatorlessCommunities = (
      db
        .prepare(
          `SELECT count(*) AS n FROM communities c WHERE NOT EXISTS
             (SELECT 1 FROM memberships m WHERE m.community_id = c.id AND m.user_id = c.creator_id AND m.role = 'creator')`,
        )
        .get() as { n: number }
    ).n;

    const lost: string[] = [];
    const communities = new Map(
      (db.prepare('SELECT name, creator_id AS creatorId FROM communities').all() as { name: string; creatorId: string }[]).map((r) => [
        r.name,
        r.creatorId,
      ]),
    );
    for (const [name, creatorId] of ledger.communities) {
      if (communities.get(name) !== creatorId) lost.push(`community "${name}" acknowledged but ${communities.has(name) ? 'has another creator' : 'missing'}`);
    }
    const announcements = new Map(
      (db.prepare('SELECT title, community_id AS communityId FROM announcements').all() as { title: string; communityId: number }[]).map((r) => [
        r.title,
        r.communityId,
      ]),
    );
    for (const [title, communityId] of ledger.announcements) {
      if (announcements.get(title) !== communityId) lost.push(`announcement "${title}" acknowledged but missing`);
    }
    const read = new Map(
      (db.prepare('SELECT id, user_id AS userId, read FROM notifications').all() as { id: number; userId: string; read: number }[]).map((r) => [
        r.id,
        r,
      ]),
    );
    for (const [id, userId] of ledger.readNotifications) {
      const row = read.get(id);
      if (!row || row.userId !== userId || row.read !== 1) lost.push(`notification ${id} marked read (acknowledged) but ${row ? 'unread' : 'missing'}`);
    }

    const isMember = db.prepare('SELECT 1 FROM memberships WHERE user_id = ? AND community_id = ?').pluck();
    const locationOf = db.prepare('SELECT location FROM users WHERE id = ?').pluck();
    for (const w of writers) {
      for (const communityId of pool) {
        const actual = isMember.get(w.userId, communityId) !== undefined;
        const possible = ledger.membership.get(pairKey(w.userId, communityId));
        if (possible && !possible.has(actual)) {
          lost.push(`writer ${w.index} in community ${communityId}: expected member=${[...possible].join(' or ')}, found member=${actual}`);
        }
        // From here on the database is the truth: the next round starts from what is stored.
        ledger.membership.set(pairKey(w.userId, communityId), new Set([actual]));
        w.member.set(communityId, actual);
      }
      const location = locationOf.get(w.userId) as string | null;
      const possible = ledger.location.get(w.userId);
      if (possible && !possible.has(location)) lost.push(`writer ${w.index}: profile location "${location}" is none of ${[...possible].map((v) => `"${v}"`).join(', ')}`);
      ledger.location.set(w.userId, new Set([location]));
      w.unread = [];
    }

    const domains = verifyDomains(db, { ledger: ledger.domains, money: ledger.money, meetings: ledger.meetings, writers, homes, uploadsDir: join(dirname(dbPath), 'uploads') });
    lost.push(...domains.lost);

    let inFlightCommitted = 0;
    let inFlightAbsent = 0;
    const landed = (f: InFlight): boolean => {
      switch (f.kind) {
        case 'community':
          return communities.has(f.name);
        case 'announcement':
          return announcements.has(f.title);
        case 'membership':
          return (isMember.get(writers.find((w) => w.inFlight === f)!.userId, f.communityId) !== undefined) === f.member;
        case 'profile':
          return locationOf.get(writers.find((w) => w.inFlight === f)!.userId) === f.location;
        case 'read':
          return read.get(f.id)?.read === 1;
        case 'row':
          return db.prepare(f.sql).get(...f.params) !== undefined;
      }
    };
    for (const w of writers) {
      if (!w.inFlight) continue;
      if (landed(w.inFlight)) inFlightCommitted += 1;
      else inFlightAbsent += 1;
      w.inFlight = null;
    }

    return {
      integrityOk: integrity.length === 1 && integrity[0] === 'ok',
      integrity,
      foreignKeyViolations,
      countMismatches,
      creatorlessCommunities,
      lost,
      broken: domains.broken,
      inFlightCommitted,
      inFlightAbsent,
    };
  } finally {
    db.close();
  }
}
