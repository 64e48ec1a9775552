/*
 * What a phone may record while offline and send later: what is done in the room at a meeting.
 * Attendance (by the list or by a member's code) and the cash taken there: a member's dues or
 * donation recorded by a treasurer, a circle's contribution recorded by its organiser, a savings
 * group's meeting record. Each still waits for a second officer's confirmation as it would online;
 * nothing that confirms, approves or pays goes through here, so four eyes stay four eyes.
 * Each is synchronous and answers what it wrote (never a grouped write's `after`), so it runs inside
 * the record's savepoint beside the row that remembers the record.
 */
export const SYNC_OPERATIONS: ReadonlySet<string> = new Set([
  'meetings.markAttendance',
  'meetings.checkIn',
  'finances.recordPayment',
  'njangi.recordContribution',
  'savings.recordMeeting',
]);
