import { sql } from 'drizzle-orm';
import type { DbLike } from '../../../../db/database';
import { standingCounts } from '../standing/roll';
import type { DB } from '../../../../db/database';
import type { QuorumKind } from '@shared/meetings/rules';

export type Quorum = { kind: QuorumKind; present: number; proxies: number; needed: number; met: boolean };

/**
 * Whether a meeting has its quorum: the members marked present or late, plus the live proxies held
 * by someone present whose giver is not present themselves (a member who came votes in person),
 * against the community's rule: a number of members, or a percentage of the members in good
 * standing rounded up. 'none' needs nobody and is always met.
 */
export function meetingQuorum(db: DB, p: { meetingId: number; communityId: number; now: number }): Quorum {
  const settings = db.get<{ kind: QuorumKind; value: number } | undefined>(
    sql`SELECT quorum_kind AS kind, quorum_value AS value FROM meeting_settings WHERE community_id = ${p.communityId}`,
  ) ?? { kind: 'none' as const, value: 0 };
  const { present, proxies } = presentAndProxies(db, p.meetingId);
  const needed = settings.kind === 'count' ? settings.value : settings.kind === 'percent' ? Math.ceil((settings.value * standingCounts(db, { communityId: p.communityId, now: p.now }).good) / 100) : 0;
  return { kind: settings.kind, present, proxies, needed, met: present + proxies >= needed };
}

/** Those in the room, and the proxies their holders bring (a giver who came is counted once, in person). */
export function presentAndProxies(db: DbLike, meetingId: number): { present: number; proxies: number } {
  const row = db.get<{ present: number; proxies: number }>(sql`
    SELECT
      (SELECT COUNT(*) FROM meeting_attendance WHERE meeting_id = ${meetingId} AND status IN ('present', 'late')) AS present,
      (SELECT COUNT(*) FROM meeting_proxies x
         JOIN meeting_attendance h ON h.meeting_id = x.meeting_id AND h.user_id = x.holder_id AND h.status IN ('present', 'late')
         WHERE x.meeting_id = ${meetingId} AND x.revoked_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM meeting_attendance g WHERE g.meeting_id = x.meeting_id AND g.user_id = x.grantor_id AND g.status IN ('present', 'late'))
      ) AS proxies`);
  return { present: row.present, proxies: row.proxies };
}
