import { defineDomain } from '../domain';
import { meetings } from './operations';
import { meetingRoutes } from './rest';

const ROOM_KEPT = { kept: 'the meeting’s record (who came, who decided, what was decided) is the community’s; the account is forgotten (set null) or the row goes with it' } as const;

/** Meeting day: meetings (events of kind 'meeting'), agendas, attendance and fines, minutes, proxies and votes. */
export const meetingsDomain = defineDomain({
  name: 'meetings',
  operations: { meetings },
  rest: meetingRoutes,
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
  },
});
