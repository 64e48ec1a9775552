import type { DB } from '../../db/database';
import type { AttendanceStatus, QuorumKind } from '../../src/shared/meetings/rules';

/*
 * Meetings as rows, for the tests of minutes, proxies and votes: an events row of kind 'meeting'
 * with its meetings row beside it (what meetings.create makes), its agenda, the attendance and
 * the community's meeting settings, written directly so these tests stand on the schema alone.
 */

const HOUR = 3_600_000;

export function insertMeeting(db: DB, p: { communityId: number; createdBy: string; title: string; startsAt: number; endsAt?: number; id?: number; place?: string; generalAssembly?: boolean }): number {
  const sql = db.$client;
  const now = p.startsAt - 7 * 24 * HOUR;
  const event = sql
    .prepare(`INSERT INTO events (community_id, title, kind, description, starts_at, ends_at, time_zone, place, created_by, created_at, updated_at)
              VALUES (?, ?, 'meeting', '', ?, ?, 'Africa/Douala', ?, ?, ?, ?)`)
    .run(p.communityId, p.title, p.startsAt, p.endsAt ?? p.startsAt + 3 * HOUR, p.place ?? null, p.createdBy, now, now).lastInsertRowid;
  const meeting = sql
    .prepare(`INSERT INTO meetings (id, event_id, community_id, scope, general_assembly, created_by, created_at) VALUES (?, ?, ?, 'community', ?, ?, ?)`)
    .run(p.id ?? null, event, p.communityId, p.generalAssembly ? 1 : 0, p.createdBy, now).lastInsertRowid;
  return Number(meeting);
}

export function insertAgenda(db: DB, meetingId: number, items: { title: string; presenterId?: string; notes?: string }[]): number[] {
  const insert = db.$client.prepare('INSERT INTO meeting_agenda_items (meeting_id, position, title, presenter_id, notes) VALUES (?, ?, ?, ?, ?)');
  return items.map((item, i) => Number(insert.run(meetingId, i + 1, item.title, item.presenterId ?? null, item.notes ?? '').lastInsertRowid));
}

export function markAttendance(db: DB, p: { meetingId: number; userId: string; status?: AttendanceStatus; by: string; now: number }) {
  db.$client
    .prepare(`INSERT INTO meeting_attendance (meeting_id, user_id, status, via, marked_by, marked_at) VALUES (?, ?, ?, 'list', ?, ?)
              ON CONFLICT (meeting_id, user_id) DO UPDATE SET status = excluded.status`)
    .run(p.meetingId, p.userId, p.status ?? 'present', p.by, p.now);
}

export function meetingSettings(db: DB, p: { communityId: number; quorumKind?: QuorumKind; quorumValue?: number; maxProxies?: number; now: number }) {
  db.$client
    .prepare(`INSERT INTO meeting_settings (community_id, quorum_kind, quorum_value, max_proxies, updated_at) VALUES (?, ?, ?, ?, ?)
              ON CONFLICT (community_id) DO UPDATE SET quorum_kind = excluded.quorum_kind, quorum_value = excluded.quorum_value, max_proxies = excluded.max_proxies`)
    .run(p.communityId, p.quorumKind ?? 'none', p.quorumValue ?? 0, p.maxProxies ?? 1, p.now);
}
