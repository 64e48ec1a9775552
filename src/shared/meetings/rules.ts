/*
 * The rules of meeting day, shared by the database schema, the input schemas, the server and the
 * screens. A meeting is an event of kind 'meeting' (events.kind) with a meetings row beside it.
 */

/** Whose meeting it is: the community's, one savings circle's, or one savings-and-loans group's. */
export const MEETING_SCOPES = ['community', 'circle', 'savings_group'] as const;
export type MeetingScope = (typeof MEETING_SCOPES)[number];

/** What the secretary marks for each member. Present and late count towards the quorum. */
export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** How the attendance was taken: from the list, by scanning the member's code, or sent later from a phone that was offline. */
export const ATTENDANCE_VIA = ['list', 'code', 'sync'] as const;

/** 'none': no quorum; 'count': at least N members; 'percent': at least N% of the members in good standing (rounded up). */
export const QUORUM_KINDS = ['none', 'count', 'percent'] as const;
export type QuorumKind = (typeof QUORUM_KINDS)[number];

export const FINE_REASONS = ['late', 'absent'] as const;
export type FineReason = (typeof FINE_REASONS)[number];
/** 'owed' (paid may still be partial), 'waived' by a leader with a reason, 'cancelled' when the attendance was corrected before any payment. */
export const FINE_STATUSES = ['owed', 'waived', 'cancelled'] as const;

/** draft: only the secretaries see it; shared: members read the draft; approved: locked, kept as a PDF; later changes are new versions with a reason. */
export const MINUTES_STATUSES = ['draft', 'shared', 'approved'] as const;
export type MinutesStatus = (typeof MINUTES_STATUSES)[number];

export const AGENDA_MAX_ITEMS = 40;
export const AGENDA_TITLE_MAX = 200;
export const AGENDA_NOTES_MAX = 5_000;
export const MINUTES_MAX = 50_000;
export const MAX_PROXIES_LIMIT = 20;
/** The most records one offline sync batch may carry. */
export const SYNC_BATCH_MAX = 500;
export const SYNC_KEY_MAX = 64;
