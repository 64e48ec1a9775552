import type { DB } from '../../../../db/database';
import { can, type CommunityRole } from '@shared/permissions';
import { agendaOf } from './agenda';
import { attendanceOf } from './attendance';
import { fineAt, fineDto } from './fines';
import { meetingDto, meetingOf } from './meetings';
import { meetingQuorum } from './quorum';

/**
 * A meeting as its page shows it: the meeting, its agenda, the quorum (present / needed), the
 * caller's own mark and fine, and what the caller may do. Nobody else's fine is in it: officers
 * read those on the roster and the fines list.
 */
export function meetingView(db: DB, p: { communityId: number; meetingId: number; viewerId: string; role: CommunityRole; now: number }) {
  const m = meetingOf(db, p.communityId, p.meetingId);
  const fine = fineAt(db, m.id, p.viewerId);
  return {
    meeting: meetingDto(m),
    agenda: agendaOf(db, m.id),
    quorum: meetingQuorum(db, { meetingId: m.id, communityId: p.communityId, now: p.now }),
    myAttendance: attendanceOf(db, m.id, p.viewerId),
    myFine: fine && fine.status !== 'cancelled' ? fineDto(fine) : null,
    can: { record: can(p.role, 'meetings.record'), manage: can(p.role, 'meetings.manage') },
  };
}
export type MeetingView = ReturnType<typeof meetingView>;
