import { and, eq, sql } from 'drizzle-orm';
import { meetingHostRota, meetings } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { conflict } from '../../services/errors';
import { notify } from '../../services/notify';
import { auditMeeting, IMMEDIATE, meetingDto, meetingOf, requireMemberOf, type MeetingRecord } from './meetings';

/*
 * Who hosts a meeting, and the leaders' rota the next host is proposed from. The host is told once
 * per meeting (the notice's once key), and the meeting waits on their dashboard among their notices.
 */

export const meetingLink = (id: number) => `/meetings/${id}`;

/** Tells the meeting's host; a host named again for the same meeting is not emailed twice. */
export function tellHost(tx: DbLike, m: Pick<MeetingRecord, 'id' | 'title' | 'startsAt' | 'timeZone' | 'hostId'>, now: number) {
  if (!m.hostId) return;
  notify(tx, {
    to: [m.hostId],
    key: 'meetingHost',
    params: (lang) => ({ title: m.title, when: new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short', timeZone: m.timeZone }).format(m.startsAt) }),
    link: meetingLink(m.id),
    once: `meeting-host:${m.id}:${m.hostId}`,
    now,
  });
}

export function rota(db: DbLike, communityId: number) {
  return db.all<{ userId: string; name: string; position: number }>(sql`
    SELECT r.user_id AS userId, u.first_name || ' ' || u.last_name AS name, r.position
    FROM meeting_host_rota r JOIN users u ON u.id = r.user_id WHERE r.community_id = ${communityId} ORDER BY r.position`);
}

/** Replaces the rota with the members in the order given. */
export function setRota(db: DB, p: { communityId: number; actorId: string; userIds: string[]; now: number }) {
  return db.transaction((tx) => {
    for (const id of p.userIds) requireMemberOf(tx, p.communityId, id);
    tx.delete(meetingHostRota).where(eq(meetingHostRota.communityId, p.communityId)).run();
    if (p.userIds.length) tx.insert(meetingHostRota).values(p.userIds.map((userId, position) => ({ communityId: p.communityId, userId, position }))).run();
    auditMeeting(tx, { communityId: p.communityId, actorId: p.actorId, action: 'rotaSet', subject: `community:${p.communityId}`, details: { userIds: p.userIds }, now: p.now });
    return rota(tx, p.communityId);
  }, IMMEDIATE);
}

/** Names (or clears) the host of a meeting not cancelled; the new host is told. */
export function setHost(db: DB, p: { communityId: number; meetingId: number; actorId: string; userId: string | null; now: number }) {
  return db.transaction((tx) => {
    const m = meetingOf(tx, p.communityId, p.meetingId);
    if (m.status === 'cancelled') throw conflict('errors.meetings.cancelled');
    if (p.userId) requireMemberOf(tx, p.communityId, p.userId);
    tx.update(meetings).set({ hostId: p.userId }).where(and(eq(meetings.id, m.id))).run();
    auditMeeting(tx, { communityId: p.communityId, actorId: p.actorId, action: 'hostSet', subject: `meeting:${m.id}`, details: { before: m.hostId, after: p.userId }, now: p.now });
    if (p.userId && p.userId !== m.hostId) tellHost(tx, { ...m, hostId: p.userId }, p.now);
    return meetingDto(meetingOf(tx, p.communityId, m.id));
  }, IMMEDIATE);
}
