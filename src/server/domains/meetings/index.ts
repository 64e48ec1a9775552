import { asc, eq } from 'drizzle-orm';
import { meetingAttendance, meetingFines, meetingProxies } from '../../../../db/schema';
import { defineDomain } from '../domain';
import { meetings } from './operations';
import { meetingRoutes } from './rest';
import { runMinutesJob } from './minutes-archive';
import { MEETING_NEEDS } from './need-sources';

const ROOM_KEPT = { kept: 'the meeting’s record (who came, who decided, what was decided) is the community’s; the account is forgotten (set null) or the row goes with it' } as const;

/** Meeting day: meetings (events of kind 'meeting'), agendas, attendance and fines, minutes, proxies and votes. */
export const meetingsDomain = defineDomain({
  name: 'meetings',
  operations: { meetings },
  rest: meetingRoutes,
  // After the polls' closing job (the polls domain comes first in the list): approves minutes whose vote closed, files their PDF.
  jobs: { minutesApproval: runMinutesJob },
  // A meeting to host waits on its host until it ends; an owed fine on its member until they declare paying it (need-sources.ts).
  needs: MEETING_NEEDS,
  // A fine is money news; being named host, or given a proxy, is work waiting on the member.
  noticeKinds: {
    'notifications.meetingHost': 'needs',
    'notifications.meetingFineLate': 'money',
    'notifications.meetingFineAbsent': 'money',
    'notifications.meetingFineWaived': 'money',
    'meetingMinutes.notice.shared': 'events',
    'meetingMinutes.notice.approved': 'events',
    'meetingMinutes.notice.proxyGiven': 'needs',
    'meetingMinutes.notice.proxyRevoked': 'needs',
  },
  exportData: (db, user) => ({
    meetingAttendance: db.select().from(meetingAttendance).where(eq(meetingAttendance.userId, user.id)).orderBy(asc(meetingAttendance.meetingId)).all(),
    // The proxies the member gave and those they held.
    meetingProxiesGiven: db.select().from(meetingProxies).where(eq(meetingProxies.grantorId, user.id)).orderBy(asc(meetingProxies.id)).all(),
    meetingProxiesHeld: db.select().from(meetingProxies).where(eq(meetingProxies.holderId, user.id)).orderBy(asc(meetingProxies.id)).all(),
    meetingFines: db.select().from(meetingFines).where(eq(meetingFines.memberId, user.id)).orderBy(asc(meetingFines.id)).all(),
  }),
  personalData: {
    meeting_settings: { export: { not: 'the community’s meeting rules' }, erase: ROOM_KEPT },
    meetings: { export: { not: 'the community’s meetings; the member’s attendance is exported under meetingAttendance' }, erase: ROOM_KEPT },
    meeting_host_rota: { export: { not: 'the leaders’ hosting rota' }, erase: 'deleted' },
    meeting_agenda_items: { export: { not: 'the meetings’ agendas' }, erase: ROOM_KEPT },
    meeting_attendance: { export: { key: 'meetingAttendance' }, erase: 'deleted' },
    meeting_fines: { export: { key: 'meetingFines' }, erase: 'deleted' },
    meeting_minutes: { export: { not: 'the community’s minutes' }, erase: ROOM_KEPT },
    meeting_minutes_versions: { export: { not: 'the community’s minutes' }, erase: ROOM_KEPT },
    meeting_proxies: { export: { key: 'meetingProxiesGiven' }, erase: 'deleted' },
  },
});
