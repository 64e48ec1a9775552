/*
 * Recognitions: what a member's records say about them in a community, never invented. Each kind
 * is computed from the records named beside it (src/server/domains/recognitions/services.ts); the
 * texts that say what each means are the catalogue's `recognitions.kinds.<kind>`.
 */
export const RECOGNITION_KINDS = ['years', 'founder', 'office', 'onTimeCircles', 'onTimeDues', 'eventsAttended', 'circlesCompleted'] as const;
export type RecognitionKind = (typeof RECOGNITION_KINDS)[number];

/** Founding members joined within this many days of the community's creation (its creator always is one). */
export const FOUNDER_DAYS = 30;
/** On-time runs and counts start to count from these. */
export const ON_TIME_FROM = 3;
export const EVENTS_FROM = 3;

export type Recognition = {
  kind: RecognitionKind;
  communityId: number;
  communityName: string;
  /** Years, contributions or periods in a row, events, circles (absent for founder). */
  count?: number;
  /** For `office`: the office held (creator, admin, treasurer). */
  role?: string;
};
