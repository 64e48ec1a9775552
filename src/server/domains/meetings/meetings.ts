import { and, eq, sql, type SQL } from 'drizzle-orm';
import { events, meetingHostRota, meetings, meetingSettings, memberships } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { CreateMeetingInput } from '@shared/schemas/meetings';
import { conflict, invalid, notFound } from '../../services/errors';
import { recordFinanceAction } from '../../services/finances/audit';
import { createEvent } from '../../services/events/events';
import { tellHost } from './host';

/*
 * A meeting is an events row of kind 'meeting' (its time, place, cancellation, RSVPs and reminders
 * are the event's) with a meetings row beside it for what happens in the room. Its scope says whose
 * meeting it is: the community's, one savings circle's or one savings group's (whose members are
 * its roster).
 */

export const MEETING_NOT_FOUND = 'errors.meetings.notFound';
export const IMMEDIATE = { behavior: 'immediate' } as const;

/** The community a meeting belongs to (for the guard), or undefined. */
export const meetingCommunity = (db: DbLike, id: number) => db.select({ communityId: meetings.communityId }).from(meetings).where(eq(meetings.id, id)).get()?.communityId;

export type MeetingRecord = {
  id: number;
  eventId: number;
  communityId: number;
  title: string;
  startsAt: number;
  endsAt: number;
  timeZone: string;
  place: string | null;
  status: 'scheduled' | 'cancelled';
  scope: 'community' | 'circle' | 'savings_group';
  circleId: number | null;
  savingsGroupId: number | null;
  generalAssembly: boolean;
  hostId: string | null;
  hostName: string | null;
  proxiesLockedAt: number | null;
};

type MeetingRow = Omit<MeetingRecord, 'generalAssembly'> & { generalAssembly: number };

/** Meetings with their event's time, place and status and their host's name, as `where` selects them. */
function meetingRows(db: DbLike, where: SQL, order: SQL = sql`m.id`, limit = 1): MeetingRecord[] {
  return db
    .all<MeetingRow>(sql`
      SELECT m.id, m.event_id AS eventId, m.community_id AS communityId, e.title, e.starts_at AS startsAt, e.ends_at AS endsAt,
        e.time_zone AS timeZone, e.place, e.status, m.scope, m.circle_id AS circleId, m.savings_group_id AS savingsGroupId,
        m.general_assembly AS generalAssembly, m.host_id AS hostId,
        CASE WHEN h.id IS NULL THEN NULL ELSE h.first_name || ' ' || h.last_name END AS hostName, m.proxies_locked_at AS proxiesLockedAt
      FROM meetings m JOIN events e ON e.id = m.event_id LEFT JOIN users h ON h.id = m.host_id AND h.deleted_at IS NULL
      WHERE ${where} ORDER BY ${order} LIMIT ${limit}`)
    .map((r) => ({ ...r, generalAssembly: Boolean(r.generalAssembly) }));
}

/** The meeting with its event's facts, whatever its community (for the guards and the minutes' services), or undefined. */
export const findMeetingRecord = (db: DbLike, id: number): MeetingRecord | undefined => meetingRows(db, sql`m.id = ${id}`)[0];

/** The meeting with its event's time, place and status, within its community (another community's id is unknown here). */
export function meetingOf(db: DbLike, communityId: number, id: number): MeetingRecord {
  const row = meetingRows(db, sql`m.id = ${id} AND m.community_id = ${communityId}`)[0];
  if (!row) throw notFound(MEETING_NOT_FOUND);
  return row;
}

/** What the screens and the API show of a meeting. */
export const meetingDto = (m: MeetingRecord) => ({
  id: m.id,
  eventId: m.eventId,
  communityId: m.communityId,
  title: m.title,
  startsAt: m.startsAt,
  endsAt: m.endsAt,
  timeZone: m.timeZone,
  place: m.place,
  status: m.status,
  scope: m.scope,
  circleId: m.circleId,
  savingsGroupId: m.savingsGroupId,
  generalAssembly: m.generalAssembly,
  host: m.hostId ? { id: m.hostId, name: m.hostName ?? '' } : null,
  proxiesLockedAt: m.proxiesLockedAt,
});
export type MeetingDto = ReturnType<typeof meetingDto>;

/** Every meeting act joins the community's finance audit chain: attendance posts fines, which are money. */
export const auditMeeting = (tx: DbLike, p: { communityId: number; actorId: string | null; action: string; subject: string; details: Record<string, unknown>; now: number }) =>
  recordFinanceAction(tx, { ...p, action: `meetings.${p.action}` });

/** Whether the person is a member of the community now. */
export const isMember = (db: DbLike, communityId: number, userId: string) =>
  Boolean(db.select({ u: memberships.userId }).from(memberships).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId))).get());

export function requireMemberOf(db: DbLike, communityId: number, userId: string) {
  if (!isMember(db, communityId, userId)) throw invalid('errors.meetings.notAMember');
}

/** The scope's circle or group must be the community's own. */
function checkScope(db: DbLike, communityId: number, input: CreateMeetingInput) {
  if (input.scope === 'circle') {
    const ok = db.get<{ n: number } | undefined>(sql`SELECT 1 AS n FROM circles WHERE id = ${input.circleId} AND community_id = ${communityId}`);
    if (!ok) throw invalid('errors.meetings.linkOther');
  }
  if (input.scope === 'savings_group') {
    const ok = db.get<{ n: number } | undefined>(sql`SELECT 1 AS n FROM savings_groups WHERE id = ${input.savingsGroupId} AND community_id = ${communityId}`);
    if (!ok) throw invalid('errors.meetings.linkOther');
  }
}

/**
 * The rota's next host: the one after the host of the community's latest meeting that had a host
 * from the rota, wrapping round; the first on the rota when none has hosted yet.
 */
export function nextHost(db: DbLike, communityId: number): string | null {
  const rota = db.select({ userId: meetingHostRota.userId }).from(meetingHostRota).where(eq(meetingHostRota.communityId, communityId)).orderBy(meetingHostRota.position).all();
  if (!rota.length) return null;
  const last = db.get<{ hostId: string } | undefined>(sql`
    SELECT m.host_id AS hostId FROM meetings m JOIN events e ON e.id = m.event_id
    WHERE m.community_id = ${communityId} AND m.host_id IN (SELECT user_id FROM meeting_host_rota WHERE community_id = ${communityId})
    ORDER BY e.starts_at DESC, m.id DESC LIMIT 1`);
  const at = last ? rota.findIndex((r) => r.userId === last.hostId) : -1;
  return rota[(at + 1) % rota.length]!.userId;
}

/**
 * Calls a meeting: the event (through the events service, so it is in the calendar, members may
 * answer and the reminders go) and the meetings row, in one transaction. Without a host named, the
 * rota proposes the next; the host is told once.
 */
export function createMeeting(db: DB, p: { community: { id: number; name: string }; actorId: string; input: CreateMeetingInput; now: number }) {
  const { input } = p;
  return db.transaction((tx) => {
    checkScope(tx, p.community.id, input);
    const hostId = input.hostId ?? nextHost(tx, p.community.id);
    if (hostId) requireMemberOf(tx, p.community.id, hostId);
    // The events service's own transaction nests here as a savepoint: the event and the meeting commit together.
    const event = createEvent(tx as unknown as DB, {
      community: p.community,
      createdBy: p.actorId,
      input: { title: input.title, description: '', startsAt: input.startsAt, endsAt: input.endsAt, timeZone: input.timeZone, place: input.place ?? null, visibility: 'members' },
      now: p.now,
    });
    tx.update(events).set({ kind: 'meeting' }).where(eq(events.id, event.id)).run();
    const row = tx
      .insert(meetings)
      .values({
        eventId: event.id,
        communityId: p.community.id,
        scope: input.scope,
        circleId: input.scope === 'circle' ? (input.circleId ?? null) : null,
        savingsGroupId: input.scope === 'savings_group' ? (input.savingsGroupId ?? null) : null,
        generalAssembly: input.generalAssembly,
        hostId,
        createdBy: p.actorId,
        createdAt: p.now,
      })
      .returning()
      .get();
    auditMeeting(tx, { communityId: p.community.id, actorId: p.actorId, action: 'created', subject: `meeting:${row.id}`, details: { eventId: event.id, hostId, scope: input.scope }, now: p.now });
    const meeting = meetingOf(tx, p.community.id, row.id);
    if (hostId) tellHost(tx, meeting, p.now);
    return meetingDto(meeting);
  }, IMMEDIATE);
}

/** The community's meetings: upcoming (soonest first) and past (latest first), 50 of each. */
export function listMeetings(db: DbLike, p: { communityId: number; now: number }) {
  const of = (cmp: SQL, order: SQL) => meetingRows(db, sql`m.community_id = ${p.communityId} AND ${cmp}`, order, 50).map(meetingDto);
  return { upcoming: of(sql`e.ends_at >= ${p.now}`, sql`e.starts_at ASC, m.id ASC`), past: of(sql`e.ends_at < ${p.now}`, sql`e.starts_at DESC, m.id DESC`) };
}

export type MeetingSettings = { quorumKind: 'none' | 'count' | 'percent'; quorumValue: number; lateFine: number; absenceFine: number; maxProxies: number };
const DEFAULTS: MeetingSettings = { quorumKind: 'none', quorumValue: 0, lateFine: 0, absenceFine: 0, maxProxies: 1 };

/** The community's meeting rules; a community that never set them has no quorum, no fines and one proxy per holder. */
export function settingsOf(db: DbLike, communityId: number): MeetingSettings {
  const row = db.select().from(meetingSettings).where(eq(meetingSettings.communityId, communityId)).get();
  if (!row) return { ...DEFAULTS };
  return { quorumKind: row.quorumKind, quorumValue: row.quorumValue, lateFine: row.lateFine, absenceFine: row.absenceFine, maxProxies: row.maxProxies };
}

/** Fines are amounts in the books' currency: a community without books can set none. */
export function updateSettings(db: DB, p: { communityId: number; actorId: string; settings: MeetingSettings; currency: string | null; now: number }) {
  if ((p.settings.lateFine > 0 || p.settings.absenceFine > 0) && !p.currency) throw conflict('errors.finances.notOpened');
  return db.transaction((tx) => {
    const before = settingsOf(tx, p.communityId);
    const values = { ...p.settings, updatedBy: p.actorId, updatedAt: p.now };
    tx.insert(meetingSettings)
      .values({ communityId: p.communityId, ...values })
      .onConflictDoUpdate({ target: meetingSettings.communityId, set: values })
      .run();
    auditMeeting(tx, { communityId: p.communityId, actorId: p.actorId, action: 'settingsChanged', subject: `community:${p.communityId}`, details: { before, after: p.settings }, now: p.now });
    return { ...p.settings, currency: p.currency };
  }, IMMEDIATE);
}
