import type { CommunityRow, UserRow } from '../../db/schema';
import { saveFinanceSettings } from '../../src/server/services/finances/books';
import { createMeeting, updateSettings, type MeetingSettings } from '../../src/server/domains/meetings/meetings';
import { makeTestApp, type TestApp } from './app';
import { association } from './association';
import { op, type Op } from './transport';

/*
 * Meetings' helpers for the API tests: every core meetings.* operation with its REST path, and a
 * community with open books (XAF) whose creator Ngozi and admin Awa are leaders, Tabe the
 * treasurer, Musa (French), Ada and Kofi plain members. Its meeting is tomorrow at 18:00 UTC
 * (called by Ngozi), with the given fines and quorum.
 */

const byCommunity = { params: { id: 'communityId' } };
const byMeeting = { params: { id: 'meetingId' } };

export const MT = {
  settings: op('GET', '/api/communities/:id/meeting-settings', 'meetings.settings', 'query', byCommunity),
  updateSettings: op('PUT', '/api/communities/:id/meeting-settings', 'meetings.updateSettings', 'mutation', byCommunity),
  list: op('GET', '/api/communities/:id/meetings', 'meetings.list', 'query', byCommunity),
  create: op('POST', '/api/communities/:id/meetings', 'meetings.create', 'mutation', { ...byCommunity, created: true }),
  get: op('GET', '/api/meetings/:id', 'meetings.get', 'query', byMeeting),
  setAgenda: op('PUT', '/api/meetings/:id/agenda', 'meetings.setAgenda', 'mutation', byMeeting),
  rota: op('GET', '/api/communities/:id/meeting-rota', 'meetings.rota', 'query', byCommunity),
  setRota: op('PUT', '/api/communities/:id/meeting-rota', 'meetings.setRota', 'mutation', byCommunity),
  setHost: op('PUT', '/api/meetings/:id/host', 'meetings.setHost', 'mutation', byMeeting),
  roster: op('GET', '/api/meetings/:id/roster', 'meetings.roster', 'query', byMeeting),
  markAttendance: op('PUT', '/api/meetings/:id/attendance/:userId', 'meetings.markAttendance', 'mutation', { params: { id: 'meetingId', userId: 'userId' } }),
  checkIn: op('POST', '/api/meetings/:id/check-in', 'meetings.checkIn', 'mutation', byMeeting),
  myCode: op('GET', '/api/communities/:id/my-meeting-code', 'meetings.myCode', 'query', byCommunity),
  fines: op('GET', '/api/communities/:id/meeting-fines', 'meetings.fines', 'query', byCommunity),
  waiveFine: op('POST', '/api/meeting-fines/:id/waive', 'meetings.waiveFine', 'mutation', { params: { id: 'fineId' } }),
  payFine: op('POST', '/api/meeting-fines/:id/payments', 'meetings.payFine', 'mutation', { params: { id: 'fineId' }, created: true }),
  recordFineCash: op('POST', '/api/meeting-fines/:id/cash', 'meetings.recordFineCash', 'mutation', { params: { id: 'fineId' }, created: true }),
} satisfies Record<string, Op>;

export const HOUR = 3_600_000;
export const DEFAULT_RULES: MeetingSettings = { quorumKind: 'none', quorumValue: 0, lateFine: 500, absenceFine: 1_000, maxProxies: 1 };

export type MeetingWorld = Awaited<ReturnType<typeof meetingWorld>>;

export async function meetingWorld(opts: { settings?: Partial<MeetingSettings> } = {}) {
  const t = makeTestApp();
  const now = t.clock.now();
  const { long, community, creator, admin, treasurer, musa, ada, kofi } = await association(t);
  saveFinanceSettings(t.db, { communityId: community.id, actorId: treasurer.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now: long });
  updateSettings(t.db, { communityId: community.id, actorId: creator.id, settings: { ...DEFAULT_RULES, ...opts.settings }, currency: 'XAF', now: long });
  const meeting = callMeeting(t, community, creator);
  return { t, now, community, creator, admin, treasurer, musa, ada, kofi, meeting };
}

/** A meeting of the community tomorrow, 18:00 to 20:00 (the test clock's time zone matters not: instants). */
export function callMeeting(t: TestApp, community: CommunityRow, by: UserRow, extra: { title?: string; hostId?: string; inHours?: number } = {}) {
  const now = t.clock.now();
  const startsAt = now + (extra.inHours ?? 24) * HOUR;
  return createMeeting(t.db, {
    community,
    actorId: by.id,
    input: { communityId: community.id, title: extra.title ?? 'Monthly meeting', startsAt, endsAt: startsAt + 2 * HOUR, timeZone: 'America/Chicago', place: 'At Ada’s', scope: 'community', generalAssembly: false, hostId: extra.hostId ?? null },
    now,
  });
}

/** The member's fines at a meeting as stored, every status. */
export const finesAt = (t: TestApp, meetingId: number) =>
  t.db.$client.prepare('SELECT id, member_id AS memberId, reason, amount, paid, status FROM meeting_fines WHERE meeting_id = ? ORDER BY id').all(meetingId) as { id: number; memberId: string; reason: string; amount: number; paid: number; status: string }[];
