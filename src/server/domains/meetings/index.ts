import { defineDomain } from '../domain';
import { meetings } from './operations';
import { meetingRoutes } from './rest';
import { runMinutesJob } from './minutes-archive';

const ROOM_KEPT = { kept: 'the meeting’s record (who came, who decided, what was decided) is the community’s; the account is forgotten (set null) or the row goes with it' } as const;

/** Meeting day: meetings (events of kind 'meeting'), agendas, attendance and fines, minutes, proxies and votes. */
export const meetingsDomain = defineDomain({
  name: 'meetings',
  operations: { meetings },
  rest: meetingRoutes,
  // After the polls' closing job (the polls domain comes first in the list): approves minutes whose vote closed, files their PDF.
  jobs: { minutesApproval: runMinutesJob },
  noticeKinds: {
    'meetingMinutes.notice.shared': 'events',
    'meetingMinutes.notice.approved': 'events',
    'meetingMinutes.notice.proxyGiven': 'needs',
    'meetingMinutes.notice.proxyRevoked': 'needs',
  },
  personalData: {
    meeting_settings: { export: { not: 'the community’s meeting rules' }, erase: ROOM_KEPT },
    meetings: { export: { not: 'the community’s meetings; the member’s attendance is exported under meetingAttendance' }, erase: ROOM_KEPT },
    meeting_host_rota: { export: { not: 'the leaders’ hosting rota' }, erase: 'deleted' },
    meeting_agenda_items: { export: { not: 'the meetings’ agendas' }, erase: ROOM_KEPT },
    meeting_attendance: { export: { not: 'TODO' }, erase: 'deleted' },
    meeting_fines: { export: { not: 'what was owed; the payments that settled it are exported with the member’s payments' }, erase: 'deleted' },
    meeting_minutes: { export: { not: 'the community’s minutes' }, erase: ROOM_KEPT },
    meeting_minutes_versions: { export: { not: 'the community’s minutes' }, erase: ROOM_KEPT },
    meeting_proxies: { export: { not: 'TODO' }, erase: 'deleted' },
    sync_records: { export: { not: 'the answers a phone’s offline records got, kept so a record sent twice applies once' }, erase: 'deleted' },
  },
});
