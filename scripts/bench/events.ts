import Database from 'better-sqlite3';
import { openDatabase } from '../../db/database';
import { progress } from './generate';

/*
 * The bench member's calendar: `perCommunity` events in each of 20 communities the member belongs
 * to (joined here when they belong to fewer), spread evenly over two years around now, so half
 * are ahead. Written with raw statements (the services would take far longer at 200,000 rows).
 * Added once; later runs find it done.
 */
export const EVENT_COMMUNITIES = 20;
const HOUR = 3_600_000;

export function ensureEvents(path: string, userId: string, perCommunity: number): { communities: number; events: number } {
  // Opening through the app's helper applies any migration the cached database lacks.
  openDatabase(path).$client.close();
  const sqlite = new Database(path);
  try {
    const now = Date.now();
    let communities = sqlite.prepare('SELECT community_id FROM memberships WHERE user_id = ? ORDER BY community_id LIMIT ?').pluck().all(userId, EVENT_COMMUNITIES) as number[];
    if (communities.length < EVENT_COMMUNITIES) {
      sqlite.transaction(() => {
        const more = sqlite
          .prepare('SELECT id FROM communities WHERE id NOT IN (SELECT community_id FROM memberships WHERE user_id = ?) ORDER BY id LIMIT ?')
          .pluck()
          .all(userId, EVENT_COMMUNITIES - communities.length) as number[];
        for (const id of more) {
          sqlite.prepare("INSERT INTO memberships (community_id, user_id, role, joined_at) VALUES (?, ?, 'member', ?)").run(id, userId, now);
          sqlite.prepare('UPDATE communities SET member_count = member_count + 1 WHERE id = ?').run(id);
        }
      })();
      communities = sqlite.prepare('SELECT community_id FROM memberships WHERE user_id = ? ORDER BY community_id LIMIT ?').pluck().all(userId, EVENT_COMMUNITIES) as number[];
    }
    const have = sqlite.prepare(`SELECT count(*) FROM events WHERE community_id IN (${communities.join(',')})`).pluck().get() as number;
    const total = perCommunity * communities.length;
    if (have >= total) return { communities: communities.length, events: have };
    sqlite.prepare(`DELETE FROM events WHERE community_id IN (${communities.join(',')})`).run();
    console.log(`Adding ${perCommunity.toLocaleString('en-US')} events to each of ${communities.length} of the bench member's communities…`);
    const insert = sqlite.prepare(
      `INSERT INTO events (community_id, title, description, starts_at, ends_at, time_zone, place, capacity, visibility, created_by, created_at, updated_at)
       VALUES (?, ?, '', ?, ?, 'America/Chicago', '1200 Main St, Houston', ?, 'members', ?, ?, ?)`,
    );
    const span = 2 * 365 * 86_400_000;
    const report = progress('events', total);
    let done = 0;
    for (const [c, communityId] of communities.entries()) {
      sqlite.transaction(() => {
        for (let i = 0; i < perCommunity; i += 1) {
          // Offset per community so the communities' events interleave rather than coincide.
          const startsAt = now - span / 2 + Math.floor((i * span) / perCommunity) + c * 7 * 60_000;
          insert.run(communityId, `Meeting ${i + 1}`, startsAt, startsAt + 2 * HOUR, i % 3 === 0 ? 40 : null, userId, now, now);
        }
      })();
      done += perCommunity;
      report(done);
    }
    return { communities: communities.length, events: total };
  } finally {
    sqlite.close();
  }
}
